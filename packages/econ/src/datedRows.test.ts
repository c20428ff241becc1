import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { type DatedRow, monthIndex, monthlyRowValues, monthlyValues, monthStart } from './datedRows';
import { buildGrid } from './grid';

const day = (s: string) => toDayIndex(s);
/** A cash flow from 2025-01-15 (a mid-month as-of date) to 2025-12-31: 12 rows. */
const grid = buildGrid(day('2025-01-15'), day('2025-12-31'));
const values = (rows: DatedRow[], before = 0) => [...monthlyValues(grid, rows, before)];

describe('dated rows (econ-math.md)', () => {
  it('entireWellLife: one value every month', () => {
    expect(values([{ period: { kind: 'flat' }, value: 7 }])).toEqual(new Array(12).fill(7));
  });

  it('dates: each row from its month to the month before the next; before the first, the default', () => {
    const rows: DatedRow[] = [
      { period: { kind: 'date', day: day('2025-03-20') }, value: 50 },
      { period: { kind: 'date', day: day('2025-06-01') }, value: 60 },
    ];
    expect(values(rows)).toEqual([0, 0, 50, 50, 50, 60, 60, 60, 60, 60, 60, 60]);
    // Shrinkage, loss, flare and risk default to 100 % before their first row.
    expect(values(rows, 1).slice(0, 3)).toEqual([1, 1, 50]);
  });

  it('offsets count months from the reference month (month 1); the last row runs to the end', () => {
    const fpd = day('2025-02-10');
    const rows: DatedRow[] = [
      { period: { kind: 'offset', ref: fpd, start: 1, end: 3 }, value: 10 },
      { period: { kind: 'offset', ref: fpd, start: 4, end: 5 }, value: 20 },
    ];
    // February–April 10, May–June 20, and 20 to the end (the last row's end does not stop it).
    expect(values(rows)).toEqual([0, 10, 10, 10, 20, 20, 20, 20, 20, 20, 20, 20]);
  });

  it('a row starting in the month the previous one ended starts a month later, keeping its length', () => {
    const ref = day('2025-01-01');
    const rows: DatedRow[] = [
      { period: { kind: 'offset', ref, start: 1, end: 2 }, value: 1 },
      { period: { kind: 'offset', ref, start: 2, end: 3 }, value: 2 },
      { period: { kind: 'offset', ref, start: 5, end: 5 }, value: 3 },
    ];
    // Row 2 moves to months 3–4; row 3 keeps month 5, then runs to the end.
    expect(values(rows)).toEqual([1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3]);
  });

  it('no rows: the default everywhere', () => {
    expect(values([], 1)).toEqual(new Array(12).fill(1));
  });

  it('each grid row also gets its row’s first month: flat the grid’s, a moved row its new start, −1 before any', () => {
    const first = (rows: DatedRow[]) => [...monthlyRowValues(grid, rows, 0).firstMonth];
    const jan = monthIndex(day('2025-01-15'));
    expect(jan).toBe(2025 * 12);
    expect(first([{ period: { kind: 'flat' }, value: 7 }])).toEqual(new Array(12).fill(jan));
    // A date row before the cash flow keeps its own first month.
    expect(
      first([
        { period: { kind: 'date', day: day('2024-11-05') }, value: 1 },
        { period: { kind: 'date', day: day('2025-04-01') }, value: 2 },
      ]),
    ).toEqual([...new Array(3).fill(jan - 2), ...new Array(9).fill(jan + 3)]);
    const ref = day('2025-03-01');
    expect(
      first([
        { period: { kind: 'offset', ref, start: 1, end: 2 }, value: 1 },
        { period: { kind: 'offset', ref, start: 2, end: 3 }, value: 2 },
      ]),
    ).toEqual([-1, -1, jan + 2, jan + 2, jan + 4, jan + 4, jan + 4, jan + 4, jan + 4, jan + 4, jan + 4, jan + 4]);
  });

  it('seasonal rows: their calendar month of every year (its own first month), the default in the others', () => {
    const rows: DatedRow[] = [
      { period: { kind: 'seasonal', month: 12 }, value: 0.2 },
      { period: { kind: 'seasonal', month: 2 }, value: 0.5 },
    ];
    expect(values(rows, 1)).toEqual([1, 0.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.2]);
    // Over two years, each February and December; a partial first month (from 10 February) too.
    const twoYears = buildGrid(day('2025-02-10'), day('2026-12-31'));
    const { values: v, firstMonth } = monthlyRowValues(twoYears, rows, 1);
    expect([...v]).toEqual([0.5, ...new Array(9).fill(1), 0.2, 1, 0.5, ...new Array(9).fill(1), 0.2]);
    expect([firstMonth[0], firstMonth[1], firstMonth[12], firstMonth[22]]).toEqual([
      2025 * 12 + 1,
      -1,
      2026 * 12 + 1,
      2026 * 12 + 11,
    ]);
  });

  it('month indexes: a day’s month, and back to the month’s first day', () => {
    expect(monthIndex(day('2024-12-31'))).toBe(2024 * 12 + 11);
    expect(monthStart(2024 * 12 + 11)).toBe(day('2024-12-01'));
    expect(monthStart(monthIndex(day('2025-02-20')) + 1)).toBe(day('2025-03-01'));
  });
});
