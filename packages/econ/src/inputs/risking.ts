import type { RiskingFunctions, RiskShutIn } from '@econ/contract';
import type { DailySeries } from '@econ/decline';
import { type DatedRow, monthlyValues } from '../datedRows';
import { addMonths, buildGrid, dayOf, endOfMonth } from '../grid';
import type { CapexItem } from '../types';
import { PHASES, type Phase } from '../types';
import type { OperationsPlan, ShutInSpan } from './operations';
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

/** Days (day indexes, inclusive). */
export interface DaySpan {
  first: number;
  last: number;
}

/** The shut-ins of a riskings model resolved against a well's dates. */
export interface RiskShutInPlan {
  /** Each occurrence of each row, as operations shut-ins (shifted; the multiplier to its scale end). */
  spans: ShutInSpan[];
  /** Days of rows with `fixedExpense: false`: fixed expenses are not charged on them. */
  fixedOff: DaySpan[];
  /** Days of rows with `capex: false`: CAPEX dated on them is dropped. */
  capexOff: DaySpan[];
}

/**
 * The riskings model's shut-in rows (decision 042; econ-math.md, Other monthly items): `dates` rows
 * by their days, repeated `totalOccurrences` times a month or a year apart; `offsetToAsOf` rows by
 * months (from the first day of the start month to the last of the end month, month 1 being the
 * as-of month) or days (day 1 the as-of day). Production resumes where it stopped (the rest of the
 * forecast moves later), × `multiplier` to the scale end: a date, the end of a month counted from
 * the as-of month, or the economic limit.
 *
 * @throws {EconError} naming a row's date when it is not a calendar date
 */
export function riskShutIns(shutIn: RiskShutIn | undefined, refs: RowRefs): RiskShutInPlan {
  const plan: RiskShutInPlan = { spans: [], fixedOff: [], capexOff: [] };
  (shutIn?.rows ?? []).forEach((row, i) => {
    const field = `shutIn.rows[${i}]`;
    let first: number;
    let last: number;
    if (row.dates) {
      first = dayOf(`${field}.dates.startDate`, row.dates.startDate);
      last = dayOf(`${field}.dates.endDate`, row.dates.endDate);
    } else {
      const o = row.offsetToAsOf!;
      if (row.unit === 'day') {
        first = refs.asOfDay + o.start - 1;
        last = refs.asOfDay + o.end - 1;
      } else {
        first = endOfMonth(addMonths(refs.asOfDay, o.start - 2)) + 1;
        last = endOfMonth(addMonths(refs.asOfDay, o.end - 1));
      }
    }
    const end = row.scalePostShutInEnd;
    const factorUntil =
      row.scalePostShutInEndCriteria === 'dates'
        ? dayOf(`${field}.scalePostShutInEnd`, String(end))
        : row.scalePostShutInEndCriteria === 'offset_to_as_of_date'
          ? endOfMonth(addMonths(refs.asOfDay, Number(end) - 1))
          : undefined;
    const step = row.repeatRangeOfDates === 'yearly' ? 12 : row.repeatRangeOfDates === 'monthly' ? 1 : 0;
    const times = step === 0 ? 1 : row.totalOccurrences;
    for (let k = 0; k < times; k++) {
      const span = { first: addMonths(first, k * step), last: addMonths(last, k * step) };
      plan.spans.push({
        phase: row.phase,
        ...span,
        resume: 'shifted',
        factor: row.multiplier,
        factorMonths: undefined,
        factorUntil,
      });
      if (!row.fixedExpense) plan.fixedOff.push(span);
      if (!row.capex) plan.capexOff.push(span);
    }
  });
  return plan;
}

/** An operations plan with the riskings model's shut-ins added (in order of their first day); undefined when neither has any. */
export function withShutIns(
  plan: OperationsPlan | undefined,
  spans: readonly ShutInSpan[],
): OperationsPlan | undefined {
  if (spans.length === 0) return plan;
  const base = plan ?? { shutIns: [], downtime: [], schedule: undefined };
  return { ...base, shutIns: [...base.shutIns, ...spans].sort((a, b) => a.first - b.first) };
}

/** Whether a CAPEX item stays: not dated inside a shut-in whose row drops CAPEX (reported when dropped). */
export function keepCapex(item: CapexItem, off: readonly DaySpan[], warnings: string[]): boolean {
  if (off.length === 0 || item.date === undefined) return true;
  const day = dayOf('capex date', item.date);
  if (!off.some((s) => s.first <= day && day <= s.last)) return true;
  warnings.push(
    `riskings: CAPEX ${item.label ? `"${item.label}" ` : ''}of ${item.date} falls in a shut-in with capex false; dropped.`,
  );
  return false;
}
