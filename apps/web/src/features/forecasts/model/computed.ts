import { SegmentInput, SegmentList, type SegmentView, segmentView } from '@econ/contract';
import { type Segment, toSegment } from '@econ/decline';
import { rowToPayload, type SegmentRow } from './segmentRows';

/** The computed fields of a row (qEnd, the other decline, the switch date) when it is valid. */
export function rowView(row: SegmentRow): SegmentView | undefined {
  const parsed = SegmentInput.safeParse(rowToPayload(row));
  return parsed.success ? segmentView(parsed.data) : undefined;
}

/** The segments to draw, when the whole list is valid (SegmentList: each segment, 1..25, contiguous). */
export function drawableSegments(rows: readonly SegmentRow[]): Segment[] | undefined {
  const parsed = SegmentList.safeParse(rows.map(rowToPayload));
  return parsed.success ? parsed.data.map((s) => toSegment(s)) : undefined;
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A volume in whole units, grouped: `1,234,567`. */
export const formatVolume = (v: number): string => whole.format(v);
