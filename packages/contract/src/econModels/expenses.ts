import { z } from 'zod';
import {
  CALCULATIONS,
  CARBON_COMPONENTS,
  EXPENSE_LEAF_DEFAULTS,
  EXPENSE_UNIT_LABELS,
  EXPENSE_VALUE_KEYS,
  type ExpenseLeafGroup,
  FIXED_EXPENSE_KEYS,
  FIXED_LEAF_DEFAULTS,
  MONEY_MAX,
  PCT_OF_REVENUE_KEYS,
  RATE_TYPES,
  ROWS_CALCULATION_METHODS,
  SHRINKAGE_CONDITIONS,
  VARIABLE_EXPENSE_CATEGORIES,
  VARIABLE_SHRINKAGE_DEFAULT,
} from './expenseKeys';
import { enumOf, range } from './fields';
import { Cap, datedRow, EscalationModelRef, RATE_ROW_PERIODS, rowTable } from './rows';

/*
 * Expenses, the service's shape (issue 19; service-shapes.md "Econ models"): `variableExpenses`
 * per phase and category, `fixedExpenses` (a monthly well cost and eight other monthly costs),
 * `waterDisposal` and `carbonExpenses`. Every leaf has the same settings and a table of dated rows
 * (rows.ts); a leaf or setting left out takes the service's default (econ-math.md, Expenses), so a
 * stored model always holds every leaf. Our own body of issue 8 (`expenses`, `productionTaxes`) is
 * refused with the new shape in the message; stored ones were converted by migration 0012.
 * Decision 036.
 */

export * from './expenseKeys';

const isPct = (k: string) => (PCT_OF_REVENUE_KEYS as readonly string[]).includes(k);

/** The row value schema of a key: a percent of revenue 0 to 100, else money ±1e10. */
const valueSchema = (key: string) =>
  isPct(key)
    ? range(key, 0, 100).meta({ description: `${EXPENSE_UNIT_LABELS[key as 'pctOfOilRev']} (0 to 100)` })
    : range(key, -MONEY_MAX, MONEY_MAX).meta({
        description: `${EXPENSE_UNIT_LABELS[key as 'dollarPerBbl']} (−${MONEY_MAX} to ${MONEY_MAX})`,
      });

const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });

const DESCRIPTIONS: Record<ExpenseLeafGroup, string> = {
  oil: 'an oil variable expense: $/BBL of oil (unshrunk or shrunk) or a percent of revenue',
  gas: 'a gas variable expense: $/MCF or $/MMBTU of gas (unshrunk or shrunk) or a percent of revenue',
  ngl: 'an NGL variable expense: $/BBL of NGL sold or a percent of revenue',
  dripCondensate: 'a drip condensate variable expense: $/BBL sold or a percent of revenue',
  boe: 'a BOE processing expense: stored, not applied (the platform’s engine has none)',
  totalFluid: 'a total-fluid processing expense: stored, not applied (the platform’s engine has none)',
  fixed: 'a fixed monthly cost: $/month, or $/well/month × the gross well count',
  water: 'water disposal: $/BBL of water',
  carbon: 'a carbon expense: $ per metric tonne of the component',
};

/** The error of a required object left out or not an object. */
const requiredObject = (field: string) => ({
  error: (iss: { code?: string; input?: unknown }) =>
    iss.code !== 'invalid_type'
      ? undefined
      : iss.input === undefined
        ? `${field} is required: an object ({} takes every default)`
        : `${field} must be an object`,
});

/** One leaf of a group: its settings (each with the service's default) and its dated rows. */
function leaf(group: ExpenseLeafGroup, required?: string) {
  const keys = EXPENSE_VALUE_KEYS[group];
  const Row = datedRow(Object.fromEntries(keys.map((k) => [k, valueSchema(k)])), RATE_ROW_PERIODS);
  const shrinks = group === 'oil' || group === 'gas' || group === 'boe' || group === 'totalFluid';
  const shrinkage = enumOf('shrinkageCondition', SHRINKAGE_CONDITIONS);
  const d = EXPENSE_LEAF_DEFAULTS;
  return z
    .strictObject(
      {
        description: z
          .string({ error: 'description must be a string' })
          .max(200, 'description must be at most 200 characters')
          .default(d.description),
        shrinkageCondition: shrinks
          ? shrinkage.default(VARIABLE_SHRINKAGE_DEFAULT).meta({
              description: 'the volume the rows’ $/unit applies to: unshrunk (default) or shrunk (sales)',
            })
          : shrinkage.optional().meta({ description: 'stored; applies to oil and gas variable expenses only' }),
        escalationModel: EscalationModelRef,
        calculation: enumOf('calculation', CALCULATIONS).default(d.calculation).meta({
          description: 'the interest charged: wi (default), nri, lease_nri, 1 − each, each − 1, or 100_pct_wi',
        }),
        affectEconLimit: bool('affectEconLimit')
          .default(d.affectEconLimit)
          .meta({ description: 'false: charged, but added back to the cash flow that sets the economic limit' }),
        deductBeforeSeveranceTax: bool('deductBeforeSeveranceTax')
          .default(d.deductBeforeSeveranceTax)
          .meta({ description: 'variable expenses: deducted from their phase’s revenue before a % severance tax' }),
        deductBeforeAdValTax: bool('deductBeforeAdValTax')
          .default(d.deductBeforeAdValTax)
          .meta({ description: 'deducted from the revenue before a % ad valorem tax' }),
        cap: Cap('cap', MONEY_MAX),
        dealTerms: range('dealTerms', 0, 1000)
          .default(d.dealTerms)
          .meta({ description: 'paying WI / earning WI, a multiplier (default 1)' }),
        rateType: enumOf('rateType', RATE_TYPES).default(d.rateType).meta({
          description:
            'the volumes rate rows (oilRate, gasRate, waterRate, totalFluidRate) read: gross_well_head (default), gross_sales or net_sales (× the phase’s NRI)',
        }),
        rowsCalculationMethod: enumOf('rowsCalculationMethod', ROWS_CALCULATION_METHODS)
          .default(d.rowsCalculationMethod)
          .meta({
            description:
              'rate rows: non_monotonic (default) reads each month’s rate; monotonic the lowest rate so far, so a row once left is not returned to',
          }),
        rows: rowTable(Row, keys)
          .default(() => [{ entireWellLife: 'Flat', [keys[0]]: 0 }] as never)
          .meta({
            description: `dated rows of exactly one of ${keys.join(', ')}; default one Flat row of 0. Percents are 0 to 100, money −${MONEY_MAX} to ${MONEY_MAX}.`,
          }),
        ...(group === 'fixed'
          ? {
              stopAtEconLimit: bool('stopAtEconLimit')
                .default(FIXED_LEAF_DEFAULTS.stopAtEconLimit)
                .meta({ description: 'true (default): nothing after the economic limit, its month by days' }),
              expenseBeforeFpd: bool('expenseBeforeFpd')
                .default(FIXED_LEAF_DEFAULTS.expenseBeforeFpd)
                .meta({ description: 'false (default): nothing before first production, its month by days' }),
            }
          : {}),
      },
      required ? requiredObject(required) : undefined,
    )
    .meta({ id: `ExpenseLeaf_${group}`, description: DESCRIPTIONS[group] });
}

/** One schema per group of leaves (several leaves share it: one OpenAPI component each). */
const LEAVES = Object.fromEntries(
  (Object.keys(EXPENSE_VALUE_KEYS) as ExpenseLeafGroup[]).map((g) => [
    g,
    leaf(g, g === 'water' ? 'waterDisposal' : undefined),
  ]),
) as Record<ExpenseLeafGroup, ReturnType<typeof leaf>>;

/** A group of leaves; each leaf left out takes its defaults. */
const group = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: S, required?: string) =>
  z.strictObject(
    Object.fromEntries(keys.map((k) => [k, schema.prefault({} as never)])) as Record<K, z.ZodPrefault<S>>,
    required ? requiredObject(required) : undefined,
  );

type PhaseGroup<K extends string> = z.ZodPrefault<
  z.ZodObject<Record<K, z.ZodPrefault<ReturnType<typeof leaf>>>, z.core.$strict>
>;
const phaseGroup = <K extends string>(keys: readonly K[], g: ExpenseLeafGroup, description: string) =>
  group(keys, LEAVES[g])
    .prefault({} as never)
    .meta({ description }) as unknown as PhaseGroup<K>;

const VariableExpenses = z
  .strictObject(
    {
      oil: phaseGroup(VARIABLE_EXPENSE_CATEGORIES, 'oil', `oil: ${VARIABLE_EXPENSE_CATEGORIES.join(', ')}`),
      gas: phaseGroup(VARIABLE_EXPENSE_CATEGORIES, 'gas', `gas: ${VARIABLE_EXPENSE_CATEGORIES.join(', ')}`),
      ngl: phaseGroup(VARIABLE_EXPENSE_CATEGORIES, 'ngl', `ngl: ${VARIABLE_EXPENSE_CATEGORIES.join(', ')}`),
      dripCondensate: phaseGroup(
        VARIABLE_EXPENSE_CATEGORIES,
        'dripCondensate',
        `dripCondensate: ${VARIABLE_EXPENSE_CATEGORIES.join(', ')}`,
      ),
      boe: phaseGroup(['processing'], 'boe', 'boe: processing (stored, not applied)'),
      totalFluid: phaseGroup(['processing'], 'totalFluid', 'totalFluid: processing (stored, not applied)'),
    },
    requiredObject('variableExpenses'),
  )
  .meta({
    id: 'VariableExpenses',
    description: 'per phase and category, × volume (or revenue) × interest × dealTerms',
  });

/** An example of the new body, shown to clients sending the old one. */
const NEW_SHAPE_EXAMPLE = JSON.stringify({
  fixedExpenses: { monthlyWellCost: { rows: [{ entireWellLife: 'Flat', fixedExpense: 8000 }] } },
  variableExpenses: { oil: { gathering: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 1 }] } } },
  waterDisposal: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0.75 }] },
});
/** The message of the old body (issue 8's `expenses` and `productionTaxes`). */
export const OLD_EXPENSES_MESSAGE = `the old expenses body ({expenses: {fixed, variable}, productionTaxes}) is no longer taken: send the service's shape, e.g. ${NEW_SHAPE_EXAMPLE}; production taxes are a production-taxes model ({data: {state, rows}})`;
const OLD_KEYS = ['expenses', 'productionTaxes'] as const;

const EXPENSES_SHAPE = {
  variableExpenses: VariableExpenses,
  fixedExpenses: group(FIXED_EXPENSE_KEYS, LEAVES.fixed, 'fixedExpenses').meta({
    id: 'FixedExpenses',
    description: 'monthlyWellCost and otherMonthlyCost1 … 8',
  }),
  waterDisposal: LEAVES.water,
  carbonExpenses: z
    .strictObject({
      category: z
        .string({ error: 'category must be a string' })
        .max(50, 'category must be at most 50 characters')
        .default('co2e')
        .meta({ description: 'stored; every priced component is charged (as the platform does)' }),
      ...(Object.fromEntries(CARBON_COMPONENTS.map((c) => [c, LEAVES.carbon.prefault({} as never)])) as Record<
        (typeof CARBON_COMPONENTS)[number],
        z.ZodPrefault<ReturnType<typeof leaf>>
      >),
    })
    .prefault({})
    .meta({ id: 'CarbonExpenses', description: '$ per metric tonne of CO2e, CO2, CH4 and N2O' }),
};

/**
 * The econ function objects of an expenses model's request body: variableExpenses, fixedExpenses
 * and waterDisposal required (each may be {}), carbonExpenses optional; the old body refused with
 * one message.
 */
export const ExpensesFunctions = z
  .strictObject({
    ...EXPENSES_SHAPE,
    ...(Object.fromEntries(
      OLD_KEYS.map((k) => [
        k,
        z
          .unknown()
          .optional()
          .meta({ description: `refused: issue 8’s body; ${OLD_EXPENSES_MESSAGE}` }),
      ]),
    ) as Record<(typeof OLD_KEYS)[number], z.ZodOptional<z.ZodUnknown>>),
  })
  .superRefine(
    (v, ctx) => {
      const old = OLD_KEYS.find((k) => v[k] !== undefined);
      if (old) {
        // The old body lacks the new groups: one message, not one per group.
        for (let i = ctx.issues.length - 1; i >= 0; i--) {
          const issue = ctx.issues[i]!;
          if (issue.code === 'invalid_type' && issue.path?.length === 1 && issue.input === undefined) {
            ctx.issues.splice(i, 1);
          }
        }
        ctx.addIssue({
          code: 'custom',
          path: [old],
          message: `${old}: ${OLD_EXPENSES_MESSAGE}`,
          params: { rule: 'the service’s expenses shape' },
          input: v[old],
        });
      }
    },
    // The old body is named even when other fields are wrong too.
    { when: () => true },
  )
  .meta({ id: 'ExpensesFunctionsInput' });
export type ExpensesFunctionsInput = z.input<typeof ExpensesFunctions>;
export type ExpensesFunctions = Omit<z.output<typeof ExpensesFunctions>, (typeof OLD_KEYS)[number]>;

/** Responses carry every leaf with its settings (defaults filled in). */
export const ExpensesFunctionsView = z.strictObject(EXPENSES_SHAPE).meta({ id: 'ExpensesFunctionsView' });
export type ExpensesFunctionsView = z.output<typeof ExpensesFunctionsView>;
export type ExpenseLeaf = ExpensesFunctionsView['waterDisposal'];
export type FixedExpenseLeaf = ExpensesFunctionsView['fixedExpenses']['monthlyWellCost'];

/**
 * The response form of stored functions: every leaf with its defaults (a model converted by
 * migration 0012 holds only the leaves it had).
 */
export function expensesView(functions: ExpensesFunctions): ExpensesFunctionsView {
  const parsed = ExpensesFunctionsView.safeParse(functions);
  return parsed.success ? parsed.data : (structuredClone(functions) as ExpensesFunctionsView);
}
