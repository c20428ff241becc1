import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDayIndex } from './dayIndex';
import { DeclineError } from './declineError';
import { segmentRate } from './rate';
import { type Segment, type SegmentInput, toSegment } from './segment';
import { fillSegment } from './segmentFill';
import { dailySeries } from './series';
import { arbitrarySegment, arbitrarySegments } from './test/arbitraries';

/**
 * fillSegment is an optimisation of `segmentRate(seg, Δ)` for Δ = 0 … end − start, so the reference
 * here is segmentRate itself and the comparison is exact: the same 64 bits for every day (not a
 * tolerance). The values of segmentRate are tested against independent closed forms in rate.test.ts.
 */

/** A segment literal in internal units (for cases toSegment does not produce, e.g. an integer Δ_sw). */
const literal = (fields: Partial<Segment> & Pick<Segment, 'type'>): Segment => ({
  start: 0,
  end: 1000,
  q0: 100,
  D: 0,
  b: 0,
  slope: 0,
  Dsw: 0,
  switchDelta: Number.POSITIVE_INFINITY,
  qEnd: 0,
  ...fields,
});
/** A validated ten-year segment (3653 days). */
const build = (fields: Omit<SegmentInput, 'startDate' | 'endDate'>, endDate = '2029-12-31') =>
  toSegment({ ...fields, startDate: '2020-01-01', endDate });

const GARBAGE = -123.456;
const hex = (x: number) => new BigUint64Array(Float64Array.of(x).buffer)[0]!.toString(16).padStart(16, '0');

/**
 * Fills `seg` at `offset` of a buffer with `pad` cells after it, all prefilled with `garbage`, and
 * asserts that every day is bit-identical to segmentRate and that no cell outside the segment moved.
 */
function expectBitIdentical(seg: Segment, offset = 3, pad = 3, garbage = GARBAGE): void {
  const n = seg.end - seg.start + 1;
  const out = new Float64Array(offset + n + pad).fill(garbage);
  fillSegment(seg, out, offset);
  const expected = new Float64Array(out.length).fill(garbage);
  for (let delta = 0; delta < n; delta++) expected[offset + delta] = segmentRate(seg, delta);
  const outBits = new BigUint64Array(out.buffer);
  const expectedBits = new BigUint64Array(expected.buffer);
  for (let i = 0; i < out.length; i++) {
    if (outBits[i] !== expectedBits[i]) {
      const where = i < offset || i >= offset + n ? `cell ${i} outside the segment` : `Δ = ${i - offset}`;
      expect.fail(
        `${seg.type} ${where}: fillSegment ${out[i]} (0x${hex(out[i]!)}) ≠ segmentRate ${expected[i]} (0x${hex(expected[i]!)}); segment ${JSON.stringify(seg)}`,
      );
    }
  }
}

describe('fillSegment is bit-identical to segmentRate on every day', () => {
  it.each([
    ['exp_dec', { dEff: 0.7 }],
    ['exp_dec', { dEff: 0 }], // D = 0
    ['exp_inc', { dEff: -0.4 }],
  ] as const)('%s %j', (segmentType, fields) => {
    expectBitIdentical(build({ segmentType, qStart: 250, ...fields }));
  });

  it.each([
    0, // exactly exponential
    1e-11, // |b| < 1e-10: the exponential branch
    1e-10, // just on the Arps side
    1e-7,
    0.5,
    1 - 1e-12,
    1,
    1 + 1e-12,
    2,
  ])('arps b = %d', (b) => {
    expectBitIdentical(build({ segmentType: 'arps', qStart: 250, dEff: 0.7, b }));
  });

  it('arps with D = 0 (dEff = 0)', () => {
    expectBitIdentical(build({ segmentType: 'arps', qStart: 250, dEff: 0, b: 0.5 }));
  });

  it.each([-0.5, -1e-7, -1e-11])('arps_inc b = %d', (b) => {
    expectBitIdentical(build({ segmentType: 'arps_inc', qStart: 250, dEff: -0.4, b }));
  });

  describe('at the edges of arpsPower’s series (decision 063)', () => {
    it.each([
      0.05 * (1 - 2 ** -53), // just below: the plain formula
      0.05, // the smallest b of the series
      0.05000000000000001,
      5,
      1e6, // the largest b of the series
      1.5e6, // above: the plain formula
    ])('arps b = %d', (b) => {
      expectBitIdentical(build({ segmentType: 'arps', qStart: 250, dEff: 0.7, b }));
    });

    it('a steep start over thirty years: 1 + b·D·Δ reaches ~12,000, crossing ~1,730 intervals', () => {
      const seg = build({ segmentType: 'arps', qStart: 3000, dEff: 0.95, b: 2 }, '2049-12-31');
      expect(1 + seg.b * seg.D * (seg.end - seg.start)).toBeGreaterThan(2 ** 13);
      expectBitIdentical(seg);
    });

    it('arps_inc with b > 0 and D < 0: 1 + b·D·Δ falls from 1 towards the pole, through the intervals below 1', () => {
      const seg = literal({ type: 'arps_inc', D: -0.0009, b: 0.5 }); // 1 + b·D·Δ falls to 0.55 by Δ = 1000
      expectBitIdentical(seg);
      expect(segmentRate(seg, 1000)).toBeGreaterThan(segmentRate(seg, 0));
    });

    it.each([-0.05, -2])('arps_inc b = %d with D < 0 (a rising rate)', (b) => {
      expectBitIdentical(build({ segmentType: 'arps_inc', qStart: 250, dEff: -0.4, b }));
    });

    it('arps_modified switching mid-segment with b at the series’ edge', () => {
      const seg = build({ segmentType: 'arps_modified', qStart: 500, dEff: 0.6, b: 0.05, realizedDEffSw: 0.3 });
      expect(seg.switchDelta).toBeGreaterThan(0);
      expectBitIdentical(seg);
    });
  });

  describe('arps_modified', () => {
    it('switching at 0 (D_sw ≥ D): exponential with D from the start', () => {
      const seg = build({ segmentType: 'arps_modified', qStart: 500, dEff: 0.1, b: 0.8, realizedDEffSw: 0.2 });
      expect(seg.switchDelta).toBe(0);
      expectBitIdentical(seg);
    });

    it.each([0.5, 0.8, 1 - 1e-12, 1, 1.5])('switching mid-segment at a fractional Δ_sw (b = %d)', (b) => {
      const seg = build({ segmentType: 'arps_modified', qStart: 500, dEff: 0.6, b, realizedDEffSw: 0.2 });
      expect(seg.switchDelta).toBeGreaterThan(0);
      expect(seg.switchDelta).toBeLessThan(seg.end - seg.start);
      expect(Number.isInteger(seg.switchDelta)).toBe(false);
      expectBitIdentical(seg);
    });

    it('switching on a whole day (Δ_sw = 200, where both branches give q_sw)', () => {
      expectBitIdentical(literal({ type: 'arps_modified', D: 0.01, b: 0.5, Dsw: 0.005, switchDelta: 200 }));
    });

    it('never switching (realizedDEffSw = 0)', () => {
      const seg = build({ segmentType: 'arps_modified', qStart: 500, dEff: 0.6, b: 0.8, realizedDEffSw: 0 });
      expect(seg.switchDelta).toBe(Number.POSITIVE_INFINITY);
      expectBitIdentical(seg);
    });

    it('switching after the last day', () => {
      const seg = build(
        { segmentType: 'arps_modified', qStart: 500, dEff: 0.6, b: 0.8, realizedDEffSw: 0.2 },
        '2020-01-30',
      );
      expect(seg.switchDelta).toBeGreaterThan(seg.end - seg.start);
      expect(seg.switchDelta).toBeLessThan(Number.POSITIVE_INFINITY);
      expectBitIdentical(seg);
    });

    it('with b below 1e-10 and a switch (exponential Arps part, then the D_sw tail)', () => {
      expectBitIdentical(literal({ type: 'arps_modified', D: 0.01, b: 1e-11, Dsw: 0.004, switchDelta: 100.25 }));
    });
  });

  it('flat (q0 = 37.5 and q0 = 0), overwriting what the buffer held', () => {
    expectBitIdentical(build({ segmentType: 'flat', qStart: 37.5 }));
    expectBitIdentical(build({ segmentType: 'flat', qStart: 0 }));
  });

  it('linear (slope given, slope from dEff, slope 0)', () => {
    expectBitIdentical(build({ segmentType: 'linear', qStart: 1000, slope: -0.1 }));
    expectBitIdentical(build({ segmentType: 'linear', qStart: 1000, dEff: 0.03 }));
    expectBitIdentical(build({ segmentType: 'linear', qStart: 1000, slope: 0 }));
  });

  it('empty writes zeros over what the buffer held', () => {
    expectBitIdentical(build({ segmentType: 'empty' }));
  });

  it('a one-day segment, and offset 0 in a buffer of exactly its length', () => {
    expectBitIdentical(literal({ type: 'arps', start: 5, end: 5, D: 0.01, b: 0.5 }));
    expectBitIdentical(build({ segmentType: 'arps', qStart: 250, dEff: 0.7, b: 0.5 }), 0, 0);
  });
});

describe('fillSegment bounds', () => {
  const seg = literal({ type: 'flat', end: 9 }); // 10 days

  it.each([-1, 1.5, Number.NaN, 1])('rejects offset %d for 10 days in a buffer of 10, naming offset', (offset) => {
    const out = new Float64Array(10);
    expect(() => fillSegment(seg, out, offset)).toThrow(DeclineError);
    expect(() => fillSegment(seg, out, offset)).toThrow(/^offset must be an integer ≥ 0 with offset \+ 10 days ≤ /);
    expect(Array.from(out)).toEqual(new Array(10).fill(0));
  });
});

/** Segments concentrated where the expressions are delicate: b near 0 and 1, every switch position. */
const edgeParameters: fc.Arbitrary<Omit<SegmentInput, 'startDate' | 'endDate'>> = fc.oneof(
  fc.record({
    segmentType: fc.constant('arps'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: 0, max: 0.95, noNaN: true }),
    b: fc.oneof(
      fc.double({ min: 0, max: 1e-6, noNaN: true }),
      fc.double({ min: 1 - 1e-6, max: 1 + 1e-6, noNaN: true }),
    ),
  }),
  fc.record({
    segmentType: fc.constant('arps_inc'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: -0.5, max: 0, noNaN: true }),
    b: fc.oneof(
      fc.double({ min: -1e-6, max: 0, noNaN: true }),
      fc.double({ min: -1 - 1e-6, max: -1 + 1e-6, noNaN: true }),
    ),
  }),
  fc.record({
    segmentType: fc.constant('arps_modified'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: 0.01, max: 0.95, noNaN: true }),
    b: fc.oneof(
      fc.double({ min: 0.01, max: 2, noNaN: true }),
      fc.double({ min: 1 - 1e-6, max: 1 + 1e-6, noNaN: true }),
      fc.double({ min: 0.05 - 1e-9, max: 0.05 + 1e-9, noNaN: true }), // the edge of arpsPower's series
    ),
    // 0 never switches; a large realizedDEffSw switches at 0; between, anywhere (or after the end).
    realizedDEffSw: fc.double({ min: 0, max: 0.95, noNaN: true }),
  }),
);

/** arps_modified literals with the switch on a whole day, a fraction, at 0, beyond the end or never. */
const modifiedLiteral: fc.Arbitrary<Segment> = fc
  .record({
    end: fc.integer({ min: 0, max: 1500 }),
    q0: fc.double({ min: 0, max: 1e4, noNaN: true }),
    D: fc.double({ min: 0, max: 0.01, noNaN: true }),
    b: fc.oneof(
      fc.constant(0),
      fc.double({ min: 0, max: 1e-9, noNaN: true }),
      fc.double({ min: 0, max: 2, noNaN: true }),
    ),
    Dsw: fc.double({ min: 0, max: 0.01, noNaN: true }),
    switchDelta: fc.oneof(
      fc.integer({ min: 0, max: 2000 }),
      fc.double({ min: 0, max: 2000, noNaN: true }),
      fc.constant(Number.POSITIVE_INFINITY),
    ),
  })
  .map((fields) => literal({ type: 'arps_modified', ...fields }));

describe('properties: bit-identical to segmentRate for random valid segments', () => {
  it('every type, at a random offset in a buffer holding garbage', () => {
    fc.assert(
      fc.property(
        arbitrarySegment,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 5 }),
        fc.double(),
        (seg, offset, pad, garbage) => {
          expectBitIdentical(seg, offset, pad, garbage);
        },
      ),
    );
  });

  it('Arps near b = 0 and b = 1, and arps_modified switching anywhere', () => {
    fc.assert(
      fc.property(
        fc.tuple(edgeParameters, fc.integer({ min: 32872, max: 50000 }), fc.integer({ min: 2, max: 1500 })),
        ([params, start, length]) => {
          expectBitIdentical(
            toSegment({ ...params, startDate: fromDayIndex(start), endDate: fromDayIndex(start + length - 1) }),
          );
        },
      ),
    );
  });

  it('arps_modified literals switching on whole days, fractions, at 0, after the end or never', () => {
    fc.assert(
      fc.property(modifiedLiteral, (seg) => {
        expectBitIdentical(seg);
      }),
    );
  });

  it('dailySeries equals segmentRate on every day of random contiguous segments', () => {
    fc.assert(
      fc.property(arbitrarySegments, (segments) => {
        const daily = dailySeries(segments);
        for (const seg of segments) {
          for (let delta = 0; delta <= seg.end - seg.start; delta++) {
            const value = daily.values[seg.start - daily.start + delta]!;
            if (!Object.is(value, segmentRate(seg, delta))) {
              expect.fail(`${seg.type} Δ = ${delta}: ${value} ≠ ${segmentRate(seg, delta)}`);
            }
          }
        }
      }),
    );
  });
});
