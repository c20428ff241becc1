import { civilFromDayIndex, dayIndexFromCivil, daysInMonth, toDayIndex } from '@econ/decline';
import { EconError, requireNumber } from './econError';

/**
 * The monthly time grid of a well's cash flow (econ-math.md, Time grid): calendar months keyed by
 * their first day, from the as-of date to the cash-flow end. Days are day indexes of
 * `@econ/decline` (whole days since 1900-01-01), so no `Date` or time zone is involved.
 */
export interface Grid {
  /** 'YYYY-MM-01' of each row. */
  labels: string[];
  /** First day (day index) of each row inside the cash flow: the as-of day for the first row. */
  start: Int32Array;
  /** Last day (day index) of each row inside the cash flow: the cash-flow end for the last row. */
  end: Int32Array;
  /** Days of the calendar month of each row (28-31), for scaling monthly amounts of partial rows. */
  monthDays: Int32Array;
  /** First day (day index) of the calendar month after each row: the discount rule's reference. */
  nextMonth: Int32Array;
}

/**
 * A date `months` calendar months after `day`, the day of month clamped to the target month's length
 * (Jan 31 + 1 month = Feb 28/29), as a day index.
 */
export function addMonths(day: number, months: number): number {
  const { y, m, d } = civilFromDayIndex(day);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12 + 1;
  return dayIndexFromCivil(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** Last day (day index) of the calendar month holding `day`. */
export function endOfMonth(day: number): number {
  const { y, m } = civilFromDayIndex(day);
  return dayIndexFromCivil(y, m, daysInMonth(y, m));
}

/**
 * The cash-flow end of econ-math.md: as-of + ⌊maxWellLife × 12⌋ months − 1 day (a day index; one
 * before the as-of day when the life is under a month, i.e. an empty cash flow).
 *
 * @param maxWellLife years, 0 to 100 (dateSetting.maxWellLife)
 */
export function cashFlowEnd(asOfDay: number, maxWellLife: number): number {
  requireNumber('maxWellLife', maxWellLife, 0, 100);
  return addMonths(asOfDay, Math.floor(maxWellLife * 12 + 1e-9)) - 1;
}

/**
 * 'YYYY-MM-01' labels by month number (y·12 + m − 1): every well of a run labels the same few
 * hundred months, so each label string is built once per process, not once per well and grid.
 */
const labelByMonth = new Map<number, string>();

/** 'YYYY-MM-01' of month m (1–12) of year y. */
function monthLabel(y: number, m: number): string {
  const key = y * 12 + m - 1;
  let label = labelByMonth.get(key);
  if (label === undefined) {
    label = `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-01`;
    labelByMonth.set(key, label);
  }
  return label;
}

/**
 * Rows of the calendar months from `startDay` to `endDay` inclusive; the first and last rows are
 * partial when those days are not month edges. Empty when endDay < startDay.
 */
export function buildGrid(startDay: number, endDay: number): Grid {
  let { y, m } = civilFromDayIndex(startDay);
  const last = civilFromDayIndex(endDay);
  // The row count is known from the two months, so the columns are filled in place.
  const rows = endDay < startDay ? 0 : (last.y - y) * 12 + (last.m - m) + 1;
  const grid: Grid = {
    labels: new Array<string>(rows),
    start: new Int32Array(rows),
    end: new Int32Array(rows),
    monthDays: new Int32Array(rows),
    nextMonth: new Int32Array(rows),
  };
  let day = startDay;
  let first = dayIndexFromCivil(y, m, 1);
  for (let r = 0; r < rows; r++) {
    const length = daysInMonth(y, m);
    const next = first + length;
    grid.labels[r] = monthLabel(y, m);
    grid.start[r] = day;
    grid.end[r] = Math.min(next - 1, endDay);
    grid.monthDays[r] = length;
    grid.nextMonth[r] = next;
    day = first = next;
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return grid;
}

/** Grids of sharedGrid by first and last day; a run's wells share a few (as-of date and life). */
const sharedGrids = new Map<number, Grid>();
/** Grids kept by sharedGrid (the oldest is dropped first). */
const SHARED_GRIDS = 16;

/**
 * buildGrid(startDay, endDay), built once for the wells that share those days (the wells of a
 * run mostly do): the caller must not write it, nor hand out its arrays to be written.
 */
export function sharedGrid(startDay: number, endDay: number): Grid {
  // Day indexes are below 2^20 (year 4770), so the pair packs into one exact number.
  const key = startDay * 2 ** 21 + endDay;
  let grid = sharedGrids.get(key);
  if (grid === undefined) {
    grid = buildGrid(startDay, endDay);
    if (sharedGrids.size >= SHARED_GRIDS) sharedGrids.delete(sharedGrids.keys().next().value!);
    sharedGrids.set(key, grid);
  }
  return grid;
}

/** The first `rows` rows of a grid, the last one ending at `lastDay` (a cut at the economic limit). */
export function cutGrid(grid: Grid, rows: number, lastDay: number): Grid {
  const end = grid.end.slice(0, rows);
  if (rows > 0) end[rows - 1] = lastDay;
  // The other columns are the same first rows: views of the grid's, not copies.
  return {
    labels: grid.labels.slice(0, rows),
    start: grid.start.subarray(0, rows),
    end,
    monthDays: grid.monthDays.subarray(0, rows),
    nextMonth: grid.nextMonth.subarray(0, rows),
  };
}

/** Index of the row holding `day`, or −1 when it lies outside the grid. */
export function rowOf(grid: Grid, day: number): number {
  const n = grid.start.length;
  if (n === 0 || day < grid.start[0]! || day > grid.end[n - 1]!) return -1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (grid.start[mid]! <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Day index of a 'YYYY-MM-DD' field, as an EconError naming the field when it is not a real date. */
export function dayOf(parameter: string, date: string): number {
  try {
    return toDayIndex(date, parameter);
  } catch {
    throw new EconError(parameter, date, "must be a 'YYYY-MM-DD' date");
  }
}
