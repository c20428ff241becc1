import { fromDayIndex } from '@econ/decline';
import { type Breakeven, breakevenPrices } from './breakeven';
import type { Interests, RunColumns } from './cashFlow';
import { cumulative, type DatedCapex, type Payout, payoutOf, total, totals } from './columns';
import type { EconLimit } from './cutOff';
import { discountedCashFlow, npv, npvs } from './discount';
import type { Grid } from './grid';
import { irr, irrReason, payoutReason } from './irr';
import { type GridColumns, withFlatPrices } from './prices';
import type { FiredReversion } from './reversions';
import { PHASES, type Phase, PRODUCTS, type Product, type WellInput } from './types';
import { type AfterTax, type AfterTaxColumns, afterTaxOf } from './wellTax';
import { type GrossVolumes, producedBefore } from './wellVolumes';

/* What runWell returns, and how its net run becomes that: the monthly cash flow and the one-liner. */

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

/** What netFigures needs of runWell's net run. */
export interface NetRun {
  /** The net grid, and the whole grid it was cut from (the same object when not cut). */
  grid: Grid;
  full: Grid;
  net: RunColumns;
  /** The net run again with other prices and interests (the breakeven runs). */
  netRun: (columns: GridColumns, by: Interests) => RunColumns;
  netCapex: readonly DatedCapex[];
  interests: Interests;
  /** The initial interests throughout (no reversions), for the breakeven runs. */
  initialInterests: () => Interests;
  cutVolume: Record<Phase, Float64Array>;
  cutPrices: GridColumns;
  /** Month exponents of the net grid. */
  exponents: Float64Array;
  revenueType: boolean;
  volumes: GrossVolumes;
  asOfDay: number;
  limit: EconLimit;
  /** The limit's last day, not before the as-of day. */
  limitDay: number;
  fired: readonly FiredReversion[];
  boe: { oil: number; gas: number };
}

/**
 * The monthly cash flow and the one-liner of a net run: discounting from the discount date (the
 * revenue-type NPI's BFIT holds no CAPEX, so none is discounted back out), cumulatives, the NPVs
 * of the discount table, IRR, payouts, and the breakeven prices and after-tax figures when asked.
 */
export function netFigures(input: WellInput, n: NetRun): WellResult {
  const { grid, net, exponents, revenueType, cutVolume, limit } = n;
  const method = input.discountTable.discountMethod;
  const rows = grid.start.length;
  const discCapex = revenueType ? new Float64Array(rows) : net.capex;
  const placed = revenueType ? [] : net.placedCapex;
  const { firstDiscount, secondDiscount } = input.discountTable;
  const firstCf = discountedCashFlow(net.bfit, discCapex, placed, exponents, firstDiscount, method);
  const secondCf = discountedCashFlow(net.bfit, discCapex, placed, exponents, secondDiscount, method);
  const { placedCapex: _placed, ...columns } = net;
  const rowDays = new Int32Array(rows);
  for (let r = 0; r < rows; r++) rowDays[r] = grid.end[r]! - grid.start[r]! + 1;
  const monthly: MonthlyCashFlow = {
    // The whole grid is shared by the wells of a run: its labels are copied.
    labels: grid === n.full ? grid.labels.slice() : grid.labels,
    days: rowDays,
    ...columns,
    cumBfit: cumulative(net.bfit),
    firstDiscountCashFlow: firstCf,
    cumFirstDiscountCashFlow: cumulative(firstCf),
    secondDiscountCashFlow: secondCf,
    cumSecondDiscountCashFlow: cumulative(secondCf),
    workingInterest: percentOf(n.interests.wi),
  };

  // The one-liner's totals in one pass (the same sums as one total() each).
  const summed = [
    ...PHASES.map((p) => cutVolume[p]),
    ...PRODUCTS.map((p) => net.netVolume[p]),
    net.totalRevenue,
    net.fixedExpense,
    net.variableExpense,
    net.severanceTax,
    net.adValoremTax,
    net.npi,
    net.capex,
    net.bfit,
    firstCf,
    secondCf,
  ];
  const sums = totals(summed);
  const sumOf = (column: Float64Array) => sums[summed.indexOf(column)]!;
  const eur = {} as Record<Phase, number>;
  const remaining = {} as Record<Phase, number>;
  const priorRows = Math.min(rows, n.full.start.length);
  for (const p of PHASES) {
    const prior = n.volumes.prior[p];
    remaining[p] = sumOf(cutVolume[p]) - (prior ? total(prior.subarray(0, priorRows)) : 0);
    eur[p] = producedBefore(input, p, n.asOfDay) + remaining[p];
  }
  const netVolume = {} as Record<Product, number>;
  for (const p of PRODUCTS) netVolume[p] = sumOf(net.netVolume[p]);
  const revenue = sumOf(net.totalRevenue);
  const expenses = sumOf(net.fixedExpense) + sumOf(net.variableExpense);
  const taxes = sumOf(net.severanceTax) + sumOf(net.adValoremTax);
  const npiTotal = sumOf(net.npi);
  const capexTotal = sumOf(net.capex);
  const irrResult = irr(net.bfit, exponents, method);
  const lastRowDay = rows > 0 ? grid.end[rows - 1]! : -Infinity;
  const rates = input.discountTable.discounts.map(({ discountTable: rate }) => rate);
  const npvAt = npvs(net.bfit, discCapex, placed, exponents, rates, method);
  const oneLiner: OneLiner = {
    econLimitDate: fromDayIndex(n.limitDay),
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
    bfit: sumOf(net.bfit),
    firstDiscountNpv: sumOf(firstCf),
    secondDiscountNpv: sumOf(secondCf),
    npv: rates.map((rate, i) => ({ rate, npv: npvAt[i]! })),
    irr: irrResult === null ? null : irrResult.annual * 100,
    payout: payoutOf(net.bfit, grid.labels),
    discountedPayout: payoutOf(firstCf, grid.labels),
    roi: capexTotal > 0 ? (revenue - expenses - taxes + npiTotal) / capexTotal : null,
    reversions: n.fired.filter((f) => f.day <= lastRowDay).map((f) => ({ type: f.type, date: fromDayIndex(f.day) })),
  };
  if (irrResult === null)
    oneLiner.irrReason = limit.uneconomic ? 'uneconomic: the limit falls on the as-of date' : irrReason(net.bfit);
  if (oneLiner.payout === null) oneLiner.payoutReason = payoutReason(net.bfit);
  if (input.breakeven) {
    const byInitial = n.initialInterests();
    const rate = input.breakeven.npvDiscount;
    oneLiner.breakeven = breakevenPrices(
      input.breakeven,
      (flat) => {
        const run = n.netRun(withFlatPrices(grid, input, n.cutPrices, flat), byInitial);
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
      netCapex: n.netCapex,
      revenueType,
      cutVolume,
      boe: n.boe,
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
