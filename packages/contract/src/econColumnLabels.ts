import type { EconMonthlyColumn, EconMonthlyTaxColumn } from './econRuns';

/*
 * What a person reads for each monthly column of an econ run: a short name and its unit (whole
 * dollars, never thousands; volumes in BBL or MCF; interests in percent). The workbook's headers
 * are `name (unit)`; the console's cash-flow table uses the same words.
 */

export type EconColumnUnit = 'BBL' | 'MCF' | '%' | '$' | '$/BBL' | '$/MCF' | 'days';

export const ECON_MONTHLY_LABELS: Record<
  EconMonthlyColumn | EconMonthlyTaxColumn,
  { name: string; unit: EconColumnUnit }
> = {
  days: { name: 'Days', unit: 'days' },
  grossOilVolume: { name: 'Gross oil', unit: 'BBL' },
  grossGasVolume: { name: 'Gross gas', unit: 'MCF' },
  grossWaterVolume: { name: 'Gross water', unit: 'BBL' },
  grossNglVolume: { name: 'Gross NGL', unit: 'BBL' },
  grossDripCondensateVolume: { name: 'Gross drip condensate', unit: 'BBL' },
  salesOilVolume: { name: 'Sales oil', unit: 'BBL' },
  salesGasVolume: { name: 'Sales gas', unit: 'MCF' },
  workingInterest: { name: 'Working interest', unit: '%' },
  netOilVolume: { name: 'Net oil', unit: 'BBL' },
  netGasVolume: { name: 'Net gas', unit: 'MCF' },
  netNglVolume: { name: 'Net NGL', unit: 'BBL' },
  netDripCondensateVolume: { name: 'Net drip condensate', unit: 'BBL' },
  oilPrice: { name: 'Oil price', unit: '$/BBL' },
  gasPrice: { name: 'Gas price', unit: '$/MCF' },
  nglPrice: { name: 'NGL price', unit: '$/BBL' },
  dripCondensatePrice: { name: 'Drip condensate price', unit: '$/BBL' },
  oilDifferential: { name: 'Oil differential', unit: '$/BBL' },
  gasDifferential: { name: 'Gas differential', unit: '$/MCF' },
  nglDifferential: { name: 'NGL differential', unit: '$/BBL' },
  dripCondensateDifferential: { name: 'Drip condensate differential', unit: '$/BBL' },
  oilRevenue: { name: 'Oil revenue', unit: '$' },
  gasRevenue: { name: 'Gas revenue', unit: '$' },
  nglRevenue: { name: 'NGL revenue', unit: '$' },
  dripCondensateRevenue: { name: 'Drip condensate revenue', unit: '$' },
  totalRevenue: { name: 'Total revenue', unit: '$' },
  fixedExpense: { name: 'Fixed expense', unit: '$' },
  variableExpense: { name: 'Variable expense', unit: '$' },
  severanceTax: { name: 'Severance tax', unit: '$' },
  adValoremTax: { name: 'Ad valorem tax', unit: '$' },
  npi: { name: 'Net profit interest', unit: '$' },
  capex: { name: 'CAPEX', unit: '$' },
  bfit: { name: 'Net cash flow', unit: '$' },
  cumBfit: { name: 'Cumulative net cash flow', unit: '$' },
  firstDiscountCashFlow: { name: 'Cash flow, 1st discount', unit: '$' },
  cumFirstDiscountCashFlow: { name: 'Cumulative cash flow, 1st discount', unit: '$' },
  secondDiscountCashFlow: { name: 'Cash flow, 2nd discount', unit: '$' },
  cumSecondDiscountCashFlow: { name: 'Cumulative cash flow, 2nd discount', unit: '$' },
  depreciation: { name: 'Depreciation', unit: '$' },
  depletion: { name: 'Depletion', unit: '$' },
  taxableIncome: { name: 'Taxable income', unit: '$' },
  stateTax: { name: 'State income tax', unit: '$' },
  federalTax: { name: 'Federal income tax', unit: '$' },
  taxCredit: { name: 'Tax credit', unit: '$' },
  afit: { name: 'After-tax cash flow', unit: '$' },
  cumAfit: { name: 'Cumulative after-tax cash flow', unit: '$' },
  firstDiscountAfit: { name: 'After-tax cash flow, 1st discount', unit: '$' },
  secondDiscountAfit: { name: 'After-tax cash flow, 2nd discount', unit: '$' },
};

/** `Gross oil (BBL)`: a column's name with its unit, as a header (`Days` names its unit already). */
export const econMonthlyHeader = (column: EconMonthlyColumn | EconMonthlyTaxColumn): string => {
  const { name, unit } = ECON_MONTHLY_LABELS[column];
  return unit === 'days' ? name : `${name} (${unit})`;
};
