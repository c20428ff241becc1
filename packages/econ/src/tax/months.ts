import { EconError } from '../econError';
import { dayOf } from '../grid';

/*
 * Months of the tax module as absolute month numbers, year × 12 + (month − 1), so calendar years,
 * offsets and spreads are integer arithmetic (no Date, no time zone). The tax year is the calendar
 * year (README, Decisions (tax)).
 */

/** Calendar year of an absolute month number. */
export const yearOf = (month: number): number => Math.floor(month / 12);

/** Month within its year, 0 = January … 11 = December. */
export const monthInYear = (month: number): number => month - yearOf(month) * 12;

/** Absolute month number of a 'YYYY-MM-DD' field, as an EconError naming the field when it is not a date. */
export function monthOfDate(parameter: string, date: string): number {
  dayOf(parameter, date);
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** Digits of `s` from `from` to `to` (exclusive) as a number, or −1 when one is not a digit. */
function digits(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** Absolute month number of a 'YYYY-MM-01' label, or −1 when it is not one (no regex: this runs per row). */
function labelMonth(label: string): number {
  if (
    label.length !== 10 ||
    label.charCodeAt(4) !== 45 ||
    label.charCodeAt(7) !== 45 ||
    label.charCodeAt(8) !== 48 ||
    label.charCodeAt(9) !== 49
  )
    return -1;
  const y = digits(label, 0, 4);
  const m = digits(label, 5, 7);
  return y < 0 || m < 1 || m > 12 ? -1 : y * 12 + m - 1;
}

/**
 * Absolute month numbers of the run's rows ('YYYY-MM-01' labels), which must be consecutive
 * calendar months (the engine's grid).
 *
 * @throws {EconError} on `run.labels[i]` when a label is not 'YYYY-MM-01' or does not follow the previous row
 */
export function rowMonths(labels: readonly string[]): Int32Array {
  const out = new Int32Array(labels.length);
  for (let r = 0; r < labels.length; r++) {
    const label = labels[r]!;
    const month = typeof label === 'string' ? labelMonth(label) : -1;
    if (month < 0) throw new EconError(`run.labels[${r}]`, label, "must be a month's first day 'YYYY-MM-01'");
    out[r] = month;
    if (r > 0 && out[r] !== out[r - 1]! + 1)
      throw new EconError(`run.labels[${r}]`, label, 'must be the month after the previous row');
  }
  return out;
}
