import {
  CARBON_COMPONENTS,
  EXPENSE_LEAF_DEFAULTS,
  EXPENSE_UNIT_LABELS,
  EXPENSE_VALUE_KEYS,
  type ExpenseLeafGroup,
  FIXED_EXPENSE_KEYS,
  FIXED_LEAF_DEFAULTS,
  UNAPPLIED_EXPENSE_PHASES,
  VARIABLE_EXPENSE_CATEGORIES,
  VARIABLE_EXPENSE_PHASES,
  VARIABLE_SHRINKAGE_DEFAULT,
} from '@econ/contract';
import { ROW_PERIOD_LABELS, type RowUnit, rowPeriodOf, rowUnitOf } from '../rows/datedRows';

/*
 * The expenses model's leaves in the console (the contract's expenses.ts): where each sits, its
 * label and units, the settings a new one starts with, and the one-line summary of its rows. Pure.
 */

export interface LeafPlace {
  /** Body path, e.g. `variableExpenses.oil.gathering`. */
  path: string;
  /** Its name in its table, e.g. "Gathering". */
  name: string;
  /** Its full label, e.g. "Oil gathering". */
  label: string;
  group: ExpenseLeafGroup;
}

const PHASE_LABELS: Record<string, string> = {
  oil: 'Oil',
  gas: 'Gas',
  ngl: 'NGL',
  dripCondensate: 'Drip condensate',
  boe: 'BOE',
  totalFluid: 'Total fluid',
};
const capitalized = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The tables of the form: per phase (categories), BOE and total fluid, fixed costs, water and carbon. */
export const LEAF_TABLES: { caption: string; leaves: LeafPlace[] }[] = [
  ...VARIABLE_EXPENSE_PHASES.map((p) => ({
    caption: `${PHASE_LABELS[p]} variable expenses`,
    leaves: VARIABLE_EXPENSE_CATEGORIES.map((c) => ({
      path: `variableExpenses.${p}.${c}`,
      name: capitalized(c),
      label: `${PHASE_LABELS[p]} ${c}`,
      group: p,
    })),
  })),
  {
    caption: 'BOE and total-fluid processing (stored, not applied)',
    leaves: UNAPPLIED_EXPENSE_PHASES.map((p) => ({
      path: `variableExpenses.${p}.processing`,
      name: `${PHASE_LABELS[p]} processing`,
      label: `${PHASE_LABELS[p]} processing`,
      group: p,
    })),
  },
  {
    caption: 'Fixed expenses',
    leaves: FIXED_EXPENSE_KEYS.map((k, i) => {
      const name = i === 0 ? 'Monthly well cost' : `Other monthly cost ${i}`;
      return { path: `fixedExpenses.${k}`, name, label: name, group: 'fixed' as const };
    }),
  },
  {
    caption: 'Water disposal and carbon',
    leaves: [
      { path: 'waterDisposal', name: 'Water disposal', label: 'Water disposal', group: 'water' as const },
      ...CARBON_COMPONENTS.map((c) => {
        const name = `Carbon ${c.toUpperCase().replace('CO2E', 'CO2e')}`;
        return { path: `carbonExpenses.${c}`, name, label: name, group: 'carbon' as const };
      }),
    ],
  },
];

/** The units (value keys) a leaf's rows may carry. */
export const unitsOf = (group: ExpenseLeafGroup): RowUnit[] =>
  EXPENSE_VALUE_KEYS[group].map((key) => ({ key, label: EXPENSE_UNIT_LABELS[key] }));

/** Whether the leaf has a shrinkage condition (oil and gas volumes) or the fixed settings. */
export const shrinks = (group: ExpenseLeafGroup) => ['oil', 'gas', 'boe', 'totalFluid'].includes(group);

/** The settings a leaf starts with (the service's defaults), without its rows. */
export function leafTemplate(group: ExpenseLeafGroup): Record<string, unknown> {
  return {
    ...EXPENSE_LEAF_DEFAULTS,
    ...(shrinks(group) ? { shrinkageCondition: VARIABLE_SHRINKAGE_DEFAULT } : {}),
    ...(group === 'fixed' ? FIXED_LEAF_DEFAULTS : {}),
  };
}

const number = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 6 }) : '?');

/**
 * One line for a leaf's rows: "None" (no leaf, or every row 0), "8,000 $/month, whole well life",
 * or "3 rows from dates, $/BBL".
 */
export function leafSummary(leaf: { rows?: Record<string, unknown>[] } | undefined, group: ExpenseLeafGroup): string {
  const rows = leaf?.rows ?? [];
  const units = unitsOf(group);
  const unit = rowUnitOf(rows[0], units);
  if (rows.length === 0 || rows.every((r) => r[unit] === 0)) return 'None';
  const label = units.find((u) => u.key === unit)!.label;
  const period = rowPeriodOf(rows[0]);
  const phrase = period ? ROW_PERIOD_LABELS[period] : 'No period';
  const when = phrase.charAt(0).toLowerCase() + phrase.slice(1);
  return rows.length === 1 ? `${number(rows[0]![unit])} ${label}, ${when}` : `${rows.length} rows ${when}, ${label}`;
}
