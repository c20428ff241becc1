import { SHUT_IN_PERIODS, type ShutInPeriod } from '@econ/contract';
import { ROW_PERIOD_LABELS } from '../rows/datedRows';

/*
 * Shut-in rows in the operations form (the contract's operations.ts): the period a row uses (a day
 * range or months from a reference date), switching it, and the row added after the last. Pure.
 */

type Row = Record<string, unknown>;

export const SHUT_IN_PERIOD_LABELS: Record<ShutInPeriod, string> = {
  dates: 'Dates',
  offsetToFpd: ROW_PERIOD_LABELS.offsetToFpd,
  offsetToAsOf: ROW_PERIOD_LABELS.offsetToAsOf,
  offsetToDiscountDate: ROW_PERIOD_LABELS.offsetToDiscountDate,
  offsetToEndHistory: ROW_PERIOD_LABELS.offsetToEndHistory,
  offsetToFirstSegment: ROW_PERIOD_LABELS.offsetToFirstSegment,
};

/** A shut-in lasts 30 days (or a month) when added. */
const NEW_DAYS = 30;

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const firstOfNextMonth = (date: string): string => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const today = () => new Date().toISOString().slice(0, 10);

/** The period a row carries, or undefined. */
export function shutInPeriodOf(row: Row | undefined): ShutInPeriod | undefined {
  return row ? SHUT_IN_PERIODS.find((k) => row[k] !== undefined) : undefined;
}

/** The period's value of a new row: 30 days from the first of a month, or one month. */
function periodValue(period: ShutInPeriod, from: { date?: string; month?: number }) {
  if (period === 'dates') {
    const startDate = from.date ?? firstOfNextMonth(today());
    return { startDate, endDate: addDays(startDate, NEW_DAYS - 1) };
  }
  const start = from.month ?? 1;
  return { start, end: start };
}

/** The row with its period moved to `to` (a new default period; the other fields kept). */
export function withShutInPeriod(row: Row, to: ShutInPeriod): Row {
  const out: Row = Object.fromEntries(
    Object.entries(row).filter(([k]) => !(SHUT_IN_PERIODS as readonly string[]).includes(k)),
  );
  out[to] = periodValue(to, {});
  return out;
}

/**
 * A new shut-in after the rows there are: of the last row's period and phase, starting the first
 * of the month after the last one ends (30 days), or the month after its end month; all phases,
 * resuming where it stopped, no multiplier.
 */
export function newShutInRow(rows: readonly Row[] = []): Row {
  const last = rows[rows.length - 1];
  const period = shutInPeriodOf(last) ?? 'dates';
  const prev = last?.[period] as { endDate?: string; end?: number } | undefined;
  const from = {
    ...(typeof prev?.endDate === 'string' ? { date: firstOfNextMonth(prev.endDate) } : {}),
    ...(typeof prev?.end === 'number' ? { month: prev.end + 1 } : {}),
  };
  return {
    phase: typeof last?.phase === 'string' ? last.phase : 'all',
    [period]: periodValue(period, from),
    resume: 'shifted',
    multiplier: 100,
  };
}
