import type { DrawnSeries, Frame } from './frame';

/** Index of the value in ascending `xs` nearest to `x` (ties to the earlier); -1 for an empty array. */
export function nearestIndex(xs: ArrayLike<number>, x: number): number {
  const n = xs.length;
  if (n === 0) return -1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  // lo: the first index with xs[lo] >= x (or the last).
  if (lo > 0 && x - xs[lo - 1]! <= xs[lo]! - x) return lo - 1;
  return lo;
}

/**
 * A series read at a day: history and markers (points) only where it has a record that day; a forecast (a
 * line) as drawn, by linear interpolation between its samples, undefined outside its range or in
 * a gap.
 */
export function valueAt(series: Pick<DrawnSeries, 'kind' | 'days' | 'values'>, day: number): number | undefined {
  const { days, values } = series;
  const i = nearestIndex(days, day);
  if (i < 0) return undefined;
  if (days[i] === day) return values[i] ?? undefined;
  if (series.kind !== 'forecast') return undefined;
  const before = days[i]! < day ? i : i - 1;
  const after = before + 1;
  if (before < 0 || after >= days.length) return undefined;
  const a = values[before];
  const b = values[after];
  if (a === null || a === undefined || b === null || b === undefined) return undefined;
  const t = (day - days[before]!) / (days[after]! - days[before]!);
  return a + (b - a) * t;
}

export interface ReadOut {
  day: number;
  values: { key: string; label: string; color: string; unit: string; value: number | undefined }[];
}

/**
 * What the hover read-out shows for a cursor at (fractional) day `x`: the nearest drawn day and
 * every series' value there (a marker only where it marks that day). Undefined when nothing is drawn.
 */
export function readOut(frame: Pick<Frame, 'x' | 'series'>, x: number): ReadOut | undefined {
  const i = nearestIndex(frame.x, x);
  if (i < 0) return undefined;
  const day = frame.x[i]!;
  return {
    day,
    values: frame.series
      .map((s) => ({ key: s.key, label: s.label, color: s.color, unit: s.unit, value: valueAt(s, day), kind: s.kind }))
      // A marker is read only where it marks a point (elsewhere it says nothing the history does not).
      .filter((v) => v.kind !== 'marker' || v.value !== undefined)
      .map(({ kind: _, ...v }) => v),
  };
}
