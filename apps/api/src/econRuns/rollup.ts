import {
  ECON_MONTHLY_COLUMNS,
  ECON_MONTHLY_TAX_COLUMNS,
  type EconMonthlyColumn,
  type EconMonthlyTaxColumn,
} from '@econ/contract';
import { monthAfter, type PackedMonthly, sourceIndex } from './results';

/*
 * The scenario total of a run by month (issue 20, "Rollups"): the sum over wells of every monthly
 * column that adds up — volumes, revenue, expenses, taxes, NPI, CAPEX, cash flow and discounted cash
 * flow — month by month; the cumulative columns are the running sums of the summed flows (a sum of
 * the wells' cumulatives would drop a well's total after its last month). Prices, differentials,
 * working interest and days do not add up and are left out. Pure: wells in, sums out.
 */

type Column = EconMonthlyColumn | EconMonthlyTaxColumn;

/** Cumulative columns and the flow each one accumulates. */
export const ROLLUP_CUMULATIVES: Partial<Record<Column, Column>> = {
  cumBfit: 'bfit',
  cumFirstDiscountCashFlow: 'firstDiscountCashFlow',
  cumSecondDiscountCashFlow: 'secondDiscountCashFlow',
  cumAfit: 'afit',
};

const NOT_ADDITIVE = new Set<Column>([
  'days',
  'workingInterest',
  'oilPrice',
  'gasPrice',
  'nglPrice',
  'dripCondensatePrice',
  'oilDifferential',
  'gasDifferential',
  'nglDifferential',
  'dripCondensateDifferential',
]);

/** The rollup's columns, in the monthly rows' order; the after-tax ones when `withTax`. */
export function rollupColumns(withTax: boolean): Column[] {
  const all: Column[] = withTax ? [...ECON_MONTHLY_COLUMNS, ...ECON_MONTHLY_TAX_COLUMNS] : [...ECON_MONTHLY_COLUMNS];
  return all.filter((c) => !NOT_ADDITIVE.has(c));
}

/** A run's total by month: packed like a well's rows, plus how many wells have a row each month. */
export interface MonthlyRollup extends PackedMonthly {
  /** Wells with a row in month i. */
  wells: Int32Array;
}

/** Months since year 0 of a 'YYYY-MM-01' label. */
const monthNumber = (label: string) => Number(label.slice(0, 4)) * 12 + Number(label.slice(5, 7)) - 1;

/**
 * Sums wells one at a time (a run's wells are read a batch at a time; only the totals are kept).
 * `add` each well's packed rows, then `result()`; wells may start and end in different months. In a
 * run with income tax, a well stored without after-tax columns adds its before-tax figures
 * (`AFTER_TAX_FALLBACK`: no tax, so AFIT equals BFIT).
 */
export class RollupAccumulator {
  readonly columns: Column[];
  private readonly flows: number[];
  private start = 0;
  private months = 0;
  private sums: Float64Array = new Float64Array(0);
  private wells: Int32Array = new Int32Array(0);

  constructor(withTax: boolean) {
    this.columns = rollupColumns(withTax);
    this.flows = this.columns.flatMap((c, i) => (ROLLUP_CUMULATIVES[c] ? [] : [i]));
  }

  /** Grows the month span to cover months `from` to `to` (exclusive), keeping the sums. */
  private cover(from: number, to: number) {
    if (this.months > 0 && from >= this.start && to <= this.start + this.months) return;
    const start = this.months === 0 ? from : Math.min(from, this.start);
    const end = this.months === 0 ? to : Math.max(to, this.start + this.months);
    const months = end - start;
    const sums = new Float64Array(this.columns.length * months);
    const wells = new Int32Array(months);
    if (this.months > 0) {
      const shift = this.start - start;
      for (let c = 0; c < this.columns.length; c++) {
        sums.set(this.sums.subarray(c * this.months, (c + 1) * this.months), c * months + shift);
      }
      wells.set(this.wells, shift);
    }
    this.start = start;
    this.months = months;
    this.sums = sums;
    this.wells = wells;
  }

  /** Adds one well's rows. */
  add(well: PackedMonthly): void {
    if (!well.firstMonth || well.months === 0) return;
    const from = monthNumber(well.firstMonth);
    this.cover(from, from + well.months);
    const offset = from - this.start;
    for (const c of this.flows) {
      const at = sourceIndex(well.columns, this.columns[c]!);
      if (at < 0) continue;
      const src = well.data.subarray(at * well.months, (at + 1) * well.months);
      const dst = this.sums.subarray(c * this.months + offset, c * this.months + offset + well.months);
      for (let i = 0; i < well.months; i++) dst[i]! += src[i]!;
    }
    for (let i = 0; i < well.months; i++) this.wells[offset + i]! += 1;
  }

  /** The totals so far, with each cumulative the running sum of its summed flow. */
  result(): MonthlyRollup {
    const n = this.months;
    const data = this.sums.slice();
    this.columns.forEach((c, i) => {
      const flow = ROLLUP_CUMULATIVES[c];
      if (!flow) return;
      const f = this.columns.indexOf(flow);
      let sum = 0;
      for (let m = 0; m < n; m++) {
        sum += data[f * n + m]!;
        data[i * n + m] = sum;
      }
    });
    const y = Math.floor(this.start / 12);
    const first = `${String(y).padStart(4, '0')}-${String((this.start % 12) + 1).padStart(2, '0')}-01`;
    return {
      columns: [...this.columns],
      firstMonth: n === 0 ? null : monthAfter(first, 0),
      months: n,
      data,
      wells: this.wells.slice(),
    };
  }
}

/** The rollup of `wells` (see {@link RollupAccumulator}). */
export function rollupOf(wells: Iterable<PackedMonthly>, withTax: boolean): MonthlyRollup {
  const acc = new RollupAccumulator(withTax);
  for (const w of wells) acc.add(w);
  return acc.result();
}
