import type { RunColumns } from './cashFlow';
import { cumulative, type DatedCapex, type Payout, payoutOf, total } from './columns';
import { majorPhase } from './cutOff';
import { discountedCashFlow, type PlacedCapex } from './discount';
import { type Grid, rowOf } from './grid';
import { irr } from './irr';
import { incomeTaxColumns } from './tax';
import type { Phase, WellInput, WellTaxInput } from './types';

/* The after-tax step of runWell (econ-math.md, DD&A and income tax). */

/** The after-tax monthly columns ($). */
export interface AfterTaxColumns {
  depreciation: Float64Array;
  depletion: Float64Array;
  taxableIncome: Float64Array;
  stateTax: Float64Array;
  federalTax: Float64Array;
  taxCredit: Float64Array;
  afit: Float64Array;
  cumAfit: Float64Array;
  firstDiscountAfit: Float64Array;
  secondDiscountAfit: Float64Array;
}

/** The after-tax figures of a one-liner. */
export interface AfterTax {
  afit: number;
  firstDiscountNpv: number;
  secondDiscountNpv: number;
  /** Annualized, percent; null when there is none. */
  irr: number | null;
  payout: Payout | null;
  stateTax: number;
  federalTax: number;
}

/**
 * The after-tax columns and figures (econ-math.md, DD&A and income tax), from the net run: each
 * CAPEX item in its row, split tangible / intangible in proportion to its amount after WI and deal
 * terms (an item without a split is intangible); the major phase's and the BOE volumes at 100 % WI
 * for unit-of-production depletion. A revenue-type NPI owner bears no CAPEX: none is deducted.
 * AFIT is discounted like BFIT (CAPEX to its day).
 */
export function afterTaxOf(
  input: WellInput,
  tax: WellTaxInput,
  run: {
    grid: Grid;
    net: RunColumns;
    netCapex: readonly DatedCapex[];
    revenueType: boolean;
    cutVolume: Record<Phase, Float64Array>;
    boe: { oil: number; gas: number };
    exponents: Float64Array;
    discCapex: Float64Array;
    placed: readonly PlacedCapex[];
  },
): { columns: AfterTaxColumns; oneLiner: AfterTax } {
  const { grid, net, cutVolume, boe, exponents, discCapex, placed } = run;
  const rows = grid.start.length;
  const method = input.discountTable.discountMethod;
  // runColumns places every net CAPEX item (all lie inside the net grid), in order.
  if (net.placedCapex.length !== run.netCapex.length) throw new Error('CAPEX items and their placements differ');
  const capexItems = run.revenueType
    ? []
    : run.netCapex.flatMap(({ item, day }, i) => {
        const row = rowOf(grid, day);
        const amount = net.placedCapex[i]?.amount;
        if (row < 0 || amount === undefined) return [];
        const share = item.amount === 0 ? 0 : amount / item.amount;
        const tangible = item.tangible === undefined ? 0 : item.tangible * share;
        return [{ row, tangible, intangible: amount - tangible }];
      });
  const oil = total(cutVolume.oil);
  const gas = total(cutVolume.gas);
  const major = majorPhase(oil, gas, boe);
  const boeVolume = new Float64Array(rows);
  for (let r = 0; r < rows; r++) boeVolume[r] = cutVolume.oil[r]! / boe.oil + cutVolume.gas[r]! / boe.gas;
  const t = incomeTaxColumns(
    {
      depreciationModel: tax.depreciationModel,
      incomeTax: tax.incomeTax,
      asOfDate: input.asOfDate,
      ...(input.firstProductionDate ? { firstProductionDate: input.firstProductionDate } : {}),
    },
    {
      labels: grid.labels,
      bfit: net.bfit,
      capex: run.revenueType ? new Float64Array(rows) : net.capex,
      revenue: net.totalRevenue,
      majorVolume: cutVolume[major],
      boeVolume,
      capexItems,
    },
  );
  const { firstDiscount, secondDiscount } = input.discountTable;
  const firstAfit = discountedCashFlow(t.afit, discCapex, placed, exponents, firstDiscount, method);
  const secondAfit = discountedCashFlow(t.afit, discCapex, placed, exponents, secondDiscount, method);
  const afitIrr = irr(t.afit, exponents, method);
  return {
    columns: {
      depreciation: t.depreciation,
      depletion: t.depletion,
      taxableIncome: t.taxableIncome,
      stateTax: t.stateTax,
      federalTax: t.federalTax,
      taxCredit: t.taxCredit,
      afit: t.afit,
      cumAfit: cumulative(t.afit),
      firstDiscountAfit: firstAfit,
      secondDiscountAfit: secondAfit,
    },
    oneLiner: {
      afit: total(t.afit),
      firstDiscountNpv: total(firstAfit),
      secondDiscountNpv: total(secondAfit),
      irr: afitIrr === null ? null : afitIrr.annual * 100,
      payout: payoutOf(t.afit, grid.labels),
      stateTax: total(t.stateTax),
      federalTax: total(t.federalTax),
    },
  };
}
