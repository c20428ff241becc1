import type { CutOff, DiscountTable, EmissionRow, Reversion } from '@econ/contract';
import type { DailySeries } from '@econ/decline';
import type { BreakevenSettings } from './breakeven';
import type { DatedRow } from './datedRows';
import type { EscalationModel } from './escalation';
import type { ExpenseItem } from './expenses';
import type { ImpactFee } from './impactFee';
import type { RowRefs } from './inputs/rows';
import type { EscalateColumn } from './monthlyStreams';
import type { TaxDepreciationModel, TaxOptions } from './tax';
import type { TaxItem } from './taxes';

/** Phases with forecast volumes. */
export const PHASES = ['oil', 'gas', 'water', 'ngl', 'dripCondensate'] as const;
export type Phase = (typeof PHASES)[number];
/** Phases that are sold (water is not). */
export const PRODUCTS = ['oil', 'gas', 'ngl', 'dripCondensate'] as const;
export type Product = (typeof PRODUCTS)[number];

/**
 * A product's price: flat, or dated rows, each price in effect from its date (sorted by date). A
 * month takes the row in effect on its first day in the cash flow; before the first row, the first
 * row's price. $/BBL for liquids, $/MCF for gas. Or a pricing table (the service's `pricing` kind).
 */
export type PriceInput = { flat: number } | { rows: readonly { from: string; price: number }[] } | PriceTable;
/** The engine's price deck; a product left out sells at 0. */
export type PriceDeck = Partial<Record<Product, PriceInput>>;

/**
 * A pricing table (econ-math.md, Pricing): dated rows of a value in the entered unit, capped.
 * `perUnit` $/BBL or $/MCF; `perMmbtu` $/MMBTU (× the shrunk-gas BTU / 1000); `pctOfOil` percent of
 * the oil price (NGL and drip condensate).
 */
export interface PriceTable {
  unit: 'perUnit' | 'perMmbtu' | 'pctOfOil';
  rows: readonly DatedRow[];
  /** A ceiling on the value, in the entered unit (after escalation). */
  cap?: number;
  /** The escalations model the table names (not applied to percent rows). */
  escalation?: TableEscalation;
}

/** An escalations model applied to a table, with the days its dated rows count from. */
export interface TableEscalation {
  model: EscalationModel;
  refs: RowRefs;
}

/**
 * A differential table (econ-math.md, differentials): dated rows added to the price; `pctOfBase`
 * rows are the percent of the base price remaining (90: −10 %).
 */
export interface DifferentialTable {
  unit: 'perUnit' | 'perMmbtu' | 'pctOfBase';
  rows: readonly DatedRow[];
  cap?: undefined;
  /** The escalations model the table names (not applied to pctOfBase rows). */
  escalation?: TableEscalation;
}

/**
 * Stream properties (econ-math.md, Stream properties) as fractions remaining by dated rows (1 where
 * none), and the BTU content of the gas streams (MBTU/MCF, default 1000). NGL and drip condensate
 * volumes come as phases of `volumes` (their yields applied when the input was built).
 */
export interface StreamProperties {
  oilLoss?: readonly DatedRow[];
  oilShrinkage?: readonly DatedRow[];
  gasLoss?: readonly DatedRow[];
  gasFlare?: readonly DatedRow[];
  gasShrinkage?: readonly DatedRow[];
  btu?: { shrunk: number; unshrunk: number };
}

/** The engine's expenses (all percentages in percent, 4.6 = 4.6 %). */
export interface Expenses {
  /** $ per well per month, × WI, scaled by the share of days in partial months. */
  fixedPerWellMonth: number;
  /** $ per gross BBL or MCF by phase, × WI. */
  variable: Partial<Record<Phase, number>>;
  /** Production (severance) tax, percent of net revenue. */
  severanceTaxPct: number;
  /** Ad valorem tax, percent of net revenue after severance tax. */
  adValoremTaxPct: number;
}

/**
 * Interests before any reversion, in percent, named as the contract's `initialOwnership` (spec part
 * 2.4) so one can be passed as it is.
 */
export interface Ownership {
  workingInterest: number;
  /** Absolute NRI (not WI × NRI). */
  netRevenueInterest: number;
  leaseNetRevenueInterest: number;
  /** Per-phase NRIs replace `netRevenueInterest` for their product when given (null = not set). */
  oilNetRevenueInterest?: number | null;
  gasNetRevenueInterest?: number | null;
  nglNetRevenueInterest?: number | null;
  dripCondensateNetRevenueInterest?: number | null;
  /** NPI (spec 2.4): percent of net profit, and its type (econ-math.md, Ownership). Default 0 / 'expense'. */
  netProfitInterestType?: 'expense' | 'revenue';
  netProfitInterest?: number;
}

/**
 * One CAPEX amount, already resolved to a day (or to the economic limit). `gross` amounts are
 * multiplied by WI × dealTerms, `net` amounts are taken as entered (econ-math.md, Ownership).
 */
export interface CapexItem {
  /** 'YYYY-MM-DD'; required unless atEconLimit. */
  date?: string;
  /** Placed on the economic-limit day of the net run, and left out of the cut-off run. */
  atEconLimit?: boolean;
  /** $, positive for a cost. */
  amount: number;
  calculation: 'gross' | 'net';
  /** Carried-WI multiplier of gross rows (default 1). */
  dealTerms?: number;
  /** With atEconLimit: days after (negative: before) the economic-limit day; default 0. */
  offsetDays?: number;
  /** Tangible / intangible split in $ (for DD&A); when given, amount = tangible + intangible. */
  tangible?: number;
  intangible?: number;
  /** May fall after the economic limit (contract `afterEconLimit`): the cash flow is extended to it. */
  afterEconLimit?: boolean;
  /** Free text for reports, e.g. "drilling: Drill and case". */
  label?: string;
}

/** Everything the engine needs for one well. */
export interface WellInput {
  /** 'YYYY-MM-DD': first day of the cash flow. */
  asOfDate: string;
  /** 'YYYY-MM-DD': day from which cash is discounted. */
  discountDate: string;
  /** Years (dateSetting.maxWellLife). */
  maxWellLife: number;
  /**
   * Gross daily volumes by phase, the shape `@econ/decline`'s dailySeries gives: the forecast, with
   * actual production before each phase's switch date (spec 2.5; inputs/history.ts). Days before
   * the as-of date count as produced (the EUR's cumulative part).
   */
  volumes: Partial<Record<Phase, DailySeries>>;
  /**
   * Actual daily volumes by phase (production history): the volumes of cash-flow rows before the
   * as-of date (cashFlowPriorAsOfDate), which hold no volume without it.
   */
  history?: Partial<Record<Phase, DailySeries>>;
  /**
   * Volume produced before the as-of date by phase; default: the sum of `volumes` before the as-of
   * date. Part of the EUR, and where volume-trigger reversions start counting.
   */
  cumulativeBefore?: Partial<Record<Phase, number>>;
  ownership: Ownership;
  prices: PriceDeck;
  /** Up to three differentials per product, in order (first, second, third). */
  differentials?: Partial<Record<Product, readonly DifferentialTable[]>>;
  /** Loss, flare and shrinkage of oil and gas, BTU content; left out: sales = well-head volume. */
  stream?: StreamProperties;
  expenses: Expenses;
  /** The service's expense leaves (expenses kind) and production-tax row sets, charged by expenses.ts and taxes.ts. */
  expenseItems?: readonly ExpenseItem[];
  taxItems?: readonly TaxItem[];
  /**
   * Gross well count rows (risking `wellStream`), 0 before the first; per-well fixed costs × the
   * count. Left out: 1 from the first-production month (0 before it).
   */
  wellCount?: readonly DatedRow[];
  /** Days (day indexes, inclusive) fixed expenses are not charged: shut-ins that do not keep them (decision 042). */
  fixedCostOffDays?: readonly { first: number; last: number }[];
  /** Pennsylvania's impact fee, charged in the ad valorem column (production-taxes state `pennsylvania horizontal|vertical`). */
  impactFee?: ImpactFee;
  /** The escalation seam of expense and tax tables (escalations models by id; the input mapping builds it). */
  escalate?: EscalateColumn;
  /** The emission rows a carbon expense prices (emissions kind). */
  emissionRows?: readonly EmissionRow[];
  capex?: readonly CapexItem[];
  /** The contract's `discountTable` (percent rates). */
  discountTable: DiscountTable;
  /** The contract's `cutOff`; left out: no cut-off (the cash flow runs to maxWellLife). */
  cutOff?: CutOff;
  /** 'YYYY-MM-DD': last day of production history, for `minLife.endHist`. */
  endOfHistory?: string;
  /** The contract's firstReversion … tenthReversion, in order, nulls removed. */
  reversions?: readonly Reversion[];
  /** dateSetting.cashFlowPriorAsOfDate: the cash flow starts at the earliest CAPEX date if earlier than as-of. */
  cashFlowPriorAsOfDate?: boolean;
  /** 'YYYY-MM-DD' first production day (resolved from the FPD hierarchy), for volume-trigger reversions. */
  firstProductionDate?: string;
  /** BOE conversion for BOE triggers (general-options boeConversion); default oil 1, gas 6 (wetGas). */
  boeConversion?: { oil: number; wetGas: number; dryGas: number; ngl: number; dripCondensate: number };
  /**
   * Income tax (general options' mainOptions.incomeTax on): the DD&A model and the tax entries.
   * Left out: no after-tax columns.
   */
  tax?: WellTaxInput;
  /**
   * The pricing model's breakeven settings: the one-liner gains the oil and gas breakeven prices
   * (breakeven.ts; four more runs of the net cash flow). Left out: none computed.
   */
  breakeven?: BreakevenSettings;
}

/** What after-tax economics need (econ-math.md, DD&A and income tax). */
export interface WellTaxInput {
  depreciationModel: TaxDepreciationModel;
  incomeTax: TaxOptions;
}
