/*
 * The periods of dated rows (rows.ts), without zod: the econ engine reads them too.
 */

/** The periods a dated row takes by default (every kind's tables). */
export const ROW_PERIODS = ['entireWellLife', 'dates', 'offsetToFpd', 'offsetToAsOf', 'offsetToDiscountDate'] as const;
/**
 * Every period a dated row may carry: ROW_PERIODS and `monthPeriod` (months counted from the first
 * month of the escalated table's first row), which only escalation rows take.
 */
export const ALL_ROW_PERIODS = [...ROW_PERIODS, 'monthPeriod'] as const;
export type RowPeriodKey = (typeof ALL_ROW_PERIODS)[number];
/** The offsets among them (months `{start, end}` from the reference date's month). */
export const ROW_OFFSETS = ['offsetToFpd', 'offsetToAsOf', 'offsetToDiscountDate'] as const;
export const ROWS_MAX = 100;
/** Offsets reach 100 years either side of their reference month. */
export const OFFSET_MONTHS_MAX = 1200;

/** The period a stored row takes (the first period key it carries). */
export function rowPeriodOf(row: Partial<Record<RowPeriodKey, unknown>>): RowPeriodKey | undefined {
  return ALL_ROW_PERIODS.find((k) => row[k] !== undefined);
}
