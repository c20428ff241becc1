import type { Reversion } from '@econ/contract';
import {
  DISCOUNT_PERIODS_PER_YEAR,
  type DiscountMethod,
  REVERSION_TYPES,
  type ReversionType,
} from '@econ/contract/rules';
import { civilFromDayIndex } from '@econ/decline';
import type { Interests, RunColumns } from './cashFlow';
import { EconError, requireNumber } from './econError';
import { dayOf, type Grid, rowOf } from './grid';
import { type Ownership, type Phase, PRODUCTS, type Product } from './types';

/*
 * Ownership reversions (econ-math.md, Reversions; spec part 2.4). A reversion replaces the
 * interests from its day on; the trigger row blends old and new interests by days.
 */

/** The interests of one stage of ownership, as decimals (1 = 100 %). */
export interface OwnershipState {
  wi: number;
  /** Absolute NRI. */
  nri: number;
  leaseNri: number;
  /** Per-product NRIs that replace `nri` for their product (null = follow `nri`). */
  phaseNri: Record<Product, number | null>;
  /** NPI as a share of net profit. */
  npi: number;
}

/** A reversion that fired: its place in the list, its type and the day it took effect. */
export interface FiredReversion {
  index: number;
  type: ReversionType;
  /** Day index on which the new interests begin (the trigger row is blended by days). */
  day: number;
}

const pct = (parameter: string, v: number) => requireNumber(parameter, v, 0, 100) / 100;
const given = (v: number | null | undefined): v is number => v !== undefined && v !== null;

/** The NRI of a product in a state: its own NRI when set, else the state's NRI. */
export const productNri = (s: OwnershipState, p: Product): number => s.phaseNri[p] ?? s.nri;

/** The initial stage of ownership, checked (EconError naming `ownership.<field>`). */
export function initialState(o: Ownership): OwnershipState {
  const phaseNri = {} as Record<Product, number | null>;
  for (const p of PRODUCTS) {
    const field = `${p}NetRevenueInterest` as const;
    const v = o[field];
    phaseNri[p] = given(v) ? pct(`ownership.${field}`, v) : null;
  }
  const type = o.netProfitInterestType;
  if (type !== undefined && type !== 'expense' && type !== 'revenue') {
    throw new EconError('ownership.netProfitInterestType', type, "must be 'expense' or 'revenue'");
  }
  return {
    wi: pct('ownership.workingInterest', o.workingInterest),
    nri: pct('ownership.netRevenueInterest', o.netRevenueInterest),
    leaseNri: pct('ownership.leaseNetRevenueInterest', o.leaseNetRevenueInterest),
    phaseNri,
    npi: given(o.netProfitInterest) ? pct('ownership.netProfitInterest', o.netProfitInterest) : 0,
  };
}

/**
 * The stage after a reversion: WI and NPI as the reversion gives them (NPI default 0, as the
 * contract); NRI and lease NRI as given, else unchanged; a per-product NRI as given, else — when the
 * reversion gives an NRI — following that NRI, else unchanged (a reversion with its own NRI starts a
 * new stage of ownership, whose per-product overrides are its own).
 */
export function revertedState(prev: OwnershipState, r: Reversion, i: number): OwnershipState {
  const f = (name: string) => `reversions[${i}].${name}`;
  const nriGiven = given(r.netRevenueInterest);
  const phaseNri = {} as Record<Product, number | null>;
  for (const p of PRODUCTS) {
    const field = `${p}NetRevenueInterest` as const;
    const v = r[field];
    phaseNri[p] = given(v) ? pct(f(field), v) : nriGiven ? null : prev.phaseNri[p];
  }
  return {
    wi: pct(f('workingInterest'), r.workingInterest),
    nri: nriGiven ? pct(f('netRevenueInterest'), r.netRevenueInterest!) : prev.nri,
    leaseNri: given(r.leaseNetRevenueInterest)
      ? pct(f('leaseNetRevenueInterest'), r.leaseNetRevenueInterest)
      : prev.leaseNri,
    phaseNri,
    npi: given(r.netProfitInterest) ? pct(f('netProfitInterest'), r.netProfitInterest) : 0,
  };
}

/** The interests by row of a sequence of stages, and the lease NRI by row. */
export interface OwnershipSchedule {
  /** Net interests by row (WI, NRI by product, NPI). */
  interests: Interests;
  leaseNri: Float64Array;
  /** The WI in effect on a day (no blending): for CAPEX, which falls on one day. */
  wiOnDay: (day: number) => number;
}

/**
 * The interests by row when `states[k]` begins on `days[k − 1]` (days nondecreasing): rows before
 * a change keep the old value, rows after take the new one, and the row holding the day blends them
 * by days: q·old + (1 − q)·new with q = (day − first day of the row) / days of the row, which is
 * (day − 1)/days_in_month for a whole month (econ-math.md). A day before the grid counts as its
 * first day; changes after the grid are left out.
 */
export function buildSchedule(
  grid: Grid,
  states: readonly OwnershipState[],
  days: readonly number[],
  npiType: 'expense' | 'revenue',
): OwnershipSchedule {
  const n = grid.start.length;
  const s0 = states[0]!;
  const wi = new Float64Array(n).fill(s0.wi);
  const leaseNri = new Float64Array(n).fill(s0.leaseNri);
  const wellNri = new Float64Array(n).fill(s0.nri);
  const npi = new Float64Array(n).fill(s0.npi);
  const nri = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) nri[p] = new Float64Array(n).fill(productNri(s0, p));
  const last = n > 0 ? grid.end[n - 1]! : -Infinity;
  for (let k = 1; k < states.length && n > 0; k++) {
    const day = Math.max(days[k - 1]!, grid.start[0]!);
    if (day > last) break;
    const row = rowOf(grid, day);
    const keep = (day - grid.start[row]!) / (grid.end[row]! - grid.start[row]! + 1);
    const prev = states[k - 1]!;
    const next = states[k]!;
    const apply = (a: Float64Array, from: number, to: number) => {
      a[row]! += (1 - keep) * (to - from);
      a.fill(to, row + 1);
    };
    apply(wi, prev.wi, next.wi);
    apply(leaseNri, prev.leaseNri, next.leaseNri);
    apply(wellNri, prev.nri, next.nri);
    apply(npi, prev.npi, next.npi);
    for (const p of PRODUCTS) apply(nri[p], productNri(prev, p), productNri(next, p));
  }
  const wiOnDay = (day: number) => {
    let k = 0;
    while (k + 1 < states.length && days[k]! <= day) k++;
    return states[k]!.wi;
  };
  return { interests: { wi, nri, npi, npiType, wiOnDay, leaseNri, wellNri }, leaseNri, wiOnDay };
}

/** Gross-balance interests of a schedule: WI 100 %, NRI = lease NRI for every product, its NPI. */
export function grossOf(schedule: OwnershipSchedule, n: number): Interests {
  const nri = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) nri[p] = schedule.leaseNri;
  return { wi: new Float64Array(n).fill(1), nri, npi: schedule.interests.npi, npiType: schedule.interests.npiType };
}

/** What evaluateReversions needs besides the reversions. */
export interface ReversionContext {
  /** The grid the triggers are found on (the whole cash flow before the cut at the limit). */
  grid: Grid;
  /** Runs the columns on `grid` at the given interests (the CAPEX known before the limit included). */
  run: (interests: Interests) => RunColumns;
  /** Gross monthly volumes on `grid`, for the well-head triggers. */
  grossVolume: Record<Phase, Float64Array>;
  /** Well-head volume produced before the grid's first row, by phase. */
  volumeBefore: { oil: number; gas: number };
  /** BBL per BOE of oil and MCF per BOE of (wet) gas. */
  boe: { oil: number; gas: number };
  /** Month exponents of `grid` (monthExponents), for the Irr trigger. */
  exponents: Float64Array;
  method: DiscountMethod;
  npiType: 'expense' | 'revenue';
  /** First day of the month money reversions are tied to by default (the as-of month). */
  tiedToDay: number;
  /** The first-production day, for `reversionTiedTo: {type: fpd}` (undefined: none known). */
  fpdDay?: number;
}

/**
 * The day a money reversion is tied to and the day its running total starts (econ-math.md,
 * Reversions: tie-in). `as_of` (the default): the as-of month, the total counted from the grid's
 * start (the as-of month, or the earliest CAPEX with cashFlowPriorAsOfDate). `fpd`, `date`: the
 * first day of the first-production month or of the date's month, the total counted from it
 * (never before the grid's start: cash flow before it is not computed).
 */
export function moneyTie(
  rev: Reversion,
  f: (name: string) => string,
  ctx: Pick<ReversionContext, 'grid' | 'tiedToDay' | 'fpdDay'>,
): { tieDay: number; countFrom: number } {
  const gridStart = ctx.grid.start[0]!;
  const tie = rev.reversionTiedTo;
  if (!tie || tie.type === 'as_of') return { tieDay: ctx.tiedToDay, countFrom: gridStart };
  let day: number;
  if (tie.type === 'fpd') {
    if (ctx.fpdDay === undefined) return { tieDay: ctx.tiedToDay, countFrom: gridStart };
    day = ctx.fpdDay;
  } else {
    day = dayOf(f('reversionTiedTo.value'), tie.value ?? '');
  }
  const monthStart = day - civilFromDayIndex(day).d + 1;
  return { tieDay: monthStart, countFrom: Math.max(monthStart, gridStart) };
}

/**
 * The first day at which a running total strictly exceeds `value`, searched from `fromDay` on: the
 * total starts at `base` and adds `add[r]` over row r; inside the row the day is found by linear
 * share p = (value − before)/(after − before), day = first day + ⌊days·p⌋ (econ-math.md: ⌊days·p⌋ + 1
 * as a day of a whole month). A total already above the value at `fromDay` fires on `fromDay`.
 * With `capex`, rows whose cumulative CAPEX is still 0 do not fire (UndiscRoi). With `inclusive`
 * the total reaching the value is enough (volume triggers test ≥: a value of 0 fires at once). Rows
 * ending before `countFrom` are not counted (a money reversion's tie, {@link moneyTie}). −1: never.
 */
export function crossingDay(
  grid: Grid,
  add: Float64Array,
  base: number,
  value: number,
  fromDay: number,
  capex?: Float64Array,
  inclusive = false,
  countFrom = grid.start[0]!,
): number {
  const past = (x: number) => (inclusive ? x >= value : x > value);
  let cum = base;
  let cumCapex = 0;
  for (let r = 0; r < add.length; r++) {
    // Rows before the day the total is tied to add nothing (reversionTiedTo).
    if (grid.end[r]! < countFrom) continue;
    const before = cum;
    cum += add[r]!;
    if (capex) cumCapex += capex[r]!;
    if (grid.end[r]! < fromDay || !past(cum) || (capex && !(cumCapex > 0))) continue;
    const p = past(before) ? 0 : (value - before) / (cum - before);
    const day = grid.start[r]! + Math.floor((grid.end[r]! - grid.start[r]! + 1) * p);
    return Math.max(day, fromDay);
  }
  return -1;
}

/** Net profit by row: revenue − expenses − production taxes. */
function netProfit(c: RunColumns): Float64Array {
  const out = new Float64Array(c.bfit.length);
  for (let r = 0; r < out.length; r++) {
    out[r] = c.totalRevenue[r]! - c.fixedExpense[r]! - c.variableExpense[r]! - c.severanceTax[r]! - c.adValoremTax[r]!;
  }
  return out;
}

/**
 * The cash flow a money trigger accumulates (econ-math.md): the owner's BFIT on the balance named,
 * with the NPI when includeNetProfitInterest is `yes`; with `no`, the cash flow without the NPI, NP −
 * CAPEX (for the revenue type: the profit the NPI is carved from). Without investment: CAPEX left out.
 */
function balanceCashFlow(
  c: RunColumns,
  includeNpi: boolean,
  withInvestment: boolean,
  revenueType: boolean,
): Float64Array {
  const np = netProfit(c);
  const out = new Float64Array(np.length);
  for (let r = 0; r < out.length; r++) {
    const investment = withInvestment ? c.capex[r]! : 0;
    out[r] = !includeNpi ? np[r]! - investment : revenueType ? c.npi[r]! : np[r]! + c.npi[r]! - investment;
  }
  return out;
}

/**
 * Finds, in order, the day each reversion fires (econ-math.md, Reversions): reversion k is looked
 * for from the day reversion k − 1 fired (a date already past fires on that day) and on the
 * interests in effect after the earlier ones; one that never fires stops the list.
 * - Date, AsOf: the date of reversionValue (AsOf carries a date in the contract too).
 * - WhCumOil, WhCumGas, WhCumBoe: well-head cumulative volume from first production (BOE = oil/boe.oil
 *   + gas/boe.gas) at or above the value (0 fires at once).
 * - PayoutWithInvestment / PayoutWithoutInvestment: the cumulative balance cash flow (CAPEX left out
 *   for the latter) strictly above the value ($); a value of 0 without investment to pay back
 *   (PayoutWithoutInvestment, or no CAPEX at all) fires on day 1 of the tied-to month.
 * - UndiscRoi: cumulative (balance cash flow without CAPEX) / cumulative CAPEX strictly above the
 *   value, found as the cumulative of income − value·CAPEX above 0 (rows without CAPEX yet never fire).
 * - Irr: the cumulative balance cash flow discounted at the value (annual %, as the IRR is reported:
 *   period rate (1 + v)^(1/N) − 1, month exponents, CAPEX by month) above 0, i.e. the IRR to date
 *   above the value.
 * Money balances: `gross` = WI 100 %, NRI = lease NRI; `net` = the current interests.
 *
 * @returns the stages (states[0] the initial one) and the reversions that fired, with their days
 * @throws {EconError} naming `reversions[i].<field>` for a value the engine cannot use
 */
export function evaluateReversions(
  reversions: readonly Reversion[],
  initial: OwnershipState,
  ctx: ReversionContext,
): { states: OwnershipState[]; fired: FiredReversion[] } {
  const { grid } = ctx;
  const n = grid.start.length;
  const states: OwnershipState[] = [initial];
  const fired: FiredReversion[] = [];
  const days: number[] = [];
  for (let i = 0; i < reversions.length; i++) {
    const rev = reversions[i]!;
    const f = (name: string) => `reversions[${i}].${name}`;
    if (!(REVERSION_TYPES as readonly string[]).includes(rev.reversionType)) {
      throw new EconError(f('reversionType'), rev.reversionType, `must be one of ${REVERSION_TYPES.join(', ')}`);
    }
    const next = revertedState(states[states.length - 1]!, rev, i);
    if (n === 0) break;
    const fromDay = days.length > 0 ? days[days.length - 1]! : grid.start[0]!;
    const day = triggerDay(rev, f, ctx, states, days, fromDay);
    if (day < 0) break;
    states.push(next);
    days.push(day);
    fired.push({ index: i, type: rev.reversionType, day });
  }
  return { states, fired };
}

/** The day a single reversion fires on, from `fromDay` on (−1: never inside the grid). */
function triggerDay(
  rev: Reversion,
  f: (name: string) => string,
  ctx: ReversionContext,
  states: readonly OwnershipState[],
  days: readonly number[],
  fromDay: number,
): number {
  const { grid } = ctx;
  const n = grid.start.length;
  const type = rev.reversionType;
  if (type === 'Date' || type === 'AsOf') {
    const day = Math.max(dayOf(f('reversionValue'), rev.reversionValue as string), fromDay);
    return day > grid.end[n - 1]! ? -1 : day;
  }
  if (typeof rev.reversionValue !== 'number') {
    throw new EconError(f('reversionValue'), rev.reversionValue, `must be a number for reversionType ${type}`);
  }
  const value = requireNumber(f('reversionValue'), rev.reversionValue, 0);
  if (type === 'WhCumOil' || type === 'WhCumGas' || type === 'WhCumBoe') {
    let add: Float64Array;
    let base: number;
    if (type === 'WhCumOil') {
      add = ctx.grossVolume.oil;
      base = ctx.volumeBefore.oil;
    } else if (type === 'WhCumGas') {
      add = ctx.grossVolume.gas;
      base = ctx.volumeBefore.gas;
    } else {
      add = new Float64Array(n);
      for (let r = 0; r < n; r++)
        add[r] = ctx.grossVolume.oil[r]! / ctx.boe.oil + ctx.grossVolume.gas[r]! / ctx.boe.gas;
      base = ctx.volumeBefore.oil / ctx.boe.oil + ctx.volumeBefore.gas / ctx.boe.gas;
    }
    return crossingDay(grid, add, base, value, fromDay, undefined, true);
  }
  // Money triggers.
  if (rev.balance !== 'gross' && rev.balance !== 'net') {
    throw new EconError(f('balance'), rev.balance, `must be gross or net for reversionType ${type}`);
  }
  if (rev.includeNetProfitInterest !== 'yes' && rev.includeNetProfitInterest !== 'no') {
    throw new EconError(f('includeNetProfitInterest'), rev.includeNetProfitInterest, `must be yes or no for ${type}`);
  }
  const schedule = buildSchedule(grid, states, days, ctx.npiType);
  const columns = ctx.run(rev.balance === 'net' ? schedule.interests : grossOf(schedule, n));
  const includeNpi = rev.includeNetProfitInterest === 'yes';
  const revenueType = ctx.npiType === 'revenue';
  const { tieDay, countFrom } = moneyTie(rev, f, ctx);
  if (type === 'PayoutWithInvestment' || type === 'PayoutWithoutInvestment') {
    // A threshold of 0 with no investment to pay back (none left out, or none at all) reverts on
    // day 1 of the tied-to month whatever the cash flow (the platform's rule, econ-math.md).
    if (value === 0 && (type === 'PayoutWithoutInvestment' || !columns.capex.some((c) => c !== 0))) {
      const day = Math.max(fromDay, tieDay);
      return day > grid.end[n - 1]! ? -1 : day;
    }
    const cf = balanceCashFlow(columns, includeNpi, type === 'PayoutWithInvestment', revenueType);
    return crossingDay(grid, cf, 0, value, fromDay, undefined, false, countFrom);
  }
  if (type === 'UndiscRoi') {
    const income = balanceCashFlow(columns, includeNpi, false, revenueType);
    for (let r = 0; r < n; r++) income[r]! -= value * columns.capex[r]!;
    return crossingDay(grid, income, 0, 0, fromDay, columns.capex, false, countFrom);
  }
  // Irr
  const cf = balanceCashFlow(columns, includeNpi, true, revenueType);
  const L = Math.log1p(value / 100) / DISCOUNT_PERIODS_PER_YEAR[ctx.method];
  for (let r = 0; r < n; r++) cf[r]! *= Math.exp(-ctx.exponents[r]! * L);
  return crossingDay(grid, cf, 0, 0, fromDay, undefined, false, countFrom);
}
