import { dailySum } from '../dailySum';
import { fromDayIndex } from '../dayIndex';
import { type SegmentInput, toSegment } from '../segment';
import type { Exclusion, History } from './history';
import { type LeastSquaresOptions, type LeastSquaresProblem, leastSquares } from './leastSquares';
import {
  declineModel,
  exponentialModel,
  flatModel,
  linearModel,
  type ModelConstraints,
  type ModelKind,
  type ParametricModel,
} from './models';
import { CUM_SCALE, cumulativeProblem, leastSquaresLine, logRateQuality, rateProblem } from './regression';

/*
 * One model fitted to a prepared history: the engine behind fitDecline, fitSequence and fitRatio.
 * It keeps what the uncertainty (percentiles.ts) needs: the model, the problem and the solution.
 */

/** Below this R² (log rate) a decline fit is refused: the history is not one decline. */
export const MIN_R2 = 0.5;
/** Fewest producing points a fit needs. */
export const MIN_POINTS = 3;
/** With the robust loss, a point more than 3× (or under a third of) the fitted rate is an outlier. */
export const OUTLIER_LOG_RATE = Math.log(3);

export interface FitQuality {
  /** Coefficient of determination of log rate over the points used. */
  r2: number;
  /** Root mean square error of log rate (natural log) over the points used. */
  rmseLogRate: number;
  pointsUsed: number;
  excluded: Exclusion[];
}

export type Refusal = { ok: false; reason: string; quality?: Pick<FitQuality, 'pointsUsed' | 'excluded'> };

export const refuse = (reason: string, quality?: Pick<FitQuality, 'pointsUsed' | 'excluded'>): Refusal =>
  quality ? { ok: false, reason, quality } : { ok: false, reason };

export interface ModelFitRequest {
  history: History;
  /** Last day of the segment (day index). */
  endDay: number;
  kind: ModelKind;
  constraints: ModelConstraints;
  regression: 'rate' | 'cum';
  /** Default soft_l1 on rate, linear on cumulative volume. */
  loss?: 'soft_l1' | 'linear' | undefined;
  /** Per-point weights (recent data), aligned with history.points. */
  weights?: Float64Array | undefined;
}

export interface ModelFit {
  ok: true;
  segment: SegmentInput;
  quality: FitQuality;
  eur: number;
  /**
   * What the uncertainty needs: the model, the problem whose residuals are independent (the
   * regression's own on rate; the per-point rate residuals for a regression on cumulative volume),
   * its least-squares options and the solution.
   */
  solution: {
    model: ParametricModel;
    problem: LeastSquaresProblem;
    options: LeastSquaresOptions;
    p: Float64Array;
    startDay: number;
    endDay: number;
  };
  /** Model minus observed log rate at each history point; `keep` is 0 for outliers. */
  logResiduals: Float64Array;
  keep: Uint8Array;
}

const isDecline = (kind: ModelKind): kind is 'exp_dec' | 'arps' | 'arps_modified' =>
  kind === 'exp_dec' || kind === 'arps' || kind === 'arps_modified';

/**
 * Fits one model to the history: the declines by regression on log rate (or cumulative volume),
 * `linear` on rate, `flat` as the median rate (its regression on cumulative volume is fitted),
 * `exponential` (ratios) on log rate with either sign. Refuses too few points, an end before the
 * last point, declines whose rates do not decline, and declines with R² below MIN_R2.
 */
export function fitModel(request: ModelFitRequest): ModelFit | Refusal {
  const { history, endDay, kind, constraints, regression } = request;
  const { points, startDay } = history;
  const excluded = [...history.excluded];
  const base = { pointsUsed: points.length, excluded };
  if (points.length < MIN_POINTS) {
    return refuse(`needs at least ${MIN_POINTS} producing points from the start; has ${points.length}`, base);
  }
  if (endDay < points[points.length - 1]!.day) return refuse('endDay is before the last history point', base);

  const t = Float64Array.from(points, (p) => p.day - startDay);
  const q = Float64Array.from(points, (p) => p.rate);
  const lnQ = q.map(Math.log);
  const median = [...q].sort((a, b) => a - b)[Math.floor(q.length / 2)]!;
  let model: ParametricModel;
  if (isDecline(kind) || kind === 'exponential') {
    // A straight line through log rate: the first guess, and the "does it decline" test.
    const line = leastSquaresLine(t, lnQ);
    if (kind === 'exponential') model = exponentialModel(constraints, line);
    else {
      if (!(line.slope < 0)) {
        return refuse('the rates do not decline from the start (fitted decline ≤ 0): fit a flat segment instead', base);
      }
      if (kind === 'arps_modified' && constraints.terminalDEff === undefined) {
        return refuse('arps_modified needs a terminal decline (terminalDEff)', base);
      }
      model = declineModel(kind, constraints, line);
    }
  } else model = kind === 'flat' ? flatModel(constraints, median) : linearModel(constraints, median);

  const observedRate = model.space === 'log' ? lnQ : q;
  const problem =
    regression === 'cum'
      ? cumulativeProblem(
          model,
          t,
          history.intervals,
          q,
          Float64Array.from(points, (p) => (p.from ?? p.day) - startDay),
        )
      : rateProblem(model, t, observedRate);
  const loss = request.loss ?? (regression === 'cum' ? 'linear' : 'soft_l1');
  const options: LeastSquaresOptions = {
    loss,
    scale: regression === 'cum' ? CUM_SCALE : model.scale,
    ...(request.weights ? { weights: request.weights } : {}),
  };
  // flat on rate is the median (robust, no trend); everything else is least squares.
  const solved = model.n === 0 || (kind === 'flat' && regression === 'rate');
  const p = solved ? Float64Array.from(model.p0) : leastSquares(problem, model.p0, options).p;

  const logResiduals = Float64Array.from(
    t,
    (delta, i) =>
      (model.space === 'log' ? model.value(p, delta) : Math.log(Math.max(model.value(p, delta), Number.MIN_VALUE))) -
      lnQ[i]!,
  );
  // Outliers (robust loss, log-rate models) are reported and left out of the quality.
  const flagOutliers = loss === 'soft_l1' && model.space === 'log' && kind !== 'flat';
  const keep = Uint8Array.from(logResiduals, (r) => (!flagOutliers || Math.abs(r) <= OUTLIER_LOG_RATE ? 1 : 0));
  keep.forEach((k, i) => {
    if (!k) excluded.push({ day: points[i]!.day, reason: 'outlier' });
  });
  excluded.sort((a, b) => a.day - b.day);
  base.pointsUsed = keep.reduce((s, k) => s + k, 0);
  const quality: FitQuality = {
    ...logRateQuality(lnQ, logResiduals, keep, isDecline(kind) ? 0 : 1, request.weights),
    ...base,
  };
  if (isDecline(kind) && quality.r2 < MIN_R2) {
    return refuse(
      `poor fit (R² ${quality.r2.toFixed(2)} of log rate): the history is not one decline (a step or a change of regime?); start the fit after it`,
      base,
    );
  }
  if (kind === 'linear') {
    const seg = model.segment(p);
    if (seg.q0 < 0) return refuse(`the fitted line starts below 0 (${seg.q0}): start the segment later`, base);
    if (seg.q0 + seg.slope * (endDay - startDay) < 0) {
      const zero = startDay + Math.floor(-seg.q0 / seg.slope);
      return refuse(
        `the fitted line reaches 0 on ${fromDayIndex(zero)}, before the end: end the segment there or fit a decline`,
        base,
      );
    }
  }
  const segment = model.toInput(p, startDay, endDay);
  const seg = toSegment(segment);
  return {
    ok: true,
    segment,
    quality,
    eur: dailySum(seg, 0, seg.end - seg.start),
    solution:
      regression === 'cum'
        ? // Cumulative residuals are correlated (each carries the earlier ones): σ²(JᵀJ)⁻¹ of them would
          // understate the spread, so the uncertainty comes from the per-point residuals at the solution.
          {
            model,
            problem: rateProblem(model, t, observedRate),
            options: { loss: 'linear', scale: 1 },
            p,
            startDay,
            endDay,
          }
        : { model, problem, options, p, startDay, endDay },
    logResiduals,
    keep,
  };
}
