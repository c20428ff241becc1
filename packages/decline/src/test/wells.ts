import { dailySum } from '../dailySum';
import { civilFromDayIndex, dayIndexFromCivil, daysInMonth } from '../dayIndex';
import type { FitPoint } from '../fit/history';
import { seededRandom } from '../random';
import { type Segment, type SegmentInput, toSegment } from '../segment';

/**
 * Monthly history of known segments (contiguous, the first starting on the first of a month): one
 * point per calendar month dated its first day, rate = the month's volume (the sum of the daily
 * values, decline-math.md) / its days, with `days` set, times log-normal noise of `sigma` (seeded).
 */
export function monthlyHistory(segments: readonly SegmentInput[], months: number, sigma = 0, seed = 1): FitPoint[] {
  const segs = segments.map((s) => toSegment(s));
  const { normal } = seededRandom(seed);
  const first = civilFromDayIndex(segs[0]!.start);
  return Array.from({ length: months }, (_, i) => {
    const y = first.y + Math.floor((first.m - 1 + i) / 12);
    const m = ((first.m - 1 + i) % 12) + 1;
    const day = dayIndexFromCivil(y, m, 1);
    const days = daysInMonth(y, m);
    const volume = volumeOf(segs, day, day + days - 1);
    return { day, rate: (volume / days) * Math.exp(sigma * normal()), days };
  });
}

/** Sum of the daily values of contiguous segments over the days [from, to]. */
export function volumeOf(segs: readonly Segment[], from: number, to: number): number {
  let sum = 0;
  for (const seg of segs) {
    const a = Math.max(from, seg.start);
    const c = Math.min(to, seg.end);
    if (a <= c) sum += dailySum(seg, a - seg.start, c - seg.start);
  }
  return sum;
}

/** The EUR (sum of daily values) of one segment in spec 2.8 form. */
export function eurOf(segment: SegmentInput): number {
  const seg = toSegment(segment);
  return dailySum(seg, 0, seg.end - seg.start);
}
