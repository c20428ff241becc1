import type { SegmentInput } from '../segment';
import { type FitQuality, fitModel, type ModelFit, type Refusal, refuse } from './fitModel';
import { type FitPoint, type History, type HistoryStart, prepareHistory, recentWeights } from './history';
import type { ModelConstraints, ModelKind } from './models';
import { fitPercentiles, type PercentileOptions, type Percentiles } from './percentiles';

/*
 * Fits one segment to one phase's production history (issue 18): exp_dec, arps and arps_modified
 * by regression on log rate or on cumulative volume, robust to outliers (soft_l1), shut-in and zero
 * days left out and reported, recent data weighted when asked, from the peak (or the first point,
 * or a day) to the last point; P10/P50/P90 from the fit's uncertainty when asked.
 * Pure: no I/O, usable in the browser.
 */

export type { FitQuality } from './fitModel';
export { MIN_POINTS, MIN_R2, OUTLIER_LOG_RATE } from './fitModel';
export type { ExclusionReason, FitPoint } from './history';

export type FitModel = 'exp_dec' | 'arps' | 'arps_modified' | 'flat' | 'linear';

/** Options every fit shares: the regression, the loss, weights and exclusions. */
export interface RegressionOptions {
  /**
   * Spec 2.9's `regressionType`: on `rate` (default; log rate for the declines) or on `cum`ulative
   * volume (each point's volume is rate × the days it stands for: FitPoint.days). The quality is
   * reported in log rate either way.
   */
  regression?: 'rate' | 'cum';
  /** `soft_l1` (robust to outliers; the default on rate) or `linear` (the default on cumulative volume). */
  loss?: 'soft_l1' | 'linear';
  /**
   * Weights recent data (regression on rate only): a point's weight is 2^(−age/halfLifeDays), its
   * age in days from the last point; the quality is weighted alike.
   */
  recentWeight?: { halfLifeDays: number };
  /** Day indexes the user left out (points clicked off the chart); reported as `excluded by the user`. */
  exclude?: readonly number[];
}

export interface FitOptions extends ModelConstraints, RegressionOptions {
  model: FitModel;
  /** Where the fit starts: the highest rate (default), the first producing point, or a day index. */
  start?: HistoryStart;
  /** Last day of the fitted segment (the forecast's end), day index. */
  endDay: number;
  /** P10/P50/P90 from the fit's uncertainty (`true`: 1000 samples, the default seed). */
  percentiles?: boolean | PercentileOptions;
}

export type FitResult =
  | {
      ok: true;
      /** The fitted segment in spec 2.8 form, ready to store. */
      segment: SegmentInput;
      quality: FitQuality;
      /** Volume of the segment from its start to endDay (the sum of its daily values). */
      eur: number;
      /** When asked (options.percentiles): the P10, P50 and P90 segments and EURs, or why there are none. */
      percentiles?: Percentiles;
    }
  | Refusal;

/** A reason when the regression options cannot be used, else undefined. */
export function regressionOptionsIssue(options: RegressionOptions): string | undefined {
  const halfLife = options.recentWeight?.halfLifeDays;
  if (options.recentWeight && !(Number.isFinite(halfLife) && halfLife! > 0)) {
    return `recentWeight.halfLifeDays must be a positive number of days; got ${halfLife}`;
  }
  if (options.regression !== undefined && options.regression !== 'rate' && options.regression !== 'cum') {
    return `regression must be rate or cum; got ${String(options.regression)}`;
  }
  if (options.recentWeight && options.regression === 'cum') {
    // Every cumulative residual carries the early volume: weighting late ones cannot forget it.
    return 'recentWeight applies to the regression on rate: on cumulative volume every residual carries the early volume';
  }
  return undefined;
}

/** Fits one model to a prepared history with the shared options (fitDecline and fitRatio). */
export function fitPrepared(
  history: History,
  kind: ModelKind,
  options: ModelConstraints & RegressionOptions & { endDay: number },
): ModelFit | Refusal {
  return fitModel({
    history,
    endDay: options.endDay,
    kind,
    constraints: options,
    regression: options.regression ?? 'rate',
    loss: options.loss,
    weights: options.recentWeight ? recentWeights(history.points, options.recentWeight.halfLifeDays) : undefined,
  });
}

/**
 * Fits a segment of `options.model` to the points.
 *
 * @returns the segment, its quality and EUR (and P10/P50/P90 when asked); or a reason when the
 *   history cannot give one (too few points, no production, no decline, a poor fit)
 * @example fitDecline(points, { model: 'arps', endDay: toDayIndex('2055-12-31'), regression: 'cum' })
 */
export function fitDecline(points: readonly FitPoint[], options: FitOptions): FitResult {
  const issue = regressionOptionsIssue(options);
  if (issue) return refuse(issue);
  const history = prepareHistory(points, options);
  if (!('points' in history)) return refuse(history.reason, { pointsUsed: 0, excluded: history.excluded });
  const fit = fitPrepared(history, options.model, options);
  if (!fit.ok) return fit;
  const { segment, quality, eur } = fit;
  if (!options.percentiles) return { ok: true, segment, quality, eur };
  const percentiles = fitPercentiles(fit, options.percentiles === true ? {} : options.percentiles);
  return { ok: true, segment, quality, eur, percentiles };
}
