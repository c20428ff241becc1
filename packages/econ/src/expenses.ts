import {
  type Calculation,
  type CarbonComponent,
  type ExpenseValueKey,
  PCT_OF_REVENUE_KEYS,
  type PctOfRevenueKey,
  type ShrinkageCondition,
} from '@econ/contract/rules';
import type { DatedRow } from './datedRows';
import {
  chargedFraction,
  type EscalateColumn,
  interestOf,
  type MonthlyStreams,
  rowColumn,
  type StreamInterests,
  streamRates,
} from './monthlyStreams';
import { PRODUCTS, type Product } from './types';

/*
 * The expense columns of a run (econ-math.md, Expenses): fixed, variable per phase, water disposal
 * and carbon, each leaf's amount at its `calculation` interest × dealTerms; what `affectEconLimit:
 * false` adds back to the economic-limit cash flow; what is deducted before the severance and ad
 * valorem taxes. Pure; amounts in $, positive for a cost.
 */

/** One expense leaf as the engine reads it (inputs/expenses.ts maps the contract's leaves). */
export interface ExpenseItem {
  /** Where it comes from, e.g. `variableExpenses.oil.gathering`: the key of `ExpenseColumns.byField`. */
  field: string;
  group: 'variable' | 'fixed' | 'water' | 'carbon';
  /** The phase of a variable expense. */
  product?: Product;
  /** The component a carbon expense prices. */
  component?: CarbonComponent;
  /** The value key its rows carry. */
  unit: ExpenseValueKey;
  rows: readonly DatedRow[];
  /** `"none"` or an escalations model id. */
  escalationModel: string;
  calculation: Calculation;
  dealTerms: number;
  /** A ceiling on the value after escalation (entered unit); undefined for none. */
  cap?: number | undefined;
  affectEconLimit: boolean;
  deductBeforeSeveranceTax: boolean;
  deductBeforeAdValTax: boolean;
  /** Oil and gas $/unit: unshrunk (default) or shrunk (sales) volume. */
  shrinkageCondition: ShrinkageCondition;
  /** Fixed leaves: nothing after the economic limit (its month by days). */
  stopAtEconLimit: boolean;
  /** Fixed leaves: charged from the cash-flow start instead of from first production. */
  expenseBeforeFpd: boolean;
}

/** The expense columns of a run, one value per grid row. */
export interface ExpenseColumns {
  fixed: Float64Array;
  /** Variable expenses by phase, all categories. */
  variable: Record<Product, Float64Array>;
  waterDisposal: Float64Array;
  carbon: Float64Array;
  total: Float64Array;
  /** Each leaf's amount (leaves whose rows are all 0 left out). */
  byField: Record<string, Float64Array>;
  /** The expenses with `affectEconLimit: false`: added back to the cash flow that sets the limit. */
  econLimitAddBack: Float64Array;
  /** Variable expenses with `deductBeforeSeveranceTax`, by phase: off their phase’s % severance base. */
  severanceDeduction: Record<Product, Float64Array>;
  /** Expenses with `deductBeforeAdValTax`: off the % ad valorem base. */
  adValoremDeduction: Float64Array;
}

/** The products whose revenue a percent-of-revenue key takes. */
const PCT_PRODUCTS: Record<PctOfRevenueKey, readonly Product[]> = {
  pctOfOilRev: ['oil'],
  pctOfGasRev: ['gas'],
  pctOfNglRev: ['ngl'],
  pctOfDripCondensateRev: ['dripCondensate'],
  pctOfTotalRev: PRODUCTS,
};
export const isPctOfRevenue = (unit: string): unit is PctOfRevenueKey =>
  (PCT_OF_REVENUE_KEYS as readonly string[]).includes(unit);

/** Revenue at `calculation` of the products (each at its own interest, its NRI for nri). */
export function revenueAt(
  s: Pick<MonthlyStreams, 'revenue' | 'interests'>,
  products: readonly Product[],
  calculation: Calculation,
): Float64Array {
  const out = new Float64Array(s.interests.wi.length);
  for (const p of products) {
    const interest = interestOf(s.interests, calculation, p);
    const rev = s.revenue[p];
    for (let r = 0; r < out.length; r++) out[r]! += rev[r]! * interest[r]!;
  }
  return out;
}

/** The gross volume a variable $/unit expense of `product` applies to (MMBTU for $/MMBTU). */
function variableVolume(s: MonthlyStreams, item: ExpenseItem, product: Product): Float64Array {
  if (product !== 'oil' && product !== 'gas') return s.sales[product];
  const shrunk = item.shrinkageCondition === 'shrunk';
  const volume = shrunk ? s.sales[product] : s.unshrunk[product];
  if (item.unit !== 'dollarPerMmbtu') return volume;
  const btu = (shrunk ? s.btu?.shrunk : s.btu?.unshrunk) ?? 1000;
  return Float64Array.from(volume, (v) => (v * btu) / 1000);
}

/** Gross well count: the given one, else 1 from the FPD month (0 before it), 1 throughout without FPD. */
function wellCount(s: MonthlyStreams): Float64Array {
  if (s.wellCount) return s.wellCount;
  const { grid, fpdDay } = s;
  const out = new Float64Array(grid.start.length).fill(1);
  if (fpdDay !== undefined) for (let r = 0; r < out.length && grid.end[r]! < fpdDay; r++) out[r] = 0;
  return out;
}

/**
 * One fixed leaf's share of each row (econ-math.md, Expenses): from first production (or the
 * cash-flow start with `expenseBeforeFpd`) to the economic limit (or the cash-flow end without
 * `stopAtEconLimit`), partial months by days, less the days of shut-ins that do not keep fixed
 * expenses (each day counted once).
 */
export function fixedFraction(s: MonthlyStreams, item: Pick<ExpenseItem, 'expenseBeforeFpd' | 'stopAtEconLimit'>) {
  const from = item.expenseBeforeFpd ? Number.NEGATIVE_INFINITY : (s.fpdDay ?? Number.NEGATIVE_INFINITY);
  const to = item.stopAtEconLimit ? (s.econLimitDay ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
  const out = chargedFraction(s.grid, from, to);
  const off = mergedSpans(s.fixedCostOffDays ?? []);
  for (const span of off) {
    const a = Math.max(span.first, from);
    const b = Math.min(span.last, to);
    if (a > b) continue;
    for (let r = 0; r < out.length; r++) {
      const days = Math.min(s.grid.end[r]!, b) - Math.max(s.grid.start[r]!, a) + 1;
      if (days > 0) out[r]! -= days / s.grid.monthDays[r]!;
    }
  }
  return out;
}

/** Day spans made disjoint: sorted, overlapping or touching spans joined. */
function mergedSpans(spans: readonly { first: number; last: number }[]): { first: number; last: number }[] {
  const sorted = [...spans].sort((x, y) => x.first - y.first);
  const out: { first: number; last: number }[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.first <= last.last + 1) last.last = Math.max(last.last, span.last);
    else out.push({ ...span });
  }
  return out;
}

/** One leaf's monthly amount, $: value × (volume, revenue, mass or month share) × interest × dealTerms. */
export function expenseAmount(s: MonthlyStreams, item: ExpenseItem, values: Float64Array): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  const k = item.dealTerms;
  if (isPctOfRevenue(item.unit)) {
    const base = revenueAt(s, PCT_PRODUCTS[item.unit], item.calculation);
    for (let r = 0; r < n; r++) out[r] = (values[r]! / 100) * base[r]! * k;
    return out;
  }
  const interest = interestOf(s.interests, item.calculation, item.group === 'variable' ? item.product : undefined);
  let basis: Float64Array;
  if (item.group === 'variable') basis = variableVolume(s, item, item.product!);
  else if (item.group === 'water') basis = s.wellHead.water;
  else if (item.group === 'carbon') basis = s.carbonMass?.[item.component!] ?? new Float64Array(n);
  else {
    basis = fixedFraction(s, item);
    if (item.unit === 'fixedExpensePerWell') {
      const count = wellCount(s);
      for (let r = 0; r < n; r++) basis[r]! *= count[r]!;
    }
  }
  for (let r = 0; r < n; r++) out[r] = values[r]! * basis[r]! * interest[r]! * k;
  return out;
}

/**
 * The expense columns of a run from its leaves. Each leaf's dated rows give a value per row
 * (0 before the first), escalated through `escalate` when the leaf names an escalations model
 * (never a percent of revenue), capped, then charged (expenseAmount).
 */
export function expenseColumns(
  s: MonthlyStreams,
  items: readonly ExpenseItem[],
  escalate?: EscalateColumn,
): ExpenseColumns {
  const n = s.grid.start.length;
  const col = () => new Float64Array(n);
  const byProduct = () => Object.fromEntries(PRODUCTS.map((p) => [p, col()])) as Record<Product, Float64Array>;
  const out: ExpenseColumns = {
    fixed: col(),
    variable: byProduct(),
    waterDisposal: col(),
    carbon: col(),
    total: col(),
    byField: {},
    econLimitAddBack: col(),
    severanceDeduction: byProduct(),
    adValoremDeduction: col(),
  };
  const rates = streamRates(s);
  for (const item of items) {
    const values = rowColumn(s.grid, item.rows, {
      escalationModel: item.escalationModel,
      escalates: !isPctOfRevenue(item.unit),
      cap: item.cap,
      field: item.field,
      escalate,
      rates,
    });
    if (values.every((v) => v === 0)) continue;
    const amount = expenseAmount(s, item, values);
    out.byField[item.field] = amount;
    const group =
      item.group === 'variable'
        ? out.variable[item.product!]
        : item.group === 'fixed'
          ? out.fixed
          : item.group === 'water'
            ? out.waterDisposal
            : out.carbon;
    const severance =
      item.group === 'variable' && item.deductBeforeSeveranceTax ? out.severanceDeduction[item.product!] : undefined;
    for (let r = 0; r < n; r++) {
      const a = amount[r]!;
      group[r]! += a;
      out.total[r]! += a;
      if (!item.affectEconLimit) out.econLimitAddBack[r]! += a;
      if (severance) severance[r]! += a;
      if (item.deductBeforeAdValTax) out.adValoremDeduction[r]! += a;
    }
  }
  return out;
}

export type { EscalateColumn, MonthlyStreams, StreamInterests };
