import { arpsPower } from './arpsPower';
import { B_EXPONENTIAL_THRESHOLD } from './constants';
import { DeclineError } from './declineError';
import type { Segment } from './segment';

/**
 * Exponential rate q(Δ) = q0·e^(−D·Δ).
 *
 * @param q0 rate at Δ = 0 (BBL/D or MCF/D)
 * @param D nominal decline, 1/day (negative for an increase)
 * @param delta Δ, days
 */
export function exponentialRate(q0: number, D: number, delta: number): number {
  return q0 * Math.exp(-D * delta);
}

/**
 * Arps rate q(Δ) = q0·(1 + b·D·Δ)^(−1/b); |b| < 1e-10 is exponential. Evaluated by `arpsPower`
 * (decision 063: a tabled interval of 1 + b·D·Δ and a binomial series, within a few ulps), or as
 * q0·exp(−log1p(b·D·Δ)/b) for 1e-10 ≤ |b| < 0.05. NaN when 1 + b·D·Δ ≤ 0 (toSegment rejects such
 * segments).
 *
 * @param q0 rate at Δ = 0
 * @param D nominal decline at Δ = 0, 1/day
 * @param b Arps b-factor
 * @param delta Δ, days
 */
export function arpsRate(q0: number, D: number, b: number, delta: number): number {
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return exponentialRate(q0, D, delta);
  return arpsPower(q0, b * D * delta, b);
}

/**
 * arps_modified rate: Arps until the (fractional) switch time Δ_sw, then
 * q_sw·e^(−D_sw·(Δ − Δ_sw)) with q_sw = q(Δ_sw); with Δ_sw = 0 it is q0·e^(−D·Δ) (D_sw ≥ D:
 * exponential from the start with D, decline-math.md).
 */
export function modifiedArpsRate(seg: Segment, delta: number): number {
  if (seg.switchDelta === 0) return exponentialRate(seg.q0, seg.D, delta);
  if (delta <= seg.switchDelta) return arpsRate(seg.q0, seg.D, seg.b, delta);
  const qSwitch = arpsRate(seg.q0, seg.D, seg.b, seg.switchDelta);
  return exponentialRate(qSwitch, seg.Dsw, delta - seg.switchDelta);
}

/**
 * Rate of a segment at Δ days after its start (fractional Δ allowed), in the segment's rate unit.
 *
 * @throws {DeclineError} when Δ is negative or not finite
 */
export function segmentRate(seg: Segment, delta: number): number {
  if (!(delta >= 0) || delta === Infinity) throw new DeclineError('delta', delta, 'must be a finite number ≥ 0');
  switch (seg.type) {
    case 'exp_dec':
    case 'exp_inc':
      return exponentialRate(seg.q0, seg.D, delta);
    case 'arps':
    case 'arps_inc':
      return arpsRate(seg.q0, seg.D, seg.b, delta);
    case 'arps_modified':
      return modifiedArpsRate(seg, delta);
    case 'flat':
      return seg.q0;
    case 'linear':
      return seg.q0 + seg.slope * delta;
    case 'empty':
      return 0;
  }
}
