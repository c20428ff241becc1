import { LookupRuleInput } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyFilterRow,
  FILTER_FIELD_OPTIONS,
  type FilterRow,
  filterFromRows,
  filterRowIssues,
  operatorsOf,
  rowsFromFilter,
} from './ruleFilter';

const TC = 'cccccccccccccccccccccccc';
const stored = [
  { key: 'county', operator: 'equals', value: 'Reeves' },
  { key: 'perfLateralLength', operator: 'greater_or_equal', value: 8000 },
  { key: 'firstProdDate', operator: 'less_than', value: '2024-01-01' },
  { key: 'customBool0', operator: 'not_equals', value: true },
];

describe('lookup rule filter ↔ editor rows', () => {
  it('reads a stored filter into rows and writes exactly the same filter back', () => {
    const read = rowsFromFilter(stored);
    expect(read).toEqual({
      rows: [
        { field: 'county', operator: 'equals', value: 'Reeves' },
        { field: 'perfLateralLength', operator: 'greater_or_equal', value: '8000' },
        { field: 'firstProdDate', operator: 'less_than', value: '2024-01-01' },
        { field: 'customBool0', operator: 'not_equals', value: 'true' },
      ],
    });
    if (!('rows' in read)) throw new Error('not read');
    expect(filterFromRows(read.rows)).toEqual(stored);
    // The shape the API stores: the contract takes it as a rule's filter.
    expect(LookupRuleInput.safeParse({ filter: filterFromRows(read.rows), typeCurve: TC }).success).toBe(true);
  });

  it('writes numbers as numbers (en-US separators allowed), booleans as booleans, text trimmed', () => {
    const rows: FilterRow[] = [
      { field: 'trueVerticalDepth', operator: 'less_or_equal', value: ' 10,500.5 ' },
      { field: 'customBool1', operator: 'equals', value: 'false' },
      { field: 'state', operator: 'equals', value: ' TX ' },
    ];
    expect(filterFromRows(rows)).toEqual([
      { key: 'trueVerticalDepth', operator: 'less_or_equal', value: 10500.5 },
      { key: 'customBool1', operator: 'equals', value: false },
      { key: 'state', operator: 'equals', value: 'TX' },
    ]);
  });

  it('reads an empty filter as no rows', () => {
    expect(rowsFromFilter([])).toEqual({ rows: [] });
    expect(filterFromRows([])).toEqual([]);
  });

  it('says why a filter cannot be shown as rows (it is then kept as JSON)', () => {
    const reason = (f: unknown[]) => {
      const r = rowsFromFilter(f);
      return 'reason' in r ? r.reason : undefined;
    };
    expect(reason([{ county: 'Reeves' }])).toMatch(/other fields than key, operator and value/);
    expect(reason(['county = Reeves'])).toMatch(/not a \{key, operator, value\} object/);
    expect(reason([{ key: 'nope', operator: 'equals', value: 1 }])).toMatch(/not a well header/);
    expect(reason([{ key: 'county', operator: 'greater_than', value: 'R' }])).toMatch(/operator "greater_than"/);
    expect(reason([{ key: 'perfLateralLength', operator: 'equals', value: '8000' }])).toMatch(
      /does not fit the number/,
    );
    expect(reason([{ key: 'county', operator: 'equals', value: 'A', extra: 1 }])).toMatch(/other fields/);
  });

  it('names what a row lacks before anything is sent', () => {
    expect(
      filterRowIssues([
        emptyFilterRow(),
        { field: 'perfLateralLength', operator: 'greater_than', value: 'long' },
        { field: 'county', operator: 'less_than', value: '' },
        { field: 'firstProdDate', operator: 'equals', value: '1/2/2024' },
        { field: 'customBool0', operator: 'equals', value: 'true' },
      ]),
    ).toEqual([
      { row: 0, field: 'field', message: 'Choose a well header' },
      { row: 1, field: 'value', message: 'Perforated lateral length must be a number' },
      { row: 2, field: 'operator', message: 'County can only be compared with = or ≠' },
      { row: 2, field: 'value', message: 'Enter the county to compare with' },
      { row: 3, field: 'value', message: expect.stringMatching(/must be a date \(YYYY-MM-DD\)$/) },
    ]);
  });

  it('offers comparisons on numbers and dates only, and every header by label', () => {
    expect(operatorsOf('number')).toHaveLength(6);
    expect(operatorsOf('date')).toHaveLength(6);
    expect(operatorsOf('string')).toEqual(['equals', 'not_equals']);
    expect(FILTER_FIELD_OPTIONS.find((o) => o.value === 'county')?.label).toBe('County');
    expect(FILTER_FIELD_OPTIONS.length).toBeGreaterThan(250);
  });
});
