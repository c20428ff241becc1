import type { DiscountMethod } from '@econ/contract';
import { type ActiveDays, type Interests, type RunStreams, runColumns } from './cashFlow';
import { type DatedCapex, hasVolume } from './columns';
import type { CutOffRun } from './cutOff';
import { type Grid, rowOf } from './grid';
import type { GridColumns } from './prices';
import { type Expenses, PHASES, type Phase, PRODUCTS, type Product } from './types';

/*
 * The run that sets the economic limit (econ-math.md, Economic limit): the well at gross ownership
 * (WI 100 %, NRI = lease NRI for every product, no NPI) over the whole grid. The limit reads its
 * BFIT and CAPEX only, so without the service's expense and tax items it is computed row by row
 * into those two columns, not as a full run (decision 062).
 */

/** What the gross-ownership run needs. */
export interface GrossRunInputs {
  /** The whole grid (to the cash-flow end). */
  grid: Grid;
  grossVolume: Record<Phase, Float64Array>;
  prices: GridColumns;
  expenses: Expenses;
  /** The lease NRI of each row (following reversions). */
  leaseNri: Float64Array;
  /** CAPEX of the cut-off run (on or after the as-of date, not tied to or allowed after the limit). */
  capex: readonly DatedCapex[];
  discountDay: number;
  method: DiscountMethod;
  active: ActiveDays;
  streams?: RunStreams | undefined;
}

/**
 * BFIT and CAPEX of the gross-ownership run, the expenses with `affectEconLimit: false` added back
 * to its BFIT (they are charged but do not move the limit).
 */
export function grossCutOffRun(g: GrossRunInputs): CutOffRun {
  if (!g.streams) return { grossVolume: g.grossVolume, ...grossBfit(g) };
  const n = g.grid.start.length;
  const nri = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) nri[p] = g.leaseNri;
  const interests: Interests = {
    wi: new Float64Array(n).fill(1),
    nri,
    npi: new Float64Array(n),
    npiType: 'expense',
    wellNri: g.leaseNri,
    leaseNri: g.leaseNri,
  };
  const { grid, grossVolume, prices, expenses, capex, discountDay, method, active, streams } = g;
  const run = runColumns(grid, grossVolume, prices, expenses, interests, capex, discountDay, method, active, streams);
  for (let r = 0; r < n; r++) run.bfit[r]! += run.econLimitAddBack[r]!;
  return run;
}

/**
 * runColumns' BFIT and CAPEX at WI 1, NRI = lease NRI and no NPI, without the service's streams:
 * the same operations in the same order (so the same figures to the bit), each row's revenue,
 * expenses and taxes kept in locals instead of columns.
 */
function grossBfit(g: GrossRunInputs): { bfit: Float64Array; capex: Float64Array } {
  const { grid, grossVolume, prices, expenses, leaseNri } = g;
  const n = grid.start.length;
  const buffer = new ArrayBuffer(2 * n * Float64Array.BYTES_PER_ELEMENT);
  const bfit = new Float64Array(buffer, 0, n);
  const capex = new Float64Array(buffer, n * Float64Array.BYTES_PER_ELEMENT, n);
  for (const { item, day } of g.capex) {
    const row = rowOf(grid, day);
    if (row < 0) continue;
    capex[row]! += item.calculation === 'gross' ? item.amount * (item.dealTerms ?? 1) : item.amount;
  }
  // Revenue by row: the products with volume, in PRODUCTS order (runColumns' order of addition).
  const revenue = bfit;
  for (const p of PRODUCTS) {
    const v = grossVolume[p];
    if (!hasVolume(v)) continue;
    const factor = prices.salesFactor[p];
    const price = prices.price[p];
    const diff = prices.differential[p];
    for (let r = 0; r < n; r++) revenue[r]! += v[r]! * factor[r]! * (price[r]! + diff[r]!) * leaseNri[r]!;
  }
  const sev = expenses.severanceTaxPct / 100;
  const adv = expenses.adValoremTaxPct / 100;
  const variablePhases = PHASES.filter((p) => (expenses.variable[p] ?? 0) !== 0);
  const variableVolumes = variablePhases.map((p) => grossVolume[p]);
  const variableRates = variablePhases.map((p) => expenses.variable[p] ?? 0);
  const { from, to } = g.active;
  const fixed = expenses.fixedPerWellMonth;
  for (let r = 0; r < n; r++) {
    const days = Math.min(grid.end[r]!, to) - Math.max(grid.start[r]!, from) + 1;
    const fx = days > 0 ? (fixed * days) / grid.monthDays[r]! : 0;
    let v = 0;
    for (let k = 0; k < variableRates.length; k++) v += variableVolumes[k]![r]! * variableRates[k]!;
    const rev = revenue[r]!;
    const st = rev * sev;
    const at = (rev - st) * adv;
    bfit[r] = rev - fx - v - st - at - capex[r]!;
  }
  return { bfit, capex };
}
