import type { DiscountMethod } from '@econ/contract';
import { dayExponent, type PlacedCapex } from './discount';
import { EconError, requireNumber } from './econError';
import { dayOf, type Grid, rowOf } from './grid';
import { type CapexItem, type Expenses, PHASES, type Phase, PRODUCTS, type PriceInput, type Product } from './types';

/** Interests of one run as decimals (1 = 100 %). */
export interface Interests {
  wi: number;
  /** NRI by product. */
  nri: Record<Product, number>;
}

/** The monthly columns of one run (net run, or the gross cut-off run). */
export interface RunColumns {
  grossVolume: Record<Phase, Float64Array>;
  netVolume: Record<Product, Float64Array>;
  /** $/unit used in each row. */
  price: Record<Product, Float64Array>;
  revenue: Record<Product, Float64Array>;
  totalRevenue: Float64Array;
  fixedExpense: Float64Array;
  variableExpense: Float64Array;
  severanceTax: Float64Array;
  adValoremTax: Float64Array;
  /** CAPEX by row (positive = cost), after WI × dealTerms for gross rows. */
  capex: Float64Array;
  /** Net revenue − expenses − taxes − CAPEX. */
  bfit: Float64Array;
  /** The CAPEX amounts with their row and day exponent, for discounting to their day. */
  placedCapex: PlacedCapex[];
}

/** Prices by row of one product: flat, or the dated row in effect on each row's first day. */
export function monthlyPrices(grid: Grid, input: PriceInput | undefined, product: Product): Float64Array {
  const out = new Float64Array(grid.start.length);
  if (!input) return out;
  if ('flat' in input) return out.fill(requireNumber(`prices.${product}.flat`, input.flat));
  const rows = input.rows.map((row, i) => ({
    day: dayOf(`prices.${product}.rows[${i}].from`, row.from),
    price: requireNumber(`prices.${product}.rows[${i}].price`, row.price),
  }));
  if (rows.length === 0) throw new EconError(`prices.${product}.rows`, '[]', 'must hold at least one row');
  for (let i = 1; i < rows.length; i++) {
    if (rows[i]!.day <= rows[i - 1]!.day) {
      throw new EconError(`prices.${product}.rows[${i}].from`, input.rows[i]!.from, 'must be after the previous row');
    }
  }
  let k = 0;
  for (let r = 0; r < out.length; r++) {
    while (k + 1 < rows.length && rows[k + 1]!.day <= grid.start[r]!) k++;
    out[r] = rows[k]!.price;
  }
  return out;
}

/**
 * The monthly columns of one run at fixed interests (econ-math.md, Ownership): net volume = gross ×
 * NRI of its product; revenue = net volume × price; fixed expense × WI × days/days-in-month; variable
 * expense = gross volume × $/unit × WI; severance = revenue × %; ad valorem = (revenue − severance) ×
 * %; CAPEX by its day's row (gross × WI × dealTerms, or net as entered; outside the grid: left out);
 * BFIT = revenue − expenses − taxes − CAPEX.
 *
 * @param grossVolume monthly gross volumes on this grid
 * @param capexItems the CAPEX items with their days (already filtered by the caller)
 */
export function runColumns(
  grid: Grid,
  grossVolume: Record<Phase, Float64Array>,
  prices: Record<Product, Float64Array>,
  expenses: Expenses,
  interests: Interests,
  capexItems: readonly { item: CapexItem; day: number }[],
  discountDay: number,
  method: DiscountMethod,
): RunColumns {
  const n = grid.start.length;
  const col = () => new Float64Array(n);
  const netVolume = {} as Record<Product, Float64Array>;
  const revenue = {} as Record<Product, Float64Array>;
  const totalRevenue = col();
  for (const p of PRODUCTS) {
    const nv = col();
    const rv = col();
    const g = grossVolume[p];
    const price = prices[p];
    const nri = interests.nri[p];
    for (let r = 0; r < n; r++) {
      nv[r] = g[r]! * nri;
      rv[r] = nv[r]! * price[r]!;
      totalRevenue[r]! += rv[r]!;
    }
    netVolume[p] = nv;
    revenue[p] = rv;
  }
  const wi = interests.wi;
  const fixedExpense = col();
  const variableExpense = col();
  const severanceTax = col();
  const adValoremTax = col();
  const sev = expenses.severanceTaxPct / 100;
  const adv = expenses.adValoremTaxPct / 100;
  const variableRates = PHASES.map((p) => [grossVolume[p], expenses.variable[p] ?? 0] as const).filter(
    ([, v]) => v !== 0,
  );
  for (let r = 0; r < n; r++) {
    fixedExpense[r] = (expenses.fixedPerWellMonth * wi * (grid.end[r]! - grid.start[r]! + 1)) / grid.monthDays[r]!;
    let v = 0;
    for (const [g, rate] of variableRates) v += g[r]! * rate;
    variableExpense[r] = v * wi;
    severanceTax[r] = totalRevenue[r]! * sev;
    adValoremTax[r] = (totalRevenue[r]! - severanceTax[r]!) * adv;
  }
  const capex = col();
  const placedCapex: PlacedCapex[] = [];
  for (const { item, day } of capexItems) {
    const row = rowOf(grid, day);
    if (row < 0) continue;
    const amount = item.calculation === 'gross' ? item.amount * wi * (item.dealTerms ?? 1) : item.amount;
    capex[row]! += amount;
    placedCapex.push({ row, amount, exponent: dayExponent(day, discountDay, method) });
  }
  const bfit = col();
  for (let r = 0; r < n; r++) {
    bfit[r] =
      totalRevenue[r]! - fixedExpense[r]! - variableExpense[r]! - severanceTax[r]! - adValoremTax[r]! - capex[r]!;
  }
  return {
    grossVolume,
    netVolume,
    price: prices,
    revenue,
    totalRevenue,
    fixedExpense,
    variableExpense,
    severanceTax,
    adValoremTax,
    capex,
    bfit,
    placedCapex,
  };
}
