import type { DiscountMethod } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthExponents } from './discount';
import { buildGrid, cashFlowEnd } from './grid';
import { irr, irrByScan, irrReason, payoutReason } from './irr';
import { expectClose, flatWell } from './test/fixtures';
import { runWell } from './well';

const grid = buildGrid(toDayIndex('2025-01-01'), cashFlowEnd(toDayIndex('2025-01-01'), 10));
const sumAt = (cf: Float64Array, e: Float64Array, p: number) => {
  let s = 0;
  for (let r = 0; r < cf.length; r++) s += cf[r]! * (1 + p) ** -e[r]!;
  return s;
};
/** An investment in the first month, then a declining income. */
const conventional = (invest: number, income: number, decline: number) =>
  Float64Array.from(
    { length: grid.labels.length },
    (_, r) => (r === 0 ? -invest : 0) + income * Math.exp(-decline * r),
  );

describe('IRR (bracketing; annualized (1 + period IRR)^N − 1)', () => {
  for (const method of ['yearly', 'quarterly', 'monthly', 'daily'] as DiscountMethod[]) {
    for (const accrual of ['mid_month', 'end_month'] as const) {
      it(`${method}, ${accrual}: the NPV at the period IRR is 0 and the annual figure is (1 + p)^N − 1`, () => {
        const e = monthExponents(grid, toDayIndex('2025-01-01'), method, accrual);
        const cf = conventional(100_000, 4_000, 0.03);
        const res = irr(cf, e, method)!;
        expect(res).not.toBeNull();
        expect(Math.abs(sumAt(cf, e, res.periodRate))).toBeLessThan(1e-6);
        const n = { yearly: 1, quarterly: 4, monthly: 12, daily: 365 }[method];
        expectClose(res.annual, (1 + res.periodRate) ** n - 1, 1e-12);
      });
    }
  }
  it('is the same effective annual figure whatever the method', () => {
    const cf = conventional(50_000, 3_000, 0.02);
    const annual = (['yearly', 'quarterly', 'monthly', 'daily'] as DiscountMethod[]).map(
      (m) => irr(cf, monthExponents(grid, toDayIndex('2025-01-01'), m, 'end_month'), m)!.annual,
    );
    for (const a of annual) expectClose(a, annual[0]!, 1e-9);
  });
  it('matches a one-period closed form: −100 then +121 a year later at yearly end-month is 21 %', () => {
    // Exponents in periods given directly: the first month undiscounted, the last one a year out.
    const e = Float64Array.from({ length: 12 }, (_, r) => (r === 0 ? 0 : r === 11 ? 1 : 0.5));
    const cf = Float64Array.from({ length: 12 }, (_, r) => (r === 0 ? -100 : r === 11 ? 121 : 0));
    expectClose(irr(cf, e, 'yearly')!.annual, 0.21, 1e-12);
  });
  it('is none when the cash flow never changes sign or its total is negative; 0 when the total is 0', () => {
    const e = monthExponents(grid, toDayIndex('2025-01-01'), 'monthly', 'end_month');
    const n = grid.labels.length;
    expect(irr(new Float64Array(n).fill(5), e, 'monthly')).toBeNull();
    expect(irr(new Float64Array(n).fill(-5), e, 'monthly')).toBeNull();
    expect(irr(new Float64Array(n), e, 'monthly')).toBeNull();
    expect(irr(conventional(1e9, 10, 0.01), e, 'monthly')).toBeNull();
    const zero = new Float64Array(n);
    zero[0] = -10;
    zero[5] = 10;
    expect(irr(zero, e, 'monthly')!.annual).toBe(0);
  });
  it('property: for a conventional cash flow with a positive total, NPV(IRR) ≈ 0 and NPV falls with the rate', () => {
    const e = monthExponents(grid, toDayIndex('2025-01-01'), 'monthly', 'mid_month');
    fc.assert(
      fc.property(
        fc.double({ min: 1_000, max: 1e7, noNaN: true }),
        fc.double({ min: 0.001, max: 0.5, noNaN: true }),
        fc.double({ min: 0.001, max: 0.2, noNaN: true }),
        (invest, incomeShare, decline) => {
          const cf = conventional(invest, invest * incomeShare, decline);
          const total = cf.reduce((a, b) => a + b, 0);
          const res = irr(cf, e, 'monthly');
          if (total < 0) return res === null;
          if (res === null) return false;
          const at = sumAt(cf, e, res.periodRate);
          const scale = invest;
          const below = sumAt(cf, e, res.periodRate * 0.9);
          const above = sumAt(cf, e, res.periodRate * 1.1 + 1e-9);
          return Math.abs(at) <= 1e-8 * scale && below > 0 && above < 0;
        },
      ),
    );
  });
});

describe('IRR of a cash flow with a single root (Halley steps, decision 062)', () => {
  const long = buildGrid(toDayIndex('2025-01-01'), cashFlowEnd(toDayIndex('2025-01-01'), 50));
  /** A well's cash flow: CAPEX first, a later CAPEX, a declining income less a fixed cost. */
  const wellFlow = (
    rows: number,
    invest: number,
    later: number,
    laterRow: number,
    b: number,
    d: number,
    cost: number,
  ) =>
    Float64Array.from({ length: rows }, (_, r) => {
      const q = b === 0 ? Math.exp(-d * r) : (1 + b * d * r) ** (-1 / b);
      return 10_000 * q - cost - (r === 0 ? invest : 0) - (r === laterRow ? later : 0);
    });
  it('property: the same period rate as the scan and the Illinois search (1e-11 relative; 1e-17 near 0), or none as it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<DiscountMethod>('yearly', 'quarterly', 'monthly', 'daily'),
        fc.constantFrom('mid_month' as const, 'end_month' as const),
        fc.integer({ min: 12, max: long.labels.length }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 2e5, noNaN: true }),
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 1.8, noNaN: true }),
        fc.double({ min: 0.001, max: 0.1, noNaN: true }),
        fc.double({ min: 0, max: 3_000, noNaN: true }),
        fc.integer({ min: -200, max: 200 }),
        (method, accrual, rows, invest, later, laterRow, b, d, cost, shift) => {
          const g = { ...long, nextMonth: long.nextMonth.subarray(0, rows) };
          const e = monthExponents(g as typeof long, toDayIndex('2025-01-01') + shift, method, accrual);
          const cf = wellFlow(rows, invest, later, laterRow, b, d, cost);
          const fast = irr(cf, e, method);
          const scan = irrByScan(cf, e, method);
          if (fast === null || scan === null) return fast === scan;
          return Math.abs(fast.periodRate - scan.periodRate) <= 1e-11 * Math.abs(scan.periodRate) + 1e-17;
        },
      ),
      { numRuns: 300 },
    );
  });
  it('a rate above the cap is none, as the scan finds it', () => {
    const e = monthExponents(grid, toDayIndex('2025-01-01'), 'monthly', 'end_month');
    const cf = conventional(1, 1e9, 0.01);
    expect(irrByScan(cf, e, 'monthly')).toBeNull();
    expect(irr(cf, e, 'monthly')).toBeNull();
  });
  it('a cumulative that changes sign more than once goes to the scan', () => {
    // Cumulative −100, 50, −50, 10: three changes, so the single-root steps do not apply.
    const e = Float64Array.from([0, 1, 2, 3]);
    const cf = Float64Array.from([-100, 150, -100, 60]);
    const found = irr(cf, e, 'yearly');
    expect(found).not.toBeNull();
    expect(found).toEqual(irrByScan(cf, e, 'yearly'));
  });
});

describe('why a cash flow has no IRR or payout', () => {
  const cf = (...v: number[]) => Float64Array.from(v);
  it('names the case', () => {
    expect(irrReason(cf(0, 0))).toBe('no cash flow');
    expect(irrReason(cf(10, 5))).toMatch(/^no sign change: the cash flow is never negative/);
    expect(irrReason(cf(-10, -5))).toMatch(/^no sign change: the cash flow is never positive/);
    expect(irrReason(cf(-100, 30, 20))).toMatch(/^never pays out/);
    // Income first, a cost at the end (an abandonment): no rate below the cap solves it.
    expect(irrReason(cf(0, 50, 50, -10))).toMatch(/^no investment: the cash flow starts positive/);
    expect(payoutReason(cf(-100, 30))).toMatch(/^never pays out/);
    expect(payoutReason(cf(0, 0))).toBe('no cash flow');
  });

  it('a well without investment has no IRR, and says why', () => {
    const { oneLiner } = runWell(flatWell());
    expect(oneLiner.irr).toBeNull();
    expect(oneLiner.irrReason).toMatch(/^no sign change/);
    expect(oneLiner.payoutReason).toBeUndefined();
  });
});
