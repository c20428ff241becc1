/** A point on the plot, in CSS pixels from the plot area's top left corner. */
export interface PlotPosition {
  x: number;
  y: number;
}

/** How far from a point (CSS pixels) a click still picks it. */
export const PICK_RADIUS = 10;

/**
 * The drawn point a click picks: the nearest (in pixels) of the series' points within `radius`
 * pixels across (so a click above or below a monthly point in its column still takes it); among
 * dense daily points the one nearest the pointer. Undefined when no point is that close.
 *
 * @param toPx where a (day, value) is drawn, in the same pixels as `at`
 */
export function pickPoint(
  series: { days: readonly number[]; values: readonly (number | null)[] },
  at: PlotPosition,
  toPx: (day: number, value: number) => PlotPosition,
  radius = PICK_RADIUS,
): number | undefined {
  let best: number | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < series.days.length; i++) {
    const value = series.values[i];
    if (value === null || value === undefined) continue;
    const p = toPx(series.days[i]!, value);
    if (!Number.isFinite(p.x) || Math.abs(p.x - at.x) > radius) continue;
    const distance = Math.hypot(p.x - at.x, Number.isFinite(p.y) ? p.y - at.y : 0);
    if (distance < bestDistance) {
      best = series.days[i];
      bestDistance = distance;
    }
  }
  return best;
}
