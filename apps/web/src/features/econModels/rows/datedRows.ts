import {
  isRatePeriod,
  rowPeriodOf as periodOfRow,
  type RATE_PERIODS,
  type RowPeriodKey,
  SEASONAL_MONTHS,
  type SeasonalMonth,
} from '@econ/contract';
import { MONTH_NAMES } from '../model/monthNames';

/*
 * Dated rows in the console's forms (the contract's rows.ts): the period a table uses, its unit
 * (the value key its rows carry), and the row added after the last. Pure.
 */

export const ROW_PERIOD_LABELS: Record<RowPeriodKey, string> = {
  entireWellLife: 'Whole well life',
  dates: 'From dates',
  offsetToFpd: 'Months from first production',
  offsetToAsOf: 'Months from the as-of date',
  offsetToDiscountDate: 'Months from the discount date',
  offsetToEndHistory: 'Months from the end of history',
  offsetToFirstSegment: 'Months from the first forecast segment',
  seasonal: 'By calendar month (every year)',
  monthPeriod: 'Months from the first escalated month',
  oilRate: 'By oil rate (BBL/D)',
  gasRate: 'By gas rate (MCF/D)',
  waterRate: 'By water rate (BBL/D)',
  totalFluidRate: 'By total fluid rate (oil + water, BBL/D)',
};

/** The calendar months of `seasonal` rows, with their names. */
export const SEASONAL_MONTH_OPTIONS: readonly { value: SeasonalMonth; label: string }[] = SEASONAL_MONTHS.map(
  (value, i) => ({ value, label: MONTH_NAMES[i]! }),
);

/**
 * The month a new seasonal row takes: the first after the last row's month (January first; after
 * December, January again) that no row names yet; the month after the last when every month is taken.
 */
export function nextSeasonalMonth(rows: readonly Record<string, unknown>[]): SeasonalMonth {
  const taken = new Set(rows.map((r) => r.seasonal));
  const last = SEASONAL_MONTHS.indexOf(rows[rows.length - 1]?.seasonal as SeasonalMonth);
  for (let step = 1; step <= SEASONAL_MONTHS.length; step++) {
    const month = SEASONAL_MONTHS[(last + step) % SEASONAL_MONTHS.length]!;
    if (!taken.has(month)) return month;
  }
  return SEASONAL_MONTHS[(last + 1) % SEASONAL_MONTHS.length]!;
}

/** The unit of a rate period's starts. */
export const RATE_UNITS: Record<(typeof RATE_PERIODS)[number], string> = {
  oilRate: 'BBL/D',
  gasRate: 'MCF/D',
  waterRate: 'BBL/D',
  totalFluidRate: 'BBL/D',
};

/** A value key a table's rows may carry, with its label (usually the unit, e.g. "$/MCF"). */
export interface RowUnit {
  key: string;
  label: string;
}

/** The period of a row as sent (the key it carries), or undefined for no row. */
export function rowPeriodOf(row: Record<string, unknown> | undefined): RowPeriodKey | undefined {
  return row ? periodOfRow(row) : undefined;
}

/** The unit (value key) a row carries among `units`; the first unit when it carries none. */
export function rowUnitOf(row: Record<string, unknown> | undefined, units: readonly RowUnit[]): string {
  return units.find((u) => row?.[u.key] !== undefined)?.key ?? units[0]!.key;
}

const firstOfNextMonth = (date: string): string => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * A new row of the period, after the rows there are: a date row a month after the last one's (or
 * the first of next month), an offset or month-period row the month after the last one's end
 * (twelve months long), a seasonal row the next calendar month no row names, carrying `unit` at
 * `value` (default: the last row's value).
 */
export function newRow(
  period: RowPeriodKey,
  unit: string,
  value: number,
  rows: readonly Record<string, unknown>[] = [],
): Record<string, unknown> {
  const last = rows[rows.length - 1];
  const v = typeof last?.[unit] === 'number' ? (last[unit] as number) : value;
  if (period === 'entireWellLife') return { entireWellLife: 'Flat', [unit]: v };
  if (period === 'dates') {
    const prev = typeof last?.dates === 'string' ? last.dates : undefined;
    const today = new Date().toISOString().slice(0, 10);
    return { dates: firstOfNextMonth(prev ?? today), [unit]: v };
  }
  if (period === 'seasonal') return { seasonal: nextSeasonalMonth(rows), [unit]: v };
  if (isRatePeriod(period)) {
    const prevStart = (last?.[period] as { start?: unknown } | undefined)?.start;
    // Rates of a table increase: a new row starts above the last one (100 more, or at 0 first).
    return { [period]: { start: typeof prevStart === 'number' ? prevStart + 100 : 0, end: 'inf' }, [unit]: v };
  }
  const prevEnd = (last?.[period] as { end?: number } | undefined)?.end;
  const start = rows.length === 0 || prevEnd === undefined ? 1 : prevEnd + 1;
  return { [period]: { start, end: start + 11 }, [unit]: v };
}

/** The rows with their value moved from whatever unit of `units` they carry to `unit`. */
export function withUnit(
  rows: readonly Record<string, unknown>[],
  units: readonly RowUnit[],
  unit: string,
): Record<string, unknown>[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    let value: unknown;
    for (const [k, v] of Object.entries(row)) {
      if (units.some((u) => u.key === k)) value = v;
      else out[k] = v;
    }
    out[unit] = value;
    return out;
  });
}

/**
 * The rows of a rate table with each row's end set to the next row's start and the last to "inf"
 * (the contract's rule), or null when they already are.
 */
export function withRateEnds(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] | null {
  const period = rowPeriodOf(rows[0]);
  if (!isRatePeriod(period)) return null;
  let changed = false;
  const out = rows.map((row, i) => {
    const span = row[period] as { start?: unknown; end?: unknown } | undefined;
    const next = (rows[i + 1]?.[period] as { start?: unknown } | undefined)?.start;
    const end = i === rows.length - 1 ? 'inf' : typeof next === 'number' ? next : span?.end;
    if (span?.end === end) return row;
    changed = true;
    return { ...row, [period]: { ...span, end } };
  });
  return changed ? out : null;
}
