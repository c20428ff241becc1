import { B_EXPONENTIAL_THRESHOLD, DAYS_PER_YEAR } from './constants';
import { DeclineError, requireFinite } from './declineError';

/**
 * Conversions between the API's declines (decimal fractions per year) and the internal nominal
 * decline per day D (1/day). Effective decline is the secant effective over one year:
 * dEff = 1 − q(t0 + Y) / q(t0), Y = 365.25 days (decline-math.md).
 */

function requireEffective(dEff: number): number {
  requireFinite('dEff', dEff);
  if (dEff >= 1) {
    throw new DeclineError(
      'dEff',
      dEff,
      'must be below 1 (an effective decline of 100 %/year or more has no finite D)',
    );
  }
  return dEff;
}

/**
 * Nominal decline per day from a nominal decline per year: D = d / Y.
 *
 * @param d nominal decline, decimal per year
 * @returns D, 1/day
 * @throws {DeclineError} when `d` is not finite
 */
export function nominalPerDay(d: number): number {
  return requireFinite('d', d) / DAYS_PER_YEAR;
}

/**
 * Exponential nominal decline per day from the effective decline:
 * D = −ln(1 − dEff) / Y, computed as −log1p(−dEff) / Y. dEff < 0 (an increase) gives D < 0.
 *
 * @param dEff effective decline, decimal per year, < 1
 * @returns D, 1/day
 * @throws {DeclineError} when dEff is not finite or dEff ≥ 1
 */
export function exponentialNominalFromEffective(dEff: number): number {
  return -Math.log1p(-requireEffective(dEff)) / DAYS_PER_YEAR;
}

/**
 * Arps nominal decline per day from the secant effective decline:
 * D = ((1 − dEff)^(−b) − 1) / (Y·b), computed as expm1(−b·log1p(−dEff)) / (Y·b);
 * |b| < 1e-10 is exponential.
 *
 * @param dEff effective decline, decimal per year, < 1
 * @param b Arps b-factor (dimensionless)
 * @returns D, 1/day
 * @throws {DeclineError} when dEff or b is not finite, or dEff ≥ 1
 */
export function arpsNominalFromEffective(dEff: number, b: number): number {
  requireEffective(dEff);
  requireFinite('b', b);
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return exponentialNominalFromEffective(dEff);
  return Math.expm1(-b * Math.log1p(-dEff)) / (DAYS_PER_YEAR * b);
}

/**
 * Effective decline of an exponential from its nominal decline per day:
 * dEff = 1 − e^(−D·Y), computed as −expm1(−D·Y).
 *
 * @param D nominal decline, 1/day
 * @returns dEff, decimal per year
 * @throws {DeclineError} when D is not finite
 */
export function exponentialEffectiveFromNominal(D: number): number {
  return -Math.expm1(-requireFinite('D', D) * DAYS_PER_YEAR);
}

/**
 * Secant effective decline of an Arps curve from its nominal decline per day:
 * dEff = 1 − (1 + b·D·Y)^(−1/b), computed as −expm1(−log1p(b·D·Y)/b); |b| < 1e-10 is exponential.
 *
 * @param D nominal decline, 1/day
 * @param b Arps b-factor
 * @returns dEff, decimal per year
 * @throws {DeclineError} when D or b is not finite, or 1 + b·D·Y ≤ 0 (the curve does not reach one year)
 */
export function arpsEffectiveFromNominal(D: number, b: number): number {
  requireFinite('D', D);
  requireFinite('b', b);
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return exponentialEffectiveFromNominal(D);
  const base = b * D * DAYS_PER_YEAR;
  if (base <= -1) {
    throw new DeclineError('b', b, `with D = ${D}/day gives 1 + b·D·Y ≤ 0: the rate is undefined within a year`);
  }
  return -Math.expm1(-Math.log1p(base) / b);
}
