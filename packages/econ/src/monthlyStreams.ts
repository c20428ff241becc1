import type { Calculation, CarbonComponent } from '@econ/contract/rules';
import { type DatedRow, firstRowMonth, isRateTable, monthlyRowValues } from './datedRows';
import type { Grid } from './grid';
import { type RateSource, rateSource } from './rates';
import type { Product } from './types';

/*
 * What the expense and production-tax columns (expenses.ts, taxes.ts) read of a run, row by row of
 * its grid, and the steps they share: the interest a `calculation` names, the share of a row's
 * days a monthly amount is charged for, and dated rows resolved to a value per row (with the
 * escalation seam). Pure.
 */

/** The interests of a run by row, as decimals (1 = 100 %). */
export interface StreamInterests {
  wi: Float64Array;
  /** The well's NRI (`netRevenueInterest`): fixed, water, carbon and ad valorem $ amounts use it. */
  nri: Float64Array;
  /** NRI by product (a per-phase NRI where given, else the well's). */
  productNri: Record<Product, Float64Array>;
  leaseNri: Float64Array;
}

/** The monthly inputs of expenses and taxes, one value per grid row (gross: 100 % of the well). */
export interface MonthlyStreams {
  /** The run's grid: each row's first and last cash-flow day, and the days of its calendar month. */
  grid: Grid;
  /** Gross well-head volumes: oil and water BBL, gas MCF (after risking). */
  wellHead: Record<'oil' | 'gas' | 'water', Float64Array>;
  /** Gross unshrunk oil (after loss) and gas (after loss and flare), before shrinkage. */
  unshrunk: Record<'oil' | 'gas', Float64Array>;
  /** Gross sales volumes (shrunk oil and gas; NGL and drip condensate BBL). */
  sales: Record<Product, Float64Array>;
  /** BTU content of the shrunk (sales) and unshrunk gas, BTU/CF; default 1000 (1 MMBTU per MCF). */
  btu?: { shrunk: number; unshrunk: number };
  /** Revenue at 100 % by product, $: sales volume × price after differentials. */
  revenue: Record<Product, Float64Array>;
  /** The gas price, $/MCF, after escalation and cap, before differentials (the impact fee's price band). */
  gasPrice: Float64Array;
  interests: StreamInterests;
  /** Days (day indexes, inclusive) fixed expenses are not charged: shut-ins that do not keep them. */
  fixedCostOffDays?: readonly { first: number; last: number }[];
  /** First production day (day index); absent: none known, charged from the cash-flow start. */
  fpdDay?: number;
  /** The economic limit's last day (day index); absent: none yet (the run that finds it). */
  econLimitDay?: number;
  /** Gross well count per row; default 1 from the FPD month (0 before it), 1 throughout without FPD. */
  wellCount?: Float64Array;
  /** Masses of each carbon component per row, metric tonnes (emissions); absent: none. */
  carbonMass?: Partial<Record<CarbonComponent, Float64Array>>;
  /** MCF per BOE: dry gas for sales BOE, wet gas for unshrunk BOE (general options); default 6 and 6. */
  boe?: { dryGas: number; wetGas: number };
}

/**
 * The escalation seam (escalation.ts through the run): `values` escalated by the escalations model
 * `escalationModel`, where `firstMonth[r]` is the month index of the first month of the dated row
 * in force in grid row r (−1: none), each row restarting at its own value (econ-math.md,
 * Escalation), and `originMonth` the month of the table's first row (monthPeriod escalation rows
 * count from it); `grid` the run's. Left out: values are used as entered.
 */
export type EscalateColumn = (
  values: Float64Array,
  firstMonth: Int32Array,
  escalationModel: string,
  field: string,
  originMonth: number,
  grid: Grid,
) => Float64Array;

/** What an amount of a row is multiplied by for `calculation` (its product's NRI for nri). */
export function interestOf(interests: StreamInterests, calculation: Calculation, product?: Product): Float64Array {
  const nri = product ? interests.productNri[product] : interests.nri;
  const n = interests.wi.length;
  switch (calculation) {
    case 'wi':
      return interests.wi;
    case 'nri':
      return nri;
    case 'lease_nri':
      return interests.leaseNri;
    case 'one_minus_wi':
      return map(interests.wi, (v) => 1 - v);
    case 'one_minus_nri':
      return map(nri, (v) => 1 - v);
    case 'one_minus_lease_nri':
      return map(interests.leaseNri, (v) => 1 - v);
    case 'wi_minus_one':
      return map(interests.wi, (v) => v - 1);
    case 'nri_minus_one':
      return map(nri, (v) => v - 1);
    case 'lease_nri_minus_one':
      return map(interests.leaseNri, (v) => v - 1);
    case '100_pct_wi':
      return new Float64Array(n).fill(1);
  }
}

const map = (a: Float64Array, f: (v: number) => number) => Float64Array.from(a, f);

/**
 * The share of each row's calendar month a monthly amount is charged for (econ-math.md, Expenses):
 * the days of the row from `from` to `to` (day indexes, inclusive) ÷ the days of its month. The
 * first charged month counts (days − day + 1)/days, the last day/days.
 */
export function chargedFraction(
  grid: Pick<Grid, 'start' | 'end' | 'monthDays'>,
  from = Number.NEGATIVE_INFINITY,
  to = Number.POSITIVE_INFINITY,
): Float64Array {
  const n = grid.start.length;
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const days = Math.min(grid.end[r]!, to) - Math.max(grid.start[r]!, from) + 1;
    out[r] = days > 0 ? days / grid.monthDays[r]! : 0;
  }
  return out;
}

/** What resolving one table of dated rows needs besides its rows. */
export interface RowColumnOptions {
  /** `"none"` or an escalations model id; applied through `escalate` (not to percents). */
  escalationModel: string;
  /** Percent rows are never escalated (econ-math.md, Escalation). */
  escalates: boolean;
  /** A ceiling on the value after escalation, in the entered unit. */
  cap?: number | undefined;
  /** Names the table in the escalation seam's errors. */
  field: string;
  escalate?: EscalateColumn | undefined;
  /** The rates rate rows read (streamRates). */
  rates?: RateSource | undefined;
}

/**
 * The value of a table in each grid row: its dated rows (0 before the first), escalated from
 * each row's first month when the table names an escalations model (rate rows never are), then
 * capped.
 */
export function rowColumn(grid: Grid, rows: readonly DatedRow[], o: RowColumnOptions): Float64Array {
  const { values: entered, firstMonth } = monthlyRowValues(grid, rows, 0, o.rates);
  let values = entered;
  if (o.escalates && o.escalate && o.escalationModel !== 'none' && grid.start.length > 0 && !isRateTable(rows)) {
    values = o.escalate(values, firstMonth, o.escalationModel, o.field, firstRowMonth(grid, rows), grid);
  }
  if (o.cap !== undefined) {
    const cap = o.cap;
    for (let r = 0; r < values.length; r++) if (values[r]! > cap) values[r] = cap;
  }
  return values;
}

/**
 * The daily rates expense rate rows read (econ-math.md, Dated rows): gross well-head, gross sales
 * (shrunk oil and gas; water as produced) or net sales (× the product's NRI; water × the well's),
 * from first production.
 */
export function streamRates(s: MonthlyStreams): RateSource {
  const net = (v: Float64Array, nri: Float64Array) => Float64Array.from(v, (x, r) => x * nri[r]!);
  let netSales: Record<'oil' | 'gas' | 'water', Float64Array> | undefined;
  const source = rateSource(
    s.grid,
    {
      gross_well_head: s.wellHead,
      gross_sales: { oil: s.sales.oil, gas: s.sales.gas, water: s.wellHead.water },
      get net_sales() {
        netSales ??= {
          oil: net(s.sales.oil, s.interests.productNri.oil),
          gas: net(s.sales.gas, s.interests.productNri.gas),
          water: net(s.wellHead.water, s.interests.nri),
        };
        return netSales;
      },
    },
    s.fpdDay,
  );
  return source;
}
