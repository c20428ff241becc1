import type { EconMonthlyColumn, EconMonthlyTaxColumn, EconOneLinerComplete } from './econRuns';

/*
 * The service's names of the figures a run computes (issue 20, decision 045). Clients written for
 * the service ask for monthly columns by snake_case name (`…/monthly-econ-results?columns=`) and
 * read one-liner and monthly-export figures from `output` under camelCase keys. The names come from
 * the service's own code: its monthly API fields (`API_MONTHLY_DATA_FIELDS`: key ← column), its
 * one-liner API output (`toApiOneLinerOutput`: key ← column), the payout and EUR columns of its
 * engine (`undiscounted_payout`, `payout_duration`, `{phase}_well_head_eur`, `{product}_shrunk_eur`)
 * and its client's examples. A figure of ours that the service has no column for keeps a name of
 * ours in the same style (`origin: 'ours'`).
 */

type OurMonthlyColumn = EconMonthlyColumn | EconMonthlyTaxColumn;

/** One monthly column as the service names it: the sum of `of` (one column of ours, or a few added up). */
export interface EconMonthlyResultColumn {
  /** The snake_case name `monthly-econ-results?columns=` takes. */
  column: string;
  /** The camelCase key of a monthly export row's `output`. */
  key: string;
  /** Our monthly columns whose sum this is, per month. */
  of: readonly OurMonthlyColumn[];
  unit: string;
  /** `service`: a column of the service; `ours`: a figure it has no column for. */
  origin: 'service' | 'ours';
}

const m = (
  column: string,
  key: string,
  of: readonly OurMonthlyColumn[],
  unit: string,
  origin: 'service' | 'ours' = 'service',
): EconMonthlyResultColumn => ({ column, key, of, unit, origin });

const PRODUCTS = [
  ['oil', 'Oil', 'BBL'],
  ['gas', 'Gas', 'MCF'],
  ['ngl', 'Ngl', 'BBL'],
  ['drip_condensate', 'DripCondensate', 'BBL'],
] as const;
type OurProduct = 'Oil' | 'Gas' | 'Ngl' | 'DripCondensate';
const lower = (s: OurProduct) => (s.charAt(0).toLowerCase() + s.slice(1)) as 'oil' | 'gas' | 'ngl' | 'dripCondensate';

/**
 * Every monthly column of ours under the service's name (the one table: name → our column(s),
 * unit). Units are those of our columns: volumes BBL and MCF, prices $/BBL and $/MCF, money $,
 * interests percent.
 */
export const ECON_MONTHLY_RESULT_COLUMNS: readonly EconMonthlyResultColumn[] = [
  m('gross_oil_well_head_volume', 'grossOilWellHeadVolume', ['grossOilVolume'], 'BBL'),
  m('gross_gas_well_head_volume', 'grossGasWellHeadVolume', ['grossGasVolume'], 'MCF'),
  m('gross_water_well_head_volume', 'grossWaterWellHeadVolume', ['grossWaterVolume'], 'BBL'),
  m('gross_oil_sales_volume', 'grossOilSalesVolume', ['salesOilVolume'], 'BBL, after loss and shrinkage'),
  m('gross_gas_sales_volume', 'grossGasSalesVolume', ['salesGasVolume'], 'MCF, after loss, flare and shrinkage'),
  m('gross_ngl_sales_volume', 'grossNglSalesVolume', ['grossNglVolume'], 'BBL (NGL is sold as made)'),
  m('gross_drip_condensate_sales_volume', 'grossDripCondensateSalesVolume', ['grossDripCondensateVolume'], 'BBL'),
  ...PRODUCTS.map(([p, P]) => m(`wi_${p}`, `wi${P}`, ['workingInterest'], 'percent: the working interest')),
  ...PRODUCTS.map(([p, P, u]) => m(`net_${p}_sales_volume`, `net${P}SalesVolume`, [`net${P}Volume`], u)),
  ...PRODUCTS.map(([p, P, u]) =>
    m(
      `${p}_price`,
      `${lower(P)}Price`,
      [`${lower(P)}Price`, `${lower(P)}Differential`],
      `$/${u}, realized: price plus differentials`,
    ),
  ),
  ...PRODUCTS.map(([p, P, u]) =>
    m(`input_${p}_price`, `input${P}Price`, [`${lower(P)}Price`], `$/${u}, the pricing model's price`),
  ),
  ...PRODUCTS.map(([p, P, u]) =>
    m(
      `${p}_differentials_total`,
      `${lower(P)}DifferentialsTotal`,
      [`${lower(P)}Differential`],
      `$/${u} the differentials add (negative: a discount); the service splits it into ${p}_differentials_1 and _2`,
      'ours',
    ),
  ),
  ...PRODUCTS.map(([p, P]) => m(`${p}_revenue`, `${lower(P)}Revenue`, [`${lower(P)}Revenue`], '$')),
  m('total_revenue', 'totalRevenue', ['totalRevenue'], '$'),
  m('total_fixed_expense', 'totalFixedExpense', ['fixedExpense'], '$'),
  m('total_variable_expense', 'totalVariableExpense', ['variableExpense'], '$, with water disposal and carbon'),
  m('total_expense', 'totalExpense', ['fixedExpense', 'variableExpense'], '$'),
  m('total_severance_tax', 'totalSeveranceTax', ['severanceTax'], '$'),
  m('ad_valorem_tax', 'adValoremTax', ['adValoremTax'], '$'),
  m('total_production_tax', 'totalProductionTax', ['severanceTax', 'adValoremTax'], '$'),
  m('net_profit', 'netProfit', ['npi'], '$ net profit interest: negative when paid, positive when received'),
  m('net_income', 'netIncome', ['bfit', 'capex'], '$: the cash flow before CAPEX'),
  m('total_capex', 'totalCapex', ['capex'], '$'),
  m('before_income_tax_cash_flow', 'beforeIncomeTaxCashFlow', ['bfit'], '$'),
  m('first_discount_cash_flow', 'firstDiscountCashFlow', ['firstDiscountCashFlow'], '$'),
  m('second_discount_cash_flow', 'secondDiscountCashFlow', ['secondDiscountCashFlow'], '$'),
  m('days', 'days', ['days'], 'days of the month inside the cash flow', 'ours'),
  m('cum_before_income_tax_cash_flow', 'cumBeforeIncomeTaxCashFlow', ['cumBfit'], '$', 'ours'),
  m('cum_first_discount_cash_flow', 'cumFirstDiscountCashFlow', ['cumFirstDiscountCashFlow'], '$', 'ours'),
  m('cum_second_discount_cash_flow', 'cumSecondDiscountCashFlow', ['cumSecondDiscountCashFlow'], '$', 'ours'),
  m('depreciation', 'depreciation', ['depreciation'], '$'),
  m('depletion', 'depletion', ['depletion'], '$', 'ours'),
  m('taxable_income', 'taxableIncome', ['taxableIncome'], '$'),
  m('state_income_tax', 'stateIncomeTax', ['stateTax'], '$'),
  m('federal_income_tax', 'federalIncomeTax', ['federalTax'], '$'),
  m('tax_credit', 'taxCredit', ['taxCredit'], '$'),
  m('after_income_tax_cash_flow', 'afterIncomeTaxCashFlow', ['afit'], '$'),
  m('cum_after_income_tax_cash_flow', 'cumAfterIncomeTaxCashFlow', ['cumAfit'], '$', 'ours'),
  m('afit_first_discount_cash_flow', 'afitFirstDiscountCashFlow', ['firstDiscountAfit'], '$'),
  m('afit_second_discount_cash_flow', 'afitSecondDiscountCashFlow', ['secondDiscountAfit'], '$'),
];

/** The monthly columns by service name. */
export const ECON_MONTHLY_RESULT_COLUMN_NAMES = ECON_MONTHLY_RESULT_COLUMNS.map((c) => c.column);

/**
 * What a well without income tax holds in an after-tax column (it pays none): the before-tax
 * column named, or 0 (`null`). The same rule as the Parquet econ monthly export (decision 017).
 */
export const ECON_MONTHLY_NO_TAX_SOURCE: Record<EconMonthlyTaxColumn, EconMonthlyColumn | null> = {
  depreciation: null,
  depletion: null,
  taxableIncome: 'bfit',
  stateTax: null,
  federalTax: null,
  taxCredit: null,
  afit: 'bfit',
  cumAfit: 'cumBfit',
  firstDiscountAfit: 'firstDiscountCashFlow',
  secondDiscountAfit: 'secondDiscountCashFlow',
};

/* ------------------------------------------------------------------ one-liners */

type OneLinerValue = number | string | null;

/** One figure of a one-liner's `output`: the service's column and key, and how it reads our one-liner. */
export interface EconOneLinerResultField {
  /** The service's snake_case one-liner column. */
  column: string;
  /** The camelCase key in `output`. */
  key: string;
  /** Our field it comes from (documentation). */
  from: string;
  unit: string;
  /** Absent (not `null`) from `output` when the well has no such figures (after-tax, breakevens). */
  when?: 'afterTax' | 'breakeven';
  read(o: EconOneLinerComplete): OneLinerValue;
}

const f = (
  column: string,
  key: string,
  from: string,
  unit: string,
  read: (o: EconOneLinerComplete) => OneLinerValue | undefined,
  when?: 'afterTax' | 'breakeven',
): EconOneLinerResultField => ({ column, key, from, unit, ...(when ? { when } : {}), read: (o) => read(o) ?? null });

const PHASES = [
  ['oil', 'Oil', 'oil', 'BBL'],
  ['gas', 'Gas', 'gas', 'MCF'],
  ['water', 'Water', 'water', 'BBL'],
] as const;
const SOLD = [
  ['ngl', 'Ngl', 'ngl'],
  ['drip_condensate', 'DripCondensate', 'dripCondensate'],
] as const;
const NET = [['oil', 'Oil', 'oil'], ['gas', 'Gas', 'gas'], ...SOLD] as const;

/** Every one-liner figure of ours under the service's column and `output` key (the one table). */
export const ECON_ONE_LINER_RESULT_FIELDS: readonly EconOneLinerResultField[] = [
  f(
    'abandonment_date',
    'abandonmentDate',
    'econLimitDate',
    'date: the last day of the cash flow',
    (o) => o.econLimitDate,
  ),
  f('well_life', 'wellLife', 'wellLife', 'years', (o) => o.wellLife),
  ...PHASES.map(([p, , k, u]) =>
    f(
      `${p}_well_head_eur`,
      `${k}WellHeadEur`,
      `eur.${k}`,
      `${u}, produced before the as-of date plus remaining`,
      (o) => o.eur[k],
    ),
  ),
  ...SOLD.map(([p, , k]) => f(`${p}_shrunk_eur`, `${k}ShrunkEur`, `eur.${k}`, 'BBL', (o) => o.eur[k])),
  ...PHASES.map(([p, , k, u]) =>
    f(
      `${p}_production_as_of_date`,
      `${k}ProductionAsOfDate`,
      `eur.${k} − remaining.${k}`,
      `${u} produced before the as-of date`,
      (o) => (o.remaining ? o.eur[k] - o.remaining[k] : null),
    ),
  ),
  ...PHASES.map(([p, P, k, u]) =>
    f(
      `gross_${p}_well_head_volume`,
      `gross${P}WellHeadVolume`,
      `remaining.${k}`,
      `${u} of the cash flow`,
      (o) => o.remaining?.[k],
    ),
  ),
  ...SOLD.map(([p, P, k]) =>
    f(
      `gross_${p}_sales_volume`,
      `gross${P}SalesVolume`,
      `remaining.${k}`,
      'BBL of the cash flow',
      (o) => o.remaining?.[k],
    ),
  ),
  ...NET.map(([p, P, k]) =>
    f(
      `net_${p}_sales_volume`,
      `net${P}SalesVolume`,
      `netVolume.${k}`,
      k === 'gas' ? 'MCF' : 'BBL',
      (o) => o.netVolume[k],
    ),
  ),
  f('total_revenue', 'totalRevenue', 'revenue', '$', (o) => o.revenue),
  f('total_expense', 'totalExpense', 'expenses', '$', (o) => o.expenses),
  f('total_production_tax', 'totalProductionTax', 'taxes', '$ severance and ad valorem', (o) => o.taxes),
  f('net_profit', 'netProfit', 'npi', '$ NPI: negative when paid, positive when received', (o) => o.npi),
  f('net_income', 'netIncome', 'bfit + capex', '$: the cash flow before CAPEX', (o) => o.bfit + o.capex),
  f('total_capex', 'totalCapex', 'capex', '$', (o) => o.capex),
  f('before_income_tax_cash_flow', 'beforeIncomeTaxCashFlow', 'bfit', '$', (o) => o.bfit),
  f('first_discount_cash_flow', 'firstDiscountCashFlow', 'firstDiscountNpv', '$', (o) => o.firstDiscountNpv),
  f('second_discount_cash_flow', 'secondDiscountCashFlow', 'secondDiscountNpv', '$', (o) => o.secondDiscountNpv),
  ...Array.from({ length: 16 }, (_, i) =>
    f(
      `discount_table_cash_flow_${i + 1}`,
      `discountTableCashFlow_${i + 1}`,
      `npv[${i}].npv`,
      '$ at the discount table’s rate',
      (o) => o.npv[i]?.npv,
    ),
  ),
  f('irr', 'irr', 'irr', 'percent, annualized', (o) => o.irr),
  f(
    'undiscounted_payout',
    'undiscountedPayout',
    'payout.date',
    'date: first day of the payout month',
    (o) => o.payout?.date,
  ),
  f('payout_duration', 'payoutDuration', 'payout.months', 'months', (o) => o.payout?.months),
  f('first_discount_payout', 'firstDiscountPayout', 'discountedPayout.date', 'date', (o) => o.discountedPayout?.date),
  f(
    'first_discount_payout_duration',
    'firstDiscountPayoutDuration',
    'discountedPayout.months',
    'months',
    (o) => o.discountedPayout?.months,
  ),
  f('undiscounted_roi', 'undiscountedRoi', 'roi', 'ratio: (revenue − expenses − taxes + NPI) / CAPEX', (o) => o.roi),
  f('oil_breakeven', 'oilBreakeven', 'breakeven.oil', '$/BBL', (o) => o.breakeven?.oil, 'breakeven'),
  f('gas_breakeven', 'gasBreakeven', 'breakeven.gas', '$/MCF', (o) => o.breakeven?.gas, 'breakeven'),
  f('after_income_tax_cash_flow', 'afterIncomeTaxCashFlow', 'afterTax.afit', '$', (o) => o.afterTax?.afit, 'afterTax'),
  f(
    'afit_first_discount_cash_flow',
    'afitFirstDiscountCashFlow',
    'afterTax.firstDiscountNpv',
    '$',
    (o) => o.afterTax?.firstDiscountNpv,
    'afterTax',
  ),
  f(
    'afit_second_discount_cash_flow',
    'afitSecondDiscountCashFlow',
    'afterTax.secondDiscountNpv',
    '$',
    (o) => o.afterTax?.secondDiscountNpv,
    'afterTax',
  ),
  f('afit_irr', 'afitIrr', 'afterTax.irr', 'percent, annualized', (o) => o.afterTax?.irr, 'afterTax'),
  f(
    'afit_undiscounted_payout',
    'afitUndiscountedPayout',
    'afterTax.payout.date',
    'date',
    (o) => o.afterTax?.payout?.date,
    'afterTax',
  ),
  f(
    'afit_payout_duration',
    'afitPayoutDuration',
    'afterTax.payout.months',
    'months',
    (o) => o.afterTax?.payout?.months,
    'afterTax',
  ),
  f('state_income_tax', 'stateIncomeTax', 'afterTax.stateTax', '$', (o) => o.afterTax?.stateTax, 'afterTax'),
  f('federal_income_tax', 'federalIncomeTax', 'afterTax.federalTax', '$', (o) => o.afterTax?.federalTax, 'afterTax'),
];

/** The `output` of a complete one-liner: each figure under its key (after-tax and breakeven keys only when computed). */
export function oneLinerOutput(o: EconOneLinerComplete): Record<string, OneLinerValue> {
  const out: Record<string, OneLinerValue> = {};
  for (const field of ECON_ONE_LINER_RESULT_FIELDS) {
    if (field.when && o[field.when] === undefined) continue;
    out[field.key] = field.read(o);
  }
  return out;
}
