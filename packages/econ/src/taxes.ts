import type { Calculation, ShrinkageCondition, TaxUnit } from '@econ/contract/rules';
import type { DatedRow } from './datedRows';
import { revenueAt } from './expenses';
import { type ImpactFee, impactFeeColumn } from './impactFee';
import { chargedFraction, type EscalateColumn, interestOf, type MonthlyStreams, rowColumn } from './monthlyStreams';
import { PRODUCTS, type Product } from './types';

/*
 * Production taxes of a run (econ-math.md, Production taxes): severance per phase, every row set
 * of a phase summed (a percent of the phase's revenue at its interest less its deductions, $ per
 * unit of its volume, or $ per month), no floor; ad valorem on the well (a percent of all revenue
 * at interest less the ad valorem deductions and, with `deductSeveranceTax`, the severance; $ per
 * BOE; $ per month), at least 0 each month; Pennsylvania's impact fee (impactFee.ts) in the ad
 * valorem column, in place of the ad valorem row sets (the input mapping leaves them out). Pure;
 * $, positive for a tax.
 */

/** One row set of a production-taxes model as the engine reads it (inputs/expenses.ts maps them). */
export interface TaxItem {
  /** Where it comes from, e.g. `data.rows[2]`. */
  field: string;
  kind: 'severance' | 'adValorem';
  /** The phase a severance row set taxes. */
  product?: Product;
  unit: TaxUnit;
  rows: readonly DatedRow[];
  /** `"none"` or an escalations model id ($ units only). */
  escalation: string;
  calculation: Calculation;
  /** $/unit rows: shrunk (sales, default) or unshrunk volume; $/BOE: sales or unshrunk BOE. */
  shrinkageCondition: ShrinkageCondition;
  /** Ad valorem: the severance tax is deducted from its % base. */
  deductSeveranceTax: boolean;
}

/** What expenses deduct from the % tax bases (ExpenseColumns' columns of the same names). */
export interface TaxDeductions {
  severanceDeduction: Record<Product, Float64Array>;
  adValoremDeduction: Float64Array;
}

export interface TaxColumns {
  severance: Record<Product, Float64Array>;
  severanceTotal: Float64Array;
  adValorem: Float64Array;
  total: Float64Array;
}

/** Gross BOE: sales (oil + NGL + drip + gas ÷ dry-gas factor) or unshrunk (oil + gas ÷ wet-gas factor). */
export function grossBoe(s: MonthlyStreams, condition: ShrinkageCondition): Float64Array {
  const n = s.grid.start.length;
  const out = new Float64Array(n);
  const { dryGas = 6, wetGas = 6 } = s.boe ?? {};
  for (let r = 0; r < n; r++) {
    out[r] =
      condition === 'shrunk'
        ? s.sales.oil[r]! + s.sales.ngl[r]! + s.sales.dripCondensate[r]! + s.sales.gas[r]! / dryGas
        : s.unshrunk.oil[r]! + s.unshrunk.gas[r]! / wetGas;
  }
  return out;
}

/** The volume a severance $/unit row set taxes: sales (shrunk), or unshrunk oil and gas. */
const severanceVolume = (s: MonthlyStreams, product: Product, condition: ShrinkageCondition) =>
  condition === 'unshrunk' && (product === 'oil' || product === 'gas') ? s.unshrunk[product] : s.sales[product];

/**
 * The production-tax columns of a run: severance first (its % bases less `deductions`), then ad
 * valorem, with the impact fee when given. Dated rows give a value per row (0 before the first);
 * $ units are escalated through `escalate` when the row set names an escalations model.
 */
export function productionTaxColumns(
  s: MonthlyStreams,
  items: readonly TaxItem[],
  deductions?: TaxDeductions,
  escalate?: EscalateColumn,
  impactFee?: ImpactFee,
): TaxColumns {
  const n = s.grid.start.length;
  const col = () => new Float64Array(n);
  const severance = Object.fromEntries(PRODUCTS.map((p) => [p, col()])) as Record<Product, Float64Array>;
  const severanceTotal = col();
  const adValorem = col();
  const monthShare = () => chargedFraction(s.grid, s.fpdDay, s.econLimitDay);
  const valuesOf = (item: TaxItem) =>
    rowColumn(s.grid, item.rows, {
      escalationModel: item.escalation,
      escalates: item.unit !== 'pct_of_revenue',
      field: item.field,
      escalate,
    });

  for (const item of items) {
    if (item.kind !== 'severance') continue;
    const p = item.product!;
    const v = valuesOf(item);
    const out = severance[p];
    const interest = interestOf(s.interests, item.calculation, p);
    if (item.unit === 'pct_of_revenue') {
      const base = revenueAt(s, [p], item.calculation);
      const less = deductions?.severanceDeduction[p];
      for (let r = 0; r < n; r++) out[r]! += (v[r]! / 100) * (base[r]! - (less?.[r] ?? 0));
    } else {
      const basis = item.unit === 'dollar_per_month' ? monthShare() : severanceVolume(s, p, item.shrinkageCondition);
      for (let r = 0; r < n; r++) out[r]! += v[r]! * basis[r]! * interest[r]!;
    }
  }
  for (const p of PRODUCTS) for (let r = 0; r < n; r++) severanceTotal[r]! += severance[p][r]!;

  for (const item of items) {
    if (item.kind !== 'adValorem') continue;
    const v = valuesOf(item);
    if (item.unit === 'pct_of_revenue') {
      const base = revenueAt(s, PRODUCTS, item.calculation);
      for (let r = 0; r < n; r++) {
        const less = (deductions?.adValoremDeduction[r] ?? 0) + (item.deductSeveranceTax ? severanceTotal[r]! : 0);
        adValorem[r]! += (v[r]! / 100) * (base[r]! - less);
      }
    } else {
      const interest = interestOf(s.interests, item.calculation);
      const basis = item.unit === 'dollar_per_month' ? monthShare() : grossBoe(s, item.shrinkageCondition);
      for (let r = 0; r < n; r++) adValorem[r]! += v[r]! * basis[r]! * interest[r]!;
    }
  }
  if (impactFee) {
    const fee = impactFeeColumn(s, impactFee);
    for (let r = 0; r < n; r++) adValorem[r]! += fee[r]!;
  }
  const total = col();
  for (let r = 0; r < n; r++) {
    if (adValorem[r]! < 0) adValorem[r] = 0;
    total[r] = severanceTotal[r]! + adValorem[r]!;
  }
  return { severance, severanceTotal, adValorem, total };
}
