import type { Operations, ScheduleUnit, ShutInPhase, ShutInResume } from '@econ/contract';
import { ROW_OFFSETS } from '@econ/contract/rules';
import type { DailySeries } from '@econ/decline';
import { type DatedRow, monthlyValues } from '../datedRows';
import { addMonths, buildGrid, dayOf, endOfMonth } from '../grid';
import { datedRows, offsetRef, type RowRefs } from './rows';

/*
 * Operations (issue 19; econ-math.md, Other monthly items: "Shut-in: forecast 0 over the period,
 * the rest shifted later and × the row's multiplier …; actuals untouched"; decision 035): the
 * daily forecast series a well's operations model turns into the series the engine uses. Shut-ins
 * first, in order of their first day, each on the series the earlier ones left; then each
 * calendar month × (1 − downtime) × the schedule's share of time on. Pure; the forecast only (the
 * caller leaves the actual production alone). NGL and drip condensate follow gas.
 */

export type OperatedPhase = 'oil' | 'gas' | 'water';

/** A shut-in over whole days. */
export interface ShutInSpan {
  phase: ShutInPhase;
  /** First and last day shut in (day indexes, inclusive). */
  first: number;
  last: number;
  resume: ShutInResume;
  /** The multiplier after the shut-in as a factor (1: unchanged). */
  factor: number;
  /** Months after the shut-in the factor holds; undefined: to the end (or to `factorUntil`). */
  factorMonths: number | undefined;
  /** The last day (day index) the factor holds, when it ends on a date (riskings' shut-ins). */
  factorUntil?: number | undefined;
}

/** An operations model resolved against a well's dates. */
export interface OperationsPlan {
  /** In order of their first day. */
  shutIns: ShutInSpan[];
  /** Rows of the share of each month kept (1 − pctDowntime / 100). */
  downtime: DatedRow[];
  /** Rows of days on per month or hours on per day, as entered. */
  schedule: { unit: ScheduleUnit; rows: DatedRow[] } | undefined;
}

/**
 * The days of each shut-in, downtime and schedule of a model: `dates` rows by their days, offset
 * rows from the first day of their start month to the last day of their end month.
 *
 * @throws {EconError} naming a row's `offsetToFpd` when no FPD source gives the well's first production date
 */
export function operationsPlan(operations: Operations, refs: RowRefs): OperationsPlan {
  const shutIns = (operations.shutIn?.rows ?? []).map((row, i): ShutInSpan => {
    const field = `operations.shutIn.rows[${i}]`;
    let first: number;
    let last: number;
    if (row.dates) {
      first = dayOf(`${field}.dates.startDate`, row.dates.startDate);
      last = dayOf(`${field}.dates.endDate`, row.dates.endDate);
    } else {
      const period = ROW_OFFSETS.find((k) => row[k] !== undefined)!;
      const offset = row[period]!;
      const ref = offsetRef(period, refs, field, offset);
      // Month `start` counted from the reference month (month 1) begins the day after month start − 1 ends.
      first = endOfMonth(addMonths(ref, offset.start - 2)) + 1;
      last = endOfMonth(addMonths(ref, offset.end - 1));
    }
    return {
      phase: row.phase,
      first,
      last,
      resume: row.resume,
      factor: row.multiplier / 100,
      factorMonths: row.multiplierMonths,
    };
  });
  shutIns.sort((a, b) => a.first - b.first);
  const downtime = operations.downtime
    ? datedRows(operations.downtime.rows, refs, 'operations.downtime.rows', (r) => 1 - r.pctDowntime! / 100)
    : [];
  let schedule: OperationsPlan['schedule'];
  if (operations.schedule) {
    const rows = operations.schedule.rows;
    const unit: ScheduleUnit = rows[0]?.hoursOnPerDay !== undefined ? 'hoursOnPerDay' : 'daysOnPerMonth';
    schedule = { unit, rows: datedRows(rows, refs, 'operations.schedule.rows', (r) => r[unit]!) };
  }
  return { shutIns, downtime, schedule };
}

/**
 * The series the engine should use for `phase`: each shut-in of the phase (or of all phases) sets
 * its days to 0; `shifted` moves what followed later by the days shut in (the series grows by
 * them: production resumes where it stopped), `calendar` leaves it on its dates (the volume shut in
 * is lost); the days after it are × the factor for its months (or to the end). Then every day of a
 * calendar month is × (1 − downtime) × time on (days on ÷ the month's days, at most 1; or hours on
 * ÷ 24). A shut-in wholly before the series or after its end changes nothing. The input is not
 * changed.
 */
export function operateSeries(series: DailySeries, phase: OperatedPhase, plan: OperationsPlan): DailySeries {
  const start = series.start;
  let values = new Float64Array(series.values);
  for (const s of plan.shutIns) {
    if (s.phase !== 'all' && s.phase !== phase) continue;
    if (s.last < start || s.first > start + values.length - 1) continue;
    const a = Math.max(s.first, start) - start;
    const after = s.last + 1 - start;
    if (s.resume === 'shifted') {
      const shifted = new Float64Array(values.length + after - a);
      shifted.set(values.subarray(0, a));
      shifted.set(values.subarray(a), after);
      values = shifted;
    } else {
      values.fill(0, a, Math.min(after, values.length));
    }
    if (s.factor !== 1) {
      const to =
        s.factorUntil !== undefined
          ? s.factorUntil + 1 - start
          : s.factorMonths === undefined
            ? values.length
            : addMonths(s.last + 1, s.factorMonths) - start;
      for (let i = after; i < Math.min(to, values.length); i++) values[i]! *= s.factor;
    }
  }
  if (values.length === 0 || (plan.downtime.length === 0 && !plan.schedule)) return { start, values };
  const grid = buildGrid(start, start + values.length - 1);
  const kept = monthlyValues(grid, plan.downtime, 1);
  const on = plan.schedule
    ? monthlyValues(grid, plan.schedule.rows, plan.schedule.unit === 'hoursOnPerDay' ? 24 : Number.POSITIVE_INFINITY)
    : undefined;
  for (let r = 0; r < grid.start.length; r++) {
    let f = kept[r]!;
    if (on && plan.schedule) {
      f *=
        plan.schedule.unit === 'hoursOnPerDay'
          ? on[r]! / 24
          : Math.min(on[r]!, grid.monthDays[r]!) / grid.monthDays[r]!;
    }
    if (f === 1) continue;
    for (let d = grid.start[r]!; d <= grid.end[r]!; d++) values[d - start]! *= f;
  }
  return { start, values };
}

/** {@link operateSeries} of a model resolved against the well's dates ({@link operationsPlan}). */
export function operatedSeries(
  series: DailySeries,
  phase: OperatedPhase,
  operations: Operations,
  refs: RowRefs,
): DailySeries {
  return operateSeries(series, phase, operationsPlan(operations, refs));
}
