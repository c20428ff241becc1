import { z } from 'zod';
import { range } from './fields';
import { flatOrByDate } from './priceDeck';

/*
 * Expenses, econ functions `expenses` and `productionTaxes` (our own kind: the spec does not show
 * expenses, issue 8). Amounts are gross, per well: the economics engine multiplies them by the
 * well's working interest, so there is no `calculation` (net or gross) as CAPEX rows have.
 */

/** The highest fixed expense accepted, $/well/month. */
export const FIXED_EXPENSE_MAX = 10_000_000;
/** The highest variable expense accepted, $/BBL or $/MCF. */
export const VARIABLE_EXPENSE_MAX = 10_000;

/** The phases of variable expenses and the unit of each. */
export const EXPENSE_PHASES = [
  { key: 'oil', label: 'Oil', unit: '$/BBL' },
  { key: 'gas', label: 'Gas', unit: '$/MCF' },
  { key: 'water', label: 'Water', unit: '$/BBL' },
  { key: 'ngl', label: 'NGL', unit: '$/BBL' },
  { key: 'dripCondensate', label: 'Drip condensate', unit: '$/BBL' },
] as const;
export type ExpensePhase = (typeof EXPENSE_PHASES)[number]['key'];

const variable = (phase: string, unit: string) =>
  range(phase, 0, VARIABLE_EXPENSE_MAX).meta({
    description: `${unit} of gross ${phase} produced (0 to ${VARIABLE_EXPENSE_MAX})`,
  });

const Variable = z
  .strictObject({
    oil: variable('oil', '$/BBL'),
    gas: variable('gas', '$/MCF'),
    water: variable('water', '$/BBL'),
    ngl: variable('ngl', '$/BBL'),
    dripCondensate: variable('dripCondensate', '$/BBL'),
  })
  .meta({ id: 'ExpensesVariable', description: 'operating cost per unit of each phase produced' });

/** The `expenses` econ function: fixed $/well/month (flat or by date) and variable $ per unit by phase. */
export const Expenses = z
  .strictObject({
    fixed: flatOrByDate('fixed', 'cost', FIXED_EXPENSE_MAX, '$/well/month').meta({
      description: `fixed operating cost in $/well/month: exactly one of flat (a number) or byDate (rows {date, cost}); 0 ≤ cost ≤ ${FIXED_EXPENSE_MAX}. The first and last months are scaled by their share of days.`,
    }),
    variable: Variable,
  })
  .meta({
    id: 'ExpensesExpenses',
    description:
      'Lease operating expenses of a well (our own kind; not in the spec), gross: the economics engine multiplies them by the working interest (WI), so no net/gross `calculation` is needed.',
  });
export type Expenses = z.infer<typeof Expenses>;

/** The `productionTaxes` econ function: severance and ad valorem tax, percent of revenue. */
export const ProductionTaxes = z
  .strictObject({
    severanceTax: range('severanceTax', 0, 100).meta({ description: 'percent of net revenue (0 to 100)' }),
    adValoremTax: range('adValoremTax', 0, 100).meta({
      description: 'percent of net revenue after severance tax (0 to 100)',
    }),
  })
  .meta({ id: 'ExpensesProductionTaxes', description: 'production taxes, percent (0 to 100)' });
export type ProductionTaxes = z.infer<typeof ProductionTaxes>;

/** The econ function objects of an expenses model's request body. */
export const ExpensesFunctions = z
  .strictObject({ expenses: Expenses, productionTaxes: ProductionTaxes })
  .meta({ id: 'ExpensesFunctionsInput' });
export type ExpensesFunctionsInput = z.input<typeof ExpensesFunctions>;
export type ExpensesFunctions = z.infer<typeof ExpensesFunctions>;

/** Responses carry the functions as sent (nothing is computed). */
export const ExpensesFunctionsView = ExpensesFunctions.meta({ id: 'ExpensesFunctionsView' });
export type ExpensesFunctionsView = ExpensesFunctions;

/** The response form of stored functions: the kind computes nothing, so a copy of the input. */
export function expensesView(functions: ExpensesFunctions): ExpensesFunctionsView {
  return structuredClone(functions);
}
