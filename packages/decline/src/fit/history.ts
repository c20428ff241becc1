/*
 * The history a fit uses: points sorted by day, the ones left out (and why), the start, and the
 * interval each point stands for (what a cumulative regression sums). Pure.
 */

/** One history point: a day index (days since 1900-01-01) and the rate that day (per day). */
export interface FitPoint {
  day: number;
  rate: number;
  /**
   * Days the point stands for (its volume is rate × days), used by the regression on cumulative
   * volume. Default: the gap to the next point of the history; the last point the median gap.
   * Monthly points are dated the first of the month with rate = volume / days in the month, so
   * the gap is that month's length.
   */
  days?: number;
  /**
   * First day of the interval the point stands for, when it is not `day` (a monthly average placed
   * at mid-month stands for the month from its first day); read by the regression on cumulative
   * volume.
   */
  from?: number;
}

/** Why a point was left out of the fit. */
export type ExclusionReason =
  | 'excluded by the user'
  | 'zero or negative rate'
  | 'before the start'
  | 'outlier'
  | 'base phase zero';

export interface Exclusion {
  day: number;
  reason: ExclusionReason;
}

/** The points a fit uses (sorted, producing, from the start), with the days each stands for. */
export interface History {
  points: FitPoint[];
  /** Whole days each used point stands for (≥ 1), aligned with `points`. */
  intervals: Float64Array;
  /** First day of the fitted segment (day index). */
  startDay: number;
  excluded: Exclusion[];
}

export type HistoryStart = 'peak' | 'first' | number;

/**
 * Sorts the points, leaves out the user's exclusions, zero or negative rates and the points before
 * the start, and gives each used point its interval (see FitPoint.days); a reason when nothing
 * produces.
 */
export function prepareHistory(
  points: readonly FitPoint[],
  options: { start?: HistoryStart; exclude?: readonly number[] | undefined; excluded?: Exclusion[] },
): History | { reason: string; excluded: Exclusion[] } {
  const sorted = [...points].sort((a, b) => a.day - b.day);
  const all = intervalsOf(sorted);
  const excluded: Exclusion[] = options.excluded ?? [];
  const userExcluded = new Set(options.exclude ?? []);
  const producing: number[] = [];
  sorted.forEach((p, i) => {
    if (userExcluded.has(p.day)) excluded.push({ day: p.day, reason: 'excluded by the user' });
    else if (!(Number.isFinite(p.rate) && p.rate > 0)) excluded.push({ day: p.day, reason: 'zero or negative rate' });
    else producing.push(i);
  });
  if (producing.length === 0) {
    excluded.sort((a, b) => a.day - b.day);
    return { reason: sorted.length ? 'no production: every rate is 0' : 'no history points', excluded };
  }
  const startDay = startOf(
    producing.map((i) => sorted[i]!),
    options.start ?? 'peak',
  );
  const used = producing.filter((i) => {
    if (sorted[i]!.day < startDay) excluded.push({ day: sorted[i]!.day, reason: 'before the start' });
    return sorted[i]!.day >= startDay;
  });
  excluded.sort((a, b) => a.day - b.day);
  return {
    points: used.map((i) => sorted[i]!),
    intervals: Float64Array.from(used, (i) => all[i]!),
    startDay,
    excluded,
  };
}

/** Whole days each point stands for: its `days`, else the gap to the next point; the last the median gap. */
function intervalsOf(sorted: readonly FitPoint[]): Float64Array {
  const gaps: number[] = [];
  for (let i = 1; i < sorted.length; i++) gaps.push(sorted[i]!.day - sorted[i - 1]!.day);
  const byGap = [...gaps].sort((a, b) => a - b);
  const medianGap = byGap.length ? byGap[Math.floor((byGap.length - 1) / 2)]! : 1;
  return Float64Array.from(sorted, (p, i) =>
    Math.max(1, Math.round(p.days ?? (i + 1 < sorted.length ? gaps[i]! : medianGap))),
  );
}

/**
 * The start day: the peak, the first point, or the day given. The peak is the first highest of the
 * rates smoothed by a median of three, so one spike is not taken for it.
 */
function startOf(points: readonly FitPoint[], start: HistoryStart): number {
  if (typeof start === 'number') return start;
  if (start === 'first') return points[0]!.day;
  const median3 = (i: number) => {
    const a = points[Math.max(0, i - 1)]!.rate;
    const b = points[i]!.rate;
    const c = points[Math.min(points.length - 1, i + 1)]!.rate;
    return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  };
  let best = 0;
  let bestRate = median3(0);
  for (let i = 1; i < points.length; i++) {
    const r = median3(i);
    if (r > bestRate) {
      best = i;
      bestRate = r;
    }
  }
  return points[best]!.day;
}

/** Weights of recent data: 2^(−age/halfLifeDays), the age in days from the last point (weight 1). */
export function recentWeights(points: readonly FitPoint[], halfLifeDays: number): Float64Array {
  const last = points[points.length - 1]!.day;
  return Float64Array.from(points, (p) => 2 ** (-(last - p.day) / halfLifeDays));
}
