import type { ExpensesFunctions, ProductionTaxesFunctions } from '@econ/contract';
import {
  CARBON_COMPONENTS,
  EXPENSE_LEAF_DEFAULTS,
  EXPENSE_VALUE_KEYS,
  type ExpenseLeafGroup,
  type ExpenseValueKey,
  FIXED_EXPENSE_KEYS,
  FIXED_LEAF_DEFAULTS,
  impactFeeWell,
  periodMonths,
  type ShrinkageCondition,
  TAX_ROW_DEFAULTS,
  type TaxKey,
  UNAPPLIED_EXPENSE_PHASES,
  VARIABLE_EXPENSE_CATEGORIES,
  VARIABLE_EXPENSE_PHASES,
  VARIABLE_SHRINKAGE_DEFAULT,
} from '@econ/contract/rules';
import type { DatedRow } from '../datedRows';
import { EconError } from '../econError';
import type { ExpenseItem } from '../expenses';
import { dayOf } from '../grid';
import type { ImpactFee } from '../impactFee';
import type { TaxItem } from '../taxes';
import type { Product } from '../types';
import { datedRows, type RateSettings, type RowRefs } from './rows';

/*
 * The expenses and production-taxes models as the engine reads them (econ-math.md, Expenses and
 * Production taxes): each leaf and row set with its dated rows (`expenseItems`, `taxItems`, for
 * expenses.ts and taxes.ts), and Pennsylvania's impact fee (`impactFee`, for impactFee.ts), with a
 * warning for each part not applied. Pure.
 */

/** A stored leaf: every setting may be missing (defaults apply). */
type StoredLeaf = Partial<Record<keyof typeof EXPENSE_LEAF_DEFAULTS, unknown>> & {
  shrinkageCondition?: ShrinkageCondition;
  stopAtEconLimit?: boolean;
  expenseBeforeFpd?: boolean;
  rows?: Record<string, unknown>[];
};

const TAX_PRODUCTS: Record<Exclude<TaxKey, 'ad_valorem_tax'>, Product> = {
  oil: 'oil',
  gas: 'gas',
  ngl: 'ngl',
  drip_condensate: 'dripCondensate',
};

/** Every leaf of a stored expenses model with its place: the group, phase or component. */
function leavesOf(models: ExpensesFunctions) {
  const out: { field: string; leaf: StoredLeaf | undefined; base: Omit<ExpenseItem, keyof LeafSettings> }[] = [];
  const get = (o: unknown, k: string) => (o as Record<string, StoredLeaf | undefined> | undefined)?.[k];
  for (const p of VARIABLE_EXPENSE_PHASES) {
    for (const c of VARIABLE_EXPENSE_CATEGORIES) {
      const field = `variableExpenses.${p}.${c}`;
      out.push({
        field,
        leaf: get(get(models.variableExpenses, p), c),
        base: { field, group: 'variable', product: p },
      });
    }
  }
  for (const k of FIXED_EXPENSE_KEYS) {
    const field = `fixedExpenses.${k}`;
    out.push({ field, leaf: get(models.fixedExpenses, k), base: { field, group: 'fixed' } });
  }
  out.push({
    field: 'waterDisposal',
    leaf: models.waterDisposal as StoredLeaf,
    base: { field: 'waterDisposal', group: 'water' },
  });
  for (const c of CARBON_COMPONENTS) {
    const field = `carbonExpenses.${c}`;
    out.push({ field, leaf: get(models.carbonExpenses, c), base: { field, group: 'carbon', component: c } });
  }
  return out;
}

type LeafSettings = Omit<ExpenseItem, 'field' | 'group' | 'product' | 'component'>;

/** The unit (value key) a leaf's rows carry; the group's first without rows. */
function unitOf(rows: readonly Record<string, unknown>[], keys: readonly ExpenseValueKey[]): ExpenseValueKey {
  return keys.find((k) => rows[0]?.[k] !== undefined) ?? keys[0]!;
}

function settings(leaf: StoredLeaf, rows: DatedRow[], unit: ExpenseValueKey): LeafSettings {
  const d = EXPENSE_LEAF_DEFAULTS;
  return {
    unit,
    rows,
    escalationModel: (leaf.escalationModel as string | undefined) ?? d.escalationModel,
    calculation: (leaf.calculation as ExpenseItem['calculation'] | undefined) ?? d.calculation,
    dealTerms: (leaf.dealTerms as number | undefined) ?? d.dealTerms,
    cap: typeof leaf.cap === 'number' ? leaf.cap : undefined,
    affectEconLimit: (leaf.affectEconLimit as boolean | undefined) ?? d.affectEconLimit,
    deductBeforeSeveranceTax: (leaf.deductBeforeSeveranceTax as boolean | undefined) ?? d.deductBeforeSeveranceTax,
    deductBeforeAdValTax: (leaf.deductBeforeAdValTax as boolean | undefined) ?? d.deductBeforeAdValTax,
    shrinkageCondition: leaf.shrinkageCondition ?? VARIABLE_SHRINKAGE_DEFAULT,
    stopAtEconLimit: leaf.stopAtEconLimit ?? FIXED_LEAF_DEFAULTS.stopAtEconLimit,
    expenseBeforeFpd: leaf.expenseBeforeFpd ?? FIXED_LEAF_DEFAULTS.expenseBeforeFpd,
  };
}

const allZero = (rows: readonly DatedRow[]) => rows.every((r) => r.value === 0);

/**
 * The leaves of an expenses model the engine charges (leaves whose rows are all 0 left out); BOE
 * and total-fluid expenses with a value are reported as not applied (the platform's engine has
 * none).
 *
 * @throws {EconError} naming a row's `offsetToFpd` when no FPD source gives the well's first production date
 */
export function expenseItems(models: ExpensesFunctions, refs: RowRefs, warnings: string[]): ExpenseItem[] {
  const items: ExpenseItem[] = [];
  for (const { field, leaf, base } of leavesOf(models)) {
    if (!leaf?.rows?.length) continue;
    const keys = EXPENSE_VALUE_KEYS[(base.product ?? base.group) as ExpenseLeafGroup];
    const unit = unitOf(leaf.rows, keys);
    const rows = datedRows(leaf.rows, refs, `${field}.rows`, (row) => (row[unit] as number | undefined) ?? 0, {
      rateType: leaf.rateType as RateSettings['rateType'],
      rowsCalculationMethod: leaf.rowsCalculationMethod as RateSettings['rowsCalculationMethod'],
    });
    if (!allZero(rows)) items.push({ ...base, ...settings(leaf, rows, unit) });
  }
  for (const p of UNAPPLIED_EXPENSE_PHASES) {
    const rows = (models.variableExpenses?.[p]?.processing?.rows ?? []) as Record<string, unknown>[];
    if (rows.some((r) => typeof r.dollarPerBbl === 'number' && r.dollarPerBbl !== 0)) {
      warnings.push(
        `expenses: variableExpenses.${p}.processing is stored but not applied: the platform’s engine has no BOE or total-fluid expense.`,
      );
    }
  }
  return items;
}

/**
 * The row sets of a production-taxes model (a row set whose values are all 0 left out): dates
 * from their month, offset_to_fpd periods consecutive months from the first production month. A
 * Pennsylvania impact-fee state leaves its ad valorem row sets out (the fee replaces them), each
 * with a warning.
 *
 * @throws {EconError} naming `data.rows[i].period` of an offset_to_fpd row set when no FPD source gives the well's first production date
 */
export function taxItems(models: ProductionTaxesFunctions, refs: RowRefs, warnings: string[]): TaxItem[] {
  const { state, rows } = models.data;
  const feeState = impactFeeWell(state) !== undefined;
  const items: TaxItem[] = [];
  rows.forEach((row, i) => {
    const field = `data.rows[${i}]`;
    if (feeState && row.key === 'ad_valorem_tax') {
      if (row.value.some((v) => v !== 0)) {
        warnings.push(
          `production-taxes: ${field} (ad valorem) is not applied: state ${state} charges Pennsylvania’s impact fee instead.`,
        );
      }
      return;
    }
    let end = 0;
    const contractRows = row.period.map((p, j) => {
      const value = row.value[j] ?? 0;
      if (row.criteria === 'entire_well_life') return { entireWellLife: 'Flat' as const, value };
      if (row.criteria === 'dates') return { dates: String(p), value };
      const start = end + 1;
      end += periodMonths(p);
      return { offsetToFpd: { start, end }, value };
    });
    const dated = datedRows(contractRows, refs, `${field}.period`, (r) => r.value);
    if (allZero(dated)) return;
    const severance = row.key !== 'ad_valorem_tax';
    items.push({
      field,
      kind: severance ? 'severance' : 'adValorem',
      ...(severance ? { product: TAX_PRODUCTS[row.key as keyof typeof TAX_PRODUCTS] } : {}),
      unit: row.unit,
      rows: dated,
      escalation: row.escalation ?? TAX_ROW_DEFAULTS.escalation,
      calculation: row.calculation ?? TAX_ROW_DEFAULTS.calculation,
      shrinkageCondition: row.shrinkageCondition ?? TAX_ROW_DEFAULTS.shrinkageCondition,
      deductSeveranceTax: row.deductSeveranceTax ?? false,
    });
  });
  return items;
}

/**
 * Pennsylvania's impact fee of a production-taxes model whose state names one (decision 038), else
 * undefined. Its well years count from the first production date, or with `impactFeeStart`
 * `spud_date_from_headers` from the well's spud date header (the first production date, warned,
 * when the well has none); it is charged at the interest of the ad valorem row sets' `calculation`
 * (the first's; nri without one).
 *
 * @throws {EconError} naming `data.state` when the years count from first production and no FPD source gives it
 */
export function impactFee(
  models: ProductionTaxesFunctions,
  dates: { fpd: string | undefined; spudDate: string | undefined },
  warnings: string[],
): ImpactFee | undefined {
  const { state, rows, impactFeeStart } = models.data;
  const well = impactFeeWell(state);
  if (!well) return undefined;
  let start = dates.fpd;
  if (impactFeeStart === 'spud_date_from_headers') {
    if (dates.spudDate !== undefined) start = dates.spudDate;
    else {
      warnings.push(
        'production-taxes: data.impactFeeStart spud_date_from_headers needs the well header spudDate, which this well lacks; the impact fee’s years count from first production.',
      );
    }
  }
  if (start === undefined) {
    throw new EconError(
      'data.state',
      state,
      'charges the impact fee by well years from the first production date, which no FPD source gives',
    );
  }
  const adValorem = rows.find((r) => r.key === 'ad_valorem_tax');
  return {
    field: 'data.state',
    well,
    startDay: dayOf('data.impactFeeStart', start),
    calculation: adValorem?.calculation ?? TAX_ROW_DEFAULTS.calculation,
  };
}
