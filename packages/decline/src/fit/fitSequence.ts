import type { SegmentInput } from '../segment';
import { type FitModel, type RegressionOptions, regressionOptionsIssue } from './fitDecline';
import { type FitQuality, fitModel, MIN_POINTS, type ModelFit, type Refusal, refuse } from './fitModel';
import { type FitPoint, type History, type HistoryStart, prepareHistory, recentWeights } from './history';
import { robustCost } from './leastSquares';
import { LOG_RATE_SCALE, type ModelConstraints } from './models';
import { logRateQuality } from './regression';

/*
 * Segment sequences (issue 18): for example a flat or ramp-up (linear) segment, then a decline.
 * Each segment is fitted to the points between its start and the next segment's start; the
 * segments are contiguous (spec 2.8: the next starts the day after the previous ends) and the last
 * runs to endDay. The breakpoints are the caller's, or searched: the history points that give the
 * lowest total loss (soft_l1 of log rate over every point, whatever the regression).
 */

/** One segment of a sequence: its model and constraints. */
export interface SequenceSegmentOptions extends ModelConstraints {
  model: FitModel;
}

export interface FitSequenceOptions extends RegressionOptions {
  /** The segments in order (1 to MAX_SEQUENCE_SEGMENTS). */
  segments: readonly SequenceSegmentOptions[];
  /** Last day of the last segment (the forecast's end), day index. */
  endDay: number;
  /** Where the first segment starts: the first producing point (default), the peak, or a day index. */
  start?: HistoryStart;
  /** Day indexes where segments 2, 3, … start; searched among the history's days when left out. */
  breakpoints?: readonly number[];
}

export type FitSequenceResult =
  | {
      ok: true;
      /** Contiguous segments in spec 2.8 form, ready to store. */
      segments: SegmentInput[];
      /** Day indexes where segments 2, 3, … start (given or found). */
      breakpoints: number[];
      /** Over the whole sequence: R² and RMSE of log rate, points used and left out. */
      quality: FitQuality;
      /** The sequence's volume from its start to endDay (the sum of the segments' EURs). */
      eur: number;
    }
  | Refusal;

/** Most segments a sequence takes. */
export const MAX_SEQUENCE_SEGMENTS = 5;
/** Most breakpoint candidates a search tries per breakpoint (evenly spread over the history). */
const MAX_CANDIDATES = 40;

/**
 * Fits a sequence of segments to the points.
 *
 * @returns the contiguous segments, the breakpoints, the quality and the EUR; or a reason (a
 *   segment that cannot be fitted names its position, e.g. `segment 2: …`)
 * @example fitSequence(points, { segments: [{ model: 'linear' }, { model: 'arps' }], endDay })
 */
export function fitSequence(points: readonly FitPoint[], options: FitSequenceOptions): FitSequenceResult {
  const issue = regressionOptionsIssue(options);
  if (issue) return refuse(issue);
  const count = options.segments.length;
  if (count < 1 || count > MAX_SEQUENCE_SEGMENTS) {
    return refuse(`segments must hold 1 to ${MAX_SEQUENCE_SEGMENTS} segments; has ${count}`);
  }
  const history = prepareHistory(points, { start: options.start ?? 'first', exclude: options.exclude });
  if (!('points' in history)) return refuse(history.reason, { pointsUsed: 0, excluded: history.excluded });
  const base = { pointsUsed: history.points.length, excluded: history.excluded };
  const weights = options.recentWeight ? recentWeights(history.points, options.recentWeight.halfLifeDays) : undefined;
  const n = history.points.length;

  /** Segment k on points [i, j), starting on `startDay`, ending the day before `nextStart`. */
  const fitPart = (k: number, i: number, j: number, startDay: number, nextStart?: number) => {
    const seg = options.segments[k]!;
    const part: History = {
      points: history.points.slice(i, j),
      intervals: history.intervals.slice(i, j),
      startDay,
      excluded: [],
    };
    return fitModel({
      history: part,
      endDay: nextStart === undefined ? options.endDay : nextStart - 1,
      kind: seg.model,
      constraints: seg,
      regression: options.regression ?? 'rate',
      loss: options.loss,
      weights: weights?.slice(i, j),
    });
  };

  let starts: number[];
  let fits: (ModelFit | Refusal)[];
  if (options.breakpoints !== undefined) {
    const bps = options.breakpoints;
    if (bps.length !== count - 1) {
      return refuse(
        `breakpoints must hold ${count - 1} day(s), one per segment after the first; has ${bps.length}`,
        base,
      );
    }
    starts = [history.startDay, ...bps];
    for (let k = 1; k < starts.length; k++) {
      if (!Number.isInteger(starts[k]) || starts[k]! <= starts[k - 1]!) {
        return refuse(`breakpoint ${k} (day ${starts[k]}) must be a whole day after the start of segment ${k}`, base);
      }
    }
    if (starts[count - 1]! > options.endDay) return refuse('the last breakpoint is after endDay', base);
    const index = starts.map((day) => firstIndexFrom(history.points, day));
    index.push(n);
    fits = starts.map((day, k) => fitPart(k, index[k]!, index[k + 1]!, day, starts[k + 1]));
  } else {
    const found = searchBreakpoints(n, count, (k, i, j) => {
      const fit = fitPart(k, i, j, k === 0 ? history.startDay : history.points[i]!.day, history.points[j]?.day);
      return fit.ok ? robustCost(fit.logResiduals, 'soft_l1', LOG_RATE_SCALE, weights?.slice(i, j)) : Infinity;
    });
    if (!found) {
      return refuse(
        `no breakpoints give every segment a fit (each needs at least ${MIN_POINTS} points and its own conditions); give the breakpoints, or fewer segments`,
        base,
      );
    }
    starts = found.map((i, k) => (k === 0 ? history.startDay : history.points[i]!.day));
    fits = found.map((i, k) => fitPart(k, i, found[k + 1] ?? n, starts[k]!, starts[k + 1]));
  }
  const failed = fits.findIndex((f) => !f.ok);
  if (failed >= 0) return refuse(`segment ${failed + 1}: ${(fits[failed] as Refusal).reason}`, base);
  return combine(fits as ModelFit[], history, starts, weights);
}

/** The first index whose day is on or after `day` (points sorted by day). */
function firstIndexFrom(points: readonly FitPoint[], day: number): number {
  const i = points.findIndex((p) => p.day >= day);
  return i < 0 ? points.length : i;
}

/**
 * The start index of each of `count` parts of n points (the first 0) minimizing Σ cost(k, i, j)
 * by dynamic programming over candidate breakpoints, each part at least MIN_POINTS long;
 * undefined when no choice gives every part a finite cost.
 */
function searchBreakpoints(
  n: number,
  count: number,
  cost: (k: number, i: number, j: number) => number,
): number[] | undefined {
  const all: number[] = [];
  for (let i = MIN_POINTS; i <= n - MIN_POINTS; i++) all.push(i);
  const step = Math.max(1, all.length / MAX_CANDIDATES);
  const candidates = [
    ...new Set(Array.from({ length: Math.min(all.length, MAX_CANDIDATES) }, (_, c) => all[Math.floor(c * step)]!)),
  ];
  // best.get(j): the lowest cost of the parts so far ending at j (exclusive), and their starts.
  let best = new Map<number, { cost: number; starts: number[] }>([[0, { cost: 0, starts: [] }]]);
  for (let k = 0; k < count; k++) {
    const ends = k === count - 1 ? [n] : candidates;
    const next = new Map<number, { cost: number; starts: number[] }>();
    for (const j of ends) {
      for (const [i, prev] of best) {
        if (j - i < MIN_POINTS || !Number.isFinite(prev.cost)) continue;
        const total = prev.cost + cost(k, i, j);
        if (total < (next.get(j)?.cost ?? Infinity)) next.set(j, { cost: total, starts: [...prev.starts, i] });
      }
    }
    best = next;
  }
  const last = best.get(n);
  return last && Number.isFinite(last.cost) ? last.starts : undefined;
}

/** The sequence's result: the segments, the quality over all of them, and the summed EUR. */
function combine(
  fits: ModelFit[],
  history: History,
  starts: number[],
  weights: Float64Array | undefined,
): FitSequenceResult {
  const logObserved = Float64Array.from(history.points, (p) => Math.log(p.rate));
  const logResiduals = new Float64Array(history.points.length);
  const keep = new Uint8Array(history.points.length);
  const excluded = [...history.excluded];
  let offset = 0;
  for (const fit of fits) {
    logResiduals.set(fit.logResiduals, offset);
    keep.set(fit.keep, offset);
    excluded.push(...fit.quality.excluded);
    offset += fit.keep.length;
  }
  excluded.sort((a, b) => a.day - b.day);
  const noSpread = fits.every((f) => f.segment.segmentType === 'flat' || f.segment.segmentType === 'linear') ? 1 : 0;
  return {
    ok: true,
    segments: fits.map((f) => f.segment),
    breakpoints: starts.slice(1),
    quality: {
      ...logRateQuality(logObserved, logResiduals, keep, noSpread, weights),
      pointsUsed: keep.reduce((s, k) => s + k, 0),
      excluded,
    },
    eur: fits.reduce((s, f) => s + f.eur, 0),
  };
}
