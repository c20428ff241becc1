import fc from 'fast-check';
import { fromDayIndex } from '../dayIndex';
import { type Segment, type SegmentInput, toSegment } from '../segment';

/** Day indexes of 1990-01-01 .. 2049-12-31. */
const FIRST_DAY = 32872;
const LAST_DAY = 54786;

/** The type-specific fields of a random valid segment (declines in the API's units). */
export const arbitraryParameters: fc.Arbitrary<Omit<SegmentInput, 'startDate' | 'endDate'>> = fc.oneof(
  fc.record({
    segmentType: fc.constant('arps'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: 0.01, max: 0.95, noNaN: true }),
    b: fc.double({ min: 0, max: 2, noNaN: true }),
  }),
  fc.record({
    segmentType: fc.constant('arps_inc'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: -0.5, max: -0.01, noNaN: true }),
    b: fc.double({ min: -2, max: -0.01, noNaN: true }),
  }),
  fc.record({
    segmentType: fc.constantFrom('exp_dec'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: 0, max: 0.95, noNaN: true }),
  }),
  fc.record({
    segmentType: fc.constantFrom('exp_inc'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: -0.5, max: 0, noNaN: true }),
  }),
  fc.record({
    segmentType: fc.constant('flat'),
    qStart: fc.oneof(fc.constant(0), fc.double({ min: 0.1, max: 1e4, noNaN: true })),
  }),
  fc.record({
    segmentType: fc.constant('linear'),
    qStart: fc.double({ min: 100, max: 1e4, noNaN: true }),
    // At most 100 rate/day of decline per 10 000 rate over ≤ 1500 days keeps the rate ≥ 0 below.
    slope: fc.double({ min: -0.06, max: 1, noNaN: true }),
  }),
  fc.record({
    segmentType: fc.constant('arps_modified'),
    qStart: fc.double({ min: 0.1, max: 1e4, noNaN: true }),
    dEff: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    b: fc.double({ min: 0.1, max: 2, noNaN: true }),
    realizedDEffSw: fc.double({ min: 0, max: 0.3, noNaN: true }),
  }),
  fc.record({ segmentType: fc.constant('empty') }),
);

/** Builds a segment covering [start, start + length − 1] from random parameters. */
function build(params: Omit<SegmentInput, 'startDate' | 'endDate'>, start: number, length: number): Segment {
  return toSegment({ ...params, startDate: fromDayIndex(start), endDate: fromDayIndex(start + length - 1) });
}

/** A random valid segment of 2 to 1500 days. */
export const arbitrarySegment: fc.Arbitrary<Segment> = fc
  .tuple(arbitraryParameters, fc.integer({ min: FIRST_DAY, max: LAST_DAY - 1500 }), fc.integer({ min: 2, max: 1500 }))
  .map(([params, start, length]) => build(params, start, length));

/** 1 to 5 random contiguous segments. */
export const arbitrarySegments: fc.Arbitrary<Segment[]> = fc
  .tuple(
    fc.integer({ min: FIRST_DAY, max: FIRST_DAY + 3000 }),
    fc.array(fc.tuple(arbitraryParameters, fc.integer({ min: 2, max: 1500 })), { minLength: 1, maxLength: 5 }),
  )
  .map(([first, parts]) => {
    let start = first;
    return parts.map(([params, length]) => {
      const seg = build(params, start, length);
      start += length;
      return seg;
    });
  });
