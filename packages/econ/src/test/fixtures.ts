import { type DiscountTable, ECON_MODEL_SPECS, type EconModelKind, econModelExample } from '@econ/contract';
import { type DailySeries, toDayIndex } from '@econ/decline';
import { expect } from 'vitest';
import type { AssignedModels } from '../inputs/wellInput';
import type { WellInput } from '../types';

/** Relative tolerance of the engine's sums against hand computations. */
export const REL_TOL = 1e-9;

/** Asserts |actual − expected| ≤ rel·max(|expected|, scale). */
export function expectClose(actual: number, expected: number, rel = REL_TOL, scale = 0): void {
  const bound = rel * Math.max(Math.abs(expected), scale);
  const error = Math.abs(actual - expected);
  if (!(error <= bound)) {
    expect.fail(`expected ${actual} to be within ${rel} (relative) of ${expected}; error ${error}, bound ${bound}`);
  }
}

/** The 16 rates of the example discount table (percent). */
export const TABLE_RATES = [0, 2, 5, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 100];

export function discountTable(overrides: Partial<DiscountTable> = {}): DiscountTable {
  return {
    discountMethod: 'monthly',
    cashAccrualTime: 'end_month',
    firstDiscount: 10,
    secondDiscount: 15,
    discounts: TABLE_RATES.map((discountTable) => ({ discountTable })),
    ...overrides,
  };
}

/** A flat daily series of `rate` from `from` for `days` days. */
export function flatSeries(from: string, days: number, rate: number): DailySeries {
  return { start: toDayIndex(from), values: new Float64Array(days).fill(rate) };
}

/** Days between two 'YYYY-MM-DD' dates by `Date.UTC` (independent of the engine's day indexes). */
export function daysBetween(a: string, b: string): number {
  return (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
}

/** A 100 % WI, 100 % NRI oil well at a flat rate and price, no expenses, no CAPEX, no cut-off. */
export function flatWell(overrides: Partial<WellInput> = {}): WellInput {
  return {
    asOfDate: '2025-01-01',
    discountDate: '2025-01-01',
    maxWellLife: 2,
    volumes: { oil: flatSeries('2025-01-01', 800, 100) },
    ownership: { workingInterest: 100, netRevenueInterest: 100, leaseNetRevenueInterest: 100 },
    prices: { oil: { flat: 50 } },
    expenses: { fixedPerWellMonth: 0, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 },
    capex: [],
    discountTable: discountTable(),
    ...overrides,
  };
}

/** A model's functions as the API stores them: parsed by the kind's contract schema (defaults filled in). */
export const parseModel = <K extends EconModelKind>(kind: K, value: unknown) =>
  ECON_MODEL_SPECS[kind].functions.parse(value) as NonNullable<AssignedModels[K & keyof AssignedModels]>;

/** The example date settings with the as-of and discount dates on `asOfDate` and `maxWellLife` years of life. */
export const datesModel = (asOfDate: string, maxWellLife: number) => {
  const example = econModelExample('date-settings') as { dateSetting: object };
  return parseModel('date-settings', {
    ...example,
    dateSetting: {
      ...example.dateSetting,
      maxWellLife,
      asOfDate: { date: asOfDate },
      discountDate: { date: asOfDate },
    },
  });
};

/** A pricing model of flat prices: oil $/BBL, gas $/MCF, NGL and drip condensate $/BBL (0 when left out). */
export const flatPricing = (p: Partial<Record<'oil' | 'gas' | 'ngl' | 'dripCondensate', number>>) => {
  const flat = (key: string, v: number | undefined) => ({ rows: [{ entireWellLife: 'Flat', [key]: v ?? 0 }] });
  return parseModel('pricing', {
    priceModel: {
      oil: flat('price', p.oil),
      gas: flat('dollarPerMcf', p.gas),
      ngl: flat('dollarPerBbl', p.ngl),
      dripCondensate: flat('dollarPerBbl', p.dripCondensate),
    },
  });
};
