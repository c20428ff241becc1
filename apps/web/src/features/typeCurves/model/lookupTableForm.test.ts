import { LookupTableInput } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyRule,
  lookupFormPath,
  lookupTableBody,
  lookupValuesFromTable,
  validateLookupTable,
} from './lookupTableForm';

const TC = 'cccccccccccccccccccccccc';
const table = {
  id: 'dddddddddddddddddddddddd',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  name: 'LT',
  caseInsensitiveMatching: true,
  tags: ['a'],
  rules: [
    {
      filter: [{ key: 'county', operator: 'equals', value: 'Reeves' }],
      typeCurve: TC,
      fpdSource: 'fixed',
      fixedDate: '2026-01-01',
      riskFactorPeakOil: 0.9,
      normalization: { source: 'shared' as const, preset: 'p1' },
    },
  ],
};

describe('lookup table form', () => {
  it('gives back a stored table as a body the contract accepts', () => {
    const { id: _, createdAt: _c, updatedAt: _u, ...rest } = table;
    const body = lookupTableBody(lookupValuesFromTable(table));
    expect(body).toEqual(rest);
    expect(LookupTableInput.safeParse(body).success).toBe(true);
  });

  it('sends an empty rule with only its filter and type curve', () => {
    expect(
      lookupTableBody({ name: 'x', caseInsensitiveMatching: false, tags: [], rules: [emptyRule(TC)] }).rules,
    ).toEqual([{ filter: [], typeCurve: TC }]);
  });

  it('keeps a filter the editor cannot show as it is stored, and sends it back unchanged', () => {
    const values = lookupValuesFromTable({ ...table, rules: [{ ...table.rules[0]!, filter: [{ county: 'Reeves' }] }] });
    expect(values.rules[0]?.filterRows).toEqual([]);
    expect(values.rules[0]?.filterJson).toBe('[{"county":"Reeves"}]');
    expect(lookupTableBody(values).rules[0]?.filter).toEqual([{ county: 'Reeves' }]);
  });

  it('marks fixed without a date, a missing type curve and an unfinished condition at their fields', () => {
    const values = lookupValuesFromTable(table);
    values.rules[0] = {
      ...values.rules[0]!,
      fixedDate: '',
      filterRows: [...values.rules[0]!.filterRows, { field: 'perfLateralLength', operator: 'greater_than', value: '' }],
    };
    values.rules.push(emptyRule(''));
    const paths = validateLookupTable(values).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['rules.0.filterRows.1.value', 'rules.0.fixedDate', 'rules.1.typeCurve']),
    );
    values.rules = [{ ...values.rules[0]!, filterRows: values.rules[0]!.filterRows.slice(0, 1) }];
    expect(validateLookupTable(values)).toEqual([
      { path: 'rules.0.fixedDate', message: 'fixedDate is required with fpdSource fixed' },
    ]);
  });

  it('maps server detail fields onto the form', () => {
    expect(lookupFormPath('rules[3].normalization.preset')).toBe('rules.3.preset');
    expect(lookupFormPath('rules[0].filter[1]')).toBe('rules.0.filterRows');
    expect(lookupFormPath('rules[2].riskFactorPeakGas')).toBe('rules.2.riskFactorPeakGas');
    expect(lookupFormPath(['tags', 1])).toBe('tags');
  });
});
