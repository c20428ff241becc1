/*
 * The keys, units and defaults of the service's `expenses` and `production-taxes` kinds, without
 * zod: the econ engine reads them too (expenses.ts and productionTaxes.ts validate the bodies).
 * Decision 036.
 */

/** The phases of variable expenses the engine applies, and the categories of each. */
export const VARIABLE_EXPENSE_PHASES = ['oil', 'gas', 'ngl', 'dripCondensate'] as const;
export type VariableExpensePhase = (typeof VARIABLE_EXPENSE_PHASES)[number];
export const VARIABLE_EXPENSE_CATEGORIES = ['gathering', 'processing', 'transportation', 'marketing', 'other'] as const;
export type VariableExpenseCategory = (typeof VARIABLE_EXPENSE_CATEGORIES)[number];
/** `variableExpenses.{boe, totalFluid}.processing`: stored, never applied (the platform's engine has none). */
export const UNAPPLIED_EXPENSE_PHASES = ['boe', 'totalFluid'] as const;
export type UnappliedExpensePhase = (typeof UNAPPLIED_EXPENSE_PHASES)[number];

/** `fixedExpenses.{monthlyWellCost, otherMonthlyCost1 … otherMonthlyCost8}`. */
export const FIXED_EXPENSE_KEYS = [
  'monthlyWellCost',
  'otherMonthlyCost1',
  'otherMonthlyCost2',
  'otherMonthlyCost3',
  'otherMonthlyCost4',
  'otherMonthlyCost5',
  'otherMonthlyCost6',
  'otherMonthlyCost7',
  'otherMonthlyCost8',
] as const;
export type FixedExpenseKey = (typeof FIXED_EXPENSE_KEYS)[number];

/** `carbonExpenses.{co2E, co2, ch4, n2O}`: $ per metric tonne of each component. */
export const CARBON_COMPONENTS = ['co2E', 'co2', 'ch4', 'n2O'] as const;
export type CarbonComponent = (typeof CARBON_COMPONENTS)[number];

/** The interest an expense or tax is charged at (`calculation`): 100_pct_wi is 1 whatever the interests. */
export const CALCULATIONS = [
  'wi',
  'nri',
  'lease_nri',
  'one_minus_wi',
  'one_minus_nri',
  'one_minus_lease_nri',
  'wi_minus_one',
  'nri_minus_one',
  'lease_nri_minus_one',
  '100_pct_wi',
] as const;
export type Calculation = (typeof CALCULATIONS)[number];

export const SHRINKAGE_CONDITIONS = ['shrunk', 'unshrunk'] as const;
export type ShrinkageCondition = (typeof SHRINKAGE_CONDITIONS)[number];
export const RATE_TYPES = ['gross_well_head', 'gross_sales', 'net_sales'] as const;
export const ROWS_CALCULATION_METHODS = ['non_monotonic', 'monotonic'] as const;

/** Percent of revenue value keys: of one product's revenue, or of the total. */
export const PCT_OF_REVENUE_KEYS = [
  'pctOfOilRev',
  'pctOfGasRev',
  'pctOfNglRev',
  'pctOfDripCondensateRev',
  'pctOfTotalRev',
] as const;
export type PctOfRevenueKey = (typeof PCT_OF_REVENUE_KEYS)[number];

/** Every value key an expense row may carry. */
export type ExpenseValueKey =
  | 'dollarPerBbl'
  | 'dollarPerMcf'
  | 'dollarPerMmbtu'
  | PctOfRevenueKey
  | 'fixedExpense'
  | 'fixedExpensePerWell'
  | 'carbonExpense';

/** The value keys (units) each group of leaves takes, its first the default row's. */
export const EXPENSE_VALUE_KEYS = {
  oil: ['dollarPerBbl', ...PCT_OF_REVENUE_KEYS],
  gas: ['dollarPerMcf', 'dollarPerMmbtu', ...PCT_OF_REVENUE_KEYS],
  ngl: ['dollarPerBbl', ...PCT_OF_REVENUE_KEYS],
  dripCondensate: ['dollarPerBbl', ...PCT_OF_REVENUE_KEYS],
  boe: ['dollarPerBbl'],
  totalFluid: ['dollarPerBbl'],
  fixed: ['fixedExpense', 'fixedExpensePerWell'],
  water: ['dollarPerBbl'],
  carbon: ['carbonExpense'],
} as const satisfies Record<string, readonly ExpenseValueKey[]>;
export type ExpenseLeafGroup = keyof typeof EXPENSE_VALUE_KEYS;

/** The labels of the units, for messages and forms. */
export const EXPENSE_UNIT_LABELS: Record<ExpenseValueKey, string> = {
  dollarPerBbl: '$/BBL',
  dollarPerMcf: '$/MCF',
  dollarPerMmbtu: '$/MMBTU',
  pctOfOilRev: '% of oil revenue',
  pctOfGasRev: '% of gas revenue',
  pctOfNglRev: '% of NGL revenue',
  pctOfDripCondensateRev: '% of drip condensate revenue',
  pctOfTotalRev: '% of total revenue',
  fixedExpense: '$/month',
  fixedExpensePerWell: '$/well/month',
  carbonExpense: '$/MT',
};

/** Money in expense and tax rows and caps: ±1e10 (issue 19's ranges); percents 0 to 100. */
export const MONEY_MAX = 1e10;

/**
 * The service's defaults of a leaf's settings (econ-math.md, Expenses): a leaf left out, or a
 * setting left out of a leaf, takes these. Oil and gas variable leaves (and BOE, total fluid) add
 * `shrinkageCondition: unshrunk`; fixed leaves add `stopAtEconLimit: true, expenseBeforeFpd: false`.
 */
export const EXPENSE_LEAF_DEFAULTS = {
  description: '',
  escalationModel: 'none',
  calculation: 'wi',
  affectEconLimit: true,
  deductBeforeSeveranceTax: false,
  deductBeforeAdValTax: false,
  cap: '',
  dealTerms: 1,
  rateType: 'gross_well_head',
  rowsCalculationMethod: 'non_monotonic',
} as const;
export const FIXED_LEAF_DEFAULTS = { stopAtEconLimit: true, expenseBeforeFpd: false } as const;
export const VARIABLE_SHRINKAGE_DEFAULT: ShrinkageCondition = 'unshrunk';

/* Production taxes (`data.rows`). */

export const TAX_KEYS = ['oil', 'gas', 'ngl', 'drip_condensate', 'ad_valorem_tax'] as const;
export type TaxKey = (typeof TAX_KEYS)[number];
export const TAX_CATEGORIES = ['severance_tax', 'ad_val_tax'] as const;
export const PRODUCTION_TAX_CRITERIA = ['entire_well_life', 'offset_to_fpd', 'dates'] as const;
export type ProductionTaxCriteria = (typeof PRODUCTION_TAX_CRITERIA)[number];
export const TAX_UNITS = [
  'pct_of_revenue',
  'dollar_per_bbl',
  'dollar_per_mcf',
  'dollar_per_boe',
  'dollar_per_month',
] as const;
export type TaxUnit = (typeof TAX_UNITS)[number];

/** The units each tax key takes (econ-math.md, Production taxes). */
export const TAX_UNITS_BY_KEY: Record<TaxKey, readonly TaxUnit[]> = {
  oil: ['pct_of_revenue', 'dollar_per_bbl', 'dollar_per_month'],
  gas: ['pct_of_revenue', 'dollar_per_mcf', 'dollar_per_month'],
  ngl: ['pct_of_revenue', 'dollar_per_bbl', 'dollar_per_month'],
  drip_condensate: ['pct_of_revenue', 'dollar_per_bbl', 'dollar_per_month'],
  ad_valorem_tax: ['pct_of_revenue', 'dollar_per_boe', 'dollar_per_month'],
};

export const TAX_UNIT_LABELS: Record<TaxUnit, string> = {
  pct_of_revenue: '% of revenue',
  dollar_per_bbl: '$/BBL',
  dollar_per_mcf: '$/MCF',
  dollar_per_boe: '$/BOE',
  dollar_per_month: '$/month',
};

/** The service's defaults of a production-tax row set's settings. */
export const TAX_ROW_DEFAULTS = {
  shrinkageCondition: 'shrunk',
  escalation: 'none',
  calculation: 'nri',
  rateType: 'gross_well_head',
  rateRowsCalculationMethod: 'non_monotonic',
} as const;

/** Row sets per key: two severance sets per phase (econ-math.md), two ad valorem sets. */
export const TAX_ROW_SETS_PER_KEY = 2;

/** Months an offset_to_fpd tax period holds: a whole number, sent as a number or a string ("12"); NaN otherwise. */
export const periodMonths = (p: string | number): number =>
  typeof p === 'number' ? p : /^\d+$/.test(p) ? Number(p) : Number.NaN;
