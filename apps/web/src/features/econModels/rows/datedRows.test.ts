import { ExpensesFunctions, RISK_PERIODS, RiskingFunctions, SEASONAL_MONTHS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  newRow,
  nextSeasonalMonth,
  ROW_PERIOD_LABELS,
  rowPeriodOf,
  rowUnitOf,
  SEASONAL_MONTH_OPTIONS,
  withRateEnds,
  withUnit,
} from './datedRows';

const GAS = [
  { key: 'dollarPerMcf', label: '$/MCF' },
  { key: 'dollarPerMmbtu', label: '$/MMBTU' },
];

describe('dated rows in the forms', () => {
  it('a new row follows the last: a month after its date, or the month after its end, with its value', () => {
    expect(newRow('dates', 'multiplier', 100, [{ dates: '2026-12-01', multiplier: 80 }])).toEqual({
      dates: '2027-01-01',
      multiplier: 80,
    });
    expect(newRow('offsetToFpd', 'multiplier', 100)).toEqual({ offsetToFpd: { start: 1, end: 12 }, multiplier: 100 });
    expect(newRow('offsetToAsOf', 'price', 0, [{ offsetToAsOf: { start: 1, end: 6 }, price: 70 }])).toEqual({
      offsetToAsOf: { start: 7, end: 18 },
      price: 70,
    });
    expect(newRow('entireWellLife', 'multiplier', 100)).toEqual({ entireWellLife: 'Flat', multiplier: 100 });
    expect(newRow('monthPeriod', 'pctPerYear', 3, [{ monthPeriod: { start: 1, end: 24 }, pctPerYear: 2 }])).toEqual({
      monthPeriod: { start: 25, end: 36 },
      pctPerYear: 2,
    });
    expect(rowPeriodOf({ monthPeriod: { start: 1, end: 12 }, pctPerYear: 2 })).toBe('monthPeriod');
  });

  it('what the form adds is what the contract accepts, and the period reads back', () => {
    for (const period of RISK_PERIODS) {
      const row = newRow(period, 'multiplier', 100);
      expect(rowPeriodOf(row)).toBe(period);
      expect(RiskingFunctions.safeParse({ risking: { oil: { rows: [row] } } }).success).toBe(true);
    }
    expect(rowPeriodOf(undefined)).toBeUndefined();
  });

  it('reads and changes the unit of the rows', () => {
    const rows = [{ dates: '2026-01-01', dollarPerMmbtu: 3 }];
    expect(rowUnitOf(rows[0], GAS)).toBe('dollarPerMmbtu');
    expect(rowUnitOf(undefined, GAS)).toBe('dollarPerMcf');
    expect(withUnit(rows, GAS, 'dollarPerMcf')).toEqual([{ dates: '2026-01-01', dollarPerMcf: 3 }]);
  });
});

describe('more periods in the forms', () => {
  it('the end-of-history and first-segment offsets add like the other offsets, and have labels', () => {
    expect(newRow('offsetToEndHistory', 'multiplier', 100)).toEqual({
      offsetToEndHistory: { start: 1, end: 12 },
      multiplier: 100,
    });
    expect(
      newRow('offsetToFirstSegment', 'price', 0, [
        { offsetToFirstSegment: { start: 1, end: 6, period: 6 }, price: 70 },
      ]),
    ).toEqual({ offsetToFirstSegment: { start: 7, end: 18 }, price: 70 });
    expect(ROW_PERIOD_LABELS.offsetToEndHistory).toBe('Months from the end of history');
    expect(ROW_PERIOD_LABELS.offsetToFirstSegment).toBe('Months from the first forecast segment');
  });

  it('a new seasonal row takes the next month no row names (January first, after December January)', () => {
    expect(newRow('seasonal', 'multiplier', 100)).toEqual({ seasonal: 'Jan', multiplier: 100 });
    expect(newRow('seasonal', 'multiplier', 100, [{ seasonal: 'Mar', multiplier: 50 }])).toEqual({
      seasonal: 'Apr',
      multiplier: 50,
    });
    const month = (seasonal: string) => ({ seasonal, multiplier: 50 });
    expect(nextSeasonalMonth([month('Jan'), month('Dec')])).toBe('Feb');
    expect(nextSeasonalMonth([month('Feb'), month('Jan')])).toBe('Mar');
    expect(nextSeasonalMonth(SEASONAL_MONTHS.map(month))).toBe('Jan');
  });

  it('twelve rows added one after another name each month once, which the contract takes', () => {
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < 12; i++) rows.push(newRow('seasonal', 'multiplier', 100 - i, rows));
    expect(rows.map((r) => r.seasonal)).toEqual([...SEASONAL_MONTHS]);
    expect(RiskingFunctions.safeParse({ risking: { oil: { rows } } }).success).toBe(true);
    expect(SEASONAL_MONTH_OPTIONS[0]).toEqual({ value: 'Jan', label: 'January' });
    expect(SEASONAL_MONTH_OPTIONS[11]).toEqual({ value: 'Dec', label: 'December' });
  });
});

describe('rate rows in the forms', () => {
  it('a new rate row starts 100 above the last (0 first) and ends at "inf"', () => {
    expect(newRow('gasRate', 'pctRemaining', 100)).toEqual({ gasRate: { start: 0, end: 'inf' }, pctRemaining: 100 });
    expect(newRow('oilRate', 'fixedExpense', 0, [{ oilRate: { start: 50, end: 'inf' }, fixedExpense: 8000 }])).toEqual({
      oilRate: { start: 150, end: 'inf' },
      fixedExpense: 8000,
    });
  });

  it('ends follow the next row’s start, the last "inf"; rows already so are left alone', () => {
    const rows = [
      { oilRate: { start: 0, end: 'inf' }, fixedExpense: 3000 },
      { oilRate: { start: 75, end: 'inf' }, fixedExpense: 8000 },
    ];
    const synced = withRateEnds(rows)!;
    expect(synced.map((r) => r.oilRate)).toEqual([
      { start: 0, end: 75 },
      { start: 75, end: 'inf' },
    ]);
    expect(withRateEnds(synced)).toBeNull();
    expect(withRateEnds([{ dates: '2026-01-01', price: 1 }])).toBeNull();
    // What the form holds is what the contract takes.
    expect(
      ExpensesFunctions.safeParse({
        variableExpenses: {},
        fixedExpenses: { monthlyWellCost: { rows: synced } },
        waterDisposal: {},
      }).success,
    ).toBe(true);
  });
});
