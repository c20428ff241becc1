import { annualizeIrr, DISCOUNT_PERIODS_PER_YEAR, type DiscountMethod } from '@econ/contract/rules';
import { discountedSplit, discountedSum } from './discount';

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
 * taken), then the Illinois method (a bracketing regula falsi) in ln(1 + p) to full precision. Null
 * when no root lies below the cap. When the NPV can have only one root (singleRoot: the cumulative
 * cash flow changes sign once, as a well's does), that root is found by Halley steps instead, the
 * same figure in a few evaluations instead of 30–60 (decision 062).
 */
export function irr(bfit: Float64Array, exponents: Float64Array, method: DiscountMethod): IrrResult | null {
  return solveIrr(bfit, exponents, method, true);
}

/** irr by the scan and the Illinois search whatever the cash flow (the tests compare it with irr). */
export function irrByScan(bfit: Float64Array, exponents: Float64Array, method: DiscountMethod): IrrResult | null {
  return solveIrr(bfit, exponents, method, false);
}

function solveIrr(
  bfit: Float64Array,
  exponents: Float64Array,
  method: DiscountMethod,
  allowSingle: boolean,
): IrrResult | null {
  let pos = false;
  let neg = false;
  let total = 0;
  // The sign changes of the cumulative cash flow (zeros skipped), and whether the exponents never
  // fall: with at most one change there is at most one root (singleRoot).
  let changes = 0;
  let sign = 0;
  let ordered = true;
  for (let r = 0; r < bfit.length; r++) {
    const v = bfit[r]!;
    if (v > 0) pos = true;
    else if (v < 0) neg = true;
    total += v;
    const s = total > 0 ? 1 : total < 0 ? -1 : 0;
    if (s !== 0) {
      if (sign !== 0 && s !== sign) changes++;
      sign = s;
    }
    if (r > 0 && exponents[r]! < exponents[r - 1]!) ordered = false;
  }
  if (!pos || !neg || total < 0) return null;
  const n = DISCOUNT_PERIODS_PER_YEAR[method];
  const at = (L: number) => ({ periodRate: Math.expm1(L), annual: annualizeIrr(Math.expm1(L), method) });
  if (total === 0) return at(0);
  const ratio = (IRR_MAX_ANNUAL / SCAN_MIN_ANNUAL) ** (1 / (SCAN_POINTS - 1));
  const scanAt = (k: number) => Math.log1p(SCAN_MIN_ANNUAL * ratio ** k) / n;
  // At most one root: Halley steps find it, or find the NPV still positive at the scan's last point.
  if (allowSingle && changes <= 1 && ordered) {
    const root = singleRoot(bfit, exponents, scanAt(SCAN_POINTS - 1));
    return root === null ? null : at(root);
  }
  let lo = 0;
  let hi = Number.NaN;
  for (let k = 0; k < SCAN_POINTS; k++) {
    const L = scanAt(k);
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

/** The sums discountedSplit fills (income, costs and their slopes), reused by every step. */
const split = new Float64Array(6);
/** A step under this share of L ends the search: the next would move L by about its square. */
const STEP_TOLERANCE = 1e-12;

/**
 * The root in (0, cap) of the NPV of a cash flow whose cumulative S changes sign at most once (in
 * the order of its exponents, which never fall) and whose total is positive; null when the NPV is
 * still positive at cap (the scan's last point: the rate is above the cap). By parts,
 * NPV(L) = Σ cf_m·exp(−e_m·L) = L·∫ S(s)·exp(−s·L) ds, S(s) the cumulative cash flow up to exponent
 * s (the total past the last one): a Laplace transform, whose kernel diminishes variation, so it
 * has at most as many roots as S has sign changes (Norstrom's criterion, with exponents as times).
 * The root is the only one, the one the scan would bracket.
 *
 * Halley steps on h(L) = ln I − ln C, I and C the discounted income and costs (h has the NPV's sign
 * and is nearly linear in L), from L = 0 inside the bracket [lo, hi] each evaluation narrows: a
 * bisection when a step leaves it, cap itself when a step passes it before it was looked at. A step
 * under STEP_TOLERANCE·L ends the search (cubic convergence: the error left is far below the
 * figures' rounding). About 4–6 evaluations where the scan and the Illinois search take 30–60.
 */
function singleRoot(cf: Float64Array, exponents: Float64Array, cap: number): number | null {
  let lo = 0;
  let hi = cap;
  let L = 0;
  let capSeen = false;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    discountedSplit(cf, exponents, L, split);
    const income = split[0]!;
    const costs = split[1]!;
    if (income === costs) return L;
    const h = Math.log(income) - Math.log(costs);
    if (h === 0) return L;
    if (L === cap && h > 0) return null;
    if (h > 0) lo = L;
    else hi = L;
    // h' = I'/I − C'/C and h'' = I''/I − (I'/I)² − (C''/C − (C'/C)²), with I' = −split[2], I'' = split[4].
    const i1 = split[2]! / income;
    const c1 = split[3]! / costs;
    const d1 = c1 - i1;
    const d2 = split[4]! / income - i1 * i1 - (split[5]! / costs - c1 * c1);
    const newton = h / d1;
    const halley = (2 * h * d1) / (2 * d1 * d1 - h * d2);
    // Halley's step, unless the curvature turns it against Newton's.
    const step = halley * newton > 0 ? halley : newton;
    let next = L - step;
    if (Math.abs(step) <= STEP_TOLERANCE * Math.abs(next) && next < cap) return next;
    if (!(next > lo && next < hi)) next = next >= hi && hi === cap && !capSeen ? cap : (lo + hi) / 2;
    if (next === cap) capSeen = true;
    L = next;
  }
  // The bracket closed on cap without a look at it: the root is not below it.
  return hi === cap && !capSeen ? null : (lo + hi) / 2;
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
