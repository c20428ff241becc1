import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailySum } from './dailySum';
import { fromDayIndex, toDayIndex } from './dayIndex';
import { type SegmentInput, toSegment } from './segment';
import { dailySeries } from './series';

const START = toDayIndex('2020-01-01');
const segment = (input: Omit<SegmentInput, 'startDate' | 'endDate'>, days: number) =>
  toSegment({ startDate: '2020-01-01', endDate: fromDayIndex(START + days - 1), ...input });
/** The sum the product reports: the daily values, one by one. */
const bruteSum = (seg: ReturnType<typeof toSegment>, a: number, c: number) => {
  const v = dailySeries([seg]).values;
  let s = 0;
  for (let i = a; i <= c; i++) s += v[i]!;
  return s;
};

describe('dailySum: the daily values of a segment summed in constant time', () => {
  it.each([
    ['exp_dec', { segmentType: 'exp_dec', qStart: 800, dEff: 0.4 }],
    ['exp_inc', { segmentType: 'exp_inc', qStart: 100, dEff: -0.2 }],
    ['arps', { segmentType: 'arps', qStart: 1500, dEff: 0.85, b: 1.6 }],
    ['arps b = 1', { segmentType: 'arps', qStart: 1500, dEff: 0.7, b: 1 }],
    ['arps_inc', { segmentType: 'arps_inc', qStart: 50, dEff: -0.3, b: 0.1 }],
    ['arps_modified', { segmentType: 'arps_modified', qStart: 1200, dEff: 0.75, b: 1.3, realizedDEffSw: 0.08 }],
    [
      'arps_modified, exponential from the start',
      {
        segmentType: 'arps_modified',
        qStart: 1200,
        dEff: 0.05,
        b: 1.3,
        realizedDEffSw: 0.3,
      },
    ],
    ['flat', { segmentType: 'flat', qStart: 42.5 }],
    ['linear', { segmentType: 'linear', qStart: 300, slope: -0.02 }],
  ] as const)('%s: equal to the day-by-day sum within 1e-9', (_, input) => {
    const seg = segment(input as Omit<SegmentInput, 'startDate' | 'endDate'>, 10_958);
    for (const [a, c] of [
      [0, 10_957],
      [0, 0],
      [17, 4000],
      [3000, 10_957],
    ] as const) {
      const brute = bruteSum(seg, a, c);
      expect(Math.abs(dailySum(seg, a, c) - brute)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(brute)));
    }
  });

  it('property: any Arps or modified Arps decline of spec 2.8 ranges, any window', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 10_000, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        fc.double({ min: 0.01, max: 0.3, noNaN: true }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (qStart, dEff, b, sw, from, length) => {
          const seg = segment({ segmentType: 'arps_modified', qStart, dEff, b, realizedDEffSw: sw }, 10_001);
          const brute = bruteSum(seg, from, from + length);
          expect(Math.abs(dailySum(seg, from, from + length) - brute)).toBeLessThanOrEqual(1e-9 * Math.max(1, brute));
        },
      ),
      { numRuns: 200, seed: 3 },
    );
  });

  it('refuses windows that are not whole days inside the segment order', () => {
    const seg = segment({ segmentType: 'flat', qStart: 1 }, 10);
    expect(() => dailySum(seg, 0.5, 3)).toThrow(/a/);
    expect(() => dailySum(seg, 4, 3)).toThrow(/c/);
  });
});
