/*
 * The periods of dated rows (rows.ts), without zod: the econ engine reads them too.
 */

/** The periods a dated row takes. */
export const ROW_PERIODS = ['entireWellLife', 'dates', 'offsetToFpd', 'offsetToAsOf', 'offsetToDiscountDate'] as const;
export type RowPeriodKey = (typeof ROW_PERIODS)[number];
/** The offsets among them (months `{start, end}` from the reference date's month). */
export const ROW_OFFSETS = ['offsetToFpd', 'offsetToAsOf', 'offsetToDiscountDate'] as const;
export const ROWS_MAX = 100;
/** Offsets reach 100 years either side of their reference month. */
export const OFFSET_MONTHS_MAX = 1200;

/** The period a stored row takes (the first period key it carries). */
export function rowPeriodOf(row: Partial<Record<RowPeriodKey, unknown>>): RowPeriodKey | undefined {
  return ROW_PERIODS.find((k) => row[k] !== undefined);
}
