import { DISCOUNT_PERIODS_PER_YEAR, type DiscountMethod } from '@econ/contract/rules';
import type { Grid } from './grid';

/** Cash accrual time of `discountTable` (spec part 2.6). */
export type CashAccrual = 'mid_month' | 'end_month';

/** Days a mid-month accrual moves a month's cash back from the first day of the next month. */
export const MID_MONTH_DAYS = 15;
/** Days per year in the discount exponent (econ-math.md). */
export const DISCOUNT_DAYS_PER_YEAR = 365.25;

/**
 * The discount exponent of each row in periods, so DF = (1 + r/n)^(−e): with d = days from the
 * discount date to the first day of the month after the row, e = 0 when d ≤ 0, else
 * e = n·d'/365.25 with d' = d − 15 (`mid_month`) or d (`end_month`) (econ-math.md, Discounting).
 * Note that a mid-month row with 0 < d < 15 has e < 0 (a factor above 1), as the rule reads.
 */
export function monthExponents(grid: Grid, discountDay: number, method: DiscountMethod, accrual: CashAccrual) {
  const n = DISCOUNT_PERIODS_PER_YEAR[method];
  const shift = accrual === 'mid_month' ? MID_MONTH_DAYS : 0;
  const out = new Float64Array(grid.nextMonth.length);
  for (let r = 0; r < out.length; r++) {
    const d = grid.nextMonth[r]! - discountDay;
    out[r] = d <= 0 ? 0 : (n * (d - shift)) / DISCOUNT_DAYS_PER_YEAR;
  }
  return out;
}

/** Discountings (discount day, method, accrual) sharedExponents keeps per grid. */
const SHARED_DISCOUNTINGS = 16;
/** Exponents of sharedExponents by grid, then by discount day, method and accrual. */
const exponentsByGrid = new WeakMap<Grid, Map<string, Float64Array>>();

/** monthExponents of a shared grid (sharedGrid), computed once per grid and discounting: never written. */
export function sharedExponents(grid: Grid, discountDay: number, method: DiscountMethod, accrual: CashAccrual) {
  let byKey = exponentsByGrid.get(grid);
  if (!byKey) {
    byKey = new Map();
    exponentsByGrid.set(grid, byKey);
  }
  const key = `${discountDay} ${method} ${accrual}`;
  let out = byKey.get(key);
  if (!out) {
    out = monthExponents(grid, discountDay, method, accrual);
    // A few discountings per grid are kept (a run's wells share one): the oldest goes first.
    if (byKey.size >= SHARED_DISCOUNTINGS) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, out);
  }
  return out;
}

/**
 * The discount exponent of a single day (CAPEX, econ-math.md): 0 on or before the discount date,
 * else n·days/365.25, with no mid-month shift.
 */
export function dayExponent(day: number, discountDay: number, method: DiscountMethod): number {
  const d = day - discountDay;
  return d <= 0 ? 0 : (DISCOUNT_PERIODS_PER_YEAR[method] * d) / DISCOUNT_DAYS_PER_YEAR;
}

/** ln(1 + r/n) of an annual rate in percent: DF = exp(−e · ln(1 + r/n)). */
export function logBase(ratePercent: number, method: DiscountMethod): number {
  return Math.log1p(ratePercent / 100 / DISCOUNT_PERIODS_PER_YEAR[method]);
}

/** A single discount factor (1 + r/n)^(−e) for an exponent e and an annual rate in percent. */
export function discountFactor(exponent: number, ratePercent: number, method: DiscountMethod): number {
  return Math.exp(-exponent * logBase(ratePercent, method));
}

/** One CAPEX amount placed in a row, with the discount exponent of its own day. */
export interface PlacedCapex {
  row: number;
  amount: number;
  exponent: number;
}

/**
 * Rows between two exact factors (five years of months). Between them a row's factor is the
 * previous row's times the factor of its exponent step, so its exponent is off by at most this
 * many step errors (≤ 60 · 1e-12 · |step·L|, see SAME_STEP: about 1e-13 relative at a 10 % rate),
 * far inside the engine's 1e-9 reference tolerance; an exp costs about as much as the 60 products.
 */
const EXACT_EVERY = 60;
/** Distinct exponent steps kept per exponent array; a month grid has a handful (28–31 days, 0 before the discount date). */
const MAX_STEPS = 16;
/**
 * Relative difference under which two exponent steps count as one: the exponents n·d/365.25 carry
 * rounding of a few 1e-13 (e up to ~1,200 months or ~36,500 days), so steps of the same number of
 * days differ by that much; sharing one factor moves a factor by ≤ 1e-12·|step·L| relative.
 */
const SAME_STEP = 1e-12;
/** The step index of a row whose factor is computed exactly (Math.exp). */
const EXACT = 255;

/** How each row's exponent steps from the previous row's: an index into `deltas`, or EXACT. */
interface ExponentSteps {
  step: Uint8Array;
  deltas: Float64Array;
}

/**
 * Steps of an exponent array, found once per array: NPVs at the 16 table rates, the two discounted
 * columns and every IRR iteration reuse them. Exponent arrays are never written after
 * monthExponents builds them, so the array itself is the key.
 */
const stepsByExponents = new WeakMap<Float64Array, ExponentSteps>();

function exponentSteps(exponents: Float64Array): ExponentSteps {
  const known = stepsByExponents.get(exponents);
  if (known) return known;
  const step = new Uint8Array(exponents.length);
  const deltas: number[] = [];
  for (let r = 0; r < step.length; r++) {
    if (r % EXACT_EVERY === 0) {
      step[r] = EXACT;
      continue;
    }
    // Steps of the same number of days differ by the exponents' rounding (≈ 1e-13): one factor serves them.
    const delta = exponents[r]! - exponents[r - 1]!;
    let k = 0;
    while (k < deltas.length && !(Math.abs(deltas[k]! - delta) <= SAME_STEP * Math.abs(delta))) k++;
    if (k === deltas.length && deltas.length < MAX_STEPS) deltas.push(delta);
    step[r] = k < deltas.length ? k : EXACT;
  }
  const steps = { step, deltas: Float64Array.from(deltas) };
  stepsByExponents.set(exponents, steps);
  return steps;
}

/**
 * The first `rows` of an exponent array (a grid cut at the economic limit), as a view with the
 * steps of the whole array's first rows: exponentSteps numbers the steps as they first appear, so
 * those of a prefix are the whole array's (and its step list may hold a few more, unused).
 */
export function prefixExponents(exponents: Float64Array, rows: number): Float64Array {
  if (rows === exponents.length) return exponents;
  const out = exponents.subarray(0, rows);
  const steps = exponentSteps(exponents);
  stepsByExponents.set(out, { step: steps.step.subarray(0, rows), deltas: steps.deltas });
  return out;
}

/** exp(−delta·L) of each step. */
function stepFactors(steps: ExponentSteps, L: number): Float64Array {
  const out = new Float64Array(steps.deltas.length);
  for (let k = 0; k < out.length; k++) out[k] = Math.exp(-steps.deltas[k]! * L);
  return out;
}

/**
 * The discount factor exp(−e_r·L) of every row (L = ln(1 + r/n)), by steps: exact every
 * EXACT_EVERY rows, and in between the previous row's factor times exp(−(e_r − e_{r−1})·L), whose
 * few distinct values are computed once per call. The same figures as one Math.exp per row to
 * about 1e-13 relative, at one exp per five years of rows instead of one per month (decision 061).
 */
export function discountFactors(exponents: Float64Array, L: number, out = new Float64Array(exponents.length)) {
  const steps = exponentSteps(exponents);
  const { step } = steps;
  const factor = stepFactors(steps, L);
  let df = 1;
  for (let r = 0; r < out.length; r++) {
    const k = step[r]!;
    df = k === EXACT ? Math.exp(-exponents[r]! * L) : df * factor[k]!;
    out[r] = df;
  }
  return out;
}

/**
 * Σ (cf_r + extra_r)·exp(−e_r·L): a discounted sum with the factors of discountFactors, without
 * their array (the IRR search evaluates it dozens of times per well).
 *
 * @param extra added to cf row by row (the CAPEX that BFIT already subtracts), when given
 */
export function discountedSum(cf: Float64Array, exponents: Float64Array, L: number, extra?: Float64Array): number {
  const steps = exponentSteps(exponents);
  const { step } = steps;
  const factor = stepFactors(steps, L);
  let df = 1;
  let sum = 0;
  // Two loops rather than a test of `extra` in every row of the IRR's many evaluations.
  if (extra === undefined) {
    for (let r = 0; r < cf.length; r++) {
      const k = step[r]!;
      df = k === EXACT ? Math.exp(-exponents[r]! * L) : df * factor[k]!;
      sum += cf[r]! * df;
    }
    return sum;
  }
  for (let r = 0; r < cf.length; r++) {
    const k = step[r]!;
    df = k === EXACT ? Math.exp(-exponents[r]! * L) : df * factor[k]!;
    sum += (cf[r]! + extra[r]!) * df;
  }
  return sum;
}

/**
 * The discounted sums of the IRR's Halley steps at L, in one pass with the factors of
 * discountFactors: out[0] = I = Σ cf·DF over the rows with cf > 0 (income), out[1] = C = Σ −cf·DF
 * over the others (costs); out[2] and out[3] the same sums of e·|cf|·DF, out[4] and out[5] of
 * e²·|cf|·DF (dI/dL = −out[2], d²I/dL² = out[4], and so for C: d DF/dL = −e·DF).
 */
export function discountedSplit(cf: Float64Array, exponents: Float64Array, L: number, out: Float64Array): void {
  const steps = exponentSteps(exponents);
  const { step } = steps;
  const factor = stepFactors(steps, L);
  let df = 1;
  let income = 0;
  let costs = 0;
  let income1 = 0;
  let costs1 = 0;
  let income2 = 0;
  let costs2 = 0;
  for (let r = 0; r < cf.length; r++) {
    const k = step[r]!;
    const e = exponents[r]!;
    df = k === EXACT ? Math.exp(-e * L) : df * factor[k]!;
    const c = cf[r]!;
    if (c > 0) {
      const v = c * df;
      income += v;
      income1 += e * v;
      income2 += e * e * v;
    } else if (c < 0) {
      const v = -c * df;
      costs += v;
      costs1 += e * v;
      costs2 += e * e * v;
    }
  }
  out[0] = income;
  out[1] = costs;
  out[2] = income1;
  out[3] = costs1;
  out[4] = income2;
  out[5] = costs2;
}

/**
 * npv at each of `rates` (percent): the same factors and sums as one npv call per rate (to the
 * bit), four rates per pass over the rows, their factors and sums in locals (about 2.5 times as
 * fast as a pass per rate).
 */
export function npvs(
  bfit: Float64Array,
  capex: Float64Array,
  placed: readonly PlacedCapex[],
  exponents: Float64Array,
  rates: readonly number[],
  method: DiscountMethod,
): Float64Array {
  const count = rates.length;
  const steps = exponentSteps(exponents);
  const { step } = steps;
  const sum = new Float64Array(count);
  const rows = bfit.length;
  for (let j = 0; j < count; j += 4) {
    const L0 = logBase(rates[j]!, method);
    const L1 = j + 1 < count ? logBase(rates[j + 1]!, method) : 0;
    const L2 = j + 2 < count ? logBase(rates[j + 2]!, method) : 0;
    const L3 = j + 3 < count ? logBase(rates[j + 3]!, method) : 0;
    const f0 = stepFactors(steps, L0);
    const f1 = stepFactors(steps, L1);
    const f2 = stepFactors(steps, L2);
    const f3 = stepFactors(steps, L3);
    let d0 = 1;
    let d1 = 1;
    let d2 = 1;
    let d3 = 1;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let r = 0; r < rows; r++) {
      const k = step[r]!;
      const c = bfit[r]! + capex[r]!;
      if (k === EXACT) {
        const e = exponents[r]!;
        d0 = Math.exp(-e * L0);
        d1 = Math.exp(-e * L1);
        d2 = Math.exp(-e * L2);
        d3 = Math.exp(-e * L3);
      } else {
        d0 *= f0[k]!;
        d1 *= f1[k]!;
        d2 *= f2[k]!;
        d3 *= f3[k]!;
      }
      s0 += c * d0;
      s1 += c * d1;
      s2 += c * d2;
      s3 += c * d3;
    }
    for (const p of placed) {
      s0 -= p.amount * Math.exp(-p.exponent * L0);
      s1 -= p.amount * Math.exp(-p.exponent * L1);
      s2 -= p.amount * Math.exp(-p.exponent * L2);
      s3 -= p.amount * Math.exp(-p.exponent * L3);
    }
    sum[j] = s0;
    if (j + 1 < count) sum[j + 1] = s1;
    if (j + 2 < count) sum[j + 2] = s2;
    if (j + 3 < count) sum[j + 3] = s3;
  }
  return sum;
}

/**
 * Discounted cash flow by row at one rate (econ-math.md): (BFIT + CAPEX)·DF_month − Σ CAPEX_i·DF_day(i),
 * CAPEX discounted to its own day.
 *
 * @param bfit before-income-tax cash flow by row (CAPEX already subtracted)
 * @param capex CAPEX by row (positive amounts)
 * @param placed the CAPEX amounts with their day exponents
 */
export function discountedCashFlow(
  bfit: Float64Array,
  capex: Float64Array,
  placed: readonly PlacedCapex[],
  exponents: Float64Array,
  ratePercent: number,
  method: DiscountMethod,
): Float64Array {
  const lb = logBase(ratePercent, method);
  const out = discountFactors(exponents, lb, new Float64Array(bfit.length));
  for (let r = 0; r < out.length; r++) out[r] = (bfit[r]! + capex[r]!) * out[r]!;
  for (const c of placed) out[c.row]! -= c.amount * Math.exp(-c.exponent * lb);
  return out;
}

/** NPV at one rate: the sum of the discounted cash flow of discountedCashFlow, without the array. */
export function npv(
  bfit: Float64Array,
  capex: Float64Array,
  placed: readonly PlacedCapex[],
  exponents: Float64Array,
  ratePercent: number,
  method: DiscountMethod,
): number {
  const lb = logBase(ratePercent, method);
  let sum = discountedSum(bfit, exponents, lb, capex);
  for (const c of placed) sum -= c.amount * Math.exp(-c.exponent * lb);
  return sum;
}
