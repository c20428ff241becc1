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
  const out = new Float64Array(bfit.length);
  for (let r = 0; r < out.length; r++) out[r] = (bfit[r]! + capex[r]!) * Math.exp(-exponents[r]! * lb);
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
  let sum = 0;
  for (let r = 0; r < bfit.length; r++) sum += (bfit[r]! + capex[r]!) * Math.exp(-exponents[r]! * lb);
  for (const c of placed) sum -= c.amount * Math.exp(-c.exponent * lb);
  return sum;
}
