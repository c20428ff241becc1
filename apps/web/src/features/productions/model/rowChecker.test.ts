import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from './columns';
import { parseNumber, RowChecker } from './rowChecker';
import { type IndexedWell, WellIndex } from './wellIndex';

const A: IndexedWell = {
  id: 'a'.repeat(24),
  wellName: 'Alpha 1H',
  chosenID: 'ALPHA-1',
  dataSource: 'internal',
  api14: '42301000010000',
};
const B: IndexedWell = { id: 'b'.repeat(24), wellName: 'Bravo 2H', chosenID: 'BRAVO-2', dataSource: 'internal' };
const wells = new WellIndex([A, B]);
const headers = ['Well', 'Date', 'Oil', 'Gas', 'Water', 'Tag'];
const mapping: ColumnMapping = {
  targets: ['well', 'date', 'oil', 'gas', 'water', 'operationalTag'],
  wellMatch: 'chosenID',
};
const daily = () => new RowChecker(headers, mapping, 'daily', wells);
const monthly = () => new RowChecker(headers, mapping, 'monthly', wells);

describe('parseNumber', () => {
  it('reads decimals, exponents and thousands separators; empty is null; other text is undefined', () => {
    expect(parseNumber(' 12.5 ')).toBe(12.5);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('12a')).toBeUndefined();
    expect(parseNumber('1,23')).toBeUndefined();
    expect(parseNumber('n/a')).toBeUndefined();
    expect(parseNumber('Infinity')).toBeUndefined();
  });
});

describe('RowChecker', () => {
  it('turns a good row into a record naming the well by id, with null for empty cells', () => {
    expect(daily().check(['ALPHA-1', '3/5/2024', '1,200', '', '7', ' flowing '], 2)).toEqual({
      kind: 'record',
      record: { well: A.id, date: '2024-03-05', oil: 1200, gas: null, water: 7, operationalTag: 'flowing' },
    });
  });
  it('skips rows with no cell filled', () => {
    expect(daily().check(['', ' ', '', '', '', ''], 3)).toEqual({ kind: 'empty' });
  });
  it('refuses an unknown well, naming the row, column, value and rule', () => {
    expect(daily().check(['GAMMA-3', '2024-03-05', '1', '1', '1', ''], 4)).toEqual({
      kind: 'bad',
      issues: [
        {
          row: 4,
          column: 'Well',
          value: 'GAMMA-3',
          rule: 'unknown well',
          message: 'no well of the project has this chosen ID',
        },
      ],
    });
  });
  it('refuses a date that is none', () => {
    const out = daily().check(['ALPHA-1', '2024-02-30', '1', '1', '1', ''], 5);
    expect(out).toMatchObject({ kind: 'bad', issues: [{ column: 'Date', value: '2024-02-30', rule: 'date' }] });
  });
  it("refuses a date out of the contract's range with the contract's rule", () => {
    const out = daily().check(['ALPHA-1', '1899-12-31', '1', '1', '1', ''], 5);
    expect(out).toMatchObject({ kind: 'bad', issues: [{ column: 'Date', rule: 'range 1900-01-01..2262-04-01' }] });
  });
  it('refuses a negative volume (contract min 0) and a volume that is no number, reporting both', () => {
    const out = daily().check(['ALPHA-1', '2024-03-05', '-5', 'lots', '1', ''], 6);
    expect(out).toEqual({
      kind: 'bad',
      issues: [
        { row: 6, column: 'Gas', value: 'lots', rule: 'number', message: 'gas must be a number' },
        { row: 6, column: 'Oil', value: '-5', rule: 'min 0', message: 'oil must be 0 or more' },
      ],
    });
  });
  it('reports the value problems of a row whose well is unknown too', () => {
    const out = daily().check(['NOPE', 'x', '-1', '1', '1', ''], 7);
    expect(out.kind === 'bad' && out.issues.map((i) => i.rule)).toEqual(['unknown well', 'date', 'min 0']);
  });
  it('refuses a monthly date that is not the first of its month', () => {
    const out = monthly().check(['ALPHA-1', '2024-03-05', '1', '1', '1', ''], 8);
    expect(out).toMatchObject({
      kind: 'bad',
      issues: [{ column: 'Date', value: '2024-03-05', rule: 'first of month' }],
    });
    expect(monthly().check(['ALPHA-1', '3/1/2024', '1', '1', '1', ''], 8).kind).toBe('record');
  });
  it('refuses a (well, date) met on an earlier row, naming that row, and keeps the first', () => {
    const c = daily();
    expect(c.check(['ALPHA-1', '2024-03-05', '1', '1', '1', ''], 2).kind).toBe('record');
    expect(c.check(['BRAVO-2', '2024-03-05', '1', '1', '1', ''], 3).kind).toBe('record');
    expect(c.check(['ALPHA-1', '2024-03-06', '1', '1', '1', ''], 4).kind).toBe('record');
    expect(c.check(['ALPHA-1', '3/5/2024', '2', '1', '1', ''], 9)).toEqual({
      kind: 'bad',
      issues: [
        {
          row: 9,
          column: 'Date',
          value: '3/5/2024',
          rule: 'duplicate',
          message: 'this well and date are already on row 2',
        },
      ],
    });
  });
  it('does not count a bad row as taking its (well, date)', () => {
    const c = daily();
    expect(c.check(['ALPHA-1', '2024-03-05', '-1', '1', '1', ''], 2).kind).toBe('bad');
    expect(c.check(['ALPHA-1', '2024-03-05', '1', '1', '1', ''], 3).kind).toBe('record');
  });
  it("checks daily ranges: hoursOn at most 24 (the contract's limit)", () => {
    const c = new RowChecker(
      ['w', 'd', 'h'],
      { targets: ['well', 'date', 'hoursOn'], wellMatch: 'auto' },
      'daily',
      wells,
    );
    expect(c.check(['ALPHA-1', '2024-01-01', '25'], 2)).toMatchObject({
      kind: 'bad',
      issues: [{ column: 'h', rule: 'max 24' }],
    });
  });
});
