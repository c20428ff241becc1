/*
 * The statutory bonus depreciation of `tcjaBonus` (spec part 2.2), without zod: the econ engine
 * runs it too. Split from depreciation.ts, which validates the functions.
 */

/**
 * The statutory bonus depreciation percent applied when `tcjaBonus` is true (spec part 2.2), by
 * investment year: 2010-2011 100; 2012-2017 50; 2018-2022 100; 2023 80; 2024 60; 2025 40;
 * 2026 20; 2027 and later 0. The spec gives no value before 2010; this returns 0 there (no
 * statutory bonus).
 *
 * @throws RangeError when `investmentYear` is not an integer.
 * @example statutoryBonusPercent(2024) // 60
 */
export function statutoryBonusPercent(investmentYear: number): number {
  if (!Number.isInteger(investmentYear)) {
    throw new RangeError(`investmentYear must be an integer year (got ${investmentYear})`);
  }
  if (investmentYear < 2010) return 0;
  if (investmentYear <= 2011) return 100;
  if (investmentYear <= 2017) return 50;
  if (investmentYear <= 2022) return 100;
  if (investmentYear >= 2027) return 0;
  return 80 - (investmentYear - 2023) * 20;
}
