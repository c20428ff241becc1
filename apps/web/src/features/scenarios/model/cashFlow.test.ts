import type { EconMonthlyRow, EconOneLinerComplete } from '@econ/contract';
import { ECON_MONTHLY_COLUMNS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { alignedDomains, cashFlowChart, discountLabel, discountRate, yearTicks } from './cashFlow';

const W = 'a'.repeat(24);
const monthly = (date: string, bfit: number, cum1: number, cum2: number): EconMonthlyRow =>
  ({
    ...Object.fromEntries(ECON_MONTHLY_COLUMNS.map((c) => [c, 0])),
    well: W,
    date,
    bfit,
    cumFirstDiscountCashFlow: cum1,
    cumSecondDiscountCashFlow: cum2,
  }) as EconMonthlyRow;

describe('cashFlowChart', () => {
  const rows = [
    monthly('2027-02-01', 50, 140, 130),
    monthly('2026-12-01', -100, -100, -100),
    monthly('2027-01-01', 200, 95, 90),
  ];
  it('orders by month and takes the chosen discount', () => {
    const second = cashFlowChart(rows, 'second', '2027-02-28');
    expect(second.points).toEqual([
      { month: '2026-12', net: -100, cumDiscounted: -100 },
      { month: '2027-01', net: 200, cumDiscounted: 90 },
      { month: '2027-02', net: 50, cumDiscounted: 130 },
    ]);
    expect(cashFlowChart(rows, 'first', undefined).points.map((p) => p.cumDiscounted)).toEqual([-100, 95, 140]);
  });
  it("marks the economic limit at the one-liner's month, else at the last row", () => {
    expect(cashFlowChart(rows, 'second', '2027-01-31').econLimitMonth).toBe('2027-01');
    expect(cashFlowChart(rows, 'second', undefined).econLimitMonth).toBe('2027-02');
    expect(cashFlowChart(rows, 'second', '2040-01-31').econLimitMonth).toBeUndefined();
    expect(cashFlowChart([], 'second', undefined)).toEqual({ points: [], econLimitMonth: undefined, ticks: [] });
  });
});

describe('yearTicks', () => {
  const months = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const m = from + i;
      return { month: `${2000 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}` };
    });
  it('is the first month and each January', () => {
    expect(yearTicks(months(10, 30))).toEqual(['2000-11', '2001-01', '2002-01', '2003-01']);
    expect(yearTicks(months(0, 13))).toEqual(['2000-01', '2001-01']);
  });
  it('thins long lives to about 12 ticks', () => {
    const ticks = yearTicks(months(0, 50 * 12));
    expect(ticks.length).toBeLessThanOrEqual(13);
    expect(ticks[0]).toBe('2000-01');
    expect(ticks[1]).toBe('2005-01');
  });
});

describe('discountRate and discountLabel', () => {
  const oneLiner = {
    firstDiscountNpv: 1000,
    secondDiscountNpv: 812.345678,
    npv: [
      { rate: 0, npv: 1500 },
      { rate: 8, npv: 1000 },
      { rate: 10, npv: 1000.000001 },
      { rate: 15, npv: 812.345678 },
    ],
  } as EconOneLinerComplete;
  it('finds the one table rate with the same NPV', () => {
    expect(discountRate(oneLiner, 'second')).toBe(15);
  });
  it('says nothing when several rates or none match', () => {
    expect(discountRate(oneLiner, 'first')).toBeUndefined();
    expect(discountRate({ ...oneLiner, secondDiscountNpv: 1 }, 'second')).toBeUndefined();
  });
  it('names the discount in the legend, with its rate when known', () => {
    expect(discountLabel('second', 15)).toBe('Cumulative discounted cash flow (second discount, 15 %)');
    expect(discountLabel('first', undefined)).toBe('Cumulative discounted cash flow (first discount)');
  });
});

describe('alignedDomains', () => {
  const zeroAt = ([lo, hi]: [number, number]) => -lo / (hi - lo);
  it('puts zero at the same height on both axes, each series inside its domain', () => {
    const points = [
      { month: '2026-01', net: -9e6, cumDiscounted: -9e6 },
      { month: '2026-02', net: 3e5, cumDiscounted: -8.7e6 },
      { month: '2026-03', net: 2e5, cumDiscounted: 1e6 },
    ];
    const d = alignedDomains(points);
    expect(zeroAt(d.net)).toBeCloseTo(zeroAt(d.cum), 12);
    for (const p of points) {
      expect(p.net).toBeGreaterThanOrEqual(d.net[0]);
      expect(p.net).toBeLessThanOrEqual(d.net[1]);
      expect(p.cumDiscounted).toBeGreaterThanOrEqual(d.cum[0]);
      expect(p.cumDiscounted).toBeLessThanOrEqual(d.cum[1]);
    }
  });
  it('starts at zero when nothing is negative, and ends there when nothing is positive', () => {
    expect(alignedDomains([{ month: '2026-01', net: 5, cumDiscounted: 10 }])).toEqual({ net: [0, 5], cum: [0, 10] });
    expect(alignedDomains([{ month: '2026-01', net: -5, cumDiscounted: -10 }])).toEqual({
      net: [-5, 0],
      cum: [-10, 0],
    });
    expect(alignedDomains([])).toEqual({ net: [0, 1], cum: [0, 1] });
  });
});
