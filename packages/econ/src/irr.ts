import { annualizeIrr, DISCOUNT_PERIODS_PER_YEAR, type DiscountMethod } from '@econ/contract/rules';
import { discountedSum } from './discount';

/** Highest effective annual rate the IRR search looks at (1e6 = 100,000,000 %). */
export const IRR_MAX_ANNUAL = 1e6;
/** Scan points of the bracketing search, geometric in the effective annual rate. */
const SCAN_POINTS = 48;
const SCAN_MIN_ANNUAL = 1e-4;

/** Σ cf_m · exp(−e_m · L): the NPV at ln(1 + period rate) = L. */
const npvAtLog = (cf: Float64Array, exponents: Float64Array, L: number) => discountedSum(cf, exponents, L);

/** The IRR as the period rate and its annualized form, both decimals. */
export interface IrrResult {
  /** The rate per discount period p with Σ BFIT_m · (1 + p)^(−e_m) = 0. */
  periodRate: number;
  /** (1 + p)^N − 1 (spec part 2.6), N = 1, 4, 12, 365 by the discount method. */
  annual: number;
}

/**
 * IRR of a monthly cash flow (econ-math.md): the period rate at which Σ BFIT_m·DF_m = 0, CAPEX
 * discounted by month (BFIT already holds it), DF_m = (1 + p)^(−e_m) with the month exponents of
 * monthExponents. Null when the cash flow never changes sign or its total is negative. Solved by
 * bracketing: a geometric scan of the effective annual rate from 0 up to IRR_MAX_ANNUAL finds the
 * first rate where the NPV turns negative (robust to several sign changes: the lowest root is
 * taken), then the Illinois method (a bracketing regula falsi) in ln(1 + p) to full precision. Null when no root lies below the cap.
 */
export function irr(bfit: Float64Array, exponents: Float64Array, method: DiscountMethod): IrrResult | null {
  let pos = false;
  let neg = false;
  let total = 0;
  for (const v of bfit) {
    if (v > 0) pos = true;
    else if (v < 0) neg = true;
    total += v;
  }
  if (!pos || !neg || total < 0) return null;
  const n = DISCOUNT_PERIODS_PER_YEAR[method];
  const at = (L: number) => ({ periodRate: Math.expm1(L), annual: annualizeIrr(Math.expm1(L), method) });
  if (total === 0) return at(0);
  let lo = 0;
  let hi = Number.NaN;
  const ratio = (IRR_MAX_ANNUAL / SCAN_MIN_ANNUAL) ** (1 / (SCAN_POINTS - 1));
  for (let k = 0; k < SCAN_POINTS; k++) {
    const L = Math.log1p(SCAN_MIN_ANNUAL * ratio ** k) / n;
    const v = npvAtLog(bfit, exponents, L);
    if (v === 0) return at(L);
    if (v < 0) {
      hi = L;
      break;
    }
    lo = L;
  }
  if (Number.isNaN(hi)) return null;
  // Illinois (modified regula falsi): keeps the bracket like bisection, converges superlinearly.
  let flo = npvAtLog(bfit, exponents, lo);
  let fhi = npvAtLog(bfit, exponents, hi);
  let side = 0;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    let mid = (lo * fhi - hi * flo) / (fhi - flo);
    if (!(mid > lo && mid < hi)) mid = (lo + hi) / 2;
    const fmid = npvAtLog(bfit, exponents, mid);
    if (fmid === 0) return at(mid);
    if (fmid > 0) {
      lo = mid;
      flo = fmid;
      if (side === -1) fhi /= 2;
      side = -1;
    } else {
      hi = mid;
      fhi = fmid;
      if (side === 1) flo /= 2;
      side = 1;
    }
  }
  return at((lo + hi) / 2);
}

/**
 * Why a cash flow has no IRR (irr() gave null), in words a one-liner shows: no cash flow at all,
 * never negative (nothing invested: the rate is unbounded), never positive, a negative total (it
 * never pays back), income before any cost (costs only later, e.g. an abandonment), or a rate
 * above the cap.
 */
export function irrReason(cf: ArrayLike<number>): string {
  let pos = false;
  let neg = false;
  let sum = 0;
  for (let i = 0; i < cf.length; i++) {
    const v = cf[i]!;
    if (v > 0) pos = true;
    else if (v < 0) neg = true;
    sum += v;
  }
  if (!pos && !neg) return 'no cash flow';
  if (!neg) return 'no sign change: the cash flow is never negative (nothing to earn a rate on)';
  if (!pos) return 'no sign change: the cash flow is never positive';
  if (sum < 0) return 'never pays out: the cash flow sums below zero';
  for (let i = 0; i < cf.length; i++) {
    if (cf[i]! > 0) return 'no investment: the cash flow starts positive (costs come later)';
    if (cf[i]! < 0) break;
  }
  return `above ${(IRR_MAX_ANNUAL * 100).toLocaleString('en-US')} % a year`;
}

/** Why a cash flow has no payout (its cumulative never turns positive). */
export function payoutReason(cf: ArrayLike<number>): string {
  for (let i = 0; i < cf.length; i++)
    if (cf[i] !== 0) return 'never pays out: the cumulative cash flow stays at or below zero';
  return 'no cash flow';
}
