/*
 * Fiscal reporting periods (general options `mainOptions.reportingPeriod: fiscal` with `fiscal:
 * "M-N"`, start and end months, 0 = January): the year a month's results are summed into. A fiscal
 * year is named by the calendar year it ends in ("FY2027" runs April 2026 to March 2027 when it
 * starts in April); a year starting in January is the calendar year. Pure, zod-free.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The first month (0 = January) of a fiscal period `"M-N"`; 0 for anything else. */
export function fiscalStartMonth(fiscal: string | undefined): number {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(fiscal ?? '');
  const start = m ? Number(m[1]) : 0;
  return start >= 0 && start <= 11 ? start : 0;
}

/** The year a month (`YYYY-MM…`) falls in: `2027`, or `FY2027` for a fiscal year starting after January. */
export function reportingYear(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  if (startMonth === 0) return String(year);
  const month = Number(date.slice(5, 7)) - 1;
  return `FY${month >= startMonth ? year + 1 : year}`;
}

/** How the years are named in a header: `Year`, or `Fiscal year (Apr–Mar)`. */
export function reportingYearLabel(startMonth: number): string {
  if (startMonth === 0) return 'Year';
  return `Fiscal year (${MONTHS[startMonth]}–${MONTHS[(startMonth + 11) % 12]})`;
}
