import type { SegmentInput } from '../segment';
import { fitPrepared, regressionOptionsIssue } from './fitDecline';
import { type FitQuality, type Refusal, refuse } from './fitModel';
import { type Exclusion, type FitPoint, type HistoryStart, prepareHistory } from './history';
import type { ModelConstraints } from './models';

/*
 * Ratio phases (issue 18; spec 2.8 `forecastType: 'ratio'`): a phase forecast as a ratio over its
 * base phase (GOR: gas/oil, WOR: water/oil, or any phase over another), fitted to the days both
 * phases have. A ratio may rise, so the exponential takes either sign (exp_dec or exp_inc), and
 * flat and linear (a slope of either sign) are offered too. qStart of a ratio segment is the ratio.
 */

export type FitPhase = 'oil' | 'gas' | 'water';

export interface FitRatioOptions extends Pick<ModelConstraints, 'qStart'> {
  /** `exponential` (exp_dec or exp_inc by the fitted sign), `linear` or `flat`. */
  model: 'exponential' | 'linear' | 'flat';
  /** The phase the ratio is over (spec 2.8 `basePhase`), carried into the result. */
  basePhase: FitPhase;
  /** The ratio's own phase, when known: it must differ from basePhase. */
  phase?: FitPhase;
  /** Where the fit starts: the first paired day (default), the highest ratio, or a day index. */
  start?: HistoryStart;
  /** Last day of the segment (the forecast's end), day index. */
  endDay: number;
  /** soft_l1 (default) or linear. */
  loss?: 'soft_l1' | 'linear';
  recentWeight?: { halfLifeDays: number };
  /** Day indexes the user left out. */
  exclude?: readonly number[];
}

export type FitRatioResult =
  | {
      ok: true;
      forecastType: 'ratio';
      basePhase: FitPhase;
      /** The ratio segments in spec 2.8 form (one), ready to store with forecastType 'ratio'. */
      segments: SegmentInput[];
      /** Quality of the fit in log ratio. */
      quality: FitQuality;
    }
  | Refusal;

/**
 * Fits the ratio phase / base phase (per day) of the days both histories have. Days the base
 * phase is zero (or negative) are left out as `base phase zero`; days the phase is zero as
 * `zero or negative rate`.
 *
 * @returns the ratio segment with basePhase; or a reason (no overlapping days, the base phase zero
 *   on every overlapping day, too few points, the same phase as its base)
 * @example fitRatio(oil, gas, { model: 'exponential', basePhase: 'oil', phase: 'gas', endDay }) // GOR
 */
export function fitRatio(
  basePoints: readonly FitPoint[],
  phasePoints: readonly FitPoint[],
  options: FitRatioOptions,
): FitRatioResult {
  if (options.phase !== undefined && options.phase === options.basePhase) {
    return refuse(`basePhase must differ from phase (${options.phase})`);
  }
  const issue = regressionOptionsIssue(options);
  if (issue) return refuse(issue);
  const base = new Map<number, number>();
  for (const p of basePoints) base.set(p.day, (base.get(p.day) ?? 0) + p.rate);
  const ratios: FitPoint[] = [];
  const excluded: Exclusion[] = [];
  for (const p of phasePoints) {
    const b = base.get(p.day);
    if (b === undefined) continue;
    if (!(b > 0)) excluded.push({ day: p.day, reason: 'base phase zero' });
    else ratios.push({ day: p.day, rate: p.rate / b, ...(p.days === undefined ? {} : { days: p.days }) });
  }
  if (ratios.length === 0) {
    return excluded.length
      ? refuse(`the base phase (${options.basePhase}) is zero on every day both phases have`, {
          pointsUsed: 0,
          excluded,
        })
      : refuse(`no overlapping days: the phase and its base phase (${options.basePhase}) share no day`);
  }
  const history = prepareHistory(ratios, { start: options.start ?? 'first', exclude: options.exclude, excluded });
  if (!('points' in history)) return refuse(history.reason, { pointsUsed: 0, excluded: history.excluded });
  const fit = fitPrepared(history, options.model, options);
  if (!fit.ok) return fit;
  return {
    ok: true,
    forecastType: 'ratio',
    basePhase: options.basePhase,
    segments: [fit.segment],
    quality: fit.quality,
  };
}
