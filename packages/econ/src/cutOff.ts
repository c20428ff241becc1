import type { CutOff, DiscountMethod } from '@econ/contract';
import type { DailySeries } from '@econ/decline';
import type { RunColumns } from './cashFlow';
import { discountFactor } from './discount';
import { EconError, requireNumber } from './econError';
import { addMonths, dayOf, type Grid } from './grid';

/** Days per month of the rate triggers (econ-math.md): a rate × 30.4375 is a month's volume. */
export const RATE_TRIGGER_DAYS_PER_MONTH = 30.4375;

/** The economic limit of a well. */
export interface EconLimit {
  /** Last day (day index) of the cash flow; asOfDay − 1 when it holds no day. */
  lastDay: number;
  /** Which trigger set it (`minLife` when the floor moved it). */
  trigger: string;
  /** True when the cumulative cash flow to the trigger's limit is negative (the limit fell to as-of). */
  uneconomic: boolean;
}

/** What econLimit needs besides the gross run. */
export interface EconLimitContext {
  asOfDay: number;
  /** The cash-flow end (as-of + max well life − 1 day). */
  endDay: number;
  /** Month exponents of the gross grid (monthExponents). */
  exponents: Float64Array;
  method: DiscountMethod;
  /** Day index of the end of production history, for minLife.endHist. */
  endOfHistoryDay?: number;
  /**
   * First row the triggers look at: the row holding the as-of day (rows before it exist only with
   * cashFlowPriorAsOfDate and hold CAPEX, which is left out of the cut-off run). Default 0.
   */
  firstRow?: number;
}

/** What the cut-off needs of the gross run: its BFIT and CAPEX (cash-flow triggers), volumes (rates). */
export type CutOffRun = Pick<RunColumns, 'bfit' | 'capex' | 'grossVolume'>;

/** The cut-off cash flow: BFIT, plus CAPEX back in when includeCapex is false. */
function cutOffCashFlow(gross: CutOffRun, includeCapex: boolean): Float64Array {
  const cf = gross.bfit.slice();
  if (!includeCapex) for (let r = 0; r < cf.length; r++) cf[r]! += gross.capex[r]!;
  return cf;
}

/** Row index chosen by a cash-flow trigger (first − 1: before the first row). */
function cashFlowTriggerRow(cutOff: CutOff, cf: Float64Array, ctx: EconLimitContext): number {
  const n = cf.length;
  const first = ctx.firstRow ?? 0;
  if (cutOff.maxCumCashFlow) {
    const discount = requireNumber('cutOff.discount', cutOff.discount ?? 0, 0, 100);
    let cum = 0;
    let best = -Infinity;
    let row = first - 1;
    for (let r = first; r < n; r++) {
      cum += discount > 0 ? cf[r]! * discountFactor(ctx.exponents[r]!, discount, ctx.method) : cf[r]!;
      if (cum > best) {
        best = cum;
        row = r;
      }
    }
    return row;
  }
  if (cutOff.firstNegativeCashFlow) {
    const tolerate = Math.floor(requireNumber('cutOff.tolerateNegativeCF', cutOff.tolerateNegativeCF ?? 0, 0));
    for (let i = first; i < n; i++) {
      let all = true;
      for (let j = i; j <= Math.min(i + tolerate, n - 1) && all; j++) all = cf[j]! < 0;
      if (all) return i - 1;
    }
    return n - 1;
  }
  // lastPositiveCashFlow
  for (let r = n - 1; r >= first; r--) if (cf[r]! > 0) return r;
  return first - 1;
}

/** Last day of the row `row` (before the first row: the day before as-of). */
const rowEnd = (grid: Grid, row: number, ctx: EconLimitContext) =>
  row < (ctx.firstRow ?? 0) ? ctx.asOfDay - 1 : grid.end[row]!;

/**
 * The economic limit of econ-math.md, on the run at gross ownership (WI 100 %, NRI = lease NRI,
 * CAPEX tied to the limit left out): the trigger of `cutOff` picks a last day; `econLimitDelay`
 * adds months (and skips the uneconomic test); a cash-flow trigger whose cumulative cash flow to its
 * limit is negative makes the well uneconomic (limit = as-of, no rows); `minLife` sets a floor and
 * overrides that. The limit never passes the cash-flow end. No cut-off (undefined): the cash-flow end.
 *
 * maxCumCashFlow discounts each month's cf (CAPEX included) with the month factor.
 * Decisions: the uneconomic test applies to the cash-flow triggers only (the others carry no
 * includeCapex to define the cash flow); a rate trigger no month meets, a date before as-of, or
 * firstNegativeCashFlow in the first month give an empty cash flow (not flagged uneconomic).
 *
 * @throws {EconError} for `linkToWells` (not supported yet) and minLife.endHist without a history end
 */
export function econLimit(grid: Grid, gross: CutOffRun, cutOff: CutOff | undefined, ctx: EconLimitContext): EconLimit {
  const n = grid.start.length;
  let lastDay = ctx.endDay;
  let trigger = 'noCutOff';
  let uneconomic = false;
  if (cutOff && !cutOff.noCutOff) {
    if (cutOff.linkToWells !== undefined) {
      throw new EconError('cutOff.linkToWells', cutOff.linkToWells, 'is not supported by the engine yet');
    }
    if (cutOff.maxCumCashFlow || cutOff.firstNegativeCashFlow || cutOff.lastPositiveCashFlow) {
      trigger = cutOff.maxCumCashFlow
        ? 'maxCumCashFlow'
        : cutOff.firstNegativeCashFlow
          ? 'firstNegativeCashFlow'
          : 'lastPositiveCashFlow';
      const cf = cutOffCashFlow(gross, cutOff.includeCapex ?? false);
      const row = cashFlowTriggerRow(cutOff, cf, ctx);
      const delay = Math.floor(requireNumber('cutOff.econLimitDelay', cutOff.econLimitDelay ?? 0, 0));
      if (delay > 0) {
        lastDay = rowEnd(grid, Math.min(row + delay, n - 1), ctx);
      } else {
        let cum = 0;
        for (let r = ctx.firstRow ?? 0; r <= row; r++) cum += cf[r]!;
        uneconomic = cum < 0;
        lastDay = uneconomic ? ctx.asOfDay - 1 : rowEnd(grid, row, ctx);
      }
    } else if (cutOff.oilRate !== undefined || cutOff.gasRate !== undefined || cutOff.waterRate !== undefined) {
      const [phase, rate] =
        cutOff.oilRate !== undefined
          ? (['oil', cutOff.oilRate] as const)
          : cutOff.gasRate !== undefined
            ? (['gas', cutOff.gasRate] as const)
            : (['water', cutOff.waterRate!] as const);
      trigger = `${phase}Rate`;
      const monthly = requireNumber(`cutOff.${trigger}`, rate, 0) * RATE_TRIGGER_DAYS_PER_MONTH;
      const volume = gross.grossVolume[phase];
      let row = -1;
      for (let r = n - 1; r >= (ctx.firstRow ?? 0); r--) {
        if (volume[r]! >= monthly) {
          row = r;
          break;
        }
      }
      lastDay = rowEnd(grid, row, ctx);
    } else if (cutOff.date !== undefined) {
      trigger = 'date';
      lastDay = Math.max(Math.min(dayOf('cutOff.date', cutOff.date), ctx.endDay), ctx.asOfDay - 1);
    } else if (cutOff.yearsFromAsOf !== undefined) {
      trigger = 'yearsFromAsOf';
      const years = requireNumber('cutOff.yearsFromAsOf', cutOff.yearsFromAsOf, 0);
      lastDay = Math.min(ctx.asOfDay + Math.floor(years * 365 + 1e-9), ctx.endDay);
    }
    const floor = minLifeDay(cutOff, ctx);
    if (floor !== undefined && Math.min(floor, ctx.endDay) > lastDay) {
      lastDay = Math.min(floor, ctx.endDay);
      trigger = 'minLife';
    }
  }
  return { lastDay, trigger, uneconomic };
}

/** The minLife floor day (undefined for `none`). */
function minLifeDay(cutOff: CutOff, ctx: EconLimitContext): number | undefined {
  const m = cutOff.minLife;
  if (m.date !== undefined) return dayOf('cutOff.minLife.date', m.date);
  if (m.asOf !== undefined)
    return addMonths(ctx.asOfDay, Math.floor(requireNumber('cutOff.minLife.asOf', m.asOf, 0))) - 1;
  if (m.endHist) {
    if (ctx.endOfHistoryDay === undefined) {
      throw new EconError('endOfHistory', undefined, 'is required when cutOff.minLife is endHist');
    }
    return ctx.endOfHistoryDay;
  }
  return undefined;
}

/**
 * The major phase of `alignDependentPhases` (decision: by gross BOE over the forecast from the as-of
 * day to the cash-flow end, oil BBL/boe.oil against gas MCF/boe.gas; a tie is oil). Water, NGL and
 * drip condensate are never primary: they are secondary with whichever of oil and gas is not.
 */
export function majorPhase(oilVolume: number, gasVolume: number, boe: { oil: number; gas: number }): 'oil' | 'gas' {
  return gasVolume / boe.gas > oilVolume / boe.oil ? 'gas' : 'oil';
}

/**
 * The day the primary phase ends for `alignDependentPhases`: its last day with a volume > 0 from
 * `fromDay` to `toDay` (fromDay − 1 when it has none there, so the secondary phases end with it).
 */
export function primaryEndDay(series: DailySeries | undefined, fromDay: number, toDay: number): number {
  if (!series) return fromDay - 1;
  const hi = Math.min(toDay - series.start, series.values.length - 1);
  const lo = Math.max(fromDay - series.start, 0);
  for (let i = hi; i >= lo; i--) if (series.values[i]! > 0) return series.start + i;
  return fromDay - 1;
}
