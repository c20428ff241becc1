import type { Phase } from '@econ/contract';
import {
  type DailySeries,
  dailySeries,
  eur,
  monthlySeries,
  multiplySeries,
  type Segment,
  toDayIndex,
} from '@econ/decline';
import type { ForecastLine } from '../../../components/productionChart/model/frame';

/** One drawn point: `day` is a day index (days since 1900-01-01), `rate` null where a log axis cannot draw it. */
export interface ChartPoint {
  day: number;
  rate: number | null;
  cumulative: number;
}

export type Resolution = 'daily' | 'monthly';
/** Monthly values as volumes per month, or as the month's average rate (volume / days in the forecast). */
export type MonthlyValue = 'volume' | 'rate';

export interface ChartData {
  points: ChartPoint[];
  /**
   * BBL or MCF: the sum of the daily values (decline-math.md), equal to `eur(dailySeries(segments))`;
   * for a ratio with its base phase given, the sum of ratio × base rate.
   */
  eur: number;
  /** Largest and smallest positive drawn rate (for a log axis' domain); undefined when nothing is positive. */
  maxRate: number;
  minPositiveRate: number | undefined;
}

/** Points drawn at most: enough for a smooth 30-year curve, few enough to redraw while typing. */
export const MAX_POINTS = 400;

/**
 * Downsamples a daily series for drawing: the days are cut into buckets and each keeps its first
 * day and its smallest and largest value (min-max: a jump between segments or a spike stays
 * visible); the last day is always kept. Cumulative volumes are the exact running sums at the
 * kept days. Short series (≤ maxPoints days) are returned whole.
 */
export function downsampleDaily(daily: DailySeries, maxPoints = MAX_POINTS): ChartPoint[] {
  const { start, values } = daily;
  const n = values.length;
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += values[i]!;
    cumulative[i] = sum;
  }
  const point = (i: number): ChartPoint => ({ day: start + i, rate: values[i]!, cumulative: cumulative[i]! });
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => point(i));
  const buckets = Math.max(1, Math.floor(maxPoints / 3));
  const size = n / buckets;
  const keep: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(n, Math.floor((b + 1) * size));
    let lo = from;
    let hi = from;
    for (let i = from + 1; i < to; i++) {
      if (values[i]! < values[lo]!) lo = i;
      if (values[i]! > values[hi]!) hi = i;
    }
    keep.push(from, lo, hi);
  }
  keep.push(n - 1);
  const sorted = [...new Set(keep)].sort((a, b) => a - b);
  return sorted.map(point);
}

/**
 * Calendar-month points of a daily series: each month at its first day (or the series' first day
 * for a partial first month), its value the month's volume (monthlySeries) or that volume divided
 * by the month's days in the series (an average rate), and the cumulative volume to its end.
 */
export function monthlyPoints(daily: DailySeries, value: MonthlyValue): ChartPoint[] {
  const monthly = monthlySeries(daily);
  const last = daily.start + daily.values.length - 1;
  let cumulative = 0;
  return monthly.labels.map((label, i) => {
    const volume = monthly.values[i]!;
    cumulative += volume;
    const first = Math.max(toDayIndex(label), daily.start);
    const next = i + 1 < monthly.labels.length ? toDayIndex(monthly.labels[i + 1]!) : last + 1;
    const days = next - first;
    return { day: first, rate: value === 'volume' ? volume : volume / days, cumulative };
  });
}

/**
 * What the chart draws for contiguous segments: daily (downsampled) or monthly points, the EUR,
 * and the rate range. With `log`, rates ≤ 0 become null (a log axis has no place for them).
 */
export function buildChart(
  segments: readonly Segment[],
  options: {
    resolution: Resolution;
    monthlyValue: MonthlyValue;
    log: boolean;
    maxPoints?: number;
    /** A ratio forecast's base phase: its EUR is the ratio times the base rate, day by day. */
    base?: readonly Segment[] | undefined;
  },
): ChartData {
  const daily = dailySeries(segments);
  const points =
    options.resolution === 'daily'
      ? downsampleDaily(daily, options.maxPoints)
      : monthlyPoints(daily, options.monthlyValue);
  let maxRate = 0;
  let minPositiveRate: number | undefined;
  for (const p of points) {
    const r = p.rate ?? 0;
    if (r > maxRate) maxRate = r;
    if (r > 0 && (minPositiveRate === undefined || r < minPositiveRate)) minPositiveRate = r;
    if (options.log && r <= 0) p.rate = null;
  }
  const total = options.base ? ratioEur(daily, dailySeries(options.base)) : eur(daily);
  return { points, eur: total, maxRate, minPositiveRate };
}

/**
 * EUR of a ratio series on its base phase: the sum over the days both cover of ratio × base rate
 * (the API's outputs: "a ratio series is multiplied by its base phase"); days without a base rate add nothing.
 */
export function ratioEur(ratio: DailySeries, base: DailySeries): number {
  return eur(multiplySeries(ratio, base));
}

/** Volume units by phase (spec part 2.8: rates are BBL/D or MCF/D by phase). */
export const volumeUnit = (phase: Phase): 'BBL' | 'MCF' => (phase === 'gas' ? 'MCF' : 'BBL');

/** The unit of a ratio forecast's values: the phase's unit per unit of the base phase. */
export const ratioUnit = (phase: Phase, basePhase: Phase): string => `${volumeUnit(phase)}/${volumeUnit(basePhase)}`;

/** Where a forecast's segments start (day indexes): the chart's dashed boundaries. */
export const segmentStarts = (segments: readonly Segment[]): number[] => segments.map((s) => s.start);

/**
 * A forecast as the production chart draws it: a line through the drawn points (rates; null kept
 * as a gap), with its cumulative volumes and its segment starts.
 */
export function forecastLine(phase: Phase, label: string, data: ChartData, segments: readonly Segment[]): ForecastLine {
  return {
    phase,
    label,
    days: data.points.map((p) => p.day),
    values: data.points.map((p) => p.rate),
    cumulative: data.points.map((p) => p.cumulative),
    segmentStarts: segmentStarts(segments),
  };
}
