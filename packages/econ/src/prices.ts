import { firstRowMonth, monthlyRowValues, monthlyValues } from './datedRows';
import { EconError, requireNumber } from './econError';
import { escalateColumn } from './escalation';
import { dayOf, type Grid } from './grid';
import type { RateSource } from './rates';
import {
  type DifferentialTable,
  PRODUCTS,
  type PriceInput,
  type PriceTable,
  type Product,
  type WellInput,
} from './types';

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

/** Prices by row of one product: flat, or the dated row in effect on each row's first day. */
export function monthlyPrices(
  grid: Grid,
  input: Exclude<PriceInput, PriceTable> | undefined,
  product: Product,
): Float64Array {
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

/** The shrunk-gas BTU content as MMBTU per MCF (default 1000 MBTU/MCF: 1). */
const mmbtuPerMcf = (input: Pick<WellInput, 'stream'>) =>
  requireNumber('stream.btu.shrunk', input.stream?.btu?.shrunk ?? 1000, 0) / 1000;

/** Percent rows (in place) → $/unit: percent / 100 × the oil price of the row. */
function percentOf(v: Float64Array, oil: Float64Array): void {
  for (let r = 0; r < v.length; r++) v[r] = (v[r]! / 100) * oil[r]!;
}

/**
 * $/unit a product's differentials add to `price`, in order: $/unit, $/MMBTU × `btu` (MMBTU/MCF), or
 * `pctOfBase` (percent remaining): −(1 − pct) × (price + the differentials before it).
 */
function differentialColumn(
  grid: Grid,
  tables: readonly DifferentialTable[] | undefined,
  price: Float64Array,
  btu: number,
): Float64Array {
  const n = grid.start.length;
  const sum = new Float64Array(n);
  for (const table of tables ?? []) {
    const pct = table.unit === 'pctOfBase';
    const v = tableValues(grid, table, pct ? 100 : 0);
    for (let r = 0; r < n; r++) {
      if (pct) sum[r]! -= (1 - v[r]! / 100) * (price[r]! + sum[r]!);
      else sum[r]! += table.unit === 'perMmbtu' ? v[r]! * btu : v[r]!;
    }
  }
  return sum;
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
  const btu = mmbtuPerMcf(input);
  // The columns nothing sets (no price, no differential, no loss or shrinkage) share one column
  // of zeros or ones: the columns are read, never written.
  const zero = new Float64Array(n);
  const one = new Float64Array(n).fill(1);
  const price = {} as Record<Product, Float64Array>;
  // Oil first: NGL and drip condensate may be priced as a percent of it.
  for (const p of ['oil', 'gas', 'ngl', 'dripCondensate'] as const) {
    const given = input.prices[p];
    if (!isTable(given)) {
      price[p] = given === undefined ? zero : monthlyPrices(grid, given, p);
      continue;
    }
    const v = tableValues(grid, given, 0);
    if (given.unit === 'perMmbtu') for (let r = 0; r < n; r++) v[r]! *= btu;
    else if (given.unit === 'pctOfOil') percentOf(v, price.oil);
    price[p] = v;
  }
  const differential = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) {
    const tables = input.differentials?.[p];
    differential[p] = tables?.length ? differentialColumn(grid, tables, price[p], btu) : zero;
  }
  const factor = (tables: readonly (PriceTable['rows'] | undefined)[]) => {
    if (tables.every((rows) => !rows?.length)) return one;
    const out = new Float64Array(n).fill(1);
    for (const rows of tables) {
      if (!rows || rows.length === 0) continue;
      const v = monthlyValues(grid, rows, 1, rates);
      for (let r = 0; r < n; r++) out[r]! *= v[r]!;
    }
    return out;
  };
  const s = input.stream;
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

/**
 * The first `rows` rows of a grid's columns (a grid cut at the economic limit), as views of the
 * whole grid's arrays, not copies: the columns are never written after gridColumns fills them.
 */
export function sliceColumns(c: GridColumns, rows: number): GridColumns {
  const slice = (r: Record<Product, Float64Array>) => {
    const out = {} as Record<Product, Float64Array>;
    for (const p of PRODUCTS) out[p] = r[p].subarray(0, rows);
    return out;
  };
  return {
    price: slice(c.price),
    differential: slice(c.differential),
    salesFactor: slice(c.salesFactor),
    unshrunkFactor: { oil: c.unshrunkFactor.oil.subarray(0, rows), gas: c.unshrunkFactor.gas.subarray(0, rows) },
  };
}

/**
 * A grid's columns with oil and/or gas sold at a flat $/BBL or $/MCF (the breakeven runs): no
 * escalation, cap, dated rows or $/MMBTU conversion for the product set. What follows the price is
 * computed again: NGL and drip condensate priced as a percent of oil follow a flat oil price, and a
 * product's `pctOfBase` differentials apply to its flat price. The rest (other prices, $/unit
 * differentials, sales factors) is `columns`' own arrays, not copies.
 */
export function withFlatPrices(
  grid: Grid,
  input: Pick<WellInput, 'prices' | 'differentials' | 'stream'>,
  columns: GridColumns,
  flat: Partial<Record<'oil' | 'gas', number>>,
): GridColumns {
  const n = grid.start.length;
  const price = { ...columns.price };
  const changed: Product[] = [];
  for (const p of ['oil', 'gas'] as const) {
    const v = flat[p];
    if (v === undefined) continue;
    price[p] = new Float64Array(n).fill(v);
    changed.push(p);
  }
  if (flat.oil !== undefined) {
    for (const p of ['ngl', 'dripCondensate'] as const) {
      const given = input.prices[p];
      if (!isTable(given) || given.unit !== 'pctOfOil') continue;
      const v = tableValues(grid, given, 0);
      percentOf(v, price.oil);
      price[p] = v;
      changed.push(p);
    }
  }
  const differential = { ...columns.differential };
  const btu = mmbtuPerMcf(input);
  for (const p of changed) {
    const tables = input.differentials?.[p];
    // $/unit and $/MMBTU differentials do not depend on the price: the run's column stands.
    if (tables?.some((t) => t.unit === 'pctOfBase')) differential[p] = differentialColumn(grid, tables, price[p], btu);
  }
  return { ...columns, price, differential };
}
