import type { DailySeries } from '@econ/decline';
import { majorPhase, primaryEndDay } from './cutOff';
import { requireNumber } from './econError';
import { dayOf, type Grid } from './grid';
import { PHASES, type Phase, type WellInput } from './types';
import { monthlyVolumesOf, sumDays } from './volumes';

/* The gross volumes of runWell on its grids: the whole grid's, and the net grid's cut at the limit. */

/** The days that bound a well's volumes (day indexes). */
export interface VolumeDays {
  /** The cash-flow start: the as-of day, or the earliest CAPEX day with cashFlowPriorAsOfDate. */
  startDay: number;
  asOfDay: number;
  /** The cash-flow end. */
  endDay: number;
}

/** The gross volumes of the whole grid. */
export interface GrossVolumes {
  /** Monthly gross volumes by phase: the forecast from the as-of day, plus the history before it. */
  gross: Record<Phase, Float64Array>;
  /** The last day each phase produces (the primary phase's end with alignDependentPhases). */
  phaseEnd: Record<Phase, number>;
  /** The history's volumes of the rows before the as-of day, by phase (phases with a history only). */
  prior: Partial<Record<Phase, Float64Array>>;
}

/**
 * Gross volumes from the as-of day (with alignDependentPhases the secondary phases end with the
 * primary); rows before the as-of date (cashFlowPriorAsOfDate) hold the actual volumes of the
 * history.
 */
export function grossVolumes(
  input: WellInput,
  full: Grid,
  { startDay, asOfDay, endDay }: VolumeDays,
  boe: { oil: number; gas: number },
): GrossVolumes {
  const phaseEnd = {} as Record<Phase, number>;
  for (const p of PHASES) phaseEnd[p] = endDay;
  if (input.cutOff?.alignDependentPhases) {
    const oil = input.volumes.oil ? sumDays(input.volumes.oil, asOfDay, endDay) : 0;
    const gas = input.volumes.gas ? sumDays(input.volumes.gas, asOfDay, endDay) : 0;
    if (oil > 0 || gas > 0) {
      // Without oil or gas there is no primary phase: nothing to align.
      const major = majorPhase(oil, gas, boe);
      const primaryEnd = primaryEndDay(input.volumes[major], asOfDay, endDay);
      for (const p of PHASES) if (p !== major) phaseEnd[p] = primaryEnd;
    }
  }
  const gross = {} as Record<Phase, Float64Array>;
  const prior: Partial<Record<Phase, Float64Array>> = {};
  // The phases summed over the whole grid, side by side (monthlyVolumesOf).
  const whole = PHASES.filter((p) => input.volumes[p] && startDay === asOfDay && phaseEnd[p] === endDay);
  const sums = monthlyVolumesOf(
    full,
    whole.map((p) => input.volumes[p]!),
  );
  // The phases without forecast or history (often NGL and drip condensate) share one zeroed column.
  let zero: Float64Array | undefined;
  for (const p of PHASES) {
    const actual = startDay < asOfDay ? input.history?.[p] : undefined;
    if (!input.volumes[p] && !actual) {
      zero ??= new Float64Array(full.start.length);
      gross[p] = zero;
      continue;
    }
    const i = whole.indexOf(p);
    const v = i >= 0 ? sums[i]! : windowVolumes(full, input.volumes[p], asOfDay, phaseEnd[p]);
    if (actual) {
      const before = windowVolumes(full, actual, startDay, asOfDay - 1);
      for (let r = 0; r < v.length; r++) v[r]! += before[r]!;
      prior[p] = before;
    }
    gross[p] = v;
  }
  return { gross, phaseEnd, prior };
}

/**
 * The gross volumes on the net grid (`grid`: the whole grid cut at `lastDay`, or extended past it
 * to CAPEX allowed after the limit): rows that end on or before a phase's last producing day keep
 * the whole grid's sums (views of them when every row does); the rest are summed again.
 */
export function cutVolumes(
  input: WellInput,
  full: Grid,
  grid: Grid,
  volumes: GrossVolumes,
  asOfDay: number,
  lastDay: number,
): Record<Phase, Float64Array> {
  const rows = grid.start.length;
  const fullRows = full.start.length;
  const out = {} as Record<Phase, Float64Array>;
  if (grid === full && (fullRows === 0 || lastDay >= full.end[fullRows - 1]!)) return volumes.gross;
  for (const p of PHASES) {
    const to = Math.min(volumes.phaseEnd[p], lastDay);
    let keep = 0;
    while (keep < rows && keep < fullRows && grid.end[keep] === full.end[keep] && full.end[keep]! <= to) keep++;
    if (keep === rows) {
      out[p] = rows === fullRows ? volumes.gross[p] : volumes.gross[p].subarray(0, rows);
      continue;
    }
    const series = input.volumes[p];
    const v = new Float64Array(rows);
    v.set(volumes.gross[p].subarray(0, keep));
    if (series) {
      for (let r = keep; r < rows; r++) {
        const a = Math.max(grid.start[r]!, asOfDay);
        const b = Math.min(grid.end[r]!, to);
        if (a <= b) v[r] = sumDays(series, a, b);
      }
    }
    const prior = volumes.prior[p];
    if (prior) for (let r = keep; r < Math.min(rows, fullRows); r++) v[r]! += prior[r]!;
    out[p] = v;
  }
  return out;
}

/** Monthly sums of a daily series over the days from..to of each row (0 outside). */
function windowVolumes(grid: Grid, series: DailySeries | undefined, from: number, to: number): Float64Array {
  const out = new Float64Array(grid.start.length);
  if (!series) return out;
  for (let r = 0; r < out.length; r++) {
    const a = Math.max(grid.start[r]!, from);
    const b = Math.min(grid.end[r]!, to);
    if (a <= b) out[r] = sumDays(series, a, b);
  }
  return out;
}

/**
 * Well-head volume before the as-of date for the volume-trigger reversions: cumulativeBefore when
 * given, else the forecast's daily values from the first production date to the day before as-of,
 * else 0.
 */
export function volumeBefore(input: WellInput, phase: 'oil' | 'gas', asOfDay: number): number {
  const given = input.cumulativeBefore?.[phase];
  if (given !== undefined) return requireNumber(`cumulativeBefore.${phase}`, given);
  const series = input.volumes[phase];
  if (input.firstProductionDate === undefined || !series) return 0;
  return sumDays(series, dayOf('firstProductionDate', input.firstProductionDate), asOfDay - 1);
}

/** Volume produced before the as-of date (the EUR's cumulative part): cumulativeBefore when given, else the volumes before it. */
export function producedBefore(input: WellInput, phase: Phase, asOfDay: number): number {
  const given = input.cumulativeBefore?.[phase];
  if (given !== undefined) return requireNumber(`cumulativeBefore.${phase}`, given);
  const series = input.volumes[phase];
  return series ? sumDays(series, series.start, asOfDay - 1) : 0;
}
