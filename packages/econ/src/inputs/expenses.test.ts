import { econModelExample } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { EconError } from '../econError';
import { parseModel } from '../test/fixtures';
import { expenseItems, impactFee, taxItems } from './expenses';
import type { RowRefs } from './rows';

/* The expenses and production-taxes models as the engine reads them (inputs/expenses.ts). */

const AS_OF = toDayIndex('2027-01-01');
const REFS: RowRefs = { fpd: '2026-06-15', asOfDay: AS_OF, discountDay: AS_OF };
const flat = (key: string, value: number) => [{ entireWellLife: 'Flat', [key]: value }];
const ex = (body: Record<string, unknown>) =>
  parseModel('expenses', { variableExpenses: {}, fixedExpenses: {}, waterDisposal: {}, ...body });
const pt = (...rows: Record<string, unknown>[]) => parseModel('production-taxes', { data: { state: 'texas', rows } });
const taxRow = (over: Record<string, unknown>) => ({
  key: 'oil',
  category: 'severance_tax',
  criteria: 'entire_well_life',
  period: ['Flat'],
  value: [4.6],
  unit: 'pct_of_revenue',
  ...over,
});

describe('expenseItems', () => {
  it('the example: the four leaves with a value, each with its unit, settings and rows', () => {
    const warnings: string[] = [];
    const items = expenseItems(ex(econModelExample('expenses')), REFS, warnings);
    expect(items.map((i) => [i.field, i.group, i.product, i.unit, i.rows[0]!.value])).toEqual([
      ['variableExpenses.oil.gathering', 'variable', 'oil', 'dollarPerBbl', 1],
      ['variableExpenses.gas.processing', 'variable', 'gas', 'dollarPerMcf', 0.4],
      ['fixedExpenses.monthlyWellCost', 'fixed', undefined, 'fixedExpense', 8000],
      ['waterDisposal', 'water', undefined, 'dollarPerBbl', 0.75],
    ]);
    expect(items[2]).toMatchObject({
      calculation: 'wi',
      dealTerms: 1,
      cap: undefined,
      affectEconLimit: true,
      stopAtEconLimit: true,
      expenseBeforeFpd: false,
      escalationModel: 'none',
      shrinkageCondition: 'unshrunk',
    });
    expect(warnings).toEqual([]);
  });

  it('settings as stored, a cap, carbon components, offset rows from FPD', () => {
    const items = expenseItems(
      ex({
        variableExpenses: {
          gas: {
            marketing: {
              calculation: 'nri',
              cap: 0.5,
              dealTerms: 2,
              shrinkageCondition: 'shrunk',
              rows: [{ offsetToFpd: { start: 1, end: 12 }, dollarPerMmbtu: 0.3 }],
            },
          },
        },
        carbonExpenses: { n2O: { rows: flat('carbonExpense', 40) } },
      }),
      REFS,
      [],
    );
    expect(items[0]).toMatchObject({
      unit: 'dollarPerMmbtu',
      calculation: 'nri',
      cap: 0.5,
      dealTerms: 2,
      shrinkageCondition: 'shrunk',
    });
    expect(items[0]!.rows).toEqual([
      { period: { kind: 'offset', ref: toDayIndex('2026-06-15'), start: 1, end: 12 }, value: 0.3 },
    ]);
    expect(items[1]).toMatchObject({
      field: 'carbonExpenses.n2O',
      group: 'carbon',
      component: 'n2O',
      unit: 'carbonExpense',
    });
  });

  it('a leaf stored without its settings (migration 0012) takes the defaults', () => {
    const stored = { waterDisposal: { rows: flat('dollarPerBbl', 1.2) } } as never;
    expect(expenseItems(stored, REFS, [])).toEqual([
      expect.objectContaining({ field: 'waterDisposal', calculation: 'wi', dealTerms: 1, affectEconLimit: true }),
    ]);
  });

  it('BOE and total-fluid expenses are stored, not applied, with a warning', () => {
    const warnings: string[] = [];
    const items = expenseItems(
      ex({ variableExpenses: { boe: { processing: { rows: flat('dollarPerBbl', 0.5) } } } }),
      REFS,
      warnings,
    );
    expect(items).toEqual([]);
    expect(warnings).toEqual([
      'expenses: variableExpenses.boe.processing is stored but not applied: the platform’s engine has no BOE or total-fluid expense.',
    ]);
  });

  it('offsetToFpd rows need the well’s first production date', () => {
    const model = ex({
      fixedExpenses: { monthlyWellCost: { rows: [{ offsetToFpd: { start: 1, end: 2 }, fixedExpense: 1 }] } },
    });
    expect(() => expenseItems(model, { ...REFS, fpd: undefined }, [])).toThrow(EconError);
  });
});

describe('taxItems', () => {
  it('each row set with its product, unit and rows: flat, dates, consecutive months from FPD', () => {
    const items = taxItems(
      pt(
        taxRow({}),
        taxRow({ key: 'drip_condensate', criteria: 'dates', period: ['1900-01-01', '2028-01-01'], value: [4.6, 4] }),
        taxRow({ key: 'gas', criteria: 'offset_to_fpd', period: [12, '24'], value: [1, 2], unit: 'dollar_per_mcf' }),
        taxRow({ key: 'ad_valorem_tax', category: 'ad_val_tax', value: [2.5], deductSeveranceTax: true }),
        taxRow({ key: 'ngl', value: [0] }),
      ),
      REFS,
      [],
    );
    const fpd = toDayIndex('2026-06-15');
    expect(items.map((i) => [i.field, i.kind, i.product, i.unit])).toEqual([
      ['data.rows[0]', 'severance', 'oil', 'pct_of_revenue'],
      ['data.rows[1]', 'severance', 'dripCondensate', 'pct_of_revenue'],
      ['data.rows[2]', 'severance', 'gas', 'dollar_per_mcf'],
      ['data.rows[3]', 'adValorem', undefined, 'pct_of_revenue'],
    ]);
    expect(items[1]!.rows.map((r) => r.period)).toEqual([
      { kind: 'date', day: toDayIndex('1900-01-01') },
      { kind: 'date', day: toDayIndex('2028-01-01') },
    ]);
    expect(items[2]!.rows).toEqual([
      { period: { kind: 'offset', ref: fpd, start: 1, end: 12 }, value: 1 },
      { period: { kind: 'offset', ref: fpd, start: 13, end: 36 }, value: 2 },
    ]);
    expect(items[3]).toMatchObject({ calculation: 'nri', shrinkageCondition: 'shrunk', deductSeveranceTax: true });
  });

  it('a Pennsylvania impact-fee state leaves its ad valorem row sets out, each with a value warned; severance stays', () => {
    const warnings: string[] = [];
    const model = parseModel('production-taxes', {
      data: {
        state: 'pennsylvania horizontal',
        rows: [
          taxRow({ key: 'gas', value: [5] }),
          taxRow({ key: 'ad_valorem_tax', category: 'ad_val_tax', value: [2.5] }),
          taxRow({ key: 'ad_valorem_tax', category: 'ad_val_tax', value: [0], unit: 'dollar_per_month' }),
        ],
      },
    });
    expect(taxItems(model, REFS, warnings).map((i) => [i.field, i.kind])).toEqual([['data.rows[0]', 'severance']]);
    expect(warnings).toEqual([
      'production-taxes: data.rows[1] (ad valorem) is not applied: state pennsylvania horizontal charges Pennsylvania’s impact fee instead.',
    ]);
  });
});

describe('impactFee', () => {
  const DATES = { fpd: '2026-06-15', spudDate: '2025-11-03' };
  const pa = (data: Record<string, unknown>) =>
    parseModel('production-taxes', { data: { state: 'pennsylvania_horizontal', ...data } });

  it('other states: none', () => {
    for (const state of ['texas', 'pennsylvania', 'custom']) {
      expect(impactFee(parseModel('production-taxes', { data: { state } }), DATES, [])).toBeUndefined();
    }
  });

  it('years from first production by default, at the NRI without ad valorem rows', () => {
    expect(impactFee(pa({}), DATES, [])).toEqual({
      field: 'data.state',
      well: 'horizontal',
      startDay: toDayIndex('2026-06-15'),
      calculation: 'nri',
    });
    expect(impactFee(pa({ impactFeeStart: 'fpd', state: 'Pennsylvania Vertical' }), DATES, [])).toMatchObject({
      well: 'vertical',
      startDay: toDayIndex('2026-06-15'),
    });
  });

  it('from the spud date header when asked (first production, warned, when the well has none)', () => {
    expect(impactFee(pa({ impactFeeStart: 'spud_date_from_headers' }), DATES, [])?.startDay).toBe(
      toDayIndex('2025-11-03'),
    );
    const warnings: string[] = [];
    const fee = impactFee(
      pa({ impactFeeStart: 'spud_date_from_headers' }),
      { ...DATES, spudDate: undefined },
      warnings,
    );
    expect(fee?.startDay).toBe(toDayIndex('2026-06-15'));
    expect(warnings).toEqual([
      'production-taxes: data.impactFeeStart spud_date_from_headers needs the well header spudDate, which this well lacks; the impact fee’s years count from first production.',
    ]);
  });

  it('at the first ad valorem row set’s calculation', () => {
    const rows = [
      taxRow({ key: 'ad_valorem_tax', category: 'ad_val_tax', calculation: 'wi' }),
      taxRow({ key: 'ad_valorem_tax', category: 'ad_val_tax', calculation: 'lease_nri' }),
    ];
    expect(impactFee(pa({ rows }), DATES, [])?.calculation).toBe('wi');
  });

  it('without a first production date to count from, the well fails naming data.state', () => {
    const run = () => impactFee(pa({}), { fpd: undefined, spudDate: undefined }, []);
    expect(run).toThrow(EconError);
    expect(run).toThrow(/data\.state charges the impact fee by well years from the first production date/);
    expect(impactFee(pa({ impactFeeStart: 'spud_date_from_headers' }), { ...DATES, fpd: undefined }, [])).toBeDefined();
  });
});
