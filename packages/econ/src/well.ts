import type { DailySeries } from '@econ/decline';
import { civilFromDayIndex, fromDayIndex } from '@econ/decline';
import { type Breakeven, breakevenPrices } from './breakeven';
import { type ActiveDays, flatInterests, type Interests, type RunColumns, runColumns, runStreams } from './cashFlow';
import { cumulative, type DatedCapex, type Payout, payoutOf, total } from './columns';
import { type CutOffRun, type EconLimit, econLimit, majorPhase, primaryEndDay } from './cutOff';
import { discountedCashFlow, monthExponents, npv } from './discount';
import { requireNumber } from './econError';
import { buildGrid, cashFlowEnd, cutGrid, dayOf, type Grid, rowOf } from './grid';
import { boeFactors, checkCapex, checkExpenses } from './inputChecks';
import { irr, irrReason, payoutReason } from './irr';
import { type GridColumns, gridColumns, sliceColumns, withFlatPrices } from './prices';
import { rateSource } from './rates';
import {
  buildSchedule,
  evaluateReversions,
  type FiredReversion,
  initialState,
  type OwnershipState,
  productNri,
} from './reversions';
import { PHASES, type Phase, PRODUCTS, type Product, type WellInput } from './types';
import { monthlyVolumes, sumDays } from './volumes';
import { type AfterTax, type AfterTaxColumns, afterTaxOf } from './wellTax';

/** The monthly cash flow of a well: the net run's columns plus discounting and cumulatives. */
export interface MonthlyCashFlow extends Omit<RunColumns, 'placedCapex'> {
  /** 'YYYY-MM-01' of each row. */
  labels: string[];
  /** Days of each row inside the cash flow (partial first and last rows count theirs). */
  days: Int32Array;
  cumBfit: Float64Array;
  /** Discounted cash flow at firstDiscount / secondDiscount, and their cumulatives. */
  firstDiscountCashFlow: Float64Array;
  cumFirstDiscountCashFlow: Float64Array;
  secondDiscountCashFlow: Float64Array;
  cumSecondDiscountCashFlow: Float64Array;
  /** Working interest of each row in percent (blended by days in a reversion month). */
  workingInterest: Float64Array;
  /** After-tax columns, present when the input has `tax`. */
  tax?: AfterTaxColumns;
}

/** The one line per well (econ-math.md, IRR, payout, ROI, life). Rates in percent. */
export interface OneLiner {
  /** 'YYYY-MM-DD': the last day of the cash flow (the as-of date when it holds no row). */
  econLimitDate: string;
  /** Trigger that set the limit. */
  econLimitTrigger: string;
  uneconomic: boolean;
  /** Rows / 12. */
  wellLife: number;
  /** Gross volume produced before the as-of date plus the remaining volume, by phase. */
  eur: Record<Phase, number>;
  /** Gross volume from the as-of date to the limit by phase. */
  remaining: Record<Phase, number>;
  netVolume: Record<Product, number>;
  revenue: number;
  expenses: number;
  taxes: number;
  /** Total NPI cash, signed as RunColumns.npi (≤ 0 for the expense type, ≥ 0 for the revenue type). */
  npi: number;
  capex: number;
  /** Undiscounted total BFIT = NPV at 0 %. */
  bfit: number;
  firstDiscountNpv: number;
  secondDiscountNpv: number;
  /** NPV at each of the 16 discount-table rates (percent), in table order. */
  npv: { rate: number; npv: number }[];
  /** Annualized IRR in percent ((1 + period IRR)^N − 1), null when there is none. */
  irr: number | null;
  /** Why `irr` is null (no cash flow, no sign change, never pays out, above the cap). */
  irrReason?: string;
  /** Why `payout` is null. */
  payoutReason?: string;
  payout: Payout | null;
  /** Payout on the first-discount cash flow. */
  discountedPayout: Payout | null;
  /** (revenue − expenses − taxes + npi) / CAPEX (npi signed), null without CAPEX. */
  roi: number | null;
  /** The reversions that fired inside the cash flow, in order, with the day each took effect ('YYYY-MM-DD'). */
  reversions: { type: string; date: string }[];
  /** Present when the input has `tax`. */
  afterTax?: AfterTax;
  /** Oil and gas breakeven prices, present when the input has `breakeven` (breakeven.ts). */
  breakeven?: Breakeven;
}

export interface WellResult {
  monthly: MonthlyCashFlow;
  oneLiner: OneLiner;
}

/**
 * The cash flow of one well (econ-math.md): the grid from the cash-flow start (the as-of date, or
 * the earliest CAPEX date with cashFlowPriorAsOfDate) to as-of + maxWellLife; reversions found on
 * it in order; the economic limit on a run at gross ownership; then the net run (interests by row)
 * cut at the limit and extended to CAPEX allowed after it, discounted from the discount date, and
 * its one-liner.
 *
 * @throws {EconError} naming the field of an input the engine cannot use
 */
export function runWell(input: WellInput): WellResult {
  const asOfDay = dayOf('asOfDate', input.asOfDate);
  const discountDay = dayOf('discountDate', input.discountDate);
  const endDay = cashFlowEnd(asOfDay, input.maxWellLife);
  const { discountMethod: method, cashAccrualTime: accrual } = input.discountTable;
  checkExpenses(input.expenses);
  const capex = checkCapex(input.capex ?? []);
  const boe = boeFactors(input.boeConversion);

  // The cash-flow start: CAPEX before the as-of date moves it back with cashFlowPriorAsOfDate.
  let startDay = asOfDay;
  if (input.cashFlowPriorAsOfDate) for (const c of capex) if (c.day < startDay) startDay = c.day;
  const full = buildGrid(startDay, endDay);
  const fullRows = full.start.length;
  let firstRow = 0;
  if (startDay < asOfDay) {
    firstRow = rowOf(full, asOfDay);
    if (firstRow < 0) firstRow = fullRows;
  }

  // Gross volumes: from the as-of day; with alignDependentPhases the secondary phases end with the primary.
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
  const grossVolume = {} as Record<Phase, Float64Array>;
  // Rows before the as-of date (cashFlowPriorAsOfDate) hold the actual volumes of the history.
  const prior = {} as Record<Phase, Float64Array>;
  for (const p of PHASES) {
    grossVolume[p] =
      startDay === asOfDay && phaseEnd[p] === endDay
        ? monthlyVolumes(full, input.volumes[p])
        : windowVolumes(full, input.volumes[p], asOfDay, phaseEnd[p]);
    const actual = startDay < asOfDay ? input.history?.[p] : undefined;
    prior[p] = windowVolumes(full, actual, startDay, asOfDay - 1);
    if (actual) for (let r = 0; r < fullRows; r++) grossVolume[p][r]! += prior[p][r]!;
  }
  // Stream-property rate rows read the gross well-head rates from first production.
  const fpdDay =
    input.firstProductionDate === undefined ? undefined : dayOf('firstProductionDate', input.firstProductionDate);
  const prices = gridColumns(full, input, rateSource(full, { gross_well_head: grossVolume }, fpdDay));

  // The service's expenses and taxes, when the input carries them (the net run adds the limit).
  const streams = runStreams(input);

  // Ownership and reversions, found on the whole grid (CAPEX tied to the limit left out).
  const initial = initialState(input.ownership);
  // Decision: the revenue type (BFIT = npi) only applies when some stage carries an NPI; a revenue
  // type with NPI 0 throughout would zero the cash flow, so it runs as the expense type.
  const anyNpi = initial.npi > 0 || (input.reversions ?? []).some((r) => (r.netProfitInterest ?? 0) > 0);
  const npiType = input.ownership.netProfitInterestType === 'revenue' && anyNpi ? 'revenue' : 'expense';
  const datedCapex = capex.filter((c) => !c.item.atEconLimit);
  const wholeDays: ActiveDays = { from: asOfDay, to: endDay };
  let states: OwnershipState[] = [initial];
  let fired: FiredReversion[] = [];
  if (input.reversions && input.reversions.length > 0) {
    ({ states, fired } = evaluateReversions(input.reversions, initial, {
      grid: full,
      run: (interests) =>
        runColumns(
          full,
          grossVolume,
          prices,
          input.expenses,
          interests,
          datedCapex,
          discountDay,
          method,
          wholeDays,
          streams,
        ),
      grossVolume,
      volumeBefore: {
        oil: volumeBefore(input, 'oil', input.history?.oil ? startDay : asOfDay),
        gas: volumeBefore(input, 'gas', input.history?.gas ? startDay : asOfDay),
      },
      boe,
      exponents: monthExponents(full, discountDay, method, accrual),
      method,
      npiType,
      // Money reversions are tied to the as-of month (reversionTiedTo as_of, the default).
      tiedToDay: asOfDay - civilFromDayIndex(asOfDay).d + 1,
      ...(fpdDay === undefined ? {} : { fpdDay }),
    }));
  }
  const days = fired.map((f) => f.day);

  // Economic limit on the gross-ownership run: WI 100 %, NRI = lease NRI (following reversions),
  // no NPI; CAPEX tied to the limit, allowed after it, or before the as-of date left out.
  const cutOff = input.cutOff;
  let limit: EconLimit = { lastDay: endDay, trigger: 'noCutOff', uneconomic: false };
  if (cutOff && !cutOff.noCutOff) {
    const needsMoney = cutOff.maxCumCashFlow || cutOff.firstNegativeCashFlow || cutOff.lastPositiveCashFlow;
    let gross: CutOffRun;
    if (needsMoney) {
      const lease =
        states.length > 1
          ? buildSchedule(full, states, days, npiType).leaseNri
          : new Float64Array(fullRows).fill(initial.leaseNri);
      const nri = {} as Record<Product, Float64Array>;
      for (const p of PRODUCTS) nri[p] = lease;
      const interests: Interests = {
        wi: new Float64Array(fullRows).fill(1),
        nri,
        npi: new Float64Array(fullRows),
        npiType: 'expense',
        wellNri: lease,
        leaseNri: lease,
      };
      const cutOffCapex = datedCapex.filter((c) => !c.item.afterEconLimit && c.day >= asOfDay);
      const run = runColumns(
        full,
        grossVolume,
        prices,
        input.expenses,
        interests,
        cutOffCapex,
        discountDay,
        method,
        wholeDays,
        streams,
      );
      // Expenses with affectEconLimit false are charged but do not move the limit.
      for (let r = 0; r < fullRows; r++) run.bfit[r]! += run.econLimitAddBack[r]!;
      gross = run;
    } else {
      gross = { grossVolume, bfit: new Float64Array(fullRows), capex: new Float64Array(fullRows) };
    }
    limit = econLimit(full, gross, cutOff, {
      asOfDay,
      endDay,
      exponents: monthExponents(full, discountDay, method, accrual),
      method,
      endOfHistoryDay: input.endOfHistory === undefined ? undefined : dayOf('endOfHistory', input.endOfHistory),
      firstRow,
    });
  }

  // CAPEX of the net run; the cash flow is extended to CAPEX allowed after the limit.
  const empty = limit.lastDay < asOfDay;
  const triggerEcl = cutOff?.triggerEclCapex === true;
  const limitDay = Math.max(limit.lastDay, asOfDay);
  const netCapex: DatedCapex[] = [];
  let netEnd = limit.lastDay;
  for (const c of capex) {
    let day = c.day;
    let mayExtend = c.item.afterEconLimit === true;
    if (c.item.atEconLimit) {
      if (empty && !triggerEcl) continue;
      day = limitDay + (c.item.offsetDays ?? 0);
      if (empty) {
        day = Math.max(day, asOfDay);
        mayExtend = true;
      }
    }
    if (day < startDay || (day > limit.lastDay && !mayExtend)) continue;
    netCapex.push({ item: c.item, day });
    if (day > netEnd) netEnd = day;
  }

  // The net grid: cut at the limit (or extended past it), interests by row.
  const grid =
    netEnd === endDay
      ? full
      : netEnd < endDay
        ? cutGrid(full, countRows(full, netEnd), netEnd)
        : buildGrid(startDay, netEnd);
  const rows = grid.start.length;
  const cutVolume = {} as Record<Phase, Float64Array>;
  for (const p of PHASES) {
    if (grid === full && limit.lastDay >= endDay) {
      cutVolume[p] = grossVolume[p];
      continue;
    }
    // Rows that end on or before the last producing day keep their sums; the rest are summed again.
    const series = input.volumes[p];
    const to = Math.min(phaseEnd[p], limit.lastDay);
    let keep = 0;
    while (keep < rows && keep < fullRows && grid.end[keep] === full.end[keep] && full.end[keep]! <= to) keep++;
    const v = new Float64Array(rows);
    v.set(grossVolume[p].subarray(0, keep));
    if (series) {
      for (let r = keep; r < rows; r++) {
        const a = Math.max(grid.start[r]!, asOfDay);
        const b = Math.min(grid.end[r]!, to);
        if (a <= b) v[r] = sumDays(series, a, b);
      }
    }
    for (let r = keep; r < Math.min(rows, fullRows); r++) v[r]! += prior[p][r]!;
    cutVolume[p] = v;
  }
  const cutPrices =
    grid === full
      ? prices
      : rows <= fullRows
        ? sliceColumns(prices, rows)
        : gridColumns(grid, input, rateSource(grid, { gross_well_head: cutVolume }, fpdDay));
  const initialInterests = () =>
    flatInterests(rows, initial.wi, productNris(initial), initial.npi, npiType, {
      nri: initial.nri,
      leaseNri: initial.leaseNri,
    });
  const interests = states.length > 1 ? buildSchedule(grid, states, days, npiType).interests : initialInterests();
  // The net run over the final life; the breakeven runs change only its prices and interests.
  const active: ActiveDays = { from: asOfDay, to: limit.lastDay };
  const netStreams = streams ? { ...streams, econLimitDay: limit.lastDay } : undefined;
  const netRun = (columns: GridColumns, by: Interests) =>
    runColumns(grid, cutVolume, columns, input.expenses, by, netCapex, discountDay, method, active, netStreams);
  const net = netRun(cutPrices, interests);

  // Discounting; the revenue-type NPI's BFIT holds no CAPEX, so none is discounted back out.
  const exponents = monthExponents(grid, discountDay, method, accrual);
  const revenueType = npiType === 'revenue';
  const discCapex = revenueType ? new Float64Array(rows) : net.capex;
  const placed = revenueType ? [] : net.placedCapex;
  const { firstDiscount, secondDiscount } = input.discountTable;
  const firstCf = discountedCashFlow(net.bfit, discCapex, placed, exponents, firstDiscount, method);
  const secondCf = discountedCashFlow(net.bfit, discCapex, placed, exponents, secondDiscount, method);
  const { placedCapex: _placed, ...columns } = net;
  const rowDays = new Int32Array(rows);
  for (let r = 0; r < rows; r++) rowDays[r] = grid.end[r]! - grid.start[r]! + 1;
  const monthly: MonthlyCashFlow = {
    labels: grid.labels,
    days: rowDays,
    ...columns,
    cumBfit: cumulative(net.bfit),
    firstDiscountCashFlow: firstCf,
    cumFirstDiscountCashFlow: cumulative(firstCf),
    secondDiscountCashFlow: secondCf,
    cumSecondDiscountCashFlow: cumulative(secondCf),
    workingInterest: percentOf(interests.wi),
  };

  const eur = {} as Record<Phase, number>;
  const remaining = {} as Record<Phase, number>;
  for (const p of PHASES) {
    remaining[p] = total(cutVolume[p]) - total(prior[p].subarray(0, Math.min(rows, fullRows)));
    eur[p] = producedBefore(input, p, asOfDay) + remaining[p];
  }
  const netVolume = {} as Record<Product, number>;
  for (const p of PRODUCTS) netVolume[p] = total(net.netVolume[p]);
  const revenue = total(net.totalRevenue);
  const expenses = total(net.fixedExpense) + total(net.variableExpense);
  const taxes = total(net.severanceTax) + total(net.adValoremTax);
  const npiTotal = total(net.npi);
  const capexTotal = total(net.capex);
  const irrResult = irr(net.bfit, exponents, method);
  const lastRowDay = rows > 0 ? grid.end[rows - 1]! : -Infinity;
  const oneLiner: OneLiner = {
    econLimitDate: fromDayIndex(limitDay),
    econLimitTrigger: limit.trigger,
    uneconomic: limit.uneconomic,
    wellLife: rows / 12,
    eur,
    remaining,
    netVolume,
    revenue,
    expenses,
    taxes,
    npi: npiTotal,
    capex: capexTotal,
    bfit: total(net.bfit),
    firstDiscountNpv: total(firstCf),
    secondDiscountNpv: total(secondCf),
    npv: input.discountTable.discounts.map(({ discountTable: rate }) => ({
      rate,
      npv: npv(net.bfit, discCapex, placed, exponents, rate, method),
    })),
    irr: irrResult === null ? null : irrResult.annual * 100,
    payout: payoutOf(net.bfit, grid.labels),
    discountedPayout: payoutOf(firstCf, grid.labels),
    roi: capexTotal > 0 ? (revenue - expenses - taxes + npiTotal) / capexTotal : null,
    reversions: fired.filter((f) => f.day <= lastRowDay).map((f) => ({ type: f.type, date: fromDayIndex(f.day) })),
  };
  if (irrResult === null)
    oneLiner.irrReason = limit.uneconomic ? 'uneconomic: the limit falls on the as-of date' : irrReason(net.bfit);
  if (oneLiner.payout === null) oneLiner.payoutReason = payoutReason(net.bfit);
  if (input.breakeven) {
    // Initial interests throughout (no reversions): the net run's own when there are none.
    const byInitial = states.length > 1 ? initialInterests() : interests;
    const rate = input.breakeven.npvDiscount;
    oneLiner.breakeven = breakevenPrices(
      input.breakeven,
      (flat) => {
        const run = netRun(withFlatPrices(grid, input, cutPrices, flat), byInitial);
        return revenueType
          ? npv(run.bfit, discCapex, placed, exponents, rate, method)
          : npv(run.bfit, run.capex, run.placedCapex, exponents, rate, method);
      },
      { uneconomic: limit.uneconomic, sales: { oil: total(net.salesVolume.oil), gas: total(net.salesVolume.gas) } },
    );
  }
  if (input.tax) {
    const after = afterTaxOf(input, input.tax, {
      grid,
      net,
      netCapex,
      revenueType,
      cutVolume,
      boe,
      exponents,
      discCapex,
      placed,
    });
    monthly.tax = after.columns;
    oneLiner.afterTax = after.oneLiner;
  }
  return { monthly, oneLiner };
}

/** Decimals (1 = 100 %) as percents, by row. */
function percentOf(decimals: Float64Array): Float64Array {
  const out = new Float64Array(decimals.length);
  for (let r = 0; r < out.length; r++) out[r] = decimals[r]! * 100;
  return out;
}

/** NRIs by product of an ownership stage. */
function productNris(s: OwnershipState): Record<Product, number> {
  const out = {} as Record<Product, number>;
  for (const p of PRODUCTS) out[p] = productNri(s, p);
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
function volumeBefore(input: WellInput, phase: 'oil' | 'gas', asOfDay: number): number {
  const given = input.cumulativeBefore?.[phase];
  if (given !== undefined) return requireNumber(`cumulativeBefore.${phase}`, given);
  const series = input.volumes[phase];
  if (input.firstProductionDate === undefined || !series) return 0;
  return sumDays(series, dayOf('firstProductionDate', input.firstProductionDate), asOfDay - 1);
}

/** Volume produced before the as-of date (the EUR's cumulative part): cumulativeBefore when given, else the volumes before it. */
function producedBefore(input: WellInput, phase: Phase, asOfDay: number): number {
  const given = input.cumulativeBefore?.[phase];
  if (given !== undefined) return requireNumber(`cumulativeBefore.${phase}`, given);
  const series = input.volumes[phase];
  return series ? sumDays(series, series.start, asOfDay - 1) : 0;
}

/** Rows of `grid` starting on or before `lastDay`. */
function countRows(grid: Grid, lastDay: number): number {
  let n = 0;
  while (n < grid.start.length && grid.start[n]! <= lastDay) n++;
  return n;
}

export type { AfterTax, AfterTaxColumns, Payout };
