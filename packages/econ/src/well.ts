import { fromDayIndex } from '@econ/decline';
import { type Interests, monthlyPrices, type RunColumns, runColumns } from './cashFlow';
import type { EconLimit } from './cutOff';
import { econLimit } from './cutOff';
import { discountedCashFlow, monthExponents, npv } from './discount';
import { EconError, requireNumber } from './econError';
import { buildGrid, cashFlowEnd, cutGrid, dayOf, type Grid } from './grid';
import { irr } from './irr';
import { type Expenses, type Ownership, PHASES, type Phase, PRODUCTS, type Product, type WellInput } from './types';
import { monthlyVolumes, sumDays } from './volumes';

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
}

/** A payout: the first row whose cumulative is > 0, and the rows from the first to it, inclusive. */
export interface Payout {
  /** 'YYYY-MM-01' of the payout row. */
  date: string;
  months: number;
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
  /** Gross volume to the limit by phase, plus cumulativeBefore. */
  eur: Record<Phase, number>;
  netVolume: Record<Product, number>;
  revenue: number;
  expenses: number;
  taxes: number;
  capex: number;
  /** Undiscounted total BFIT = NPV at 0 %. */
  bfit: number;
  firstDiscountNpv: number;
  secondDiscountNpv: number;
  /** NPV at each of the 16 discount-table rates (percent), in table order. */
  npv: { rate: number; npv: number }[];
  /** Annualized IRR in percent ((1 + period IRR)^N − 1), null when there is none. */
  irr: number | null;
  payout: Payout | null;
  /** Payout on the first-discount cash flow. */
  discountedPayout: Payout | null;
  /** (revenue − expenses − taxes) / CAPEX, null without CAPEX. */
  roi: number | null;
}

export interface WellResult {
  monthly: MonthlyCashFlow;
  oneLiner: OneLiner;
}

const pct = (parameter: string, v: number) => requireNumber(parameter, v, 0, 100) / 100;

/** Net interests as decimals: per-phase NRIs replace the NRI for their product. */
export function netInterests(o: Ownership): Interests {
  const base = pct('ownership.netRevenueInterest', o.netRevenueInterest);
  const nri = {} as Record<Product, number>;
  for (const p of PRODUCTS) {
    const field = `${p}NetRevenueInterest` as const;
    const v = o[field];
    nri[p] = v === undefined || v === null ? base : pct(`ownership.${field}`, v);
  }
  return { wi: pct('ownership.workingInterest', o.workingInterest), nri };
}

/** Gross-ownership interests of the cut-off run: WI 100 %, NRI = lease NRI for every product. */
export function grossInterests(o: Ownership): Interests {
  const lease = pct('ownership.leaseNetRevenueInterest', o.leaseNetRevenueInterest);
  return { wi: 1, nri: { oil: lease, gas: lease, ngl: lease, dripCondensate: lease } };
}

/** First row whose running sum is > 0 (strictly). */
function payoutOf(cf: Float64Array, labels: string[]): Payout | null {
  let cum = 0;
  for (let r = 0; r < cf.length; r++) {
    cum += cf[r]!;
    if (cum > 0) return { date: labels[r]!, months: r + 1 };
  }
  return null;
}

const cumulative = (a: Float64Array) => {
  const out = new Float64Array(a.length);
  let s = 0;
  for (let i = 0; i < a.length; i++) out[i] = s += a[i]!;
  return out;
};

const total = (a: Float64Array) => {
  let s = 0;
  for (const v of a) s += v;
  return s;
};

/**
 * The cash flow of one well (econ-math.md) without reversions or income tax: the grid from the
 * as-of date to as-of + maxWellLife, the economic limit on a run at gross ownership, then the net
 * run cut at the limit, discounted from the discount date, and its one-liner.
 *
 * @throws {EconError} naming the field of an input the engine cannot use
 */
export function runWell(input: WellInput): WellResult {
  const asOfDay = dayOf('asOfDate', input.asOfDate);
  const discountDay = dayOf('discountDate', input.discountDate);
  const endDay = cashFlowEnd(asOfDay, input.maxWellLife);
  const { discountMethod: method, cashAccrualTime: accrual } = input.discountTable;
  const full = buildGrid(asOfDay, endDay);

  const grossVolume = {} as Record<Phase, Float64Array>;
  for (const p of PHASES) grossVolume[p] = monthlyVolumes(full, input.volumes[p]);
  const prices = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) prices[p] = monthlyPrices(full, input.prices[p], p);
  checkExpenses(input.expenses);
  const capex = (input.capex ?? []).map((item, i) => {
    requireNumber(`capex[${i}].amount`, item.amount);
    if (item.dealTerms !== undefined) requireNumber(`capex[${i}].dealTerms`, item.dealTerms, 0);
    if (!item.atEconLimit && item.date === undefined) {
      throw new EconError(`capex[${i}].date`, undefined, 'is required unless atEconLimit is true');
    }
    return { item, day: item.atEconLimit ? Number.NaN : dayOf(`capex[${i}].date`, item.date!) };
  });

  // Economic limit on the gross-ownership run (only the cash-flow triggers need its money columns).
  const cutOff = input.cutOff;
  let limit: EconLimit = { lastDay: endDay, trigger: 'noCutOff', uneconomic: false };
  if (cutOff && !cutOff.noCutOff) {
    const needsMoney = cutOff.maxCumCashFlow || cutOff.firstNegativeCashFlow || cutOff.lastPositiveCashFlow;
    const gross = needsMoney
      ? runColumns(
          full,
          grossVolume,
          prices,
          input.expenses,
          grossInterests(input.ownership),
          capex.filter((c) => !c.item.atEconLimit),
          discountDay,
          method,
        )
      : { grossVolume, bfit: new Float64Array(full.start.length), capex: new Float64Array(full.start.length) };
    limit = econLimit(full, gross, cutOff, {
      asOfDay,
      endDay,
      exponents: monthExponents(full, discountDay, method, accrual),
      method,
      endOfHistoryDay: input.endOfHistory === undefined ? undefined : dayOf('endOfHistory', input.endOfHistory),
    });
  }

  // The net run, cut at the limit.
  const rows = limit.lastDay < asOfDay ? 0 : countRows(full, limit.lastDay);
  const grid = rows === full.start.length && limit.lastDay === endDay ? full : cutGrid(full, rows, limit.lastDay);
  const cutVolume = {} as Record<Phase, Float64Array>;
  for (const p of PHASES) {
    const v = grossVolume[p].slice(0, rows);
    const series = input.volumes[p];
    if (rows > 0 && series && grid !== full) v[rows - 1] = sumDays(series, grid.start[rows - 1]!, grid.end[rows - 1]!);
    cutVolume[p] = v;
  }
  const cutPrices = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) cutPrices[p] = prices[p].slice(0, rows);
  const netCapex = capex.map((c) => (c.item.atEconLimit ? { item: c.item, day: limit.lastDay } : c));
  const net = runColumns(
    grid,
    cutVolume,
    cutPrices,
    input.expenses,
    netInterests(input.ownership),
    netCapex,
    discountDay,
    method,
  );

  const exponents = monthExponents(grid, discountDay, method, accrual);
  const { firstDiscount, secondDiscount } = input.discountTable;
  const firstCf = discountedCashFlow(net.bfit, net.capex, net.placedCapex, exponents, firstDiscount, method);
  const secondCf = discountedCashFlow(net.bfit, net.capex, net.placedCapex, exponents, secondDiscount, method);
  const { placedCapex, ...columns } = net;
  const days = new Int32Array(rows);
  for (let r = 0; r < rows; r++) days[r] = grid.end[r]! - grid.start[r]! + 1;
  const monthly: MonthlyCashFlow = {
    labels: grid.labels,
    days,
    ...columns,
    cumBfit: cumulative(net.bfit),
    firstDiscountCashFlow: firstCf,
    cumFirstDiscountCashFlow: cumulative(firstCf),
    secondDiscountCashFlow: secondCf,
    cumSecondDiscountCashFlow: cumulative(secondCf),
  };

  const eur = {} as Record<Phase, number>;
  for (const p of PHASES) eur[p] = (input.cumulativeBefore?.[p] ?? 0) + total(cutVolume[p]);
  const netVolume = {} as Record<Product, number>;
  for (const p of PRODUCTS) netVolume[p] = total(net.netVolume[p]);
  const revenue = total(net.totalRevenue);
  const expenses = total(net.fixedExpense) + total(net.variableExpense);
  const taxes = total(net.severanceTax) + total(net.adValoremTax);
  const capexTotal = total(net.capex);
  const irrResult = irr(net.bfit, exponents, method);
  const oneLiner: OneLiner = {
    econLimitDate: fromDayIndex(Math.max(limit.lastDay, asOfDay)),
    econLimitTrigger: limit.trigger,
    uneconomic: limit.uneconomic,
    wellLife: rows / 12,
    eur,
    netVolume,
    revenue,
    expenses,
    taxes,
    capex: capexTotal,
    bfit: total(net.bfit),
    firstDiscountNpv: total(firstCf),
    secondDiscountNpv: total(secondCf),
    npv: input.discountTable.discounts.map(({ discountTable: rate }) => ({
      rate,
      npv: npv(net.bfit, net.capex, placedCapex, exponents, rate, method),
    })),
    irr: irrResult === null ? null : irrResult.annual * 100,
    payout: payoutOf(net.bfit, grid.labels),
    discountedPayout: payoutOf(firstCf, grid.labels),
    roi: capexTotal > 0 ? (revenue - expenses - taxes) / capexTotal : null,
  };
  return { monthly, oneLiner };
}

/** Refuses expenses the engine cannot use, naming the field. */
function checkExpenses(e: Expenses): void {
  requireNumber('expenses.fixedPerWellMonth', e.fixedPerWellMonth);
  for (const p of PHASES) if (e.variable[p] !== undefined) requireNumber(`expenses.variable.${p}`, e.variable[p]);
  requireNumber('expenses.severanceTaxPct', e.severanceTaxPct, 0, 100);
  requireNumber('expenses.adValoremTaxPct', e.adValoremTaxPct, 0, 100);
}

/** Rows of `grid` starting on or before `lastDay`. */
function countRows(grid: Grid, lastDay: number): number {
  let n = 0;
  while (n < grid.start.length && grid.start[n]! <= lastDay) n++;
  return n;
}
