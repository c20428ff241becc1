import type { SegmentType } from '@econ/contract';
import {
  dailySeries,
  dailySum,
  eur,
  type FitResult,
  fitHistory,
  fromDayIndex,
  type Segment,
  type SegmentInput,
  segmentRate,
  toDayIndex,
  toSegment,
} from '@econ/decline';
import { dayOf } from './dates';
import type { FitRequest } from './fitForm';
import type { HistoryPoint } from './fitPoints';
import { lastDayAfterYears } from './rowEdits';
import { EMPTY_VALUES, newRowKey, numberText, type SegmentRow } from './segmentRows';

/** Years a fit runs when the draft has no end to follow: a new first segment's (`firstRow`). */
export const FIT_YEARS_WITHOUT_SEGMENTS = 30;

/**
 * The forecast's end the editor uses: the last segment's end date, when it is a date after the
 * last history point; otherwise none (the fit then runs as a new first segment would:
 * {@link FIT_YEARS_WITHOUT_SEGMENTS} years from its start).
 */
export function forecastEnd(rows: readonly SegmentRow[], lastHistoryDay: number): number | undefined {
  const last = rows[rows.length - 1];
  const end = last ? dayOf(last.endDate) : undefined;
  return end !== undefined && end >= lastHistoryDay ? end : undefined;
}

/**
 * Fits the history to the forecast's end ({@link forecastEnd}); with none, to 30 years after the
 * fit's start. `fitHistory` (@econ/decline) reads points at their own day (a monthly average at
 * mid-month) but names them by their record's day everywhere else: the days clicked out and a
 * picked start are record days, and so are the days of the result's `excluded`; a fit starts on its
 * start point's record day. The fitted parameters do not depend on the end, only the segment's end
 * date and its EUR do.
 */
export function fitToHistory(
  points: readonly HistoryPoint[],
  request: FitRequest,
  rows: readonly SegmentRow[],
): FitResult {
  let lastDay = Number.NEGATIVE_INFINITY;
  for (const p of points) if (p.day > lastDay) lastDay = p.day;
  const end = Number.isFinite(lastDay) ? forecastEnd(rows, lastDay) : undefined;
  const first = fitHistory(points, { ...request, endDay: end ?? (Number.isFinite(lastDay) ? lastDay : 0) });
  if (!first.ok || end !== undefined) return first;
  // No segments to end with: the fit runs FIT_YEARS_WITHOUT_SEGMENTS years from its start.
  const start = toDayIndex(first.segment.startDate);
  const endDay = toDayIndex(lastDayAfterYears(fromDayIndex(start), FIT_YEARS_WITHOUT_SEGMENTS));
  return fitHistory(points, { ...request, start, endDay });
}

/**
 * One point the fit used, named by its record's day: its rate, the fitted rate at its own day,
 * and ln(rate / fitted) (positive: above the curve).
 */
export interface Residual {
  day: number;
  rate: number;
  fitted: number;
  residual: number;
}

/** The log-rate residual of each point the fit used (every point not in its `excluded` list, in record days). */
export function residualsOf(points: readonly HistoryPoint[], result: Extract<FitResult, { ok: true }>): Residual[] {
  const seg = toSegment(result.segment);
  const left = new Set(result.quality.excluded.map((e) => e.day));
  return points
    .filter((p) => !left.has(p.record) && p.day >= seg.start && p.rate > 0)
    .sort((a, b) => a.day - b.day)
    .map((p) => {
      const fitted = segmentRate(seg, p.day - seg.start);
      return { day: p.record, rate: p.rate, fitted, residual: Math.log(p.rate / fitted) };
    });
}

/** Significant digits a fitted value keeps in the draft: far below the fit's own uncertainty, and readable. */
export const FIT_DIGITS = 6;

/**
 * A fitted segment as an editor row (entered by dEff, or slope for a line), its fitted values
 * rounded to {@link FIT_DIGITS} significant digits (the terminal decline is the one typed).
 */
export function rowFromFit(segment: SegmentInput): SegmentRow {
  const text = (v: number | undefined) => numberText(v === undefined ? v : Number(v.toPrecision(FIT_DIGITS)));
  return {
    key: newRowKey(),
    // The fitter makes only types of the spec (exp_dec, arps, arps_modified, flat, linear).
    segmentType: segment.segmentType as SegmentType,
    startDate: segment.startDate,
    endDate: segment.endDate,
    values: {
      ...EMPTY_VALUES,
      qStart: text(segment.qStart),
      dEff: text(segment.dEff),
      b: text(segment.b),
      slope: text(segment.slope),
      realizedDEffSw: text(segment.realizedDEffSw),
    },
    declineBy: segment.segmentType === 'linear' ? 'slope' : 'dEff',
  };
}

/**
 * The draft's rows with a fit in them: segments that start before the fit are kept, the last of
 * them cut to end the day before the fit starts (the list stays contiguous); the fit replaces the
 * rest (it runs to the forecast's end).
 */
export function rowsWithFit(rows: readonly SegmentRow[], segment: SegmentInput): SegmentRow[] {
  const start = toDayIndex(segment.startDate);
  const before = rows.filter((r) => {
    const s = dayOf(r.startDate);
    return s !== undefined && s < start;
  });
  const last = before[before.length - 1];
  if (last) before[before.length - 1] = { ...last, endDate: fromDayIndex(start - 1) };
  return [...before, rowFromFit(segment)];
}

/**
 * The fit's EUR against the current segments': the fit's volume from its start to its end, and,
 * to compare like with like, its volume over the current segments' dates (the fit usually starts
 * in the history; the segments at the end of it).
 */
export function eurComparison(
  fit: Extract<FitResult, { ok: true }>,
  current: readonly Segment[] | undefined,
): { fit: number; overCurrent?: { from: string; to: string; fit: number; current: number } } {
  if (!current?.length) return { fit: fit.eur };
  const seg = toSegment(fit.segment);
  const from = current[0]!.start;
  const to = current[current.length - 1]!.end;
  const a = Math.max(from, seg.start);
  const c = Math.min(to, seg.end);
  const volume = c >= a ? dailySum(seg, a - seg.start, c - seg.start) : 0;
  return {
    fit: fit.eur,
    overCurrent: { from: fromDayIndex(from), to: fromDayIndex(to), fit: volume, current: eur(dailySeries(current)) },
  };
}
