import { fromDayIndex, toDayIndex } from '@econ/decline';
import { dayOf } from './dates';
import { firstRow } from './rowEdits';
import { numberText, type SegmentRow } from './segmentRows';

/**
 * Starts segment `index` at a history point: its start date becomes the point's date and its
 * qStart the point's rate (an `empty` segment takes the date only). With no rows, a new first
 * segment starts there. The rows stay contiguous: the previous row (if any) ends the day before;
 * when the new start would pass the segment's end, the segment keeps its length and every later
 * segment moves by the same number of days (so the list stays valid rather than inverted).
 */
export function startFromPoint(
  rows: readonly SegmentRow[],
  index: number,
  point: { date: string; rate: number },
): SegmentRow[] {
  const qStart = numberText(point.rate);
  if (rows.length === 0) {
    const row = firstRow(point.date);
    return [{ ...row, values: { ...row.values, qStart } }];
  }
  const i = Math.min(Math.max(0, index), rows.length - 1);
  const row = rows[i]!;
  const newStart = toDayIndex(point.date);
  const oldStart = dayOf(row.startDate);
  const oldEnd = dayOf(row.endDate);
  const shift = oldStart !== undefined && oldEnd !== undefined && newStart > oldEnd ? newStart - oldStart : 0;
  const moved = (date: string) => {
    const d = dayOf(date);
    return d === undefined || shift === 0 ? date : fromDayIndex(d + shift);
  };
  return rows.map((r, k) => {
    if (k === i - 1) return { ...r, endDate: fromDayIndex(newStart - 1) };
    if (k < i) return r;
    if (k === i) {
      return {
        ...r,
        // An explicit start: the row no longer follows the row before it.
        chained: false,
        startDate: point.date,
        endDate: moved(r.endDate),
        values: r.segmentType === 'empty' ? r.values : { ...r.values, qStart },
      };
    }
    return shift === 0 ? r : { ...r, startDate: moved(r.startDate), endDate: moved(r.endDate) };
  });
}
