import { B_EXPONENTIAL_THRESHOLD, DAYS_PER_YEAR } from './constants';
import { toDayIndex } from './dayIndex';
import { DeclineError, requireFinite } from './declineError';
import { arpsNominalFromEffective, exponentialNominalFromEffective, nominalPerDay } from './declines';
import { segmentRate } from './rate';

/** The segment types of spec part 2.8. */
export const SEGMENT_TYPES = [
  'arps',
  'arps_inc',
  'exp_dec',
  'exp_inc',
  'flat',
  'linear',
  'arps_modified',
  'empty',
] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/** A segment as the API receives it (spec part 2.8); declines are decimal fractions per year. */
export interface SegmentInput {
  segmentType: string;
  startDate: string;
  endDate: string;
  qStart?: number | undefined;
  d?: number | undefined;
  dEff?: number | undefined;
  b?: number | undefined;
  slope?: number | undefined;
  realizedDEffSw?: number | undefined;
  /** Deprecated; recomputed, never trusted (decline-math.md). */
  qEnd?: number | undefined;
}

/**
 * A validated segment in internal units. It covers day indexes [start, end] inclusive; Δ = t − start.
 * Fields a type does not use are 0 (switchDelta: Infinity when there is no switch).
 */
export interface Segment {
  type: SegmentType;
  /** First day index (days since 1900-01-01). */
  start: number;
  /** Last day index, inclusive. */
  end: number;
  /** Rate at Δ = 0 (BBL/D or MCF/D). */
  q0: number;
  /** Nominal decline at Δ = 0, 1/day (negative for the increasing types). */
  D: number;
  /** Arps b-factor. */
  b: number;
  /** Linear slope, rate/day. */
  slope: number;
  /** arps_modified switch decline D_sw = −ln(1 − realizedDEffSw)/Y, 1/day. */
  Dsw: number;
  /** arps_modified switch time Δ_sw (days, fractional): 0 = exponential from the start, Infinity = never. */
  switchDelta: number;
  /** Rate at the last day, Δ = end − start (computed, decline-math.md: qEnd is recomputed). */
  qEnd: number;
}

/** A segment of `type` over [start, end] with every parameter 0 (switchDelta: Infinity), to be filled in. */
export function blankSegment(type: SegmentType, start: number, end: number): Segment {
  return { type, start, end, q0: 0, D: 0, b: 0, slope: 0, Dsw: 0, switchDelta: Infinity, qEnd: 0 };
}

function isSegmentType(value: string): value is SegmentType {
  return (SEGMENT_TYPES as readonly string[]).includes(value);
}

function required(input: SegmentInput, field: 'qStart' | 'b' | 'slope' | 'realizedDEffSw'): number {
  const value = input[field];
  if (value === undefined) {
    throw new DeclineError(field, value, `is required for segmentType '${input.segmentType}' (spec part 2.8)`);
  }
  return requireFinite(field, value);
}

/** D (1/day) from exactly one of d (nominal per year) or dEff (effective per year). */
function declineFrom(input: SegmentInput, fromEffective: (dEff: number) => number): number {
  const { d, dEff } = input;
  if (d !== undefined && dEff !== undefined) {
    throw new DeclineError('d', d, `and dEff (${dEff}) were both sent; send exactly one (spec part 2.8)`);
  }
  if (d !== undefined) return nominalPerDay(d);
  if (dEff !== undefined) return fromEffective(dEff);
  throw new DeclineError('d', d, `or dEff is required for segmentType '${input.segmentType}' (spec part 2.8)`);
}

/**
 * Validates an API segment (spec part 2.8, decline-math.md) and converts it to internal units:
 * dates to day indexes, d to D = d/Y, dEff to D by the type's formula, realizedDEffSw to
 * D_sw = −ln(1 − realizedDEffSw)/Y and the switch time Δ_sw = (D/D_sw − 1)/(b·D); qEnd is recomputed.
 *
 * Sign rules: decline types (arps, exp_dec, arps_modified) need D ≥ 0; increasing types (arps_inc,
 * exp_inc) need D ≤ 0. Arps types need b ≥ 0 except arps_inc, which uses b < 0; arps_inc with b < 0
 * and D > 0 is rejected (decline-math.md), as is any Arps segment whose base 1 + b·D·Δ reaches 0
 * before the end of its last day.
 *
 * @throws {DeclineError} naming the field for: an unknown type, a bad date, endDate not after
 * startDate, a missing required field, both d and dEff, non-finite numbers, dEff ≥ 1, qStart < 0,
 * the sign rules above, realizedDEffSw outside [0, 1), a linear rate that turns negative.
 */
export function toSegment(input: SegmentInput): Segment {
  const { segmentType } = input;
  if (!isSegmentType(segmentType)) {
    throw new DeclineError('segmentType', segmentType, `must be one of ${SEGMENT_TYPES.join(', ')}`);
  }
  const start = toDayIndex(input.startDate, 'startDate');
  const end = toDayIndex(input.endDate, 'endDate');
  if (end <= start) {
    throw new DeclineError('endDate', input.endDate, `must be after startDate (${input.startDate}) (spec part 2.8)`);
  }
  const seg = blankSegment(segmentType, start, end);
  if (segmentType !== 'empty') {
    seg.q0 = required(input, 'qStart');
    if (seg.q0 < 0) throw new DeclineError('qStart', seg.q0, 'must be ≥ 0');
  }
  // The segment's continuous span is [0, end − start + 1): its last day runs to the next segment's start.
  const span = end - start + 1;

  switch (segmentType) {
    case 'exp_dec':
    case 'exp_inc': {
      seg.D = declineFrom(input, exponentialNominalFromEffective);
      checkSign(input, seg.D, segmentType === 'exp_inc');
      break;
    }
    case 'arps':
    case 'arps_inc':
    case 'arps_modified': {
      seg.b = required(input, 'b');
      const b = seg.b;
      seg.D = declineFrom(input, (dEff) => arpsNominalFromEffective(dEff, b));
      const increasing = segmentType === 'arps_inc';
      if (increasing && b < 0 && seg.D > 0) {
        throw new DeclineError(
          'b',
          b,
          `< 0 with a positive decline (D = ${seg.D}/day) is rejected for arps_inc: its rate has a pole`,
        );
      }
      checkSign(input, seg.D, increasing);
      if (!increasing && b <= -B_EXPONENTIAL_THRESHOLD) {
        throw new DeclineError('b', b, `must be ≥ 0 for segmentType '${segmentType}'`);
      }
      if (Math.abs(b) >= B_EXPONENTIAL_THRESHOLD && 1 + b * seg.D * span <= 0) {
        throw new DeclineError(
          'b',
          b,
          `with D = ${seg.D}/day makes 1 + b·D·Δ ≤ 0 within the segment: the rate has a pole`,
        );
      }
      if (segmentType === 'arps_modified') setSwitch(seg, required(input, 'realizedDEffSw'));
      break;
    }
    case 'linear': {
      if (input.slope !== undefined && input.dEff !== undefined) {
        throw new DeclineError('slope', input.slope, `and dEff (${input.dEff}) were both sent; send exactly one`);
      }
      // decline-math.md: slope k given, or k = −dEff·q0/Y.
      seg.slope =
        input.slope === undefined && input.dEff !== undefined
          ? (-requireFinite('dEff', input.dEff) * seg.q0) / DAYS_PER_YEAR
          : required(input, 'slope');
      const last = seg.q0 + seg.slope * (end - start);
      if (last < 0) {
        throw new DeclineError('slope', seg.slope, `makes the rate negative (${last}) by endDate ${input.endDate}`);
      }
      break;
    }
    case 'flat':
    case 'empty':
      break;
  }
  seg.qEnd = segmentRate(seg, end - start);
  return seg;
}

function checkSign(input: SegmentInput, D: number, increasing: boolean): void {
  const field = input.d !== undefined ? 'd' : 'dEff';
  const value = input.d ?? input.dEff;
  if (increasing && D > 0) {
    throw new DeclineError(field, value, `must be ≤ 0 for segmentType '${input.segmentType}' (an increase)`);
  }
  if (!increasing && D < 0) {
    throw new DeclineError(field, value, `must be ≥ 0 for segmentType '${input.segmentType}' (a decline)`);
  }
}

/**
 * arps_modified switch: D_sw = −ln(1 − realizedDEffSw)/Y; the instantaneous decline D/(1 + b·D·Δ)
 * reaches D_sw at Δ_sw = (D/D_sw − 1)/(b·D). D_sw ≥ D: exponential from the start (Δ_sw = 0);
 * realizedDEffSw = 0 or an exponential Arps (b ≈ 0, constant decline D > D_sw): never (Δ_sw = ∞).
 */
function setSwitch(seg: Segment, realizedDEffSw: number): void {
  if (realizedDEffSw < 0 || realizedDEffSw >= 1) {
    throw new DeclineError('realizedDEffSw', realizedDEffSw, 'must be in [0, 1)');
  }
  seg.Dsw = exponentialNominalFromEffective(realizedDEffSw);
  seg.switchDelta = switchDelta(seg.D, seg.b, seg.Dsw);
}

/**
 * The arps_modified switch time Δ_sw (days, fractional) of an Arps curve (D, b, 1/day) with the
 * switch decline D_sw (1/day): (D/D_sw − 1)/(b·D); 0 when D_sw ≥ D (exponential from the start);
 * Infinity when D_sw = 0 or b ≈ 0 (the decline never falls to D_sw).
 */
export function switchDelta(D: number, b: number, Dsw: number): number {
  if (Dsw >= D) return 0;
  if (Dsw === 0 || Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return Infinity;
  return (D / Dsw - 1) / (b * D);
}
