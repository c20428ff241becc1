/* The value logic of a flat-or-by-date amount (price deck prices, fixed expenses), kept apart from React. */

export type ScheduleMode = 'flat' | 'byDate';
type Row = Record<string, unknown> & { date?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const pad = (n: number) => String(n).padStart(2, '0');

/** Which of `flat` or `byDate` the value holds (flat when neither, as a new value starts). */
export function scheduleMode(value: unknown): ScheduleMode {
  return isObject(value) && value.byDate !== undefined && value.flat === undefined ? 'byDate' : 'flat';
}

/** The first day of the month of `now` (local time) as YYYY-MM-DD. */
export function firstOfMonth(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
}

/** The first day of the month after a YYYY-MM-DD date (a new row's date); undefined when `date` is not one. */
export function monthAfter(date: unknown): string | undefined {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m >= 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
}

/**
 * The row an "add row" appends: dated the month after the last row (this month when there is no
 * usable date), carrying the last row's amount so a schedule is edited by changing what differs.
 */
export function nextRow(rows: readonly Row[], valueKey: string, now: Date): Row {
  const last = rows.at(-1);
  return { date: monthAfter(last?.date) ?? firstOfMonth(now), [valueKey]: asNumber(last?.[valueKey]) };
}

/**
 * The writes to `flat` and `byDate` that switch a value to `to`: the other key becomes undefined
 * (not sent). Switching back restores what was `kept` from the last switch away; otherwise a flat
 * amount becomes one row dated this month, and a schedule becomes its first row's amount.
 */
export function switchSchedule(
  value: unknown,
  to: ScheduleMode,
  valueKey: string,
  now: Date,
  kept?: unknown,
): { flat: unknown; byDate: unknown } {
  const v = isObject(value) ? value : {};
  if (scheduleMode(v) === to && v[to] !== undefined) return { flat: v.flat, byDate: v.byDate };
  if (to === 'byDate') {
    const rows =
      Array.isArray(kept) && kept.length
        ? structuredClone(kept)
        : [{ date: firstOfMonth(now), [valueKey]: asNumber(v.flat) }];
    return { flat: undefined, byDate: rows };
  }
  const first = Array.isArray(v.byDate) ? (v.byDate[0] as Row | undefined) : undefined;
  return {
    flat: kept !== undefined && typeof kept === 'number' ? kept : asNumber(first?.[valueKey]),
    byDate: undefined,
  };
}
