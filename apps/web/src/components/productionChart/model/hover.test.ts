import { describe, expect, it } from 'vitest';
import { nearestIndex, readOut, valueAt } from './hover';

describe('hover lookup', () => {
  it('finds the nearest x by binary search, ties to the earlier', () => {
    const xs = [10, 20, 30, 50];
    expect(nearestIndex(xs, 9)).toBe(0);
    expect(nearestIndex(xs, 24)).toBe(1);
    expect(nearestIndex(xs, 25)).toBe(1);
    expect(nearestIndex(xs, 26)).toBe(2);
    expect(nearestIndex(xs, 99)).toBe(3);
    expect(nearestIndex([], 1)).toBe(-1);
  });

  it('reads history only on its own days, and a forecast line by interpolation inside its range', () => {
    const history = { kind: 'history' as const, days: [10, 11, 13], values: [100, 90, 80] };
    expect(valueAt(history, 11)).toBe(90);
    expect(valueAt(history, 12)).toBeUndefined();
    const line = { kind: 'forecast' as const, days: [20, 30, 40, 50], values: [100, 50, null, 10] };
    expect(valueAt(line, 25)).toBe(75);
    expect(valueAt(line, 30)).toBe(50);
    expect(valueAt(line, 35)).toBeUndefined(); // a gap
    expect(valueAt(line, 19)).toBeUndefined();
    expect(valueAt(line, 51)).toBeUndefined();
  });

  it('snaps the cursor to the nearest drawn day and reads every series there', () => {
    const series = [
      {
        key: 'oil-history',
        label: 'Oil history',
        color: 'g',
        unit: 'BBL/D',
        kind: 'history' as const,
        days: [10, 11],
        values: [100, 90],
      },
      {
        key: 'f',
        label: 'Oil forecast',
        color: 'g',
        unit: 'BBL/D',
        kind: 'forecast' as const,
        days: [11, 21],
        values: [90, 40],
      },
    ];
    const out = readOut({ x: [10, 11, 21], series }, 15.2);
    expect(out?.day).toBe(11);
    expect(out?.values.map((v) => v.value)).toEqual([90, 90]);
    expect(readOut({ x: [10, 11, 21], series }, 17)?.values.map((v) => v.value)).toEqual([undefined, 40]);
    expect(readOut({ x: [], series: [] }, 3)).toBeUndefined();
  });

  it('reads a marker only on the days it marks', () => {
    const frame = {
      x: [10, 11],
      series: [
        {
          key: 'h',
          label: 'Oil history',
          kind: 'history' as const,
          color: '',
          unit: 'BBL/D',
          days: [10, 11],
          values: [5, 4],
        },
        {
          key: 'm',
          label: 'Excluded by you',
          kind: 'marker' as const,
          color: '',
          unit: 'BBL/D',
          days: [11],
          values: [4],
        },
      ],
    };
    expect(readOut(frame, 10)!.values.map((v) => v.label)).toEqual(['Oil history']);
    expect(readOut(frame, 11)!.values.map((v) => [v.label, v.value])).toEqual([
      ['Oil history', 4],
      ['Excluded by you', 4],
    ]);
  });
});
