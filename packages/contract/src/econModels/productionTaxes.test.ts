import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { econModelExample } from './examples';
import { MONEY_MAX, TAX_KEYS, TAX_UNITS, TAX_UNITS_BY_KEY } from './expenseKeys';
import {
  impactFeeWell,
  PRODUCTION_TAX_STATES,
  ProductionTaxesFunctions,
  ProductionTaxesFunctionsView,
  productionTaxesView,
} from './productionTaxes';
import { issuesOf } from './testing';

const row = (patch: Record<string, unknown> = {}) => ({
  key: 'oil',
  category: 'severance_tax',
  criteria: 'entire_well_life',
  period: ['Flat'],
  value: [4.6],
  unit: 'pct_of_revenue',
  ...patch,
});
const body = (...rows: unknown[]) => ({ data: { state: 'texas', rows } });
const issues = (b: unknown) => issuesOf(ProductionTaxesFunctions, b);
const categoryOf = (key: string) => (key === 'ad_valorem_tax' ? 'ad_val_tax' : 'severance_tax');

describe('ProductionTaxesFunctions', () => {
  it('accepts the example (Texas) and fills the defaults', () => {
    expect(issues(econModelExample('production-taxes'))).toEqual([]);
    expect(ProductionTaxesFunctions.parse({ data: {} })).toEqual({ data: { state: 'custom', rows: [] } });
    expect(ProductionTaxesFunctions.parse(body(row())).data.rows[0]).toEqual({
      ...row(),
      shrinkageCondition: 'shrunk',
      escalation: 'none',
      calculation: 'nri',
      rateType: 'gross_well_head',
      rateRowsCalculationMethod: 'non_monotonic',
    });
  });

  it('takes each unit of a key and refuses the others, naming the unit and the key', () => {
    for (const key of TAX_KEYS) {
      for (const unit of TAX_UNITS) {
        const found = issues(body(row({ key, category: categoryOf(key), unit, value: [1] })));
        if (TAX_UNITS_BY_KEY[key].includes(unit)) expect(found, `${key} ${unit}`).toEqual([]);
        else
          expect(found, `${key} ${unit}`).toEqual([
            {
              path: 'data.rows[0].unit',
              message: `unit ${unit} is not a unit of key ${key} (it takes ${TAX_UNITS_BY_KEY[key].join(', ')})`,
              rule: 'unit of the key',
            },
          ]);
      }
    }
  });

  it('refuses a category that does not go with the key, both ways', () => {
    expect(issues(body(row({ key: 'gas', category: 'ad_val_tax' })))).toEqual([
      {
        path: 'data.rows[0].category',
        message: 'category ad_val_tax does not go with key gas (it takes severance_tax)',
        rule: 'category of the key',
      },
    ]);
    expect(issues(body(row({ key: 'ad_valorem_tax', category: 'severance_tax' })))[0]?.message).toBe(
      'category severance_tax does not go with key ad_valorem_tax (it takes ad_val_tax)',
    );
  });

  it('refuses period and value of different lengths, naming both lengths', () => {
    expect(
      issues(body(row(), row({ key: 'gas', criteria: 'dates', period: ['2026-01-01', '2027-01-01'], value: [7.5] }))),
    ).toEqual([
      {
        path: 'data.rows[1].value',
        message: 'period has 2 entries and value 1: they must be the same length',
        rule: 'period and value of the same length',
      },
    ]);
  });

  it('checks the periods of each criteria', () => {
    const ok = [
      row({ criteria: 'dates', period: ['1900-01-01', '2027-01-01'], value: [4.6, 4] }),
      row({ criteria: 'offset_to_fpd', period: [12, '24', 1164], value: [4.6, 4, 3] }),
    ];
    for (const r of ok) expect(issues(body(r))).toEqual([]);
    const refused: [unknown, string, string][] = [
      [row({ period: ['Flat', 'Flat'], value: [1, 2] }), 'data.rows[0].period', 'takes period ["Flat"]'],
      [row({ period: [12] }), 'data.rows[0].period', 'takes period ["Flat"]'],
      [row({ criteria: 'dates', period: ['2026-13-01'] }), 'data.rows[0].period[0]', 'real calendar date'],
      [
        row({ criteria: 'dates', period: ['2027-01-01', '2027-01-01'], value: [1, 2] }),
        'data.rows[0].period[1]',
        'dates must strictly increase: period[1] (2027-01-01) must be after period[0] (2027-01-01)',
      ],
      [row({ criteria: 'offset_to_fpd', period: [0] }), 'data.rows[0].period[0]', 'whole number of months, at least 1'],
      [row({ criteria: 'offset_to_fpd', period: [1.5] }), 'data.rows[0].period[0]', 'whole number of months'],
      [row({ criteria: 'offset_to_fpd', period: ['twelve'] }), 'data.rows[0].period[0]', 'whole number of months'],
      [
        row({ criteria: 'offset_to_fpd', period: [600, 601], value: [1, 2] }),
        'data.rows[0].period',
        'the periods add up to 1201 months: at most 1200',
      ],
    ];
    for (const [r, path, message] of refused) {
      expect(issues(body(r)), message).toEqual([
        { path, message: expect.stringContaining(message), rule: expect.any(String) },
      ]);
    }
  });

  it('takes percents 0 to 100 and money ±1e10, refusing beyond', () => {
    for (const v of [0, 100]) expect(issues(body(row({ value: [v] })))).toEqual([]);
    for (const v of [-MONEY_MAX, MONEY_MAX])
      expect(issues(body(row({ unit: 'dollar_per_bbl', value: [v] })))).toEqual([]);
    expect(issues(body(row({ value: [100.5] })))).toEqual([
      {
        path: 'data.rows[0].value[0]',
        message: 'value[0] must be from 0 to 100 (pct_of_revenue)',
        rule: 'range 0 to 100',
      },
    ]);
    expect(issues(body(row({ unit: 'dollar_per_month', value: [-MONEY_MAX - 1] })))[0]).toMatchObject({
      path: 'data.rows[0].value[0]',
      message: `value[0] must be from −${MONEY_MAX} to ${MONEY_MAX} (dollar_per_month)`,
    });
  });

  it('takes two row sets per key, not three', () => {
    const dollars = row({ unit: 'dollar_per_bbl', value: [0.0081] });
    expect(issues(body(row(), dollars))).toEqual([]);
    expect(issues(body(row(), dollars, row({ value: [1] })))).toEqual([
      {
        path: 'data.rows[2].key',
        message: 'key oil takes at most 2 row sets (row 2 is set 3)',
        rule: 'at most 2 per key',
      },
    ]);
  });

  it('refuses unknown keys, criteria and settings, an empty state and a bad escalation', () => {
    const cases: [unknown, string, string][] = [
      [
        body(row({ key: 'water' })),
        'data.rows[0].key',
        'key must be one of oil, gas, ngl, drip_condensate, ad_valorem_tax',
      ],
      [body(row({ criteria: 'offset_to_as_of' })), 'data.rows[0].criteria', 'criteria must be one of'],
      [body(row({ calculation: 'gross' })), 'data.rows[0].calculation', 'calculation must be one of'],
      [
        body(row({ shrinkageCondition: 'dry' })),
        'data.rows[0].shrinkageCondition',
        'shrinkageCondition must be one of',
      ],
      [
        body(row({ deductSeveranceTax: 'yes' })),
        'data.rows[0].deductSeveranceTax',
        'deductSeveranceTax must be true or false',
      ],
      [body(row({ escalation: 'cpi' })), 'data.rows[0].escalation', 'must be a 24-character hexadecimal id'],
      [body(row({ description: 'x' })), 'data.rows[0]', 'Unrecognized key: "description"'],
      [{ data: { state: ' ', rows: [] } }, 'data.state', 'state must not be empty'],
      [{ data: { rows: [] }, severance: 1 }, '', 'Unrecognized key: "severance"'],
    ];
    for (const [b, path, message] of cases) {
      expect(issues(b), message).toEqual([
        { path, message: expect.stringContaining(message), rule: expect.any(String) },
      ]);
    }
  });

  it('Pennsylvania’s impact-fee states, in the service’s spelling or with an underscore, and where the fee counts from', () => {
    for (const state of ['pennsylvania horizontal', 'pennsylvania_vertical', 'Pennsylvania Horizontal']) {
      for (const impactFeeStart of [undefined, 'fpd', 'spud_date_from_headers']) {
        expect(issues({ data: { state, impactFeeStart, rows: [] } }), `${state} ${impactFeeStart}`).toEqual([]);
      }
    }
    expect(ProductionTaxesFunctions.parse({ data: { state: 'pennsylvania horizontal' } })).toEqual({
      data: { state: 'pennsylvania horizontal', rows: [] },
    });
    expect(impactFeeWell(' pennsylvania  vertical ')).toBe('vertical');
    expect(impactFeeWell('pennsylvania')).toBeUndefined();
    expect(impactFeeWell('pennsylvania horizontal well')).toBeUndefined();
    expect(PRODUCTION_TAX_STATES.filter((s) => impactFeeWell(s))).toEqual([
      'pennsylvania horizontal',
      'pennsylvania vertical',
    ]);
  });

  it('impactFeeStart belongs to an impact-fee state and takes fpd or spud_date_from_headers', () => {
    expect(issues({ data: { state: 'pennsylvania', impactFeeStart: 'fpd' } })).toEqual([
      {
        path: 'data.impactFeeStart',
        message:
          'impactFeeStart applies to the impact fee of state pennsylvania horizontal or pennsylvania vertical, not pennsylvania',
        rule: 'a Pennsylvania impact-fee state',
      },
    ]);
    expect(issues({ data: { state: 'pennsylvania_horizontal', impactFeeStart: 'spud date from schedule' } })).toEqual([
      {
        path: 'data.impactFeeStart',
        message: expect.stringContaining('impactFeeStart must be one of fpd, spud_date_from_headers'),
        rule: 'invalid_value',
      },
    ]);
  });

  it('renders to JSON Schema; the view returns what was stored', () => {
    expect(JSON.stringify(z.toJSONSchema(ProductionTaxesFunctions, { io: 'input' }))).toContain('ad_valorem_tax');
    expect(() => z.toJSONSchema(ProductionTaxesFunctionsView, { io: 'output' })).not.toThrow();
    const stored = ProductionTaxesFunctions.parse(econModelExample('production-taxes'));
    expect(productionTaxesView(stored)).toEqual(stored);
  });
});
