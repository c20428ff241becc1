import { civilFromDayIndex } from '@econ/decline';
import { type ActiveDays, flatInterests, type Interests, runColumns, runStreams } from './cashFlow';
import type { DatedCapex, Payout } from './columns';
import { type CutOffRun, type EconLimit, econLimit } from './cutOff';
import { grossCutOffRun } from './cutOffRun';
import { monthExponents, prefixExponents, sharedExponents } from './discount';
import { buildGrid, cashFlowEnd, cutGrid, dayOf, type Grid, rowOf, sharedGrid } from './grid';
import { boeFactors, checkCapex, checkExpenses } from './inputChecks';
import { type GridColumns, gridColumns, sliceColumns } from './prices';
import { rateSource } from './rates';
import {
  buildSchedule,
  evaluateReversions,
  type FiredReversion,
  initialState,
  type OwnershipState,
  productNri,
} from './reversions';
import { PRODUCTS, type Product, type WellInput } from './types';
import { type MonthlyCashFlow, netFigures, type OneLiner, type WellResult } from './wellResult';
import type { AfterTax, AfterTaxColumns } from './wellTax';
import { cutVolumes, grossVolumes, volumeBefore } from './wellVolumes';

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
  // The whole grid and its exponents are shared by the wells of a run (never written).
  const full = sharedGrid(startDay, endDay);
  const fullExponents = sharedExponents(full, discountDay, method, accrual);
  const fullRows = full.start.length;
  let firstRow = 0;
  if (startDay < asOfDay) {
    firstRow = rowOf(full, asOfDay);
    if (firstRow < 0) firstRow = fullRows;
  }
  const volumes = grossVolumes(input, full, { startDay, asOfDay, endDay }, boe);
  const grossVolume = volumes.gross;
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
      exponents: fullExponents,
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
    const gross: CutOffRun = needsMoney
      ? grossCutOffRun({
          grid: full,
          grossVolume,
          prices,
          expenses: input.expenses,
          leaseNri:
            states.length > 1
              ? buildSchedule(full, states, days, npiType).leaseNri
              : new Float64Array(fullRows).fill(initial.leaseNri),
          capex: datedCapex.filter((c) => !c.item.afterEconLimit && c.day >= asOfDay),
          discountDay,
          method,
          active: wholeDays,
          streams,
        })
      : { grossVolume, bfit: new Float64Array(fullRows), capex: new Float64Array(fullRows) };
    limit = econLimit(full, gross, cutOff, {
      asOfDay,
      endDay,
      exponents: fullExponents,
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

  // The net grid: cut at the limit (or extended past it), interests by row. A cut grid is the
  // whole grid's first rows: its prices and exponents are views of the whole grid's.
  const grid =
    netEnd === endDay
      ? full
      : netEnd < endDay
        ? cutGrid(full, countRows(full, netEnd), netEnd)
        : buildGrid(startDay, netEnd);
  const rows = grid.start.length;
  const prefix = rows <= fullRows;
  const cutVolume = cutVolumes(input, full, grid, volumes, asOfDay, limit.lastDay);
  const cutPrices =
    grid === full
      ? prices
      : prefix
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
  const exponents = prefix ? prefixExponents(fullExponents, rows) : monthExponents(grid, discountDay, method, accrual);
  return netFigures(input, {
    grid,
    full,
    net,
    netRun,
    netCapex,
    interests,
    initialInterests: () => (states.length > 1 ? initialInterests() : interests),
    cutVolume,
    cutPrices,
    exponents,
    revenueType: npiType === 'revenue',
    volumes,
    asOfDay,
    limit,
    limitDay,
    fired,
    boe,
  });
}

/** NRIs by product of an ownership stage. */
function productNris(s: OwnershipState): Record<Product, number> {
  const out = {} as Record<Product, number>;
  for (const p of PRODUCTS) out[p] = productNri(s, p);
  return out;
}

/** Rows of `grid` starting on or before `lastDay`. */
function countRows(grid: Grid, lastDay: number): number {
  let n = 0;
  while (n < grid.start.length && grid.start[n]! <= lastDay) n++;
  return n;
}

export type { AfterTax, AfterTaxColumns, MonthlyCashFlow, OneLiner, Payout, WellResult };
