import { monthlyPrices } from './cashFlow';
import { firstRowMonth, monthlyRowValues, monthlyValues } from './datedRows';
import { requireNumber } from './econError';
import { escalateColumn } from './escalation';
import type { Grid } from './grid';
import type { RateSource } from './rates';
import { type DifferentialTable, PRODUCTS, type PriceTable, type Product, type WellInput } from './types';

/*
 * Prices, differentials and sales factors by grid row (econ-math.md, "Pricing and differentials",
 * "Stream properties"; decision 037). Everything here depends on the grid (and, for stream-property
 * rate rows, the well-head volumes on it) only, so a run computes it once per grid. Pure.
 */

/** What a grid's rows are sold at, and how much of each well-head volume is sold. */
export interface GridColumns {
  /** $/unit of each product after escalation and cap ($/MMBTU converted with the shrunk-gas BTU). */
  price: Record<Product, Float64Array>;
  /** $/unit added to the price by the product's differentials (negative: a discount). */
  differential: Record<Product, Float64Array>;
  /** Sales volume ÷ well-head volume: oil loss × shrinkage; gas loss × flare × shrinkage; 1 for NGL and drip condensate. */
  salesFactor: Record<Product, Float64Array>;
  /** Unshrunk volume ÷ well-head volume: oil loss; gas loss × flare. */
  unshrunkFactor: Record<'oil' | 'gas', Float64Array>;
}

const isTable = (v: unknown): v is PriceTable => typeof v === 'object' && v !== null && 'unit' in v;

/**
 * A table's values by row: escalated (each row from its own first month; not percent rows), then
 * capped in its entered unit; `before` where no row covers a month.
 */
function tableValues(grid: Grid, table: PriceTable | DifferentialTable, before: number) {
  let v: Float64Array;
  const percent = table.unit === 'pctOfOil' || table.unit === 'pctOfBase';
  if (table.escalation && !percent && grid.start.length > 0) {
    const { values, firstMonth } = monthlyRowValues(grid, table.rows, before);
    v = escalateColumn(grid, values, firstMonth, table.escalation.model, {
      originMonth: firstRowMonth(grid, table.rows),
      refs: table.escalation.refs,
    });
  } else v = monthlyValues(grid, table.rows, before);
  if (table.cap !== undefined) {
    const cap = table.cap;
    for (let r = 0; r < v.length; r++) if (v[r]! > cap) v[r] = cap;
  }
  return v;
}

/**
 * The grid's prices, differentials and sales factors. Order per month: value → escalation → cap →
 * unit conversion. NGL and drip condensate `pctOfOil`: their percent (capped) × the oil price after its
 * cap, before differentials. Differentials in order, each added: $/unit, $/MMBTU × shrunk BTU /
 * 1000, or `pctOfBase` (percent remaining): −(1 − pct) × (price + the differentials before it).
 */
export function gridColumns(
  grid: Grid,
  input: Pick<WellInput, 'prices' | 'differentials' | 'stream'>,
  /** The gross well-head rates stream-property rate rows read (a table of rate rows needs them). */
  rates?: RateSource,
): GridColumns {
  const n = grid.start.length;
  const btu = requireNumber('stream.btu.shrunk', input.stream?.btu?.shrunk ?? 1000, 0) / 1000;
  const price = {} as Record<Product, Float64Array>;
  // Oil first: NGL and drip condensate may be priced as a percent of it.
  for (const p of ['oil', 'gas', 'ngl', 'dripCondensate'] as const) {
    const given = input.prices[p];
    if (!isTable(given)) {
      price[p] = monthlyPrices(grid, given, p);
      continue;
    }
    const v = tableValues(grid, given, 0);
    if (given.unit === 'perMmbtu') for (let r = 0; r < n; r++) v[r]! *= btu;
    else if (given.unit === 'pctOfOil') {
      const oil = price.oil;
      for (let r = 0; r < n; r++) v[r] = (v[r]! / 100) * oil[r]!;
    }
    price[p] = v;
  }
  const differential = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) {
    const sum = new Float64Array(n);
    for (const table of input.differentials?.[p] ?? ([] as readonly DifferentialTable[])) {
      const pct = table.unit === 'pctOfBase';
      const v = tableValues(grid, table, pct ? 100 : 0);
      for (let r = 0; r < n; r++) {
        if (pct) sum[r]! -= (1 - v[r]! / 100) * (price[p][r]! + sum[r]!);
        else sum[r]! += table.unit === 'perMmbtu' ? v[r]! * btu : v[r]!;
      }
    }
    differential[p] = sum;
  }
  const factor = (tables: readonly (PriceTable['rows'] | undefined)[]) => {
    const out = new Float64Array(n).fill(1);
    for (const rows of tables) {
      if (!rows || rows.length === 0) continue;
      const v = monthlyValues(grid, rows, 1, rates);
      for (let r = 0; r < n; r++) out[r]! *= v[r]!;
    }
    return out;
  };
  const s = input.stream;
  const one = new Float64Array(n).fill(1);
  return {
    price,
    differential,
    salesFactor: {
      oil: factor([s?.oilLoss, s?.oilShrinkage]),
      gas: factor([s?.gasLoss, s?.gasFlare, s?.gasShrinkage]),
      ngl: one,
      dripCondensate: one,
    },
    unshrunkFactor: { oil: factor([s?.oilLoss]), gas: factor([s?.gasLoss, s?.gasFlare]) },
  };
}

/** The first `rows` rows of a grid's columns (a grid cut at the economic limit). */
export function sliceColumns(c: GridColumns, rows: number): GridColumns {
  const slice = (r: Record<Product, Float64Array>) => {
    const out = {} as Record<Product, Float64Array>;
    for (const p of PRODUCTS) out[p] = r[p].slice(0, rows);
    return out;
  };
  return {
    price: slice(c.price),
    differential: slice(c.differential),
    salesFactor: slice(c.salesFactor),
    unshrunkFactor: { oil: c.unshrunkFactor.oil.slice(0, rows), gas: c.unshrunkFactor.gas.slice(0, rows) },
  };
}
