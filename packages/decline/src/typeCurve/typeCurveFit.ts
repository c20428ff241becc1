import type { FitOptions, FitResult } from '../fit/fitDecline';
import { fitHistory, historyPoint } from '../historyPoints';
import {
  type Alignment,
  alignedRates,
  dayOfStep,
  normalizedRates,
  recordRate,
  type StepResolution,
  type VolumeRecord,
} from './alignedRates';
import {
  type Multipliers,
  type NormalizationDocument,
  type NormalizationPlan,
  normalizationPlan,
  type TypeCurvePhase,
  wellMultipliers,
} from './multipliers';
import { type SeriesStop, type StepStatistic, stepStatistics } from './stepStatistics';

/*
 * A type curve built from its wells, one phase (issue 18; decision 029): each well's history is
 * normalized by its multipliers, aligned on its peak or first production, and P10, P50, P90 and the
 * average are taken per time step; each series can then be fitted with `fitDecline`.
 */

/** One well of the type curve: its headers (by header key, e.g. `perf_lateral_length`) and one phase's records. */
export interface TypeCurveWellInput {
  id: string;
  excluded: boolean;
  headers: Readonly<Record<string, number | null | undefined>>;
  records: readonly VolumeRecord[];
}

export interface CloudOptions {
  phase: TypeCurvePhase;
  resolution: StepResolution;
  align: Alignment;
  /** The type curve's normalization document; undefined (or `normalize` false): no normalization. */
  normalization?: NormalizationDocument | undefined;
  normalize: boolean;
  /** The series stops at the first step with fewer wells (default 3, at most the wells used). */
  minWells?: number | undefined;
}

/** A well's place in the phase's type curve. */
export type WellOutcome = {
  id: string;
  /** The well's cumulative volume of the phase over its records (BBL or MCF), and its highest rate (per day). */
  cumulative: number;
  peakRate: number;
  x?: number;
} & (
  | {
      status: 'used';
      multipliers: Multipliers;
      note?: string;
      /** Day index of its step 0. */
      startDay: number;
      /** Normalized rates by step (NaN: none). */
      rates: Float64Array;
    }
  | { status: 'excluded' | 'noProduction'; reason: string }
);

export type TypeCurveCloud =
  | {
      ok: true;
      plan: Extract<NormalizationPlan, { ok: true }> | undefined;
      wells: WellOutcome[];
      steps: StepStatistic[];
      stop?: SeriesStop;
      minWells: number;
    }
  | { ok: false; field: string; rule: string; value: unknown; reason: string };

/** The series stops once fewer than this many wells produce (fewer when fewer wells are used). */
export const DEFAULT_MIN_WELLS = 3;

/**
 * The normalized, aligned cloud of a phase and its per-step statistics. Excluded wells are left out
 * (reported `excluded`); a well with no positive volume of the phase drops out of it (reported
 * `noProduction`, spec part 2.9). Refused when the normalization cannot be applied or no well is left.
 */
export function typeCurveCloud(wells: readonly TypeCurveWellInput[], o: CloudOptions): TypeCurveCloud {
  let plan: Extract<NormalizationPlan, { ok: true }> | undefined;
  if (o.normalize && o.normalization) {
    const p = normalizationPlan(o.normalization, o.phase);
    if (!p.ok) return p;
    plan = p;
  }
  const outcomes: WellOutcome[] = wells.map((w) => {
    let cumulative = 0;
    let peakRate = 0;
    for (const r of w.records) {
      if (r.volume !== null && r.volume !== undefined && r.volume > 0) cumulative += r.volume;
      const q = recordRate(o.resolution, r);
      if (q > peakRate) peakRate = q;
    }
    const x = plan ? (w.headers[plan.xAxis] ?? undefined) : undefined;
    const facts = { id: w.id, cumulative, peakRate, ...(x !== undefined ? { x } : {}) };
    if (w.excluded) return { ...facts, status: 'excluded', reason: 'in excludedWells' };
    const aligned = alignedRates(w.records, o.resolution, o.align);
    if (!aligned) {
      return { ...facts, status: 'noProduction', reason: `no ${o.resolution} ${o.phase} production` };
    }
    const m = plan ? wellMultipliers(plan, w.headers) : { multipliers: {} };
    return {
      ...facts,
      status: 'used',
      multipliers: m.multipliers,
      ...(m.note ? { note: m.note } : {}),
      startDay: aligned.startDay,
      rates: normalizedRates(aligned.rates, m.multipliers),
    };
  });
  const used = outcomes.flatMap((w) => (w.status === 'used' ? [w.rates] : []));
  if (used.length === 0) {
    return {
      ok: false,
      field: 'phases',
      rule: 'wells with production',
      value: o.phase,
      reason: `no well of the type curve has ${o.resolution} ${o.phase} production (${wells.length} wells, ${outcomes.filter((w) => w.status === 'excluded').length} excluded)`,
    };
  }
  const minWells = Math.max(1, Math.min(o.minWells ?? DEFAULT_MIN_WELLS, used.length));
  const stats = stepStatistics(used, minWells);
  return { ok: true, plan, wells: outcomes, steps: stats.steps, ...(stats.stop ? { stop: stats.stop } : {}), minWells };
}

/** The series of a fit: `best` is the average (decision 029), the others the percentiles. */
export const SERIES_SOURCE = { best: 'average', p10: 'p10', p50: 'p50', p90: 'p90' } as const;
export type TypeCurveSeries = keyof typeof SERIES_SOURCE;

export interface SeriesFitOptions extends Omit<FitOptions, 'start' | 'endDay' | 'exclude' | 'qStart'> {
  resolution: StepResolution;
  /** Day index of the type curve's step 0: the fitted segments' dates count from it. */
  startDay: number;
  /** Last day of the fitted segments. */
  endDay: number;
}

/**
 * Fits each series (best = average, p10, p50, p90) with `fitDecline` from the series' peak (with
 * align `peak` that is step 0); step k is placed on {@link dayOfStep}(startDay, k).
 */
export function fitSeries(steps: readonly StepStatistic[], o: SeriesFitOptions): Record<TypeCurveSeries, FitResult> {
  const { resolution, startDay, ...fit } = o;
  const out = {} as Record<TypeCurveSeries, FitResult>;
  for (const [series, source] of Object.entries(SERIES_SOURCE) as [TypeCurveSeries, keyof StepStatistic][]) {
    // Each step as a record of its day (a month's average rate at mid-month, as wells are fitted).
    const points = steps.map((s) => {
      const record = dayOfStep(resolution, startDay, s.step);
      const p = historyPoint(record, 1, resolution);
      return { ...p, rate: s[source] };
    });
    out[series] = fitHistory(points, { ...fit, start: 'peak' });
  }
  return out;
}
