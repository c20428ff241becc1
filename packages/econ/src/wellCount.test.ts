import { describe, expect, it } from 'vitest';
import { type AssignedModels, wellInput } from './inputs/wellInput';
import { datesModel, expectClose, flatPricing, flatSeries, parseModel } from './test/fixtures';
import { runWell } from './well';

/*
 * Reference cases of the well count (risking `wellStream`; econ-math.md, Other monthly items;
 * decision 038), by hand: one well producing 100 BBL/D of oil at $70 from 2026-03-16, as-of date
 * 2026-01-01, one year of life, WI and NRI 100 %, one per-well fixed cost of $1,000 a well-month.
 * March is charged for 16 of its 31 days (the FPD month, from the 16th).
 */

const DATES = datesModel('2026-01-01', 1);
const FPD = '2026-03-16';
const FORECAST = {
  volumes: { oil: flatSeries(FPD, 400, 100) },
  segments: { oil: [{ startDate: FPD, endDate: '2027-04-19' }] },
};
const PER_WELL = 1000;
const MARCH = 16 / 31;

const expenses = (leaf: Record<string, unknown> = {}) =>
  parseModel('expenses', {
    variableExpenses: {},
    waterDisposal: {},
    fixedExpenses: {
      monthlyWellCost: { rows: [{ entireWellLife: 'Flat', fixedExpensePerWell: PER_WELL }], ...leaf },
    },
  });

function fixedCost(wellStream?: unknown, leaf?: Record<string, unknown>): number[] {
  const models: AssignedModels = {
    'date-settings': DATES,
    pricing: flatPricing({ oil: 70 }),
    expenses: expenses(leaf),
  };
  if (wellStream) models.riskings = parseModel('riskings', { risking: { wellStream } });
  const mapped = wellInput({
    runDate: '2025-12-15',
    well: { id: 'w', firstProdDate: FPD },
    forecast: FORECAST,
    models,
  });
  return Array.from(runWell(mapped.input).monthly.fixedExpense);
}

/** The expected monthly cost of `counts` wells (January to December), March by its days. */
const expected = (counts: number[]) => counts.map((c, i) => c * PER_WELL * (i === 2 ? MARCH : 1));

function expectCosts(actual: number[], counts: number[]) {
  expect(actual).toHaveLength(12);
  expected(counts).forEach((v, i) => {
    expectClose(actual[i]!, v);
  });
}

describe('well count (risking wellStream): reference cases', () => {
  const base = fixedCost();

  it('no table: one well from the FPD month (0 before it), March by its days', () => {
    expectCosts(base, [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('count rows of 2 then 1: exactly twice the cost, then once', () => {
    const cost = fixedCost({
      rows: [
        { dates: '2026-01-01', count: 2 },
        { dates: '2026-07-01', count: 1 },
      ],
    });
    expectCosts(cost, [0, 0, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1]);
    for (let r = 0; r < 6; r++) expect(cost[r]).toBe(base[r]! * 2);
    for (let r = 6; r < 12; r++) expect(cost[r]).toBe(base[r]);
  });

  it('identity: a count of 1 from the FPD month on equals no table', () => {
    expect(fixedCost({ rows: [{ offsetToFpd: { start: 1, end: 1200 }, count: 1 }] })).toEqual(base);
  });

  it('before the first row the count is 0', () => {
    expectCosts(fixedCost({ rows: [{ dates: '2026-05-01', count: 3 }] }), [0, 0, 0, 0, 3, 3, 3, 3, 3, 3, 3, 3]);
  });

  it('percentage rows: the first row’s value is the count, each later row a percent of it', () => {
    const cost = fixedCost({
      rows: [
        { dates: '2026-01-01', percentage: 3 },
        { dates: '2026-07-01', percentage: 50 },
        { dates: '2026-11-01', percentage: 0 },
      ],
    });
    expectCosts(cost, [0, 0, 3, 3, 3, 3, 1.5, 1.5, 1.5, 1.5, 0, 0]);
  });

  it('with expenseBeforeFpd the table’s wells are charged before first production; the default counts none there', () => {
    const before = { expenseBeforeFpd: true };
    // The charged months run from the cash-flow start, March in full.
    expect(fixedCost(undefined, before)).toEqual([0, 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
    expect(fixedCost({ rows: [{ entireWellLife: 'Flat', count: 1 }] }, before)).toEqual(new Array(12).fill(1000));
  });
});
