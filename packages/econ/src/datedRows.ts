import { civilFromDayIndex, dayIndexFromCivil } from '@econ/decline';
import type { Grid } from './grid';
import type { RateBasis, RatePhase, RateSource } from './rates';

/*
 * Dated rows of the service's model kinds (econ-math.md, "Dated rows (every kind)"): each row of a
 * pricing, differential, expense, tax, stream-property or risking table holds over whole months,
 * and a month of the cash flow takes the value of the row covering it. Pure; the kinds map their
 * rows (`entireWellLife`, `dates`, `offsetTo…`, rates, `seasonal`) to the periods below.
 */

/** When a row holds. */
export type RowPeriod =
  /** `entireWellLife`: every month. */
  | { kind: 'flat' }
  /** `dates`: from the month of `day` to the month before the next row starts (the last: to the end). */
  | { kind: 'date'; day: number }
  /**
   * `offsetTo…`: months `start` to `end` counted from the reference day's month (month 1). A row
   * starting in (or before) the month the previous one ended starts the month after it.
   */
  | { kind: 'offset'; ref: number; start: number; end: number }
  /**
   * `oilRate` … : the months whose daily rate (rates.ts) of `phase` on `basis`, or its running
   * minimum when `monotonic`, is at least `start` and below the next row's start. Never escalated.
   */
  | { kind: 'rate'; phase: RatePhase; basis: RateBasis; monotonic: boolean; start: number }
  /**
   * `seasonal` (risking): calendar month `month` (1 January … 12 December) of every year; months
   * no row of the table names take the table's `before`.
   */
  | { kind: 'seasonal'; month: number };

export interface DatedRow {
  period: RowPeriod;
  value: number;
}

/**
 * The calendar month holding `day` as a month index: year × 12 + month − 1 (months since year 0).
 *
 * @example monthIndex(toDayIndex('2025-03-20')) // 2025 * 12 + 2
 */
export function monthIndex(day: number): number {
  const { y, m } = civilFromDayIndex(day);
  return y * 12 + (m - 1);
}

/** The first day (day index) of the month of a month index (the inverse of monthIndex on month starts). */
export function monthStart(month: number): number {
  const y = Math.floor(month / 12);
  return dayIndexFromCivil(y, month - y * 12 + 1, 1);
}

/** The month index of each grid row, computed once per grid (every table of a run reads it). */
const MONTHS = new WeakMap<Grid, Int32Array>();
export function gridMonths(grid: Grid): Int32Array {
  let months = MONTHS.get(grid);
  if (!months) {
    months = Int32Array.from(grid.start, (day) => monthIndex(day));
    MONTHS.set(grid, months);
  }
  return months;
}

/** Each grid row's value and the first month of the row it comes from. */
export interface RowValues {
  /** The value of the row covering the grid row's calendar month; `before` where none does. */
  values: Float64Array;
  /**
   * The month index of the first month of the row covering the grid row (a flat row: the grid's
   * first month; a row moved later: its first month after the move), −1 where no row covers it.
   */
  firstMonth: Int32Array;
}

/**
 * Each grid row's value and its row's first month: the row covering its calendar month, `before`
 * (and −1) in months no row covers yet (0 for prices, differentials, expenses and taxes; 1 for
 * shrinkage, loss, flare and risk). The last row runs to the cash-flow end, whatever its own end.
 * Rate rows read their rate from `rates` (a month without a rate, or below the first row's start,
 * takes `before`; their first month is −1: they are never escalated). Seasonal rows hold in their
 * calendar month of every year, `before` in the others.
 *
 * @throws {Error} when the rows are rate rows and no `rates` is given (a caller's bug)
 */
export function monthlyRowValues(grid: Grid, rows: readonly DatedRow[], before: number, rates?: RateSource): RowValues {
  const n = grid.start.length;
  const values = new Float64Array(n).fill(before);
  const firstMonth = new Int32Array(n).fill(-1);
  if (rows.length === 0 || n === 0) return { values, firstMonth };
  const first = rows[0]!.period;
  if (first.kind === 'rate') {
    if (!rates) throw new Error('rate rows need the rates of their phase');
    const rate = rates(first.phase, first.basis, first.monotonic);
    for (let r = 0; r < n; r++) {
      const q = rate[r]!;
      // The last row whose start the rate reaches (NaN: no rate, no row).
      for (let i = rows.length - 1; i >= 0; i--) {
        const p = rows[i]!.period;
        if (p.kind === 'rate' && q >= p.start) {
          values[r] = rows[i]!.value;
          break;
        }
      }
    }
    return { values, firstMonth };
  }
  if (first.kind === 'seasonal') return seasonalValues(grid, rows, values, firstMonth);
  const gridFirst = monthIndex(grid.start[0]!);
  // Each row's first month; date rows end where the next starts, offset rows at their end month.
  const spans: { from: number; to: number; value: number }[] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rows.length; i++) {
    const { period, value } = rows[i]!;
    if (period.kind === 'flat') {
      spans.push({ from: gridFirst, to: Number.POSITIVE_INFINITY, value });
      break;
    }
    // A table mixing rate or seasonal rows with others: the contract refuses it.
    if (period.kind === 'rate' || period.kind === 'seasonal') continue;
    let from: number;
    let to: number;
    if (period.kind === 'date') {
      from = monthIndex(period.day);
      const next = rows[i + 1]?.period;
      to = next?.kind === 'date' ? monthIndex(next.day) - 1 : Number.POSITIVE_INFINITY;
    } else {
      const ref = monthIndex(period.ref);
      from = ref + period.start - 1;
      to = ref + period.end - 1;
    }
    if (from <= previousEnd) {
      // Starts a month after the previous row ended, keeping its length.
      to += previousEnd + 1 - from;
      from = previousEnd + 1;
    }
    spans.push({ from, to, value });
    previousEnd = to;
  }
  spans[spans.length - 1]!.to = Number.POSITIVE_INFINITY;
  const months = gridMonths(grid);
  let s = 0;
  for (let r = 0; r < n; r++) {
    const month = months[r]!;
    while (s < spans.length && spans[s]!.to < month) s++;
    if (s >= spans.length) break;
    const span = spans[s]!;
    if (month >= span.from) {
      values[r] = span.value;
      firstMonth[r] = span.from;
    }
  }
  return { values, firstMonth };
}

/**
 * Seasonal rows: each grid row of a calendar month a row names takes its value (its first month:
 * the grid row's own); the other grid rows keep `values`' before (and −1).
 */
function seasonalValues(
  grid: Grid,
  rows: readonly DatedRow[],
  values: Float64Array,
  firstMonth: Int32Array,
): RowValues {
  const byMonth = new Map<number, number>();
  for (const { period, value } of rows) if (period.kind === 'seasonal') byMonth.set(period.month, value);
  const months = gridMonths(grid);
  for (let r = 0; r < values.length; r++) {
    const month = months[r]!;
    const value = byMonth.get((month % 12) + 1);
    if (value === undefined) continue;
    values[r] = value;
    firstMonth[r] = month;
  }
  return { values, firstMonth };
}

/** Each grid row's value (monthlyRowValues without the rows' first months). */
export function monthlyValues(grid: Grid, rows: readonly DatedRow[], before: number, rates?: RateSource): Float64Array {
  return monthlyRowValues(grid, rows, before, rates).values;
}

/** Whether a table is of rate rows (never escalated). */
export function isRateTable(rows: readonly DatedRow[]): boolean {
  return rows[0]?.period.kind === 'rate';
}

/** The month index of a table's first row's first month (a whole-life row: the grid's first month). */
export function firstRowMonth(grid: Grid, rows: readonly DatedRow[]): number {
  const p = rows[0]?.period;
  if (!p || p.kind === 'flat' || p.kind === 'rate' || p.kind === 'seasonal') return monthIndex(grid.start[0] ?? 0);
  if (p.kind === 'date') return monthIndex(p.day);
  return monthIndex(p.ref) + p.start - 1;
}
