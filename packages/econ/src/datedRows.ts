import { civilFromDayIndex } from '@econ/decline';
import type { Grid } from './grid';

/*
 * Dated rows of the service's model kinds (econ-math.md, "Dated rows (every kind)"): each row of a
 * pricing, differential, expense, tax, stream-property or risking table holds over whole months,
 * and a month of the cash flow takes the value of the row covering it. Pure; the kinds map their
 * rows (`entireWellLife`, `dates`, `offsetTo…`) to the periods below.
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
  | { kind: 'offset'; ref: number; start: number; end: number };

export interface DatedRow {
  period: RowPeriod;
  value: number;
}

/** Months since year 0 of the calendar month holding `day`. */
const monthIndex = (day: number): number => {
  const { y, m } = civilFromDayIndex(day);
  return y * 12 + (m - 1);
};

/**
 * Each grid row's value: the row covering its calendar month, `before` in months no row covers yet
 * (0 for prices, differentials, expenses and taxes; 1 for shrinkage, loss, flare and risk). The last
 * row runs to the cash-flow end, whatever its own end.
 */
export function monthlyValues(grid: Grid, rows: readonly DatedRow[], before: number): Float64Array {
  const n = grid.start.length;
  const out = new Float64Array(n).fill(before);
  if (rows.length === 0 || n === 0) return out;
  // Each row's first month; date rows end where the next starts, offset rows at their end month.
  const spans: { from: number; to: number; value: number }[] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rows.length; i++) {
    const { period, value } = rows[i]!;
    if (period.kind === 'flat') {
      spans.push({ from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY, value });
      break;
    }
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
  let s = 0;
  for (let r = 0; r < n; r++) {
    const month = monthIndex(grid.start[r]!);
    while (s < spans.length && spans[s]!.to < month) s++;
    if (s >= spans.length) break;
    const span = spans[s]!;
    if (month >= span.from) out[r] = span.value;
  }
  return out;
}
