/*
 * DD&A and income tax (econ-math.md, "DD&A and income tax"): a pure step after the net run. The
 * caller passes the net run's columns and CAPEX items; `incomeTaxColumns` returns the after-tax
 * columns.
 */
export type { DepletionContext, UnitVolumes } from './depletion';
export {
  addCostDepletion,
  PERCENTAGE_DEPLETION_NET_LIMIT,
  PERCENTAGE_DEPLETION_RATE,
  percentageDepletion,
  unitVolumes,
} from './depletion';
export type { BonusPercents, DepletionMethod, TaxDepreciationModel } from './depreciation';
export { addDepreciation, bonusPercents, depreciationFactors } from './depreciation';
export type { TaxCapexItem, TaxColumns, TaxEntryInput, TaxInput, TaxOptions, TaxRun } from './incomeTax';
export { applyCarryForward, incomeTaxColumns, NOL_LIMIT, NOL_LIMIT_YEAR, taxRates } from './incomeTax';
export { monthInYear, monthOfDate, rowMonths, yearOf } from './months';
