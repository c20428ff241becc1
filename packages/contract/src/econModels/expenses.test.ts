import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { econModelExample } from './examples';
import {
  CARBON_COMPONENTS,
  EXPENSE_VALUE_KEYS,
  ExpensesFunctions,
  ExpensesFunctionsView,
  expensesView,
  FIXED_EXPENSE_KEYS,
  MONEY_MAX,
  OLD_EXPENSES_MESSAGE,
  PCT_OF_REVENUE_KEYS,
  VARIABLE_EXPENSE_CATEGORIES,
  VARIABLE_EXPENSE_PHASES,
} from './expenses';
import { issuesOf } from './testing';

const flat = (key: string, value: number) => [{ entireWellLife: 'Flat', [key]: value }];
/** The smallest body: the three required groups, every leaf at its default. */
const EMPTY = { variableExpenses: {}, fixedExpenses: {}, waterDisposal: {} };
/** A body with one leaf at `path` (e.g. `variableExpenses.oil.gathering`) set to `leaf`. */
function withLeaf(path: string, leaf: Record<string, unknown>): Record<string, unknown> {
  const keys = path.split('.');
  const body: Record<string, unknown> = structuredClone(EMPTY);
  let at = body;
  for (const k of keys.slice(0, -1)) {
    at[k] ??= {};
    at = at[k] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]!] = leaf;
  return body;
}
const issues = (body: unknown) => issuesOf(ExpensesFunctions, body);

/** Every leaf path with the group whose value keys it takes. */
const LEAVES: [string, keyof typeof EXPENSE_VALUE_KEYS][] = [
  ...VARIABLE_EXPENSE_PHASES.flatMap((p) =>
    VARIABLE_EXPENSE_CATEGORIES.map((c): [string, typeof p] => [`variableExpenses.${p}.${c}`, p]),
  ),
  ['variableExpenses.boe.processing', 'boe'],
  ['variableExpenses.totalFluid.processing', 'totalFluid'],
  ...FIXED_EXPENSE_KEYS.map((k): [string, 'fixed'] => [`fixedExpenses.${k}`, 'fixed']),
  ['waterDisposal', 'water'],
  ...CARBON_COMPONENTS.map((c): [string, 'carbon'] => [`carbonExpenses.${c}`, 'carbon']),
];
const ALL_VALUE_KEYS = [...new Set(Object.values(EXPENSE_VALUE_KEYS).flat())];
const get = (o: unknown, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);

describe('ExpensesFunctions: defaults', () => {
  const parsed = ExpensesFunctions.parse(EMPTY);

  it('requires variableExpenses, fixedExpenses and waterDisposal (each may be {}); carbonExpenses may be left out', () => {
    expect(issues({ carbonExpenses: {} })).toEqual(
      ['variableExpenses', 'fixedExpenses', 'waterDisposal'].map((path) => ({
        path,
        message: `${path} is required: an object ({} takes every default)`,
        rule: 'invalid_type',
      })),
    );
    expect(issues({ ...EMPTY, fixedExpenses: 8000 })).toEqual([
      { path: 'fixedExpenses', message: 'fixedExpenses must be an object', rule: 'invalid_type' },
    ]);
  });

  it('fills every leaf left out with the service’s defaults', () => {
    for (const [path, group] of LEAVES) {
      const leaf = get(parsed, path) as Record<string, unknown>;
      expect(leaf, path).toMatchObject({
        description: '',
        escalationModel: 'none',
        calculation: 'wi',
        affectEconLimit: true,
        deductBeforeSeveranceTax: false,
        deductBeforeAdValTax: false,
        cap: '',
        dealTerms: 1,
        rateType: 'gross_well_head',
        rowsCalculationMethod: 'non_monotonic',
        rows: [{ entireWellLife: 'Flat', [EXPENSE_VALUE_KEYS[group][0]]: 0 }],
      });
      const shrinks = ['oil', 'gas', 'boe', 'totalFluid'].includes(group);
      expect(leaf.shrinkageCondition, path).toBe(shrinks ? 'unshrunk' : undefined);
      if (group === 'fixed') expect(leaf, path).toMatchObject({ stopAtEconLimit: true, expenseBeforeFpd: false });
      else expect(leaf.stopAtEconLimit, path).toBeUndefined();
    }
    expect(parsed.carbonExpenses.category).toBe('co2e');
  });

  it('keeps what is sent and fills the rest of the leaf', () => {
    const leaf = ExpensesFunctions.parse(
      withLeaf('fixedExpenses.otherMonthlyCost3', { expenseBeforeFpd: true, rows: flat('fixedExpensePerWell', 500) }),
    ).fixedExpenses.otherMonthlyCost3;
    expect(leaf).toMatchObject({ expenseBeforeFpd: true, stopAtEconLimit: true, calculation: 'wi' });
    expect(leaf.rows).toEqual(flat('fixedExpensePerWell', 500));
  });

  it('accepts the example (a Permian well)', () => {
    expect(issues(econModelExample('expenses'))).toEqual([]);
  });
});

describe('ExpensesFunctions: the value keys of each leaf', () => {
  it.each(LEAVES)('%s takes its units and refuses the others', (path, group) => {
    const allowed: readonly string[] = EXPENSE_VALUE_KEYS[group];
    for (const key of ALL_VALUE_KEYS) {
      const found = issues(withLeaf(path, { rows: flat(key, 1) }));
      if (allowed.includes(key)) expect(found, `${path} ${key}`).toEqual([]);
      else
        expect(found, `${path} ${key}`).toContainEqual({
          path: `${path}.rows[0]`,
          message: `Unrecognized key: "${key}"`,
          rule: 'unrecognized_keys',
        });
    }
  });

  it('refuses a table mixing units; takes rate rows as clients send them', () => {
    expect(
      issues(
        withLeaf('variableExpenses.gas.gathering', {
          rows: [
            { dates: '2026-01-01', dollarPerMcf: 1 },
            { dates: '2027-01-01', dollarPerMmbtu: 1 },
          ],
        }),
      ),
    ).toEqual([
      {
        path: 'variableExpenses.gas.gathering.rows',
        message: 'every row of a table takes the same value key (got dollarPerMcf and dollarPerMmbtu)',
        rule: 'one unit per table',
      },
    ]);
    expect(
      issues(withLeaf('waterDisposal', { rows: [{ oilRate: { start: 0, end: 100 }, dollarPerBbl: 1 }] }))[0],
    ).toMatchObject({ path: 'waterDisposal.rows[0].oilRate', message: 'the last rate row ends at "inf", not 100' });
    const parsed = ExpensesFunctions.parse(
      withLeaf('waterDisposal', {
        rateType: 'net_sales',
        rowsCalculationMethod: 'monotonic',
        rows: [
          { totalFluidRate: 0, dollarPerBbl: 1 },
          { totalFluidRate: 100, dollarPerBbl: 0.5 },
        ],
      }),
    );
    expect(parsed.waterDisposal).toMatchObject({
      rateType: 'net_sales',
      rowsCalculationMethod: 'monotonic',
      rows: [
        { totalFluidRate: { start: 0, end: 100 }, dollarPerBbl: 1 },
        { totalFluidRate: { start: 100, end: 'inf' }, dollarPerBbl: 0.5 },
      ],
    });
  });
});

describe('ExpensesFunctions: ranges', () => {
  type Case = [what: string, path: string, leaf: Record<string, unknown>, field: string, message: string];
  const pct = PCT_OF_REVENUE_KEYS.map((k) => [k, 'variableExpenses.oil.other'] as const);
  const money = [
    ['dollarPerBbl', 'variableExpenses.oil.gathering'],
    ['dollarPerMcf', 'variableExpenses.gas.gathering'],
    ['dollarPerMmbtu', 'variableExpenses.gas.marketing'],
    ['fixedExpense', 'fixedExpenses.monthlyWellCost'],
    ['fixedExpensePerWell', 'fixedExpenses.otherMonthlyCost8'],
    ['carbonExpense', 'carbonExpenses.ch4'],
  ] as const;

  it('takes percents 0 to 100 and money ±1e10, with 6 decimals', () => {
    for (const [key, path] of pct) {
      for (const v of [0, 100, 4.600001]) expect(issues(withLeaf(path, { rows: flat(key, v) })), key).toEqual([]);
    }
    for (const [key, path] of money) {
      for (const v of [-MONEY_MAX, 0, MONEY_MAX, 0.000001])
        expect(issues(withLeaf(path, { rows: flat(key, v) })), key).toEqual([]);
    }
  });

  const refused: Case[] = [
    ...pct.flatMap(([k, p]): Case[] => [
      [`${k} below 0`, p, { rows: flat(k, -0.000001) }, `${p}.rows[0].${k}`, `${k} must be at least 0`],
      [`${k} above 100`, p, { rows: flat(k, 100.000001) }, `${p}.rows[0].${k}`, `${k} must be at most 100`],
    ]),
    ...money.flatMap(([k, p]): Case[] => [
      [
        `${k} below −1e10`,
        p,
        { rows: flat(k, -MONEY_MAX - 1) },
        `${p}.rows[0].${k}`,
        `${k} must be at least -${MONEY_MAX}`,
      ],
      [
        `${k} above 1e10`,
        p,
        { rows: flat(k, MONEY_MAX + 1) },
        `${p}.rows[0].${k}`,
        `${k} must be at most ${MONEY_MAX}`,
      ],
    ]),
    [
      '7 decimals',
      'waterDisposal',
      { rows: flat('dollarPerBbl', 0.0000001) },
      'waterDisposal.rows[0].dollarPerBbl',
      'at most 6 decimals',
    ],
    [
      'dealTerms below 0',
      'waterDisposal',
      { dealTerms: -1 },
      'waterDisposal.dealTerms',
      'dealTerms must be at least 0',
    ],
    [
      'dealTerms above 1000',
      'waterDisposal',
      { dealTerms: 1001 },
      'waterDisposal.dealTerms',
      'dealTerms must be at most 1000',
    ],
    ['a negative cap', 'waterDisposal', { cap: -1 }, 'waterDisposal.cap', 'cap must be at least 0'],
    ['a cap as text', 'waterDisposal', { cap: 'none' }, 'waterDisposal.cap', 'cap must be "" (no cap) or a number'],
    [
      'a long description',
      'waterDisposal',
      { description: 'x'.repeat(201) },
      'waterDisposal.description',
      'at most 200 characters',
    ],
  ];
  it.each(refused)('refuses %s, naming the field', (_, path, leaf, field, message) => {
    expect(issues(withLeaf(path, leaf))).toEqual([
      { path: field, message: expect.stringContaining(message), rule: expect.any(String) },
    ]);
  });

  it('takes a cap of 0 to 1e10 and dealTerms 0 to 1000', () => {
    for (const leaf of [{ cap: 0 }, { cap: MONEY_MAX }, { dealTerms: 0 }, { dealTerms: 1000 }, { dealTerms: 1.5 }])
      expect(issues(withLeaf('waterDisposal', leaf))).toEqual([]);
  });
});

describe('ExpensesFunctions: settings', () => {
  const path = 'variableExpenses.gas.processing';
  it.each([
    ['calculation', 'gross', 'calculation must be one of wi, nri, lease_nri'],
    ['shrinkageCondition', 'wet', 'shrinkageCondition must be one of shrunk, unshrunk'],
    ['rateType', 'net', 'rateType must be one of gross_well_head, gross_sales, net_sales'],
    ['rowsCalculationMethod', 'up', 'rowsCalculationMethod must be one of non_monotonic, monotonic'],
    ['affectEconLimit', 'yes', 'affectEconLimit must be true or false'],
    ['deductBeforeSeveranceTax', 1, 'deductBeforeSeveranceTax must be true or false'],
    ['deductBeforeAdValTax', 'no', 'deductBeforeAdValTax must be true or false'],
    // rows.ts's EscalationModelRef names the field and what it takes.
    ['escalationModel', 'inflation', 'escalationModel must be "none" or the id of an escalations model'],
  ])('refuses %s %j, naming the field', (field, value, message) => {
    expect(issues(withLeaf(path, { [field]: value }))).toEqual([
      { path: `${path}.${field}`, message: expect.stringContaining(message), rule: expect.any(String) },
    ]);
  });

  it('takes every calculation, an escalation model id, and shrinkage on other leaves (stored)', () => {
    for (const calculation of ['wi', 'nri', 'lease_nri', 'one_minus_wi', 'nri_minus_one', '100_pct_wi'])
      expect(issues(withLeaf(path, { calculation }))).toEqual([]);
    expect(issues(withLeaf(path, { escalationModel: '6523f1a2b4c5d6e7f8091a2b' }))).toEqual([]);
    expect(issues(withLeaf('waterDisposal', { shrinkageCondition: 'shrunk' }))).toEqual([]);
  });

  it('refuses unknown leaves, the fixed settings on other leaves, and unknown groups', () => {
    for (const [body, at, key] of [
      [withLeaf('variableExpenses.oil.compression', {}), 'variableExpenses.oil', 'compression'],
      [withLeaf('variableExpenses.water.other', {}), 'variableExpenses', 'water'],
      [withLeaf('variableExpenses.boe.gathering', {}), 'variableExpenses.boe', 'gathering'],
      [withLeaf('fixedExpenses.otherMonthlyCost9', {}), 'fixedExpenses', 'otherMonthlyCost9'],
      [
        withLeaf('variableExpenses.oil.other', { stopAtEconLimit: false }),
        'variableExpenses.oil.other',
        'stopAtEconLimit',
      ],
      [withLeaf('carbonExpenses.methane', {}), 'carbonExpenses', 'methane'],
      [{ ...EMPTY, severanceTaxes: {} }, '', 'severanceTaxes'],
    ] as const) {
      expect(issues(body), key).toEqual([
        { path: at, message: `Unrecognized key: "${key}"`, rule: 'unrecognized_keys' },
      ]);
    }
  });
});

describe('ExpensesFunctions: the old body (issue 8)', () => {
  const old = {
    expenses: { fixed: { flat: 8000 }, variable: { oil: 2.5, gas: 0.35, water: 1.2, ngl: 0, dripCondensate: 0 } },
    productionTaxes: { severanceTax: 4.6, adValoremTax: 2 },
  };
  const message = `expenses: ${OLD_EXPENSES_MESSAGE}`;

  it('is refused with one message naming the field and showing the new shape (no message per missing group)', () => {
    expect(issues(old)).toEqual([{ path: 'expenses', message, rule: 'the service’s expenses shape' }]);
    expect(message).toContain(
      '"fixedExpenses":{"monthlyWellCost":{"rows":[{"entireWellLife":"Flat","fixedExpense":8000}]}}',
    );
    expect(message).toContain('production-taxes model');
  });

  it('names productionTaxes when only it is sent, and the old body beside other errors', () => {
    expect(issues({ productionTaxes: old.productionTaxes })).toEqual([
      {
        path: 'productionTaxes',
        message: `productionTaxes: ${OLD_EXPENSES_MESSAGE}`,
        rule: 'the service’s expenses shape',
      },
    ]);
    expect(issues({ ...old, ...EMPTY, waterDisposal: { dealTerms: -1 } }).map((i) => i.path)).toEqual([
      'waterDisposal.dealTerms',
      'expenses',
    ]);
  });
});

describe('the view', () => {
  it('fills the leaves a stored model lacks (a model converted by migration 0012)', () => {
    const stored = { ...EMPTY, waterDisposal: { rows: flat('dollarPerBbl', 1.2) } } as unknown as ExpensesFunctions;
    const view = expensesView(stored);
    expect(view.waterDisposal).toMatchObject({ calculation: 'wi', rows: flat('dollarPerBbl', 1.2) });
    expect(view.fixedExpenses.monthlyWellCost.rows).toEqual(flat('fixedExpense', 0));
    expect(ExpensesFunctionsView.safeParse(view).success).toBe(true);
    expect(view).toEqual(ExpensesFunctions.parse(stored));
  });

  it('renders to JSON Schema for requests and responses, each leaf group once', () => {
    const input = JSON.stringify(z.toJSONSchema(ExpensesFunctions, { io: 'input' }));
    expect(input).toContain('ExpenseLeaf_gas');
    expect(input).toContain('percent of revenue');
    expect(input).toContain('refused: issue 8');
    expect(() => z.toJSONSchema(ExpensesFunctionsView, { io: 'output' })).not.toThrow();
  });
});
