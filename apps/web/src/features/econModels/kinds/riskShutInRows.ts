/*
 * Shut-in rows of the riskings form (the contract's riskingShutIn.ts; decision 042): the period a
 * row uses (dates, or months or days from the as-of date), where its multiplier ends, and the row
 * added after the last. Pure.
 */

type Row = Record<string, unknown>;

/** A row's period as the form offers it. */
export type RiskShutInPeriod = 'dates' | 'months' | 'days';
export const RISK_SHUT_IN_PERIOD_LABELS: Record<RiskShutInPeriod, string> = {
  dates: 'Dates',
  months: 'Months from the as-of date',
  days: 'Days from the as-of date',
};

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const firstOfNextMonth = (date: string): string => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The period a row carries (an offset row by its unit; dates by default). */
export function riskShutInPeriodOf(row: Row | undefined): RiskShutInPeriod {
  if (row?.offsetToAsOf !== undefined) return row.unit === 'day' ? 'days' : 'months';
  return 'dates';
}

/** The row with its period moved to `to`: ten days from the first of next month, or month (day) 1 to 1. */
export function withRiskShutInPeriod(row: Row, to: RiskShutInPeriod, today: string): Row {
  const { dates: _d, offsetToAsOf: _o, unit: _u, ...rest } = row;
  if (to === 'dates') {
    const startDate = firstOfNextMonth(today);
    return { ...rest, dates: { startDate, endDate: addDays(startDate, 9) }, unit: 'day' };
  }
  return {
    ...rest,
    offsetToAsOf: { start: 1, end: 1 },
    unit: to === 'days' ? 'day' : 'month',
    repeatRangeOfDates: 'no_repeat',
    totalOccurrences: 1,
  };
}

/** The row with its multiplier ending on `criteria`: a date (the shut-in's end), month 12 from the as-of month, or the limit. */
export function withScaleEnd(row: Row, criteria: string): Row {
  const end =
    criteria === 'dates'
      ? ((row.dates as { endDate?: string } | undefined)?.endDate ?? '')
      : criteria === 'offset_to_as_of_date'
        ? 12
        : ' ';
  return { ...row, scalePostShutInEndCriteria: criteria, scalePostShutInEnd: end };
}

/**
 * A new shut-in after the rows there are: ten days from the first of the month after the last
 * dated one ends (or next month), all phases, no repeat, the multiplier 1 to the economic limit,
 * fixed expenses and CAPEX kept (the service's defaults).
 */
export function newRiskShutInRow(rows: readonly Row[], today: string): Row {
  const lastEnd = [...rows].reverse().find((r) => r.dates !== undefined)?.dates as { endDate?: string } | undefined;
  const startDate = firstOfNextMonth(lastEnd?.endDate ?? today);
  return {
    phase: 'all',
    dates: { startDate, endDate: addDays(startDate, 9) },
    unit: 'day',
    repeatRangeOfDates: 'no_repeat',
    totalOccurrences: 1,
    multiplier: 1,
    scalePostShutInEndCriteria: 'econ_limit',
    scalePostShutInEnd: ' ',
    fixedExpense: true,
    capex: true,
  };
}
