import { dailySum } from '../dailySum';
import type { LeastSquaresProblem } from './leastSquares';
import type { ParametricModel } from './models';

/*
 * The residuals of the two regressions of spec 2.9's `regressionType`: on rate (log rate for the
 * declines) and on cumulative volume.
 */

/** Regression on rate: out[i] = model value at t[i] − observed[i] (log rate, or rate for linear). */
export function rateProblem(model: ParametricModel, t: Float64Array, observed: Float64Array): LeastSquaresProblem {
  return {
    m: t.length,
    residuals: (p, out) => {
      for (let i = 0; i < t.length; i++) out[i] = model.value(p, t[i]!) - observed[i]!;
    },
    project: model.project,
  };
}

/** soft_l1 scale of the cumulative regression: 5 % of the history's total volume. */
export const CUM_SCALE = 0.05;

/**
 * Regression on cumulative volume. Point i stands for the whole days [from[i], from[i] + days[i] − 1]
 * (Δ from the start; `from` defaults to `t`, and days before the start are not summed); its observed volume is rate × days. The model's volume of those days is the
 * sum of its daily values (dailySum: the product's volumes, decline-math.md), so a history made
 * from the model's own daily values is recovered exactly. Residual i is the model's cumulative
 * minus the observed cumulative over the points up to i, divided by the observed total (the
 * residuals are fractions of the history's volume). Intervals of points left out (shut-in days,
 * exclusions) count on neither side.
 */
export function cumulativeProblem(
  model: ParametricModel,
  t: Float64Array,
  days: Float64Array,
  rates: Float64Array,
  from: Float64Array = t,
): LeastSquaresProblem {
  const m = t.length;
  const observed = new Float64Array(m);
  let cum = 0;
  for (let i = 0; i < m; i++) {
    cum += rates[i]! * days[i]!;
    observed[i] = cum;
  }
  const total = cum;
  return {
    m,
    residuals: (p, out) => {
      const seg = model.segment(p);
      let modelCum = 0;
      for (let i = 0; i < m; i++) {
        const last = from[i]! + days[i]! - 1;
        const first = Math.max(0, from[i]!);
        if (last >= first) modelCum += dailySum(seg, first, last);
        out[i] = (modelCum - observed[i]!) / total;
      }
    },
    project: model.project,
  };
}

/** Least-squares line y = intercept + slope·t (the first guess of the declines and the "does it decline" test). */
export function leastSquaresLine(t: Float64Array, y: Float64Array): { intercept: number; slope: number } {
  let st = 0;
  let sy = 0;
  for (let i = 0; i < t.length; i++) {
    st += t[i]!;
    sy += y[i]!;
  }
  const mt = st / t.length;
  const my = sy / t.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < t.length; i++) {
    num += (t[i]! - mt) * (y[i]! - my);
    den += (t[i]! - mt) ** 2;
  }
  const slope = den > 0 ? num / den : 0;
  return { intercept: my - slope * mt, slope };
}

/**
 * R² and RMSE of log rate over the kept points, from the residuals (model − observed log rate),
 * weighted when the fit weighs recent data (the quality of the fit that was asked for). With no
 * spread (all log rates equal) R² is `noSpreadR2`.
 */
export function logRateQuality(
  logObserved: Float64Array,
  logResiduals: Float64Array,
  keep: Uint8Array,
  noSpreadR2: number,
  weights?: Float64Array,
): { r2: number; rmseLogRate: number } {
  let total = 0;
  let mean = 0;
  for (let i = 0; i < logObserved.length; i++) {
    if (!keep[i]) continue;
    const w = weights ? weights[i]! : 1;
    total += w;
    mean += w * logObserved[i]!;
  }
  mean /= total;
  let ssRes = 0;
  let ssTot = 0;
  for (let i = 0; i < logObserved.length; i++) {
    if (!keep[i]) continue;
    const w = weights ? weights[i]! : 1;
    ssRes += w * logResiduals[i]! ** 2;
    ssTot += w * (logObserved[i]! - mean) ** 2;
  }
  return { r2: ssTot > 0 ? 1 - ssRes / ssTot : noSpreadR2, rmseLogRate: Math.sqrt(ssRes / total) };
}
