import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDayIndex } from './dayIndex';
import { segmentRate } from './rate';
import { type SegmentInput, toSegment } from './segment';
import { assertContiguous, dailySeries, eur, monthlySeries, multiplySeries } from './series';
import { arbitrarySegments } from './test/arbitraries';
import { expectClose } from './test/tolerance';

const seg = (fields: SegmentInput) => toSegment(fields);
const MS_PER_DAY = 86_400_000;
/** Independent calendar: the engine's UTC date of a day index. */
const utcDate = (index: number) =>
  new Date(Date.parse('1900-01-01T00:00:00Z') + index * MS_PER_DAY).toISOString().slice(0, 10);

describe('dailySeries, monthlySeries, eur worked by hand', () => {
  const flat = [seg({ segmentType: 'flat', qStart: 10, startDate: '2024-01-30', endDate: '2024-03-02' })];

  it('a flat 10 from 2024-01-30 to 2024-03-02 is 33 days of 10', () => {
    const daily = dailySeries(flat);
    expect(daily.start).toBe(toDayIndex('2024-01-30'));
    expect(Array.from(daily.values)).toEqual(new Array(33).fill(10));
  });

  it('months hold the days present, unscaled: 2 + 29 (leap year) + 2 days, labelled by their first day', () => {
    const monthly = monthlySeries(dailySeries(flat));
    expect(monthly.labels).toEqual(['2024-01-01', '2024-02-01', '2024-03-01']);
    expect(Array.from(monthly.values)).toEqual([20, 290, 20]);
  });

  it('EUR is the sum of the daily values plus cumulative production before', () => {
    expect(eur(dailySeries(flat))).toBe(330);
    expect(eur(dailySeries(flat), 5)).toBe(335);
  });

  it('the daily value of day i is the rate at the whole-day index of its segment', () => {
    const D = 0.01;
    const segments = [
      seg({ segmentType: 'exp_dec', qStart: 100, d: D * 365.25, startDate: '2023-12-30', endDate: '2024-01-03' }),
      seg({ segmentType: 'empty', startDate: '2024-01-04', endDate: '2024-01-05' }),
      seg({ segmentType: 'linear', qStart: 50, slope: 2, startDate: '2024-01-06', endDate: '2024-01-08' }),
    ];
    const daily = dailySeries(segments);
    const expected = [0, 1, 2, 3, 4].map((i) => 100 * Math.exp(-D * i)).concat([0, 0, 50, 52, 54]);
    expect(daily.values.length).toBe(expected.length);
    daily.values.forEach((v, i) => {
      expectClose(v, expected[i]!);
    });
    const monthly = monthlySeries(daily);
    expect(monthly.labels).toEqual(['2023-12-01', '2024-01-01']);
    expectClose(monthly.values[0]!, 100 + 100 * Math.exp(-D));
  });
});

describe('assertContiguous', () => {
  const a = seg({ segmentType: 'flat', qStart: 1, startDate: '2024-01-01', endDate: '2024-01-31' });

  it('accepts a segment starting the day after the previous one ends', () => {
    const b = seg({ segmentType: 'flat', qStart: 1, startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(() => assertContiguous([a, b])).not.toThrow();
  });

  it('names the segment index of a gap or an overlap', () => {
    const gap = seg({ segmentType: 'flat', qStart: 1, startDate: '2024-02-02', endDate: '2024-02-29' });
    const overlap = seg({ segmentType: 'flat', qStart: 1, startDate: '2024-01-31', endDate: '2024-02-29' });
    const next = seg({ segmentType: 'flat', qStart: 1, startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(() => dailySeries([a, next, gap])).toThrow(/^segments\[2\]\.startDate must be the day after segments\[1\]/);
    expect(() => assertContiguous([a, gap])).toThrow(/^segments\[1\]\.startDate .*found a gap \(got 2024-02-02\)$/);
    expect(() => assertContiguous([a, overlap])).toThrow(/^segments\[1\]\.startDate .*found an overlap/);
  });

  it('rejects an empty list', () => {
    expect(() => dailySeries([])).toThrow(/^segments /);
  });
});

describe('properties over random contiguous segments', () => {
  it('each daily value is the rate of its segment at the whole-day index', () => {
    fc.assert(
      fc.property(arbitrarySegments, fc.double({ min: 0, max: 1, noNaN: true }), (segments, u) => {
        const daily = dailySeries(segments);
        const i = Math.min(Math.floor(u * daily.values.length), daily.values.length - 1);
        const day = daily.start + i;
        const owner = segments.find((s) => s.start <= day && day <= s.end)!;
        expect(daily.values[i]).toBe(segmentRate(owner, day - owner.start));
      }),
    );
  });

  it('monthly values are the daily values grouped by calendar month (independent UTC calendar), sums equal', () => {
    fc.assert(
      fc.property(arbitrarySegments, (segments) => {
        const daily = dailySeries(segments);
        const groups = new Map<string, number>();
        daily.values.forEach((v, i) => {
          const month = `${utcDate(daily.start + i).slice(0, 7)}-01`;
          groups.set(month, (groups.get(month) ?? 0) + v);
        });
        const monthly = monthlySeries(daily);
        expect(monthly.labels).toEqual([...groups.keys()]);
        const total = eur(daily);
        monthly.values.forEach((v, i) => {
          expectClose(v, groups.get(monthly.labels[i]!)!, 1e-9, total);
        });
        expectClose(
          monthly.values.reduce((s, v) => s + v, 0),
          total,
        );
      }),
    );
  });

  it('EUR equals the sum of the daily series', () => {
    fc.assert(
      fc.property(arbitrarySegments, fc.double({ min: 0, max: 1e6, noNaN: true }), (segments, before) => {
        const daily = dailySeries(segments);
        let sum = 0;
        for (let i = 0; i < daily.values.length; i++) sum += daily.values[i]!;
        expectClose(eur(daily), sum);
        expectClose(eur(daily, before), sum + before);
      }),
    );
  });
});

describe('multiplySeries', () => {
  const series = (start: number, values: number[]) => ({ start, values: Float64Array.from(values) });

  it('multiplies day by day over the ratio’s days; days without a base value are 0', () => {
    const ratio = series(10, [1, 2, 3, 4, 5]);
    expect(Array.from(multiplySeries(ratio, series(12, [10, 20, 30, 40, 50])).values)).toEqual([0, 0, 30, 80, 150]);
    expect(Array.from(multiplySeries(ratio, series(8, [1, 1, 10, 20])).values)).toEqual([10, 40, 0, 0, 0]);
    expect(multiplySeries(ratio, series(100, [7])).values.every((v) => v === 0)).toBe(true);
    expect(multiplySeries(ratio, series(0, [7])).start).toBe(10);
  });
});
