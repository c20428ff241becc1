/*
 * The periods of dated rows (rows.ts), without zod: the econ engine reads them too.
 */

/**
 * The offsets (months `{start, end}` from the reference date's month, month 1): first production,
 * the as-of date, the discount date, the well's last production history day, the start of its
 * first forecast segment.
 */
export const ROW_OFFSETS = [
  'offsetToFpd',
  'offsetToAsOf',
  'offsetToDiscountDate',
  'offsetToEndHistory',
  'offsetToFirstSegment',
] as const;
export type RowOffsetKey = (typeof ROW_OFFSETS)[number];
/** The periods a dated row takes by default (every kind's tables). */
export const ROW_PERIODS = ['entireWellLife', 'dates', ...ROW_OFFSETS] as const;
/**
 * Rate periods (econ-math.md, Dated rows): a row holds in the months whose daily rate of the phase
 * (oil, gas, water, or oil + water for `totalFluidRate`) is at least its `start` and below its `end`
 * (the next row's start; the last row `"inf"`). Expenses and stream properties take them.
 */
export const RATE_PERIODS = ['oilRate', 'gasRate', 'waterRate', 'totalFluidRate'] as const;
export type RatePeriodKey = (typeof RATE_PERIODS)[number];
/** The periods of the tables that also take rate rows (expenses, stream properties). */
export const RATE_ROW_PERIODS = [...ROW_PERIODS, ...RATE_PERIODS] as const;
/** The calendar months a `seasonal` row names. */
export const SEASONAL_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
export type SeasonalMonth = (typeof SEASONAL_MONTHS)[number];
/**
 * The periods of a risking phase's table: ROW_PERIODS and `seasonal` (a calendar month: the row
 * holds in that month of every year; econ-math.md, Risking).
 */
export const SEASONAL_ROW_PERIODS = [...ROW_PERIODS, 'seasonal'] as const;
/**
 * Every period a dated row may carry: ROW_PERIODS, the rate periods, `monthPeriod` (months
 * counted from the first month of the escalated table's first row), which only escalation rows
 * take, and `seasonal`, which only risking phase rows take.
 */
export const ALL_ROW_PERIODS = [...ROW_PERIODS, ...RATE_PERIODS, 'monthPeriod', 'seasonal'] as const;
export type RowPeriodKey = (typeof ALL_ROW_PERIODS)[number];
export const ROWS_MAX = 100;
/** Offsets reach 100 years either side of their reference month. */
export const OFFSET_MONTHS_MAX = 1200;
/** Rate rows' starts, BBL/D or MCF/D. */
export const RATE_MAX = 1e10;

/** The phase a rate period reads. */
export const RATE_PHASE: Record<RatePeriodKey, 'oil' | 'gas' | 'water' | 'totalFluid'> = {
  oilRate: 'oil',
  gasRate: 'gas',
  waterRate: 'water',
  totalFluidRate: 'totalFluid',
};

/** The period a stored row takes (the first period key it carries). */
export function rowPeriodOf(row: Partial<Record<RowPeriodKey, unknown>>): RowPeriodKey | undefined {
  return ALL_ROW_PERIODS.find((k) => row[k] !== undefined);
}

/** Whether a period is a rate period. */
export function isRatePeriod(period: RowPeriodKey | undefined): period is RatePeriodKey {
  return (RATE_PERIODS as readonly string[]).includes(period ?? '');
}

/**
 * The rows as clients of the service send them made whole (service-shapes.md, Dated rows): an
 * `offsetTo…` given as a number is that row's length in months, following the previous row
 * (`{start: previous end + 1, end, period}`; the first row starts at month 1); a rate given as a
 * number is the row's start, its end the next row's start (`"inf"` for the last). Rows already in
 * the stored shape, and anything that is not a row, are left as they are for the schema to judge.
 */
export function normalizeRowPeriods(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const rows = value.map((r) => (r !== null && typeof r === 'object' && !Array.isArray(r) ? { ...r } : r));
  let previousEnd = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    if (typeof row !== 'object' || row === null) continue;
    for (const key of ROW_OFFSETS) {
      const v = row[key];
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1) {
        row[key] = { start: previousEnd + 1, end: previousEnd + v, period: v };
      }
      const end = (row[key] as { end?: unknown } | undefined)?.end;
      if (typeof end === 'number') previousEnd = end;
    }
    for (const key of RATE_PERIODS) {
      const v = row[key];
      if (typeof v !== 'number') continue;
      const next = (rows[i + 1] as Record<string, unknown> | undefined)?.[key];
      const nextStart = typeof next === 'number' ? next : (next as { start?: unknown } | undefined)?.start;
      row[key] = { start: v, end: typeof nextStart === 'number' ? nextStart : 'inf' };
    }
  }
  return rows;
}
