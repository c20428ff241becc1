import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatMoney,
  formatMoneyTick,
  formatPayout,
  formatPercent,
  formatPrice,
  formatRate,
  formatVolume,
  moneyAxisWidth,
  monthOf,
  shortReason,
  shortReservesCategory,
} from './format';

describe('format', () => {
  it('writes whole dollars with separators and a sign', () => {
    expect(formatMoney(1234567.89)).toBe('$1,234,568');
    expect(formatMoney(-2500.4)).toBe('-$2,500');
    expect(formatMoney(-0.2)).toBe('$0');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(Number.NaN)).toBe('—');
  });
  it('writes unit prices with cents', () => {
    expect(formatPrice(72.5)).toBe('$72.50');
    expect(formatPrice(-3.456)).toBe('-$3.46');
    expect(formatPrice(-0.001)).toBe('$0.00');
    expect(formatPrice(undefined)).toBe('—');
  });
  it('writes compact dollars on chart axes', () => {
    // Whole dollars: no k or M suffix (the spec's M$ means thousands of dollars).
    expect(formatMoneyTick(1_200_000)).toBe('$1,200,000');
    expect(formatMoneyTick(-350_000)).toBe('-$350,000');
    expect(formatMoneyTick(12_500)).toBe('$12,500');
    expect(formatMoneyTick(2_000_000_000)).toBe('$2,000,000,000');
    expect(formatMoneyTick(900)).toBe('$900');
    expect(formatMoneyTick(Number.NaN)).toBe('');
    expect(moneyAxisWidth([-150_000, 0, 150_000])).toBe(Math.ceil('-$150,000'.length * 7.2) + 10);
    expect(formatMoneyTick(0)).toBe('$0');
  });
  it('writes percent with one decimal, and a dash for no IRR', () => {
    expect(formatPercent(12.345)).toBe('12.3 %');
    expect(formatPercent(null)).toBe('—');
  });
  it('writes volumes, months, payouts and rates', () => {
    expect(formatVolume(123456.7, 'BBL')).toBe('123,457 BBL');
    expect(formatVolume(undefined, 'MCF')).toBe('—');
    expect(formatCount(123456.7)).toBe('123,457');
    expect(formatCount(-0.2)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('—');
    expect(monthOf('2031-04-01')).toBe('2031-04');
    expect(formatPayout({ date: '2027-03-01', months: 17 })).toBe('2027-03 (17 mo)');
    expect(formatPayout(null)).toBe('none');
    expect(formatRate(10)).toBe('10 %');
    expect(formatRate(12.5)).toBe('12.5 %');
  });
});

describe('reserves category in a cell', () => {
  it('category and sub-category in words, contingent categories in capitals', () => {
    expect(shortReservesCategory({ prmsCategory: 'proved', prmsSubCategory: 'non_producing' })).toBe(
      'Proved · non producing',
    );
    expect(shortReservesCategory({ prmsCategory: 'c2', prmsSubCategory: 'development_pending' })).toBe(
      'C2 · development pending',
    );
  });
});

describe('an empty figure’s reason', () => {
  it('is shown by the words before its colon', () => {
    expect(shortReason('no sign change: the cash flow is never negative (nothing to earn a rate on)')).toBe(
      'no sign change',
    );
    expect(shortReason('no cash flow')).toBe('no cash flow');
    expect(shortReason(undefined)).toBeUndefined();
  });
});
