import type { EconMonthlyRow } from '@econ/contract';
import { formatRate } from './format';

/* The columns of a well's cash-flow table: what an engineer reads month by month, in order. */

/** The unit a column's header names (`$` is whole dollars, never thousands). */
export type ColumnUnit = 'BBL' | 'MCF' | '%' | '$' | '$/BBL' | '$/MCF';

type Value = (row: EconMonthlyRow) => number;

/**
 * How a calendar year is made of its months: `sum` (flows and volumes), `last` (cumulatives: the
 * year's last month), or `{ weight }` (a mean weighted by another value of the month, the plain mean
 * when the weights of the year add up to 0: prices by volume, working interest by days).
 */
export type YearRule = 'sum' | 'last' | { weight: Value };

export interface ColumnSpec {
  /** Unique in the table: the contract's column name, or `realized…` for price + differential. */
  id: string;
  /** The group header above the column. */
  group: string;
  /** The column's name without its unit; the header adds the unit. */
  label: string;
  unit: ColumnUnit;
  value: Value;
  year: YearRule;
  /** Kept when 0 in every row (the net cash flow and its cumulative). */
  always?: boolean;
  /** Kept only when this is not 0 in every row (a product's prices only when the well sells it). */
  shownWith?: Value;
  /** An after-tax column: kept only when the rows carry the after-tax values. */
  afterTax?: boolean;
}

/** The discount rates (percent) the headers name, when the one-liner tells them. */
export interface DiscountRates {
  first?: number | undefined;
  second?: number | undefined;
}

const PRODUCTS = [
  { key: 'oil', name: 'oil', price: '$/BBL' },
  { key: 'gas', name: 'gas', price: '$/MCF' },
  { key: 'ngl', name: 'NGL', price: '$/BBL' },
  { key: 'dripCondensate', name: 'drip condensate', price: '$/BBL' },
] as const;
type Product = (typeof PRODUCTS)[number];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const field =
  (name: string): Value =>
  (r) =>
    (r as unknown as Record<string, number | undefined>)[name] ?? 0;
const volumeOf = (p: Product, stage: 'gross' | 'net') => field(`${stage}${capital(p.key)}Volume`);

const VOLUMES = 'Volumes';
const PRICES = 'Prices and differentials';

/** A column of one of the contract's values, summed over a year unless told otherwise. */
const column = (id: string, group: string, label: string, unit: ColumnUnit, more: Partial<ColumnSpec> = {}) =>
  ({ id, group, label, unit, value: field(id), year: 'sum', ...more }) satisfies ColumnSpec;

function volumeColumns(): ColumnSpec[] {
  const volume = (id: string, label: string, unit: 'BBL' | 'MCF') => column(id, VOLUMES, label, unit);
  return [
    volume('grossOilVolume', 'Gross oil', 'BBL'),
    volume('grossGasVolume', 'Gross gas', 'MCF'),
    volume('grossWaterVolume', 'Gross water', 'BBL'),
    volume('grossNglVolume', 'Gross NGL', 'BBL'),
    volume('grossDripCondensateVolume', 'Gross drip condensate', 'BBL'),
    volume('salesOilVolume', 'Sales oil', 'BBL'),
    volume('salesGasVolume', 'Sales gas', 'MCF'),
    column('workingInterest', VOLUMES, 'Working interest', '%', { year: { weight: field('days') } }),
    volume('netOilVolume', 'Net oil', 'BBL'),
    volume('netGasVolume', 'Net gas', 'MCF'),
    volume('netNglVolume', 'Net NGL', 'BBL'),
    volume('netDripCondensateVolume', 'Net drip condensate', 'BBL'),
  ];
}

/** Price, differential and realized price (their sum) of each product, weighted by its net volume. */
function priceColumns(): ColumnSpec[] {
  return PRODUCTS.flatMap((p) => {
    const price = field(`${p.key}Price`);
    const differential = field(`${p.key}Differential`);
    const net = volumeOf(p, 'net');
    const common = { group: PRICES, unit: p.price, year: { weight: net }, shownWith: net } as const;
    return [
      { ...common, id: `${p.key}Price`, label: `${capital(p.name)} price`, value: price },
      { ...common, id: `${p.key}Differential`, label: `${capital(p.name)} differential`, value: differential },
      {
        ...common,
        id: `realized${capital(p.key)}Price`,
        label: `Realized ${p.name} price`,
        value: (r: EconMonthlyRow) => price(r) + differential(r),
      },
    ];
  });
}

const money = (id: string, group: string, label: string, more: Partial<ColumnSpec> = {}) =>
  column(id, group, label, '$', more);

/** `1st discount at 10 %`, or `1st discount` when the rate is not known. */
const discountName = (which: '1st' | '2nd', rate: number | undefined) =>
  rate === undefined ? `${which} discount` : `${which} discount at ${formatRate(rate)}`;

/**
 * Every column the table may show, in order: volumes, prices and differentials, revenue, expenses,
 * taxes, NPI, CAPEX, the net cash flow (undiscounted, at both discounts, with cumulatives), and the
 * after-tax columns. The month (or year) column is the table's row header, not one of these.
 */
export function columnSpecs(rates: DiscountRates = {}): ColumnSpec[] {
  const first = discountName('1st', rates.first);
  const second = discountName('2nd', rates.second);
  const NET = 'Net cash flow (before income tax)';
  const AFTER = 'After income tax';
  const tax = { afterTax: true } as const;
  return [
    ...volumeColumns(),
    ...priceColumns(),
    ...PRODUCTS.map((p) => money(`${p.key}Revenue`, 'Revenue', `${capital(p.name)} revenue`)),
    money('totalRevenue', 'Revenue', 'Total revenue'),
    money('fixedExpense', 'Expenses', 'Fixed expense'),
    money('variableExpense', 'Expenses', 'Variable expense'),
    money('severanceTax', 'Taxes', 'Severance tax'),
    money('adValoremTax', 'Taxes', 'Ad valorem tax'),
    money('npi', 'NPI', 'Net profit interest'),
    money('capex', 'CAPEX', 'CAPEX'),
    money('bfit', NET, 'Net cash flow', { always: true }),
    money('cumBfit', NET, 'Cumulative net cash flow', { always: true, year: 'last' }),
    money('firstDiscountCashFlow', NET, `Cash flow, ${first}`),
    money('cumFirstDiscountCashFlow', NET, `Cumulative cash flow, ${first}`, { year: 'last' }),
    money('secondDiscountCashFlow', NET, `Cash flow, ${second}`),
    money('cumSecondDiscountCashFlow', NET, `Cumulative cash flow, ${second}`, { year: 'last' }),
    money('depreciation', AFTER, 'Depreciation', tax),
    money('depletion', AFTER, 'Depletion', tax),
    money('taxableIncome', AFTER, 'Taxable income', tax),
    money('stateTax', AFTER, 'State income tax', tax),
    money('federalTax', AFTER, 'Federal income tax', tax),
    money('taxCredit', AFTER, 'Tax credit', tax),
    money('afit', AFTER, 'After-tax cash flow', { ...tax, always: true }),
    money('cumAfit', AFTER, 'Cumulative after-tax cash flow', { ...tax, always: true, year: 'last' }),
    money('firstDiscountAfit', AFTER, `After-tax cash flow, ${first}`, tax),
    money('secondDiscountAfit', AFTER, `After-tax cash flow, ${second}`, tax),
  ];
}

/**
 * The columns worth showing for a well's rows: a column 0 in every row is left out (no drip
 * condensate, no NPI…) unless it is `always` shown; a product's prices go with its net volume;
 * after-tax columns only when the rows carry them (income tax on).
 */
export function chosenColumns(rows: readonly EconMonthlyRow[], rates: DiscountRates = {}): ColumnSpec[] {
  const anyNonZero = (v: Value) => rows.some((r) => v(r) !== 0);
  const afterTax = rows.some((r) => r.afit !== undefined);
  return columnSpecs(rates).filter((c) => {
    if (c.afterTax && !afterTax) return false;
    if (c.always) return true;
    return anyNonZero(c.value) && (c.shownWith === undefined || anyNonZero(c.shownWith));
  });
}
