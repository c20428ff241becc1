/** The period a phase's risk rows use (one per phase). */
export type RiskPeriod = 'entireWellLife' | 'dates' | 'offsetToFpd' | 'offsetToAsOf';

export const RISK_PERIOD_LABELS: Record<RiskPeriod, string> = {
  entireWellLife: 'Whole well life',
  dates: 'From dates',
  offsetToFpd: 'Months from first production',
  offsetToAsOf: 'Months from the as-of date',
};

/** The period of a row as sent (the key it carries), or undefined for no row. */
export function riskPeriodOf(row: Record<string, unknown> | undefined): RiskPeriod | undefined {
  if (!row) return undefined;
  return (Object.keys(RISK_PERIOD_LABELS) as RiskPeriod[]).find((k) => row[k] !== undefined);
}

const firstOfNextMonth = (date: string): string => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * A new row of the period, after the rows there are: a date row a month after the last one's (or
 * the first of next month), an offset row the month after the last one's end (twelve months long),
 * at 100 %.
 */
export function riskRow(
  period: RiskPeriod,
  index: number,
  rows: readonly Record<string, unknown>[] = [],
): Record<string, unknown> {
  const last = rows[rows.length - 1];
  if (period === 'entireWellLife') return { entireWellLife: 'Flat', multiplier: 100 };
  if (period === 'dates') {
    const prev = typeof last?.dates === 'string' ? last.dates : undefined;
    const today = new Date().toISOString().slice(0, 10);
    return { dates: firstOfNextMonth(prev ?? today), multiplier: 100 };
  }
  const prevEnd = (last?.[period] as { end?: number } | undefined)?.end;
  const start = index === 0 || prevEnd === undefined ? 1 : prevEnd + 1;
  return { [period]: { start, end: start + 11 }, multiplier: 100 };
}
