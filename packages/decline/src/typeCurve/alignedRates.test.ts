import { describe, expect, it } from 'vitest';
import { toDayIndex } from '../dayIndex';
import { alignedRates, dayOfStep, normalizedRates, stepsBetween } from './alignedRates';

const rec = (date: string, volume: number | null) => ({ day: toDayIndex(date), volume });
const arr = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));

/** The trapezoid area under rates on unit steps. */
const trapezoid = (r: Float64Array) => {
  let s = 0;
  for (let i = 1; i < r.length; i++) s += (r[i - 1]! + r[i]!) / 2;
  return s;
};

describe('aligned rates', () => {
  const monthly = [
    rec('2023-11-01', 300), // 10/d
    rec('2023-12-01', 930), // 30/d: the peak
    rec('2024-01-01', 620), // 20/d
    rec('2024-02-01', 0), // shut in
    rec('2024-03-01', 310), // 10/d
  ];
  it('monthly: the rate is the volume over the days of its month; step 0 is the peak month', () => {
    const a = alignedRates(monthly, 'monthly', 'peak')!;
    expect(a.startDay).toBe(toDayIndex('2023-12-01'));
    expect(arr(a.rates)).toEqual([30, 20, null, 10]);
  });
  it('align first: step 0 is the first month with production (zeros before it are left out)', () => {
    const a = alignedRates([rec('2023-10-01', 0), ...monthly], 'monthly', 'first')!;
    expect(a.startDay).toBe(toDayIndex('2023-11-01'));
    expect(arr(a.rates)).toEqual([10, 30, 20, null, 10]);
  });
  it('daily: the volume is the rate and steps are days', () => {
    const a = alignedRates([rec('2024-01-01', 5), rec('2024-01-03', 8), rec('2024-01-04', 7)], 'daily', 'peak')!;
    expect(a.startDay).toBe(toDayIndex('2024-01-03'));
    expect(arr(a.rates)).toEqual([8, 7]);
  });
  it('a well with no positive volume has no aligned rates', () => {
    expect(alignedRates([rec('2024-01-01', 0), rec('2024-02-01', null)], 'monthly', 'peak')).toBeUndefined();
  });
  it('steps and their days cross year ends', () => {
    expect(stepsBetween('monthly', toDayIndex('2023-11-01'), toDayIndex('2024-02-01'))).toBe(3);
    expect(dayOfStep('monthly', toDayIndex('2023-11-01'), 3)).toBe(toDayIndex('2024-02-01'));
    expect(dayOfStep('daily', 100, 3)).toBe(103);
  });
});

describe('normalized rates', () => {
  it('one factor scales every rate', () => {
    expect(arr(normalizedRates(Float64Array.of(4, Number.NaN, 2), { eur: 1.5 }))).toEqual([6, null, 3]);
    expect(arr(normalizedRates(Float64Array.of(4, 2), { peak: 2 }))).toEqual([8, 4]);
    expect(arr(normalizedRates(Float64Array.of(4, 2), {}))).toEqual([4, 2]);
  });
  it('eur_and_peak: the peak moves by m_peak and the volume by m_eur (time stretched by m_eur/m_peak)', () => {
    const rates = Float64Array.of(4, 3, 2, 1);
    const out = normalizedRates(rates, { eur: 4, peak: 2 });
    expect(arr(out)).toEqual([8, 7, 6, 5, 4, 3, 2]);
    expect(Math.max(...out)).toBe(2 * Math.max(...rates));
    expect(trapezoid(out)).toBe(4 * trapezoid(rates));
  });
  it('eur_and_peak next to a gap is a gap', () => {
    const out = normalizedRates(Float64Array.of(4, Number.NaN, 2), { eur: 2, peak: 1 });
    expect(arr(out)).toEqual([4, null, null, null, 2]);
  });
});
