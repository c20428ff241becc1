import {
  ARPS_SERIES_TERMS,
  arpsPlain,
  arpsSeries,
  arpsSeriesApplies,
  arpsSeriesCoefficients,
  enterArpsInterval,
  resetArpsState,
  STATE_END,
  STATE_FACTOR,
  STATE_LENGTH,
  STATE_SCALE,
  STATE_SHIFT,
  STATE_START,
} from './arpsPower';
import { B_EXPONENTIAL_THRESHOLD } from './constants';
import { DeclineError } from './declineError';
import { arpsRate } from './rate';
import type { Segment } from './segment';

/**
 * Type-specialised daily fills: one loop per segment type, so the per-day cost is the rate
 * expression alone (no per-day switch on the type, no per-day argument checks). Each loop evaluates
 * exactly the expression of its `rate.ts` function at Δ = i, with the same operands in the same
 * order, so every value is bit-identical to `segmentRate(seg, i)`; per-segment constants (b·D, q_sw,
 * the Arps series coefficients) are hoisted only where the hoisted sub-expression is the same IEEE
 * operation (b·D·Δ parses as (b·D)·Δ), and the Arps interval's factor is kept while the days stay in
 * the interval (it is a function of the interval alone, arpsPower.ts). No running products between
 * days: those would drift from the closed form.
 */

/** out[offset + i] = q0·e^(−D·i) for from ≤ i < to (exponentialRate; D in 1/day, i in days). */
function fillExponential(q0: number, D: number, out: Float64Array, offset: number, from: number, to: number): void {
  for (let i = from; i < to; i++) out[offset + i] = q0 * Math.exp(-D * i);
}

const STATE = new Float64Array(STATE_LENGTH);
const STEP_FACTORS = new Float64Array(128);
const COEFFICIENTS = new Float64Array(ARPS_SERIES_TERMS);

/**
 * out[offset + i] = q0·(1 + b·D·i)^(−1/b) for from ≤ i < to (arpsRate; |b| < 1e-10 is
 * exponential). In arpsPower's domain each day costs the series alone: the interval of 1 + b·D·i
 * and its factor are entered only when the day leaves the current interval (the same functions as
 * arpsPower, so the same bits), the series coefficients are locals.
 */
function fillArps(q0: number, D: number, b: number, out: Float64Array, offset: number, from: number, to: number): void {
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) {
    fillExponential(q0, D, out, offset, from, to);
    return;
  }
  const bD = b * D;
  if (!arpsSeriesApplies(b)) {
    for (let i = from; i < to; i++) out[offset + i] = arpsPlain(q0, bD * i, b);
    return;
  }
  const state = STATE;
  resetArpsState(state);
  const steps = STEP_FACTORS.fill(Number.NaN);
  const c = COEFFICIENTS;
  arpsSeriesCoefficients(b, c);
  const c1 = c[0]!;
  const c2 = c[1]!;
  const c3 = c[2]!;
  const c4 = c[3]!;
  const c5 = c[4]!;
  const c6 = c[5]!;
  const c7 = c[6]!;
  const c8 = c[7]!;
  const c9 = c[8]!;
  const c10 = c[9]!;
  const c11 = c[10]!;
  const c12 = c[11]!;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  let shift = 0;
  let scale = 0;
  let G = 0;
  for (let i = from; i < to; i++) {
    const x = bD * i;
    const u = 1 + x;
    if (!(u >= start && u < end)) {
      if (!enterArpsInterval(state, steps, q0, b, u)) {
        out[offset + i] = arpsPlain(q0, x, b);
        continue;
      }
      start = state[STATE_START]!;
      end = state[STATE_END]!;
      shift = state[STATE_SHIFT]!;
      scale = state[STATE_SCALE]!;
      G = state[STATE_FACTOR]!;
    }
    out[offset + i] = arpsSeries(G, (x - shift) * scale, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12);
  }
}

/**
 * arps_modified (modifiedArpsRate): Arps for i ≤ Δ_sw, then q_sw·e^(−D_sw·(i − Δ_sw)) with
 * q_sw = q(Δ_sw); Δ_sw = 0 is q0·e^(−D·i) throughout. `n` is the number of days.
 */
function fillModifiedArps(seg: Segment, out: Float64Array, offset: number, n: number): void {
  const sw = seg.switchDelta;
  if (sw === 0) {
    fillExponential(seg.q0, seg.D, out, offset, 0, n);
    return;
  }
  // k = the first day after the switch: the days i ≤ Δ_sw (fractional; Infinity = never) are Arps.
  const k = sw >= n ? n : sw >= 0 ? Math.floor(sw) + 1 : 0;
  fillArps(seg.q0, seg.D, seg.b, out, offset, 0, k);
  if (k === n) return;
  const qSwitch = arpsRate(seg.q0, seg.D, seg.b, sw);
  const Dsw = seg.Dsw;
  for (let i = k; i < n; i++) out[offset + i] = qSwitch * Math.exp(-Dsw * (i - sw));
}

/**
 * Writes a segment's daily values into `out`: out[offset + Δ] = q(Δ) for the whole-day indexes
 * Δ = 0 … end − start (decline-math.md: the daily volume of a day is the rate at its whole-day
 * index), in the segment's rate unit (BBL/D or MCF/D). Per type: exponential q0·e^(−DΔ); Arps
 * q0·(1 + bDΔ)^(−1/b) (|b| < 1e-10 exponential); arps_modified Arps until Δ_sw, then
 * q_sw·e^(−D_sw(Δ − Δ_sw)); flat q0; linear q0 + kΔ; empty 0. Every value is bit-identical to
 * `segmentRate(seg, Δ)`; only out[offset … offset + end − start] is written.
 *
 * @param seg a validated segment (toSegment)
 * @param out the series buffer
 * @param offset index in `out` of the segment's first day (Δ = 0)
 * @throws {DeclineError} unless offset is an integer with 0 ≤ offset and offset + end − start + 1 ≤ out.length
 * @example
 * const out = new Float64Array(seg.end - seg.start + 1);
 * fillSegment(seg, out, 0); // out[i] === segmentRate(seg, i)
 */
export function fillSegment(seg: Segment, out: Float64Array, offset: number): void {
  const n = Math.max(0, seg.end - seg.start + 1);
  if (!Number.isInteger(offset) || offset < 0 || offset + n > out.length) {
    throw new DeclineError(
      'offset',
      offset,
      `must be an integer ≥ 0 with offset + ${n} days ≤ out.length (${out.length})`,
    );
  }
  switch (seg.type) {
    case 'exp_dec':
    case 'exp_inc':
      fillExponential(seg.q0, seg.D, out, offset, 0, n);
      return;
    case 'arps':
    case 'arps_inc':
      fillArps(seg.q0, seg.D, seg.b, out, offset, 0, n);
      return;
    case 'arps_modified':
      fillModifiedArps(seg, out, offset, n);
      return;
    case 'flat':
      out.fill(seg.q0, offset, offset + n);
      return;
    case 'linear': {
      const { q0, slope } = seg;
      for (let i = 0; i < n; i++) out[offset + i] = q0 + slope * i;
      return;
    }
    case 'empty':
      out.fill(0, offset, offset + n);
      return;
  }
}
