import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { econModelExample } from './examples';
import {
  EXPENSE_PHASES,
  ExpensesFunctions,
  ExpensesFunctionsView,
  expensesView,
  FIXED_EXPENSE_MAX,
  VARIABLE_EXPENSE_MAX,
} from './expenses';
import { issuesOf } from './testing';

const variable = { oil: 2, gas: 0.3, water: 1, ngl: 0, dripCondensate: 0 };
const base = { fixed: { flat: 5000 }, variable };
const taxes = { severanceTax: 4.6, adValoremTax: 2 };

/** The body with `patch` applied to expenses (a value of undefined drops the key). */
const exp = (patch: Record<string, unknown>) => ({ expenses: { ...base, ...patch }, productionTaxes: taxes });
const vari = (patch: Record<string, unknown>) => exp({ variable: { ...variable, ...patch } });
const tax = (patch: Record<string, unknown>) => ({ expenses: base, productionTaxes: { ...taxes, ...patch } });
const fixedRows = (byDate: unknown) => exp({ fixed: { byDate } });
const PHASES = EXPENSE_PHASES.map((p) => p.key);
const TAXES = ['severanceTax', 'adValoremTax'] as const;

const accepted: [string, unknown][] = [
  ['the base body', exp({})],
  ['the example', econModelExample('expenses')],
  ['fixed flat at 0', exp({ fixed: { flat: 0 } })],
  [`fixed flat at ${FIXED_EXPENSE_MAX}`, exp({ fixed: { flat: FIXED_EXPENSE_MAX } })],
  [
    'fixed by date',
    fixedRows([
      { date: '2026-01-01', cost: 5000 },
      { date: '2030-01-01', cost: 0 },
    ]),
  ],
  [`fixed row cost at ${FIXED_EXPENSE_MAX}`, fixedRows([{ date: '1900-01-01', cost: FIXED_EXPENSE_MAX }])],
  ...PHASES.flatMap((p): [string, unknown][] => [
    [`${p} at 0`, vari({ [p]: 0 })],
    [`${p} at ${VARIABLE_EXPENSE_MAX}`, vari({ [p]: VARIABLE_EXPENSE_MAX })],
    [`${p} with 6 decimals`, vari({ [p]: 0.000001 })],
  ]),
  ...TAXES.flatMap((k): [string, unknown][] => [
    [`${k} at 0`, tax({ [k]: 0 })],
    [`${k} at 100`, tax({ [k]: 100 })],
  ]),
];

type Case = [what: string, body: unknown, path: string, message: string, rule: string];

const rejected: Case[] = [
  ['no expenses', { productionTaxes: taxes }, 'expenses', 'expected object', 'invalid_type'],
  ['no productionTaxes', { expenses: base }, 'productionTaxes', 'expected object', 'invalid_type'],
  ['an unknown econ function', { ...exp({}), extra: 1 }, '', 'Unrecognized key: "extra"', 'unrecognized_keys'],
  [
    'calculation (WI applies in the engine)',
    exp({ calculation: 'net' }),
    'expenses',
    'Unrecognized key: "calculation"',
    'unrecognized_keys',
  ],
  // fixed
  ['no fixed', exp({ fixed: undefined }), 'expenses.fixed', 'fixed is required', 'invalid_type'],
  [
    'fixed with neither',
    exp({ fixed: {} }),
    'expenses.fixed',
    'fixed needs exactly one of flat, byDate',
    'exactly one of',
  ],
  [
    'fixed with both',
    exp({ fixed: { flat: 1, byDate: [{ date: '2026-01-01', cost: 1 }] } }),
    'expenses.fixed',
    'fixed takes exactly one of flat, byDate (got flat and byDate)',
    'exactly one of',
  ],
  ['fixed flat below 0', exp({ fixed: { flat: -1 } }), 'expenses.fixed.flat', 'fixed must be at least 0', 'too_small'],
  [
    'fixed flat above the cap',
    exp({ fixed: { flat: FIXED_EXPENSE_MAX + 0.000001 } }),
    'expenses.fixed.flat',
    `fixed must be at most ${FIXED_EXPENSE_MAX}`,
    'too_big',
  ],
  [
    'fixed flat with 7 decimals',
    exp({ fixed: { flat: 0.0000001 } }),
    'expenses.fixed.flat',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  ['fixed no rows', fixedRows([]), 'expenses.fixed.byDate', 'fixed.byDate needs at least 1 row', 'too_small'],
  [
    'fixed row cost below 0',
    fixedRows([{ date: '2026-01-01', cost: -0.000001 }]),
    'expenses.fixed.byDate[0].cost',
    'cost must be at least 0',
    'too_small',
  ],
  [
    'fixed row cost above the cap',
    fixedRows([{ date: '2026-01-01', cost: FIXED_EXPENSE_MAX + 1 }]),
    'expenses.fixed.byDate[0].cost',
    `cost must be at most ${FIXED_EXPENSE_MAX}`,
    'too_big',
  ],
  [
    'fixed row with price instead of cost',
    fixedRows([{ date: '2026-01-01', cost: 1, price: 1 }]),
    'expenses.fixed.byDate[0]',
    'Unrecognized key: "price"',
    'unrecognized_keys',
  ],
  [
    'fixed row date after 2262-04-01',
    fixedRows([{ date: '2262-04-02', cost: 1 }]),
    'expenses.fixed.byDate[0].date',
    'must lie between 1900-01-01 and 2262-04-01',
    'range 1900-01-01..2262-04-01',
  ],
  [
    'fixed rows with the same date',
    fixedRows([
      { date: '2026-01-01', cost: 1 },
      { date: '2026-01-01', cost: 2 },
    ]),
    'expenses.fixed.byDate[1].date',
    'fixed.byDate dates must strictly increase',
    'dates strictly increasing',
  ],
  // variable
  ['no variable', exp({ variable: undefined }), 'expenses.variable', 'expected object', 'invalid_type'],
  [
    'variable for an unknown phase',
    vari({ co2: 1 }),
    'expenses.variable',
    'Unrecognized key: "co2"',
    'unrecognized_keys',
  ],
  ...PHASES.flatMap((p): Case[] => [
    [`no ${p}`, vari({ [p]: undefined }), `expenses.variable.${p}`, `${p} must be a number`, 'invalid_type'],
    [`${p} below 0`, vari({ [p]: -0.000001 }), `expenses.variable.${p}`, `${p} must be at least 0`, 'too_small'],
    [
      `${p} above the cap`,
      vari({ [p]: VARIABLE_EXPENSE_MAX + 0.000001 }),
      `expenses.variable.${p}`,
      `${p} must be at most ${VARIABLE_EXPENSE_MAX}`,
      'too_big',
    ],
    [
      `${p} with 7 decimals`,
      vari({ [p]: 1.0000001 }),
      `expenses.variable.${p}`,
      'at most 6 decimals',
      'precision 0.000001',
    ],
  ]),
  // taxes
  [
    'a tax for something else',
    tax({ excise: 1 }),
    'productionTaxes',
    'Unrecognized key: "excise"',
    'unrecognized_keys',
  ],
  ...TAXES.flatMap((k): Case[] => [
    [`no ${k}`, tax({ [k]: undefined }), `productionTaxes.${k}`, `${k} must be a number`, 'invalid_type'],
    [`${k} below 0`, tax({ [k]: -0.000001 }), `productionTaxes.${k}`, `${k} must be at least 0`, 'too_small'],
    [`${k} above 100`, tax({ [k]: 100.000001 }), `productionTaxes.${k}`, `${k} must be at most 100`, 'too_big'],
  ]),
];

describe('ExpensesFunctions', () => {
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(ExpensesFunctions, value)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(ExpensesFunctions, value)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });

  it('renders to JSON Schema with descriptions for requests and responses', () => {
    const input = JSON.stringify(z.toJSONSchema(ExpensesFunctions, { io: 'input' }));
    expect(input).toContain('working interest');
    expect(input).toContain('$/well/month');
    expect(() => z.toJSONSchema(ExpensesFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('expensesView', () => {
  it('returns the stored functions unchanged, valid as a response', () => {
    const stored = ExpensesFunctions.parse(econModelExample('expenses'));
    expect(expensesView(stored)).toEqual(econModelExample('expenses'));
    expect(ExpensesFunctionsView.safeParse(expensesView(stored)).success).toBe(true);
  });
});
