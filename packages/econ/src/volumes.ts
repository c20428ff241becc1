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
