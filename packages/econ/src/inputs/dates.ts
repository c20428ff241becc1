import type { DateSetting } from '@econ/contract';
import { civilFromDayIndex, type DailySeries, dayIndexFromCivil, fromDayIndex } from '@econ/decline';
import { dayOf } from '../grid';

/*
 * The well's dates of spec part 2.3 (as-of, discount date, FPD, major segment), resolved from the
 * date-settings model, the well headers and the forecast. Pure and day-exact (day indexes of
 * `@econ/decline`, no `Date`).
 */

/** The forecast phases the service has (ratio phases are already multiplied out). */
export const FORECAST_PHASES = ['oil', 'gas', 'water'] as const;
export type ForecastPhase = (typeof FORECAST_PHASES)[number];

/** A date choice of `dateSetting.asOfDate` / `discountDate`. */
export type DateChoice = DateSetting['asOfDate'];
/** `dateSetting.fpdSourceHierarchy`. */
export type FpdSourceHierarchy = DateSetting['fpdSourceHierarchy'];

/** MCF of gas per BOE when choosing the major phase (oil vs gas / 6). */
export const MAJOR_PHASE_GAS_PER_BOE = 6;

/** The forecast of a well as the mapping needs it. */
export interface WellForecast {
  /** Gross daily volumes by phase (oil, gas, water; ratio phases already multiplied out). */
  volumes: Partial<Record<ForecastPhase, DailySeries>>;
  /** The best series' segments by phase (startDate/endDate 'YYYY-MM-DD' at least), for FPD / major-segment dates. */
  segments: Partial<Record<ForecastPhase, readonly { startDate: string; endDate: string }[]>>;
  /** The forecast's resolution (its phases' dataFrequency), for productionDataResolution `same_as_forecast`. */
  resolution?: 'daily' | 'monthly';
}

/** 'YYYY-MM-DD' `days` days after `date` (rounded to a whole day; negative: before). */
export function addDays(date: string, days: number, parameter = 'date'): string {
  return fromDayIndex(dayOf(parameter, date) + Math.round(days));
}

/** The first day of the month after the month of `date` (2026-11-22 → 2026-12-01; 2026-12-01 → 2027-01-01). */
export function firstOfNextMonth(date: string, parameter = 'runDate'): string {
  const { y, m } = civilFromDayIndex(dayOf(parameter, date));
  return fromDayIndex(dayIndexFromCivil(y, m + 1, 1));
}

/** January 1 of the year after the year of `date`. */
export function firstOfNextYear(date: string, parameter = 'runDate'): string {
  const { y } = civilFromDayIndex(dayOf(parameter, date));
  return fromDayIndex(dayIndexFromCivil(y + 1, 1, 1));
}

/** The earliest startDate of a phase's segments (validated as a date), or undefined. */
function firstStart(forecast: WellForecast, phase: ForecastPhase): string | undefined {
  const segments = forecast.segments[phase];
  let best: string | undefined;
  segments?.forEach((s, i) => {
    dayOf(`forecast.segments.${phase}[${i}].startDate`, s.startDate);
    if (best === undefined || s.startDate < best) best = s.startDate;
  });
  return best;
}

const total = (s: DailySeries | undefined) => {
  let sum = 0;
  if (s) for (const v of s.values) sum += v;
  return sum;
};

/**
 * The major phase: the one of oil and gas with the larger forecast volume in BOE (oil BBL against
 * gas MCF / 6; water is never major; a tie goes to oil). When neither has volume, the phase that
 * has segments (oil first); undefined when neither has any forecast.
 */
export function majorPhase(forecast: WellForecast): 'oil' | 'gas' | undefined {
  const oil = total(forecast.volumes.oil);
  const gasBoe = total(forecast.volumes.gas) / MAJOR_PHASE_GAS_PER_BOE;
  if (oil > 0 || gasBoe > 0) return gasBoe > oil ? 'gas' : 'oil';
  if (forecast.segments.oil?.length || forecast.volumes.oil) return 'oil';
  if (forecast.segments.gas?.length || forecast.volumes.gas) return 'gas';
  return undefined;
}

/** Start of the major phase's first best segment (its series' start when it has no segments). */
export function majorSegmentDate(forecast: WellForecast): string | undefined {
  const phase = majorPhase(forecast);
  if (phase === undefined) return undefined;
  const start = firstStart(forecast, phase);
  if (start !== undefined) return start;
  const series = forecast.volumes[phase];
  return series ? fromDayIndex(series.start) : undefined;
}

/**
 * The earliest first-segment start of any phase (the forecast's start); the earliest daily-series
 * start when no phase has segments; undefined without any forecast.
 */
export function forecastStart(forecast: WellForecast): string | undefined {
  let best: string | undefined;
  for (const p of FORECAST_PHASES) {
    const s = firstStart(forecast, p);
    if (s !== undefined && (best === undefined || s < best)) best = s;
  }
  if (best !== undefined) return best;
  for (const p of FORECAST_PHASES) {
    const series = forecast.volumes[p];
    if (!series) continue;
    const s = fromDayIndex(series.start);
    if (best === undefined || s < best) best = s;
  }
  return best;
}

const HIERARCHY_KEYS = ['firstFpdSource', 'secondFpdSource', 'thirdFpdSource', 'fourthFpdSource'] as const;

/** A header date as 'YYYY-MM-DD' (an ISO timestamp keeps its date part), or undefined when absent or not a date. */
export function headerDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = value.slice(0, 10);
  try {
    dayOf('header', date);
    return date;
  } catch {
    return undefined;
  }
}

/**
 * The first production date from the FPD source hierarchy (spec 2.3): the first source, first to
 * fourth, that yields a date. `date`: that date; `wellHeader`: the well's firstProdDate;
 * `productionData`: the first day with production (the daily history's, else the first day of the
 * monthly history's first producing month); `forecast`: the forecast's
 * start (no schedules exist, so the forecast is the only source); `notUsed`: skipped;
 * `linkToWells`: skipped with a warning. When none yields a date, the forecast's start with a
 * warning; undefined (with a warning) when the well has no forecast either.
 */
export function resolveFpd(
  hierarchy: FpdSourceHierarchy,
  well: {
    firstProdDate?: unknown;
    firstProdDateDailyCalc?: string | null | undefined;
    firstProdDateMonthlyCalc?: string | null | undefined;
  },
  forecast: WellForecast,
  warnings: string[],
): string | undefined {
  for (const key of HIERARCHY_KEYS) {
    const source = hierarchy[key];
    if (source.date !== undefined) return source.date;
    if (source.wellHeader) {
      const d = headerDate(well.firstProdDate);
      if (d !== undefined) return d;
    } else if (source.productionData) {
      const d = headerDate(well.firstProdDateDailyCalc) ?? headerDate(well.firstProdDateMonthlyCalc);
      if (d !== undefined) return d;
    } else if (source.forecast) {
      const d = forecastStart(forecast);
      if (d !== undefined) return d;
    } else if (source.linkToWells !== undefined) {
      warnings.push(
        `date-settings: fpdSourceHierarchy.${key} linkToWells is not supported (no linked wells in this service); source skipped.`,
      );
    }
  }
  const fallback = forecastStart(forecast);
  warnings.push(
    fallback === undefined
      ? 'date-settings: fpdSourceHierarchy yields no first production date and the well has no forecast; FPD is unknown.'
      : `date-settings: fpdSourceHierarchy yields no first production date; the forecast start ${fallback} is used.`,
  );
  return fallback;
}

/**
 * A date choice (asOfDate or discountDate): `date` as given; `dynamic` the first of the next month
 * or year after `runDate`; `fpd` the FPD; `majorSegment` the major segment's start. An FPD or major
 * segment the well lacks falls back to the first of the month after runDate, with a warning.
 */
export function resolveDateChoice(
  field: 'asOfDate' | 'discountDate',
  choice: DateChoice,
  ctx: { runDate: string; fpd: string | undefined; majorSegment: string | undefined },
  warnings: string[],
): string {
  if (choice.date !== undefined) return choice.date;
  if (choice.dynamic === 'first_of_next_year') return firstOfNextYear(ctx.runDate);
  if (choice.dynamic === 'first_of_next_month') return firstOfNextMonth(ctx.runDate);
  const fallback = firstOfNextMonth(ctx.runDate);
  if (choice.fpd) {
    if (ctx.fpd !== undefined) return ctx.fpd;
    warnings.push(`date-settings: dateSetting.${field} is fpd but the well has no FPD; ${fallback} is used.`);
    return fallback;
  }
  if (ctx.majorSegment !== undefined) return ctx.majorSegment;
  warnings.push(
    `date-settings: dateSetting.${field} is majorSegment but the well has no oil or gas forecast; ${fallback} is used.`,
  );
  return fallback;
}
