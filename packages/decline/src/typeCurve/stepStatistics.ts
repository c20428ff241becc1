/*
 * Per-step statistics of a type curve's normalized wells (decision 029): P10, P50, P90 and the
 * average over the wells with a positive rate at the step.
 */

/** One time step of the series: how many wells produce there and their rate statistics (per day). */
export interface StepStatistic {
  step: number;
  wellCount: number;
  /** The high case: the 90th percentile of the rates. */
  p10: number;
  p50: number;
  /** The low case: the 10th percentile of the rates. */
  p90: number;
  average: number;
}

/**
 * The p-quantile (0–1) of ascending values by linear interpolation between order statistics
 * (Hyndman–Fan type 7, numpy's default): h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
 *
 * @example quantile([1, 2, 3, 4], 0.9) // 3.7
 */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  return lo + 1 < n ? a + (h - lo) * (sorted[lo + 1]! - a) : a;
}

/** Where the series stopped: the first step with fewer than the minimum of wells. */
export interface SeriesStop {
  step: number;
  wellCount: number;
  minWells: number;
}

/**
 * The statistics of each step from 0, over the wells' normalized rates (`rates[k]`, NaN or missing
 * where a well has none). The series stops at the first step where fewer than `minWells` wells
 * produce (later steps are left out even when more wells come back: the tail of a few long-lived
 * wells is not a type curve).
 */
export function stepStatistics(
  wells: readonly Float64Array[],
  minWells: number,
): { steps: StepStatistic[]; stop?: SeriesStop } {
  const longest = wells.reduce((n, r) => Math.max(n, r.length), 0);
  const steps: StepStatistic[] = [];
  const values = new Float64Array(wells.length);
  for (let k = 0; k < longest; k++) {
    let n = 0;
    for (const r of wells) {
      const q = r[k];
      if (q !== undefined && q > 0) values[n++] = q;
    }
    if (n < minWells) return { steps, stop: { step: k, wellCount: n, minWells } };
    const sorted = values.subarray(0, n).sort();
    let sum = 0;
    for (const q of sorted) sum += q;
    steps.push({
      step: k,
      wellCount: n,
      p10: quantile(sorted, 0.9),
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.1),
      average: sum / n,
    });
  }
  return { steps };
}
