import { WELL_COLUMNS_MAX, WELL_HEADER_NAMES } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  columnTitle,
  DEFAULT_COLUMNS,
  formatValue,
  HEADER_GROUPS,
  searchHeaders,
  shownColumns,
  toggleColumn,
} from './columns';

describe('well columns', () => {
  it('titles a column with its label and unit', () => {
    expect(columnTitle('perfLateralLength')).toBe('Perforated lateral length (FT)');
    expect(columnTitle('county')).toBe('County');
    expect(columnTitle('firstClusterCount')).toBe('First cluster count');
  });

  it('formats numbers grouped, dates as YYYY-MM-DD, booleans Yes/No, text as is, missing as empty', () => {
    expect(formatValue('perfLateralLength', 10350)).toBe('10,350');
    expect(formatValue('porosity', 7.125)).toBe('7.13');
    expect(formatValue('spudDate', '2021-03-04')).toBe('2021-03-04');
    expect(formatValue('spudDate', '2021-03-04T00:00:00.000Z')).toBe('2021-03-04');
    expect(formatValue('customBool0', true)).toBe('Yes');
    expect(formatValue('customBool0', false)).toBe('No');
    expect(formatValue('county', 'Reeves')).toBe('Reeves');
    expect(formatValue('dataSource', 'di')).toBe('di');
    expect(formatValue('county', undefined)).toBe('');
    expect(formatValue('elevation', null)).toBe('');
  });

  it('shows the default until a choice is saved; keeps known headers once each, the name first, at most the limit', () => {
    expect(shownColumns(null)).toEqual(DEFAULT_COLUMNS);
    expect(shownColumns(undefined)).toEqual(DEFAULT_COLUMNS);
    expect(DEFAULT_COLUMNS[0]).toBe('wellName');
    expect(shownColumns(['county', 'nope', 'wellName', 'county', 7, 'spudDate'])).toEqual([
      'wellName',
      'county',
      'spudDate',
    ]);
    expect(shownColumns([])).toEqual(['wellName']);
    expect(shownColumns(WELL_HEADER_NAMES)).toHaveLength(WELL_COLUMNS_MAX);
  });

  it('adds a column last and removes it; the name column stays', () => {
    expect(toggleColumn(['wellName', 'county'], 'spudDate')).toEqual(['wellName', 'county', 'spudDate']);
    expect(toggleColumn(['wellName', 'county', 'spudDate'], 'county')).toEqual(['wellName', 'spudDate']);
    expect(toggleColumn(['wellName', 'county'], 'wellName')).toEqual(['wellName', 'county']);
  });

  it('puts every header in exactly one group, in the table’s order', () => {
    const all = HEADER_GROUPS.flatMap((g) => g.names);
    expect(all).toEqual(WELL_HEADER_NAMES);
    expect(HEADER_GROUPS.map((g) => g.title)).toContain('Dates');
    expect(HEADER_GROUPS.find((g) => g.title === 'Dates')!.names).toContain('spudDate');
    expect(HEADER_GROUPS.find((g) => g.title === 'Location')!.names).toContain('basin');
  });

  it('searches labels, units and names, any case, dropping empty groups', () => {
    const spud = searchHeaders('SPUD');
    expect(spud).toEqual([{ title: 'Dates', names: ['spudDate'] }]);
    expect(searchHeaders('mol %').flatMap((g) => g.names)).toContain('gasC1');
    expect(searchHeaders('perfLateral').flatMap((g) => g.names)).toEqual(['perfLateralLength']);
    expect(searchHeaders('zzz')).toEqual([]);
    expect(searchHeaders('  ')).toBe(HEADER_GROUPS);
  });
});
