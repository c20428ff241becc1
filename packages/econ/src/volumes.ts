import type { DailySeries } from '@econ/decline';
import type { Grid } from './grid';

/**
 * Sum of the daily values of `series` over the days `from`..`to` inclusive; days outside the
 * series count 0 (decline-math.md).
 */
export function sumDays(series: DailySeries, from: number, to: number): number {
  const lo = Math.max(from - series.start, 0);
  const hi = Math.min(to - series.start, series.values.length - 1);
  let sum = 0;
  for (let i = lo; i <= hi; i++) sum += series.values[i]!;
  return sum;
}

/**
 * Monthly volumes of a daily series on a grid (econ-math.md): each row sums the daily values of its
 * own days, so 100 BBL/D gives 3,100 BBL in a whole January and partial rows count only their days.
 * A missing series gives zeros.
 */
export function monthlyVolumes(grid: Grid, series: DailySeries | undefined): Float64Array {
  const out = new Float64Array(grid.start.length);
  if (!series) return out;
  for (let r = 0; r < out.length; r++) out[r] = sumDays(series, grid.start[r]!, grid.end[r]!);
  return out;
}

/**
 * monthlyVolumes of several series, the same sums to the bit: every series' days are added in
 * order, but three series side by side in one loop over the days they share, so their additions
 * overlap (each addition waits on the one before it: three chains at once run about twice as fast
 * as one after another).
 */
export function monthlyVolumesOf(grid: Grid, series: readonly DailySeries[]): Float64Array[] {
  const out: Float64Array[] = [];
  for (let k = 0; k < series.length; k += 3) {
    const a = series[k]!;
    if (k + 1 === series.length) {
      out.push(monthlyVolumes(grid, a));
      continue;
    }
    // Two series left: the third chain repeats the first (its sums are dropped).
    const b = series[k + 1]!;
    const c = series[k + 2] ?? a;
    out.push(...threeVolumes(grid, a, b, c).slice(0, Math.min(3, series.length - k)));
  }
  return out;
}

/** monthlyVolumes of three series in one loop (monthlyVolumesOf). */
function threeVolumes(grid: Grid, a: DailySeries, b: DailySeries, c: DailySeries): Float64Array[] {
  const n = grid.start.length;
  const oa = new Float64Array(n);
  const ob = new Float64Array(n);
  const oc = new Float64Array(n);
  const va = a.values;
  const vb = b.values;
  const vc = c.values;
  // Each series' days of a row are [first, last] ∩ [its start, its last day].
  const aEnd = a.start + va.length - 1;
  const bEnd = b.start + vb.length - 1;
  const cEnd = c.start + vc.length - 1;
  const { start, end } = grid;
  for (let r = 0; r < n; r++) {
    const from = start[r]!;
    const to = end[r]!;
    const aLo = Math.max(from, a.start);
    const aHi = Math.min(to, aEnd);
    const bLo = Math.max(from, b.start);
    const bHi = Math.min(to, bEnd);
    const cLo = Math.max(from, c.start);
    const cHi = Math.min(to, cEnd);
    // The days all three have; each series adds its days before and after them on its own.
    const lo = Math.max(aLo, bLo, cLo);
    const hi = Math.min(aHi, bHi, cHi);
    if (lo > hi) {
      oa[r] = sumDays(a, from, to);
      ob[r] = sumDays(b, from, to);
      oc[r] = sumDays(c, from, to);
      continue;
    }
    let x = 0;
    let y = 0;
    let z = 0;
    for (let d = aLo; d < lo; d++) x += va[d - a.start]!;
    for (let d = bLo; d < lo; d++) y += vb[d - b.start]!;
    for (let d = cLo; d < lo; d++) z += vc[d - c.start]!;
    for (let i = lo - a.start, j = lo - b.start, k = lo - c.start, m = hi - lo; m >= 0; m--) {
      x += va[i++]!;
      y += vb[j++]!;
      z += vc[k++]!;
    }
    for (let d = hi + 1; d <= aHi; d++) x += va[d - a.start]!;
    for (let d = hi + 1; d <= bHi; d++) y += vb[d - b.start]!;
    for (let d = hi + 1; d <= cHi; d++) z += vc[d - c.start]!;
    oa[r] = x;
    ob[r] = y;
    oc[r] = z;
  }
  return [oa, ob, oc];
}
