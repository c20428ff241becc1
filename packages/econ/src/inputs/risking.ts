import type { RiskingFunctions } from '@econ/contract';
import type { DailySeries } from '@econ/decline';
import { type DatedRow, monthlyValues } from '../datedRows';
import { buildGrid } from '../grid';
import { PHASES, type Phase } from '../types';
import { datedRows, type RowRefs } from './rows';

/*
 * Risking (econ-math.md, Risking): a multiplier in percent per month on the gross well-head
 * volume of a phase, before loss, shrinkage and interests: the forecast always, the actual
 * production when `riskProd` (default). 100 % outside the rows. And the well count of
 * `wellStream` (econ-math.md, Other monthly items). Pure.
 */

export type Risking = RiskingFunctions['risking'];

/** The series with each day multiplied by its month's risk (100 % outside the rows). */
export function riskSeries(series: DailySeries, rows: readonly DatedRow[]): DailySeries {
  const n = series.values.length;
  if (n === 0 || rows.length === 0) return series;
  const grid = buildGrid(series.start, series.start + n - 1);
  const factor = monthlyValues(grid, rows, 1);
  const values = new Float64Array(series.values);
  for (let r = 0; r < grid.start.length; r++) {
    const f = factor[r]!;
    if (f === 1) continue;
    for (let d = grid.start[r]!; d <= grid.end[r]!; d++) values[d - series.start]! *= f;
  }
  return { start: series.start, values };
}

/** What a risking model means for the run: the rows of each phase and whether actuals are risked. */
export function riskPlan(
  risking: Risking | undefined,
  refs: RowRefs,
): { rows: Partial<Record<Phase, DatedRow[]>>; actuals: boolean; viaGas: boolean } {
  if (!risking) return { rows: {}, actuals: false, viaGas: true };
  const rows: Partial<Record<Phase, DatedRow[]>> = {};
  for (const p of PHASES) {
    const table = risking[p];
    if (table) rows[p] = datedRows(table.rows, refs, `risking.${p}.rows`, (row) => row.multiplier! / 100);
  }
  return { rows, actuals: risking.riskProd, viaGas: risking.riskNglDripCondViaGasRisk };
}

/** Percentage well counts are rounded to 8 decimals, as the platform's engine rounds them. */
const round8 = (v: number) => Math.round(v * 1e8) / 1e8;

/**
 * The gross well count rows of `wellStream` (decision 038): `count` rows as entered; `percentage`
 * rows as the platform's engine reads them, the first row's value the base count (its month's
 * count) and each later row that percent of it. Left out: undefined (1 from the FPD month).
 *
 * @throws {EconError} naming a row's `offsetToFpd` when no FPD source gives the well's first production date
 */
export function wellCountRows(risking: Risking | undefined, refs: RowRefs): DatedRow[] | undefined {
  const rows = risking?.wellStream?.rows;
  if (!rows?.length) return undefined;
  const field = 'risking.wellStream.rows';
  const base = rows[0]!.percentage;
  if (base === undefined) return datedRows(rows, refs, field, (row) => row.count ?? 0);
  return datedRows(rows, refs, field, (row) => (row === rows[0] ? base : round8((base * (row.percentage ?? 0)) / 100)));
}
