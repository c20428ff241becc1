/*
 * The discount methods' periods per year and IRR annualization (spec part 2.6), without zod: the
 * econ engine runs them too. Split from generalOptions.ts, which validates the functions.
 */

/** Periods per year of each discountMethod (spec part 2.6). */
export const DISCOUNT_PERIODS_PER_YEAR = { yearly: 1, quarterly: 4, monthly: 12, daily: 365 } as const;
export type DiscountMethod = keyof typeof DISCOUNT_PERIODS_PER_YEAR;

/**
 * Annualizes a period IRR (spec part 2.6): (1 + periodIrr)^N − 1 with N = 1 (yearly), 4 (quarterly),
 * 12 (monthly) or 365 (daily). Rates are decimals (0.01 = 1 % per period).
 *
 * @throws RangeError when periodIrr is not a finite number of at least −1 (a period cannot lose more
 * than everything).
 * @example annualizeIrr(0.01, 'monthly') // 0.12682503…
 */
export function annualizeIrr(periodIrr: number, method: DiscountMethod): number {
  if (!Number.isFinite(periodIrr) || periodIrr < -1) {
    throw new RangeError(`periodIrr must be a finite number of at least -1 (got ${periodIrr})`);
  }
  return (1 + periodIrr) ** DISCOUNT_PERIODS_PER_YEAR[method] - 1;
}
