import { DeclineError } from './declineError';

/**
 * Day indexes: whole days since 1900-01-01 (index 0), on the proleptic Gregorian calendar.
 * Pure integer arithmetic (H. Hinnant's days-from-civil), so no `Date`, no time zone and no
 * daylight-saving shift can move a day (decline-math.md, Conventions).
 */

/** Days from 1970-01-01 to 1900-01-01. */
const EPOCH_1900_FROM_1970 = -25567;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in month `m` (1-12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/**
 * Day index of a civil date (no validation; month may be 13 to mean January of the next year).
 * Formula: days_from_civil(y, m, d) − days_from_civil(1900, 1, 1).
 */
export function dayIndexFromCivil(y: number, m: number, d: number): number {
  const mm = m > 12 ? m - 12 : m;
  const yy = (m > 12 ? y + 1 : y) - (mm <= 2 ? 1 : 0);
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mm > 2 ? mm - 3 : mm + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468 - EPOCH_1900_FROM_1970;
}

/** Civil date {y, m (1-12), d} of a day index (inverse of dayIndexFromCivil). */
export function civilFromDayIndex(index: number): { y: number; m: number; d: number } {
  const z = index + EPOCH_1900_FROM_1970 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/**
 * Day index (days since 1900-01-01, UTC) of a 'YYYY-MM-DD' string.
 *
 * @param date calendar date 'YYYY-MM-DD'
 * @param parameter field name used in the error message
 * @throws {DeclineError} when `date` is not a real 'YYYY-MM-DD' date (e.g. '2023-02-29')
 * @example toDayIndex('1900-01-02') // 1
 */
export function toDayIndex(date: string, parameter = 'date'): number {
  const match = typeof date === 'string' ? ISO_DATE.exec(date) : null;
  if (!match) throw new DeclineError(parameter, date, "must be a 'YYYY-MM-DD' date");
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new DeclineError(parameter, date, 'is not a calendar date');
  }
  return dayIndexFromCivil(y, m, d);
}

/**
 * 'YYYY-MM-DD' string of a day index (days since 1900-01-01).
 *
 * @throws {DeclineError} when `index` is not an integer or falls outside years 0000-9999
 * @example fromDayIndex(0) // '1900-01-01'
 */
export function fromDayIndex(index: number): string {
  if (!Number.isInteger(index)) throw new DeclineError('dayIndex', index, 'must be an integer');
  const { y, m, d } = civilFromDayIndex(index);
  if (y < 0 || y > 9999) throw new DeclineError('dayIndex', index, 'must fall in years 0000-9999');
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
