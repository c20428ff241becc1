import { B_EXPONENTIAL_THRESHOLD } from './constants';
import { DeclineError } from './declineError';
import { arpsRate, exponentialRate } from './rate';
import type { Segment } from './segment';

/**
 * Exponential volume from Δ = 0 to Δ = t: (q0/D)·(1 − e^(−D·t)), computed as −q0·expm1(−D·t)/D
 * (accurate for small D); for |D·t| < 1e-8 (including D = 0) its series q0·t·(1 − Dt/2 + (Dt)²/6).
 *
 * @param q0 rate at Δ = 0 (BBL/D)
 * @param D nominal decline, 1/day
 * @param t duration, days
 * @returns volume (BBL, or MCF for gas)
 */
export function exponentialVolume(q0: number, D: number, t: number): number {
  return arpsVolume(q0, D, 0, t);
}

/**
 * Below this |D·t|·max(1, |b|) the volume is taken from its series q0·t·(1 − x/2 + (1 + b)·x²/6),
 * x = D·t (next term < 1e-24 relative): it covers D = 0 and keeps full precision when D·t is so small
 * that it is sub-normal (a dEff of 1e-310 is a valid input).
 */
const SMALL_DECLINE = 1e-8;

/**
 * Arps volume from Δ = 0 to Δ = t, in the form that stays accurate near b = 1 and b = 0
 * (decline-math.md, Numerical care): with L = log1p(b·D·t),
 * N = (q0/D)·(−expm1(−((1 − b)/b)·L))/(1 − b), and N = (q0/D)·L when b = 1.
 * This equals q0^b/((1 − b)·D)·(q0^(1−b) − q(t)^(1−b)). |b| < 1e-10 is exponential; for tiny
 * |D·t| (including D = 0) its series q0·t·(1 − Dt/2 + (1 + b)(Dt)²/6).
 */
export function arpsVolume(q0: number, D: number, b: number, t: number): number {
  const x = D * t;
  if (Math.abs(x) * Math.max(1, Math.abs(b)) < SMALL_DECLINE) return q0 * t * (1 - x / 2 + ((1 + b) * x * x) / 6);
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return (-q0 * Math.expm1(-x)) / D;
  const L = Math.log1p(b * D * t);
  if (b === 1) return (q0 / D) * L;
  return ((q0 / D) * -Math.expm1(-((1 - b) / b) * L)) / (1 - b);
}

/**
 * Arps volume over [a, c] (Δ days), restarted at a: an Arps curve seen from Δ = a is an Arps curve
 * with rate q(a), the same b, and decline D/(1 + b·D·a). This avoids subtracting two large
 * cumulative volumes.
 */
function arpsVolumeBetween(q0: number, D: number, b: number, a: number, c: number): number {
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return exponentialVolume(exponentialRate(q0, D, a), D, c - a);
  return arpsVolume(arpsRate(q0, D, b, a), D / (1 + b * D * a), b, c - a);
}

/** arps_modified volume over [a, c], split at the switch Δ_sw. */
function modifiedArpsVolume(seg: Segment, a: number, c: number): number {
  const sw = seg.switchDelta;
  if (sw === 0) return exponentialVolume(exponentialRate(seg.q0, seg.D, a), seg.D, c - a);
  if (c <= sw) return arpsVolumeBetween(seg.q0, seg.D, seg.b, a, c);
  const qSwitch = arpsRate(seg.q0, seg.D, seg.b, sw);
  if (a >= sw) return exponentialVolume(exponentialRate(qSwitch, seg.Dsw, a - sw), seg.Dsw, c - a);
  return arpsVolumeBetween(seg.q0, seg.D, seg.b, a, sw) + exponentialVolume(qSwitch, seg.Dsw, c - sw);
}

/**
 * Volume of a segment between Δ = a and Δ = c days after its start: ∫ q(Δ) dΔ over [a, c], in
 * rate unit × day (BBL or MCF). Closed forms per type (decline-math.md): exponential
 * (q0/D)(e^(−Da) − e^(−Dc)); Arps q0^b/((1 − b)D)(q(a)^(1−b) − q(c)^(1−b)) (b = 1:
 * (q0/D)·ln((1 + Dc)/(1 + Da))); flat q0(c − a); linear ½k(c² − a²) + q0(c − a); empty 0.
 *
 * @throws {DeclineError} unless 0 ≤ a ≤ c < ∞
 */
export function segmentVolume(seg: Segment, a: number, c: number): number {
  if (!(a >= 0) || a === Infinity) throw new DeclineError('a', a, 'must be a finite number ≥ 0');
  if (!(c >= a) || c === Infinity) throw new DeclineError('c', c, `must be a finite number ≥ a (${a})`);
  switch (seg.type) {
    case 'exp_dec':
    case 'exp_inc':
      return exponentialVolume(exponentialRate(seg.q0, seg.D, a), seg.D, c - a);
    case 'arps':
    case 'arps_inc':
      return arpsVolumeBetween(seg.q0, seg.D, seg.b, a, c);
    case 'arps_modified':
      return modifiedArpsVolume(seg, a, c);
    case 'flat':
      return seg.q0 * (c - a);
    case 'linear':
      // ½k(c² − a²) + q0(c − a), factored to avoid cancellation.
      return (c - a) * (seg.q0 + 0.5 * seg.slope * (a + c));
    case 'empty':
      return 0;
  }
}
