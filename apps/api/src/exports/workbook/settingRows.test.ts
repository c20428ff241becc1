import { describe, expect, it } from 'vitest';
import { settingRows } from './settingRows';

describe('settingRows', () => {
  it('gives one row per leaf with its path, keeping numbers, booleans, strings and nulls as they are', () => {
    expect(
      settingRows({
        dateSetting: { maxWellLife: 50, asOfDate: { date: '2027-01-01' }, fpd: null },
        priceModel: { oil: { rows: [{ entireWellLife: 'Flat', price: 70 }] } },
        on: true,
      }),
    ).toEqual([
      { path: 'dateSetting.maxWellLife', value: 50 },
      { path: 'dateSetting.asOfDate.date', value: '2027-01-01' },
      { path: 'dateSetting.fpd', value: null },
      { path: 'priceModel.oil.rows[0].entireWellLife', value: 'Flat' },
      { path: 'priceModel.oil.rows[0].price', value: 70 },
      { path: 'on', value: true },
    ]);
  });

  it('keeps empty lists and objects as rows, and nested lists by index', () => {
    expect(settingRows({ a: [], b: {}, c: [[1, 2]] })).toEqual([
      { path: 'a', value: '(empty list)' },
      { path: 'b', value: '(empty)' },
      { path: 'c[0][0]', value: 1 },
      { path: 'c[0][1]', value: 2 },
    ]);
  });

  it('reads a bare value as one row without a path', () => {
    expect(settingRows(3)).toEqual([{ path: '', value: 3 }]);
  });
});
