import type { StreamPropertiesFunctions } from '@econ/contract';
import { onShrunkGas } from '@econ/contract/rules';
import type { DailySeries } from '@econ/decline';
import { type DatedRow, isRateTable, monthlyValues } from '../datedRows';
import { buildGrid } from '../grid';
import { rateSource } from '../rates';
import { monthlyVolumes } from '../volumes';
import { fractions } from './pricing';
import { datedRows, type RateSettings, type RowRefs } from './rows';

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
    yields: Record<Byproduct, Table> & RateSettings;
    shrinkage: { gas: Table } & RateSettings;
    lossFlare: { gasLoss: Table; gasFlare: Table } & RateSettings;
  };
  const rows = s.yields[product].rows;
  if (rows.every((r) => r.yield === 0)) return null;
  const field = `yields.${product}.rows`;
  return {
    yieldPerMcf: datedRows(rows as Row[], refs, field, (r) => (r.yield as number) / 1000, s.yields),
    shrunkBasis: datedRows(rows as Row[], refs, field, (r) => (onShrunkGas(r) ? 1 : 0), s.yields),
    unshrunk: [
      fractions(s.lossFlare.gasLoss, refs, 'lossFlare.gasLoss', s.lossFlare),
      fractions(s.lossFlare.gasFlare, refs, 'lossFlare.gasFlare', s.lossFlare),
    ],
    shrinkage: fractions(s.shrinkage.gas, refs, 'shrinkage.gas', s.shrinkage),
  };
}

/**
 * The daily by-product series of a gas series: each day's gas × its month's loss × flare (×
 * shrinkage when the yield is on shrunk gas) × yield (BBL/MCF) × the product's own risk. Rate rows
 * read the daily rates of `wellHead` (the gross well-head series of the phases, first production
 * on `fpdDay`).
 */
export function byproductSeries(
  gas: DailySeries,
  rows: NonNullable<ReturnType<typeof yieldRows>>,
  risk: readonly DatedRow[] | undefined,
  wellHead: Partial<Record<'oil' | 'gas' | 'water', DailySeries>> = { gas },
  fpdDay?: number,
): DailySeries {
  const n = gas.values.length;
  const values = new Float64Array(n);
  if (n === 0) return { start: gas.start, values };
  const grid = buildGrid(gas.start, gas.start + n - 1);
  const rowsOf = grid.start.length;
  const rated = [rows.yieldPerMcf, rows.shrinkage, ...rows.unshrunk].some(isRateTable);
  const rates = rated
    ? rateSource(
        grid,
        {
          gross_well_head: {
            oil: monthlyVolumes(grid, wellHead.oil),
            gas: monthlyVolumes(grid, wellHead.gas),
            water: monthlyVolumes(grid, wellHead.water),
          },
        },
        fpdDay,
      )
    : undefined;
  const factor = monthlyValues(grid, rows.yieldPerMcf, 0, rates);
  const shrunk = monthlyValues(grid, rows.shrunkBasis, 0, rates);
  const shrink = monthlyValues(grid, rows.shrinkage, 1, rates);
  const tables = [...rows.unshrunk, ...(risk ? [risk] : [])];
  for (const t of tables) {
    const v = monthlyValues(grid, t, 1, rates);
    for (let r = 0; r < rowsOf; r++) factor[r]! *= v[r]!;
  }
  for (let r = 0; r < rowsOf; r++) {
    const f = shrunk[r] === 1 ? factor[r]! * shrink[r]! : factor[r]!;
    for (let d = grid.start[r]!; d <= grid.end[r]!; d++) values[d - gas.start] = gas.values[d - gas.start]! * f;
  }
  return { start: gas.start, values };
}
