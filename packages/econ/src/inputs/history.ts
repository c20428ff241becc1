import type { ActualForecastFunctions, DateSetting } from '@econ/contract';
import { type DailySeries, fromDayIndex } from '@econ/decline';
import { EconError } from '../econError';
import { dayOf, endOfMonth } from '../grid';
import { FORECAST_PHASES, type ForecastPhase } from './dates';

/*
 * Production history in the economics (spec 2.3 and 2.5, econ-math.md "Actual or forecast"): which
 * resolution a well's history is read at, the history as daily series, and each phase's volumes
 * with actuals before the switch date and the forecast after it. Pure and day-exact.
 */

export type HistoryResolution = 'daily' | 'monthly';

/** One stored production record as the engine reads it (monthly: `date` is the month's first day). */
export interface HistoryRecord {
  date: string;
  oil?: number | null;
  gas?: number | null;
  water?: number | null;
}

/** A well's history at one resolution, records in date order. */
export interface WellHistory {
  resolution: HistoryResolution;
  records: readonly HistoryRecord[];
}

/** One phase's history: volumes per day (a monthly record spread evenly over its days) and its span. */
export interface PhaseHistory {
  series: DailySeries;
  /** Day indexes of the first and last day the phase's records cover (a month's first and last day). */
  first: number;
  last: number;
}

/** Which resolutions of history the well holds (from its production summary). */
export interface HistoryAvailable {
  daily: boolean;
  monthly: boolean;
}

/** The resolutions a well holds, from its production summary (the last dates of daily and monthly production). */
export function historyAvailable(well: {
  lastProdDateDaily?: string | null | undefined;
  lastProdDateMonthly?: string | null | undefined;
}): HistoryAvailable {
  return { daily: Boolean(well.lastProdDateDaily), monthly: Boolean(well.lastProdDateMonthly) };
}

/**
 * The resolution a well's history is read at (`dateSetting.productionDataResolution`): `daily`,
 * `monthly`, or `same_as_forecast` (the forecast's; monthly when it has none). When the well holds
 * none at that resolution but holds the other, the other is used, with a warning. Undefined when
 * the well has no history, or when `actualOrForecast` ignores it (ignoreHistoryProd, afterEconLimit).
 */
export function historyResolution(
  setting: DateSetting['productionDataResolution'] | undefined,
  forecastResolution: HistoryResolution | undefined,
  available: HistoryAvailable,
  actualOrForecast: ActualForecastFunctions['actualOrForecast'] | undefined,
  warnings: string[] = [],
): HistoryResolution | undefined {
  if (actualOrForecast?.ignoreHistoryProd || actualOrForecast?.afterEconLimit === 'yes') return undefined;
  const wanted: HistoryResolution =
    setting === 'daily' || setting === 'monthly' ? setting : (forecastResolution ?? 'monthly');
  if (available[wanted]) return wanted;
  const other: HistoryResolution = wanted === 'daily' ? 'monthly' : 'daily';
  if (!available[other]) return undefined;
  warnings.push(
    `date-settings: productionDataResolution asks for ${wanted} production but the well has only ${other} production; ${other} is used.`,
  );
  return other;
}

/**
 * Each phase's history as a daily series over the span its records cover: a daily record is that
 * day's volume, a monthly record is spread evenly over the days of its month; days inside the span
 * without a record (or with the phase null) count 0. A phase whose records are all null has no
 * history.
 */
export function phaseHistories(history: WellHistory): Partial<Record<ForecastPhase, PhaseHistory>> {
  const out: Partial<Record<ForecastPhase, PhaseHistory>> = {};
  const monthly = history.resolution === 'monthly';
  const records = history.records.map((r, i) => {
    const day = dayOf(`history[${i}].date`, r.date);
    return { r, day, last: monthly ? endOfMonth(day) : day };
  });
  for (const p of FORECAST_PHASES) {
    const withValue = records.filter(({ r }) => r[p] !== null && r[p] !== undefined);
    if (withValue.length === 0) continue;
    const first = withValue[0]!.day;
    const last = withValue[withValue.length - 1]!.last;
    const values = new Float64Array(last - first + 1);
    for (const { r, day, last: end } of withValue) {
      const volume = r[p] as number;
      if (!Number.isFinite(volume) || volume < 0) {
        throw new EconError(`history.${p}`, volume, `on ${r.date} must be a volume of 0 or more`);
      }
      if (!monthly) {
        values[day - first] = volume;
        continue;
      }
      const perDay = volume / (end - day + 1);
      for (let d = day; d <= end; d++) values[d - first] = perDay;
    }
    out[p] = { series: { start: first, values }, first, last };
  }
  return out;
}

/** The last day the history covers over all phases, 'YYYY-MM-DD' (for `minLife.endHist`). */
export function endOfHistory(histories: Partial<Record<ForecastPhase, PhaseHistory>>): string | undefined {
  let last: number | undefined;
  for (const p of FORECAST_PHASES) {
    const h = histories[p];
    if (h && (last === undefined || h.last > last)) last = h.last;
  }
  return last === undefined ? undefined : fromDayIndex(last);
}

/**
 * The day from which a phase uses its forecast (`replaceActualWithForecast`): the as-of day for
 * `asOfDate`, the given day for `date`, never (+∞) for `never`.
 */
export function switchDay(
  choice: { asOfDate?: string | undefined; never?: string | undefined; date?: string | undefined },
  asOfDay: number,
  field: string,
): number {
  if (choice.date !== undefined) return dayOf(field, choice.date);
  if (choice.never !== undefined) return Number.POSITIVE_INFINITY;
  return asOfDay;
}

/**
 * A phase's volumes, actual or forecast (spec 2.5): a day before the switch day that the phase's
 * history covers takes the actual volume (0 on a day without a record); every other day the
 * forecast's (0 outside it). So the forecast fills the days after the history ends, before the
 * switch day too; with `never` the history is used wherever it exists.
 */
export function actualOrForecast(
  forecast: DailySeries | undefined,
  history: PhaseHistory | undefined,
  switchAt: number,
): DailySeries | undefined {
  if (!history || switchAt <= history.first) return forecast;
  const actualTo = Math.min(history.last, switchAt - 1);
  const fEnd = forecast ? forecast.start + forecast.values.length - 1 : Number.NEGATIVE_INFINITY;
  const start = forecast ? Math.min(forecast.start, history.first) : history.first;
  const end = Math.max(fEnd, actualTo);
  const values = new Float64Array(end - start + 1);
  if (forecast) values.set(forecast.values, forecast.start - start);
  values.set(history.series.values.subarray(0, actualTo - history.first + 1), history.first - start);
  return { start, values };
}
