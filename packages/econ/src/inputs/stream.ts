import type { StreamPropertiesFunctions } from '@econ/contract';
import type { DailySeries } from '@econ/decline';
import { type DatedRow, monthlyValues } from '../datedRows';
import { buildGrid } from '../grid';
import { datedRows, type RowRefs } from './rows';

/*
 * NGL and drip condensate volumes from the gas stream (econ-math.md, "Stream properties",
 * "Risking"): a yield in BBL per MMCF of unshrunk gas (well-head × loss × flare) or of shrunk gas
 * (× shrinkage too), by month, then the product's own risk. Pure.
 */

export type Byproduct = 'ngl' | 'dripCondensate';
type Row = Record<string, unknown>;
type Table = { rows: readonly Row[] };

/** The monthly factors turning a day's gas (MCF) into the by-product (BBL) of `product`; null when its yield is 0 throughout. */
export function yieldRows(
  stream: StreamPropertiesFunctions,
  product: Byproduct,
  refs: RowRefs,
): { yieldPerMcf: DatedRow[]; shrunkBasis: DatedRow[]; unshrunk: DatedRow[][]; shrinkage: DatedRow[] } | null {
  const s = stream as unknown as {
    yields: Record<Byproduct, Table>;
    shrinkage: { gas: Table };
    lossFlare: { gasLoss: Table; gasFlare: Table };
  };
  const rows = s.yields[product].rows;
  if (rows.every((r) => r.yield === 0)) return null;
  const field = `yields.${product}.rows`;
  const pct = (t: Table, f: string) => datedRows(t.rows as Row[], refs, f, (r) => (r.pctRemaining as number) / 100);
  return {
    yieldPerMcf: datedRows(rows as Row[], refs, field, (r) => (r.yield as number) / 1000),
    shrunkBasis: datedRows(rows as Row[], refs, field, (r) => (r.unshrunkGas === 'Shrunk Gas' ? 1 : 0)),
    unshrunk: [
      pct(s.lossFlare.gasLoss, 'lossFlare.gasLoss.rows'),
      pct(s.lossFlare.gasFlare, 'lossFlare.gasFlare.rows'),
    ],
    shrinkage: pct(s.shrinkage.gas, 'shrinkage.gas.rows'),
  };
}

/**
 * The daily by-product series of a gas series: each day's gas × its month's loss × flare (×
 * shrinkage when the yield is on shrunk gas) × yield (BBL/MCF) × the product's own risk.
 */
export function byproductSeries(
  gas: DailySeries,
  rows: NonNullable<ReturnType<typeof yieldRows>>,
  risk: readonly DatedRow[] | undefined,
): DailySeries {
  const n = gas.values.length;
  const values = new Float64Array(n);
  if (n === 0) return { start: gas.start, values };
  const grid = buildGrid(gas.start, gas.start + n - 1);
  const rowsOf = grid.start.length;
  const factor = monthlyValues(grid, rows.yieldPerMcf, 0);
  const shrunk = monthlyValues(grid, rows.shrunkBasis, 0);
  const shrink = monthlyValues(grid, rows.shrinkage, 1);
  const tables = [...rows.unshrunk, ...(risk ? [risk] : [])];
  for (const t of tables) {
    const v = monthlyValues(grid, t, 1);
    for (let r = 0; r < rowsOf; r++) factor[r]! *= v[r]!;
  }
  for (let r = 0; r < rowsOf; r++) {
    const f = shrunk[r] === 1 ? factor[r]! * shrink[r]! : factor[r]!;
    for (let d = grid.start[r]!; d <= grid.end[r]!; d++) values[d - gas.start] = gas.values[d - gas.start]! * f;
  }
  return { start: gas.start, values };
}
