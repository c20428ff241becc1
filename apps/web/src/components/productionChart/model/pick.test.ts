import { describe, expect, it } from 'vitest';
import { PICK_RADIUS, pickPoint } from './pick';

/** One day a pixel across, the value the pixel down. */
const toPx = (day: number, value: number) => ({ x: day, y: value });
const series = { days: [100, 115, 130, 131], values: [50, 40, null, 80] };

describe('pickPoint', () => {
  it('takes the point in the clicked column, however far above or below', () => {
    expect(pickPoint(series, { x: 113, y: 300 }, toPx)).toBe(115);
    expect(pickPoint(series, { x: 102, y: -200 }, toPx)).toBe(100);
  });
  it('takes the nearest of close points, by both directions', () => {
    const dense = { days: [10, 11, 12], values: [5, 40, 6] };
    expect(pickPoint(dense, { x: 12, y: 38 }, toPx)).toBe(11);
    expect(pickPoint(dense, { x: 11, y: 6 }, toPx)).toBe(12);
  });
  it('takes nothing farther than the radius across, nor a value that is not drawn', () => {
    expect(pickPoint(series, { x: 100 - PICK_RADIUS - 1, y: 50 }, toPx)).toBeUndefined();
    expect(pickPoint({ days: [130], values: [null] }, { x: 130, y: 0 }, toPx)).toBeUndefined();
    expect(pickPoint(series, { x: 131, y: 0 }, toPx, 0)).toBe(131);
  });
});
