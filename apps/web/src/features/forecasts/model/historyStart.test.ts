import { describe, expect, it } from 'vitest';
import { drawableSegments } from './computed';
import { startFromPoint } from './historyStart';
import { EMPTY_VALUES, type SegmentRow } from './segmentRows';

const row = (
  startDate: string,
  endDate: string,
  qStart: string,
  segmentType: SegmentRow['segmentType'] = 'exp_dec',
): SegmentRow => ({
  key: `${startDate}`,
  segmentType,
  startDate,
  endDate,
  values: { ...EMPTY_VALUES, qStart, dEff: '0.3' },
  declineBy: 'dEff',
});
const rows = [row('2024-01-01', '2025-12-31', '500'), row('2026-01-01', '2030-12-31', '300')];
const point = { date: '2024-06-15', rate: 412.3456789012 };

describe('start from the last history point', () => {
  it('starts a new first segment at the point when there are no segments', () => {
    const [first, ...rest] = startFromPoint([], 0, point);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ startDate: '2024-06-15', segmentType: 'exp_dec' });
    expect(first!.values.qStart).toBe('412.3456789');
  });

  it('sets the chosen segment’s start date and qStart, leaving its end and the others', () => {
    const out = startFromPoint(rows, 0, point);
    expect(out[0]).toMatchObject({ startDate: '2024-06-15', endDate: '2025-12-31' });
    expect(out[0]!.values.qStart).toBe('412.3456789');
    expect(out[0]!.values.dEff).toBe('0.3');
    expect(out[1]).toBe(rows[1]);
    expect(drawableSegments(out)).toBeDefined();
  });

  it('ends the previous segment the day before a later segment’s new start', () => {
    const out = startFromPoint(rows, 1, { date: '2026-03-01', rate: 280 });
    expect(out[0]!.endDate).toBe('2026-02-28');
    expect(out[1]).toMatchObject({ startDate: '2026-03-01', endDate: '2030-12-31' });
    expect(out[1]!.values.qStart).toBe('280');
    expect(drawableSegments(out)).toBeDefined();
  });

  it('moves the segment and every later one when the point is past the segment’s end, keeping lengths', () => {
    const out = startFromPoint(rows, 0, { date: '2027-01-01', rate: 90 });
    // Segment 1 was 2024-01-01..2025-12-31 (731 days): shifted by the 1096 days to 2027-01-01.
    expect(out[0]).toMatchObject({ startDate: '2027-01-01', endDate: '2028-12-31' });
    expect(out[1]).toMatchObject({ startDate: '2029-01-01', endDate: '2033-12-31' });
    expect(drawableSegments(out)).toBeDefined();
  });

  it('gives an empty segment the date only', () => {
    const out = startFromPoint([row('2024-01-01', '2024-12-31', '', 'empty')], 0, { date: '2024-02-01', rate: 5 });
    expect(out[0]!.startDate).toBe('2024-02-01');
    expect(out[0]!.values.qStart).toBe('');
  });
});
