import { civilFromDayIndex, daysInMonth, toDayIndex } from './dayIndex';
import { type FitOptions, type FitResult, fitDecline } from './fit/fitDecline';
import type { FitPoint } from './fit/history';

/** One production record of one phase: its date and volume (BBL or MCF; null or undefined: not measured). */
export interface PhaseRecord {
  date: string;
  volume: number | null | undefined;
}

/** A history point as a fit reads it: `day` where its rate belongs, `record` the record's own day. */
export interface HistoryPoint extends FitPoint {
  record: number;
}

/**
 * A phase's history as fit points, in date order. A daily record's volume is the rate of its day. A
 * monthly record's volume over its days is the month's average rate, placed at the month's middle
 * day (on a decline the average is the rate near mid-month: placed on the first day, a steep
 * decline's fitted qStart comes out ~9 % low), standing for the whole month (`from`, `days`: what
 * the regression on cumulative volume sums). Records not measured are left out; zeros stay (the
 * fitter reports them as shut-in). The console's chart draws the same rates on the record's day.
 */
export function historyPoints(records: readonly PhaseRecord[], resolution: 'daily' | 'monthly'): HistoryPoint[] {
  const out: HistoryPoint[] = [];
  for (const r of records) {
    if (typeof r.volume !== 'number' || !Number.isFinite(r.volume)) continue;
    out.push(historyPoint(toDayIndex(r.date), r.volume, resolution));
  }
  return out.sort((a, b) => a.record - b.record);
}

/** One record's point (see {@link historyPoints}). */
export function historyPoint(record: number, volume: number, resolution: 'daily' | 'monthly'): HistoryPoint {
  if (resolution === 'daily') return { day: record, rate: volume, record, days: 1 };
  const { y, m } = civilFromDayIndex(record);
  const days = daysInMonth(y, m);
  return { day: record + Math.floor((days - 1) / 2), rate: volume / days, record, days, from: record };
}

/**
 * Fits history points with record days: `options.exclude` and a numeric `options.start` are record
 * days, and so are the days of the result's `excluded`. A fit from the peak or the first point
 * starts on that point's record day (a monthly fit on the first of its month, the way segments
 * start), so it is fitted again from there when that differs from the point's own day.
 */
export function fitHistory(points: readonly HistoryPoint[], options: FitOptions): FitResult {
  const toFit = new Map(points.map((p) => [p.record, p.day]));
  const toRecord = new Map(points.map((p) => [p.day, p.record]));
  const inRecordDays = (r: FitResult): FitResult => {
    if (!r.quality) return r;
    const excluded = r.quality.excluded.map((e) => ({ ...e, day: toRecord.get(e.day) ?? e.day }));
    return { ...r, quality: { ...r.quality, excluded } } as FitResult;
  };
  const base = { ...options, ...(options.exclude ? { exclude: options.exclude.map((d) => toFit.get(d) ?? d) } : {}) };
  const first = fitDecline(points, base);
  if (!first.ok || typeof options.start === 'number') return inRecordDays(first);
  const fitStart = toDayIndex(first.segment.startDate);
  const start = toRecord.get(fitStart) ?? fitStart;
  if (start === fitStart) return inRecordDays(first);
  return inRecordDays(fitDecline(points, { ...base, start }));
}
