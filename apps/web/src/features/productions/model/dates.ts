/*
 * Dates as production files write them. Accepted (all give `YYYY-MM-DD`):
 * - ISO `2024-03-05`, with a time after it (`2024-03-05T00:00:00Z`, `2024-03-05 00:00`), or a month `2024-03`;
 * - `2024/03/05` and `2024.03.05` (year first);
 * - US `3/5/2024`, `03-05-2024`, and two-digit years `3/5/24` (00–69 → 20xx, 70–99 → 19xx, as Excel reads them);
 * - Excel's own forms: a day serial number (`45356`, the 1900 date system), `5-Mar-2024`, `Mar-24`, `Mar 2024`.
 * Day-first (European) dates are not guessed: `05/03/2024` is 5 March only in files we cannot tell apart.
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Days since 1970-01-01 of a calendar date, or undefined when there is no such day (31 April). */
function dayOf(y: number, m: number, d: number): number | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return undefined;
  return t / 86_400_000;
}

const iso = (y: number, m: number, d: number): string | undefined =>
  y >= 1000 && y <= 9999 && dayOf(y, m, d) !== undefined ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : undefined;

const fullYear = (y: string): number => {
  const n = Number(y);
  if (y.length > 2) return n;
  return n < 70 ? 2000 + n : 1900 + n;
};

/** Excel's day 1 is 1900-01-01 and it counts a 29 February 1900 that never was: day 60. */
const EXCEL_EPOCH_DAY = Date.UTC(1899, 11, 30) / 86_400_000;
/** Excel's last day, 9999-12-31. */
const EXCEL_SERIAL_MAX = 2_958_465;

function fromExcelSerial(serial: number): string | undefined {
  if (!Number.isInteger(serial) || serial < 1 || serial > EXCEL_SERIAL_MAX || serial === 60) return undefined;
  const day = EXCEL_EPOCH_DAY + (serial < 60 ? serial + 1 : serial);
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const ISO_MONTH = /^(\d{4})-(\d{1,2})$/;
const YEAR_FIRST = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/;
const US = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?$/i;
const DAY_MON_YEAR = /^(\d{1,2})[- ]([a-z]{3,4})[- ](\d{4}|\d{2})$/i;
const MON_YEAR = /^([a-z]{3,4})[- ](\d{4}|\d{2})$/i;
const SERIAL = /^\d{1,7}(?:\.0+)?$/;

/**
 * The calendar date a cell names, as `YYYY-MM-DD`, or undefined when it names none (the forms
 * above; a month alone gives its first day). Whether the date lies in the service's range is the
 * contract's rule, not this one's.
 */
export function parseDate(raw: string): string | undefined {
  const s = raw.trim();
  if (s === '') return undefined;
  let m = ISO.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = ISO_MONTH.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), 1);
  m = YEAR_FIRST.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = US.exec(s);
  if (m) return iso(fullYear(m[3]!), Number(m[1]), Number(m[2]));
  m = DAY_MON_YEAR.exec(s);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? iso(fullYear(m[3]!), month, Number(m[1])) : undefined;
  }
  m = MON_YEAR.exec(s);
  if (m) {
    const month = MONTHS[m[1]!.toLowerCase()];
    return month ? iso(fullYear(m[2]!), month, 1) : undefined;
  }
  if (SERIAL.test(s)) return fromExcelSerial(Number(s));
  return undefined;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (a compact key for duplicate checks). */
export function dayNumber(isoDate: string): number {
  return (
    Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / 86_400_000
  );
}
