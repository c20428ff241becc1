import { civilFromDayIndex, dayIndexFromCivil, fromDayIndex } from './dayIndex';
import { DeclineError } from './declineError';
import type { Segment } from './segment';
import { fillSegment } from './segmentFill';

/** A daily series: values[i] is the daily volume of day index start + i. */
export interface DailySeries {
  start: number;
  values: Float64Array;
}

/** A calendar-monthly series; labels[i] is the first day of the month, 'YYYY-MM-01'. */
export interface MonthlySeries {
  labels: string[];
  values: Float64Array;
}

/**
 * Checks that segments are contiguous (spec part 2.8): each starts the day after the previous ends.
 *
 * @throws {DeclineError} naming `segments[i].start` for the first segment that leaves a gap or
 * overlaps, and `segments` when the list is empty
 */
export function assertContiguous(segments: readonly Segment[]): void {
  if (segments.length === 0) throw new DeclineError('segments', '[]', 'must hold at least one segment');
  for (let i = 1; i < segments.length; i++) {
    const prev = segments[i - 1]!;
    const seg = segments[i]!;
    if (seg.start !== prev.end + 1) {
      const kind = seg.start > prev.end + 1 ? 'a gap' : 'an overlap';
      throw new DeclineError(
        `segments[${i}].startDate`,
        fromDayIndex(seg.start),
        `must be the day after segments[${i - 1}].endDate (${fromDayIndex(prev.end)}); found ${kind}`,
      );
    }
  }
}

/**
 * Daily series of contiguous segments (decline-math.md): the daily volume of day i is the rate at
 * the whole-day index, q(i − start of its segment), from the first start to the last end inclusive.
 * Each segment is filled by its type's loop (fillSegment), bit-identical to segmentRate day by day.
 *
 * @throws {DeclineError} when the segments are not contiguous
 */
export function dailySeries(segments: readonly Segment[]): DailySeries {
  assertContiguous(segments);
  const start = segments[0]!.start;
  const values = new Float64Array(segments[segments.length - 1]!.end - start + 1);
  for (const seg of segments) fillSegment(seg, values, seg.start - start);
  return { start, values };
}

/**
 * Calendar-monthly series of a daily series: each month's value is the sum of the daily values of
 * its days present in the series (a partial first or last month is not scaled); labelled by the
 * first day of the month, 'YYYY-MM-01'.
 */
export function monthlySeries(daily: DailySeries): MonthlySeries {
  const labels: string[] = [];
  const sums: number[] = [];
  const last = daily.start + daily.values.length - 1;
  let day = daily.start;
  while (day <= last) {
    const { y, m } = civilFromDayIndex(day);
    const first = dayIndexFromCivil(y, m, 1);
    const stop = Math.min(dayIndexFromCivil(y, m + 1, 1) - 1, last);
    let sum = 0;
    for (let i = day - daily.start; i <= stop - daily.start; i++) sum += daily.values[i]!;
    labels.push(fromDayIndex(first));
    sums.push(sum);
    day = stop + 1;
  }
  return { labels, values: Float64Array.from(sums) };
}

/**
 * EUR of a daily series (decline-math.md): the sum of its daily values plus any cumulative
 * production before it.
 *
 * @param cumulativeBefore volume produced before the series, when known (default 0)
 */
export function eur(daily: DailySeries, cumulativeBefore = 0): number {
  let sum = cumulativeBefore;
  for (const v of daily.values) sum += v;
  return sum;
}

/**
 * A ratio series times its base series, day by day: the daily volumes of a ratio forecast
 * (e.g. MCF/BBL × BBL/D = MCF/D). The result covers the ratio's days; a day without a base value
 * is 0 (decline-math.md: days outside every segment are 0).
 */
export function multiplySeries(ratio: DailySeries, base: DailySeries): DailySeries {
  const values = new Float64Array(ratio.values.length);
  const offset = ratio.start - base.start;
  const from = Math.max(0, -offset);
  const to = Math.min(values.length, base.values.length - offset);
  for (let i = from; i < to; i++) values[i] = ratio.values[i]! * base.values[i + offset]!;
  return { start: ratio.start, values };
}
