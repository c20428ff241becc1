import { WellListQuery } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  apiParams,
  filterOfField,
  filtersFromUrl,
  fromUrl,
  newFilter,
  operatorsFor,
  paramName,
  toUrl,
  type WellFilter,
} from './filters';

describe('well filters', () => {
  it('offers the comparisons a header’s kind has', () => {
    expect(operatorsFor('string')).toEqual(['eq']);
    expect(operatorsFor('enum')).toEqual(['eq']);
    expect(operatorsFor('boolean')).toEqual(['eq']);
    expect(operatorsFor('number')).toEqual(['eq', 'gt', 'ge', 'lt', 'le']);
    expect(operatorsFor('date')).toEqual(['eq', 'gt', 'ge', 'lt', 'le']);
  });

  it('round-trips through the address', () => {
    const filters: WellFilter[] = [
      { header: 'county', op: 'eq', value: 'Reeves' },
      { header: 'spudDate', op: 'ge', value: '2020-01-01' },
      { header: 'perfLateralLength', op: 'gt', value: '5000' },
      { header: 'customBool0', op: 'eq', value: 'false' },
      { header: 'wellName', op: 'eq', value: 'A=B [1]' },
    ];
    const url = filters.map(toUrl);
    expect(url.slice(0, 3)).toEqual(['county=Reeves', 'spudDate[ge]=2020-01-01', 'perfLateralLength[gt]=5000']);
    expect(filtersFromUrl(url)).toEqual(filters);
  });

  it('drops address entries that name no header or a comparison the kind lacks', () => {
    expect(fromUrl('nope=1')).toBeUndefined();
    expect(fromUrl('county')).toBeUndefined();
    expect(fromUrl('county[ge]=A')).toBeUndefined();
    expect(fromUrl('spudDate[xx]=2020-01-01')).toBeUndefined();
    expect(fromUrl('constructor=1')).toBeUndefined();
    expect(filtersFromUrl(['nope=1', 'county=Midland'])).toEqual([{ header: 'county', op: 'eq', value: 'Midland' }]);
    expect(filtersFromUrl(undefined)).toEqual([]);
  });

  it('sends the API the query parameters it reads (all of them apply), leaving out empty values', () => {
    const filters: WellFilter[] = [
      { header: 'county', op: 'eq', value: 'Midland' },
      { header: 'firstProdDate', op: 'lt', value: '2021-01-01' },
      { header: 'perfLateralLength', op: 'ge', value: '' },
    ];
    const params = apiParams(filters);
    expect(params).toEqual([
      ['county', 'Midland'],
      ['firstProdDate[lt]', '2021-01-01'],
    ]);
    // Each is a parameter of the API's list query, and a good one parses there.
    const parsed = WellListQuery.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({ county: 'Midland', 'firstProdDate[lt]': '2021-01-01' });
    expect(paramName({ header: 'spudDate', op: 'le' })).toBe('spudDate[le]');
  });

  it('finds the filter the API’s refusal names', () => {
    const filters: WellFilter[] = [
      { header: 'county', op: 'eq', value: 'Midland' },
      { header: 'spudDate', op: 'ge', value: '2020-13-01' },
    ];
    expect(filterOfField(filters, 'query.spudDate[ge]')).toBe(1);
    expect(filterOfField(filters, 'spudDate[ge]')).toBe(1);
    expect(filterOfField(filters, 'query.take')).toBe(-1);
    expect(filterOfField(filters, undefined)).toBe(-1);
  });

  it('starts a filter with equality, booleans on yes', () => {
    expect(newFilter('county')).toEqual({ header: 'county', op: 'eq', value: '' });
    expect(newFilter('customBool2')).toEqual({ header: 'customBool2', op: 'eq', value: 'true' });
  });
});
