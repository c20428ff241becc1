import { describe, expect, it } from 'vitest';
import type { PackedMonthly } from './results';
import { rollupOf } from './rollup';
import { fromMonth, rollupRows, rollupTotals } from './rollupStore';

const well = (firstMonth: string, bfit: number[]): PackedMonthly => ({
  columns: ['bfit', 'cumBfit', 'firstDiscountCashFlow'] as PackedMonthly['columns'],
  firstMonth,
  months: bfit.length,
  data: Float64Array.from([...bfit, ...bfit.map((_, i) => bfit.slice(0, i + 1).reduce((a, b) => a + b, 0)), ...bfit]),
});

describe('rollup totals', () => {
  it('drops the months before the aggregation month', () => {
    const w = fromMonth(well('2026-11-01', [1, 2, 3, 4]), '2027-01-01');
    expect(w.firstMonth).toBe('2027-01-01');
    expect(Array.from(w.data)).toEqual([3, 4, 6, 10, 3, 4]);
    expect(fromMonth(well('2027-02-01', [1]), '2027-01-01').firstMonth).toBe('2027-02-01');
    expect(fromMonth(well('2026-01-01', [1]), '2027-01-01').months).toBe(0);
  });

  it('IRR of the summed cash flow: monthly compounding, each month at its end, from the first month', () => {
    // Two wells: −100 then 60, 60; and 10, 10, 10 a month later. Sum: −100, 70, 70, 10.
    const r = rollupOf([well('2027-01-01', [-100, 60, 60]), well('2027-02-01', [10, 10, 10])], false);
    expect(rollupRows(r).map((x) => [x.date, x.wells, x.bfit, x.cumBfit])).toEqual([
      ['2027-01-01', 1, -100, -100],
      ['2027-02-01', 2, 70, -30],
      ['2027-03-01', 2, 70, 40],
      ['2027-04-01', 1, 10, 50],
    ]);
    const totals = rollupTotals(r, 2);
    // Exponents: 12 × days to the next month's first day ÷ 365.25 (31, 59, 90, 120 days).
    const e = [31, 59, 90, 120].map((d) => (12 * d) / 365.25);
    const cf = [-100, 70, 70, 10];
    const npv = (p: number) => cf.reduce((s, v, i) => s + v * (1 + p) ** -e[i]!, 0);
    let lo = 0;
    let hi = 10;
    for (let k = 0; k < 200; k++) {
      const mid = (lo + hi) / 2;
      if (npv(mid) > 0) lo = mid;
      else hi = mid;
    }
    expect(totals.irr!).toBeCloseTo(((1 + lo) ** 12 - 1) * 100, 6);
    expect(totals.payout).toEqual({ date: '2027-03-01', months: 3 });
    expect(totals.bfit).toBe(50);
    expect(totals.firstDiscountNpv).toBe(50);
  });
});
