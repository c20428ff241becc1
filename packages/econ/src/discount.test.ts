import type { DiscountMethod } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayExponent,
  discountedCashFlow,
  discountFactor,
  discountFactors,
  monthExponents,
  npv,
  npvs,
  prefixExponents,
} from './discount';
import { buildGrid } from './grid';
import { daysBetween, expectClose } from './test/fixtures';

const day = (s: string) => toDayIndex(s);
const N: Record<DiscountMethod, number> = { yearly: 1, quarterly: 4, monthly: 12, daily: 365 };
const METHODS = Object.keys(N) as DiscountMethod[];

/** DF of econ-math.md computed independently with Date.UTC: d = days to the next month's first day. */
function expectedDf(discountDate: string, nextMonthFirst: string, r: number, method: DiscountMethod, mid: boolean) {
  const d = daysBetween(discountDate, nextMonthFirst);
  if (d <= 0) return 1;
  const dd = mid ? d - 15 : d;
  return (1 + r / N[method]) ** ((-N[method] * dd) / 365.25);
}

describe('month discount factors (n = 1, 4, 12, 365; d from the discount date to the next month)', () => {
  const grid = buildGrid(day('2024-11-01'), day('2025-12-31'));
  const nextFirsts = grid.labels.map((_, r) => {
    const [y, m] = grid.labels[r]!.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  });
  for (const method of METHODS) {
    for (const accrual of ['mid_month', 'end_month'] as const) {
      it(`${method}, ${accrual}: DF = (1 + r/n)^(−n·d'/365.25) for every month`, () => {
        const e = monthExponents(grid, day('2025-01-01'), method, accrual);
        for (let r = 0; r < grid.labels.length; r++) {
          const want = expectedDf('2025-01-01', nextFirsts[r]!, 0.1, method, accrual === 'mid_month');
          expectClose(discountFactor(e[r]!, 10, method), want, 1e-12);
        }
      });
    }
  }
  it('a month ending the day before the discount date (d = 0) has DF 1; earlier months too', () => {
    for (const accrual of ['mid_month', 'end_month'] as const) {
      const e = monthExponents(grid, day('2025-01-01'), 'monthly', accrual);
      expect(e[0]).toBe(0); // Nov 2024
      expect(e[1]).toBe(0); // Dec 2024: next month starts on the discount date
      expect(discountFactor(e[1]!, 10, 'monthly')).toBe(1);
      expect(e[2]).toBeGreaterThan(0); // Jan 2025
    }
  });
  it('the month holding the discount date: end_month uses the remaining days, mid_month subtracts 15', () => {
    // Discount date 2025-01-20: January has d = 12 days to Feb 1.
    const g = buildGrid(day('2025-01-01'), day('2025-02-28'));
    const end = monthExponents(g, day('2025-01-20'), 'yearly', 'end_month');
    const mid = monthExponents(g, day('2025-01-20'), 'yearly', 'mid_month');
    expectClose(end[0]!, 12 / 365.25, 1e-15);
    expectClose(mid[0]!, -3 / 365.25, 1e-15); // the rule read literally: a factor just above 1
    expectClose(mid[1]!, (40 - 15) / 365.25, 1e-15);
    expect(discountFactor(mid[0]!, 10, 'yearly')).toBeGreaterThan(1);
  });
  it('0 % discounts nothing', () => {
    const e = monthExponents(grid, day('2024-01-01'), 'daily', 'mid_month');
    for (const x of e) expect(discountFactor(x, 0, 'daily')).toBe(1);
  });
});

describe('CAPEX discounted to its own day (no mid-month shift)', () => {
  it('is 1 on or before the discount date, (1 + r/n)^(−n·days/365.25) after', () => {
    const disc = day('2025-01-01');
    expect(dayExponent(disc, disc, 'monthly')).toBe(0);
    expect(dayExponent(disc - 10, disc, 'monthly')).toBe(0);
    expectClose(dayExponent(disc + 1, disc, 'monthly'), 12 / 365.25, 1e-15);
    expectClose(
      discountFactor(dayExponent(day('2025-07-04'), disc, 'quarterly'), 8, 'quarterly'),
      1.02 ** ((-4 * daysBetween('2025-01-01', '2025-07-04')) / 365.25),
      1e-12,
    );
  });
  it('a month with CAPEX is (BFIT + CAPEX)·DF_month − Σ CAPEX_i·DF_day(i), and npv sums it', () => {
    const g = buildGrid(day('2025-01-01'), day('2025-03-31'));
    const disc = day('2025-01-01');
    const e = monthExponents(g, disc, 'monthly', 'mid_month');
    const capex = Float64Array.from([0, 700, 0]);
    const bfit = Float64Array.from([100, 200 - 700, 300]);
    const placed = [
      { row: 1, amount: 300, exponent: dayExponent(day('2025-02-03'), disc, 'monthly') },
      { row: 1, amount: 400, exponent: dayExponent(day('2025-02-25'), disc, 'monthly') },
    ];
    const dcf = discountedCashFlow(bfit, capex, placed, e, 12, 'monthly');
    const df = (x: number) => 1.01 ** -x;
    expectClose(dcf[0]!, 100 * df(e[0]!), 1e-12);
    expectClose(
      dcf[1]!,
      200 * df(e[1]!) -
        300 * 1.01 ** ((-12 * daysBetween('2025-01-01', '2025-02-03')) / 365.25) -
        400 * 1.01 ** ((-12 * daysBetween('2025-01-01', '2025-02-25')) / 365.25),
      1e-12,
    );
    expectClose(npv(bfit, capex, placed, e, 12, 'monthly'), dcf[0]! + dcf[1]! + dcf[2]!, 1e-12);
    // CAPEX early in a month is discounted less than the month's cash (mid-month, day 3 < 15).
    expect(placed[0]!.exponent).toBeLessThan(e[1]!);
  });
});

describe('the NPVs of a discount table in one pass', () => {
  it('property: npvs gives each rate the figure npv gives it, to the bit', () => {
    const g = buildGrid(day('2025-01-01'), day('2064-12-31'));
    const n = g.labels.length;
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        fc.constantFrom('mid_month' as const, 'end_month' as const),
        fc.integer({ min: -400, max: 400 }),
        fc.array(fc.double({ min: 0, max: 200, noNaN: true }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 2 ** 31 - 2 }),
        (method, accrual, shift, rates, seed) => {
          const disc = day('2025-01-01') + shift;
          const e = monthExponents(g, disc, method, accrual);
          let s = seed;
          const next = () => {
            s = (s * 16807) % 2147483647;
            return (s / 2147483647) * 2 - 1;
          };
          const bfit = Float64Array.from({ length: n }, () => next() * 1e5);
          const capex = Float64Array.from({ length: n }, (_, r) => (r % 37 === 0 ? Math.abs(next()) * 1e6 : 0));
          const placed = [0, 37, 74].map((row) => ({
            row,
            amount: capex[row]!,
            exponent: dayExponent(g.start[row]! + 9, disc, method),
          }));
          const all = npvs(bfit, capex, placed, e, rates, method);
          return rates.every((rate, j) => Object.is(all[j], npv(bfit, capex, placed, e, rate, method)));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the exponents of a grid cut at the limit', () => {
  it('property: prefixExponents gives the factors of the first rows as their own copy would, to the bit', () => {
    const g = buildGrid(day('2025-01-01'), day('2074-12-31'));
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        fc.constantFrom('mid_month' as const, 'end_month' as const),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 0, max: 600 }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (method, accrual, shift, rows, rate) => {
          const e = monthExponents(g, day('2025-01-01') + shift, method, accrual);
          const L = Math.log1p(rate / 100);
          const view = discountFactors(prefixExponents(e, rows), L);
          const own = discountFactors(e.slice(0, rows), L);
          return view.length === rows && view.every((v, r) => Object.is(v, own[r]));
        },
      ),
      { numRuns: 80 },
    );
  });
});
