import { describe, expect, it } from 'vitest';
import { ColumnWidths, dateCell, MAX_WIDTH, shownLength } from './cells';

describe('shownLength', () => {
  it('counts a number as Excel shows it in its format', () => {
    expect(shownLength(1234567.891, 'amount')).toBe('1,234,567.89'.length);
    expect(shownLength(-1234.5, 'amount')).toBe('-1,234.50'.length);
    expect(shownLength(0.004, 'amount')).toBe('0.00'.length);
    expect(shownLength(999.999, 'amount')).toBe('1,000.00'.length);
    expect(shownLength(12.5, 'decimal')).toBe('12.50'.length);
    expect(shownLength(123456, 'integer')).toBe('123,456'.length);
    expect(shownLength(0.1 + 0.2, 'general')).toBe(String(0.1 + 0.2).length);
  });
  it('counts dates, text and booleans', () => {
    expect(shownLength(dateCell('2027-01-01'), 'date')).toBe(10);
    expect(shownLength(new Date(), 'datetime')).toBe(19);
    expect(shownLength('Well 12', 'text')).toBe(7);
    expect(shownLength(true, 'boolean')).toBe(5);
    expect(shownLength(null, 'amount')).toBe(0);
    expect(shownLength(Number.NaN, 'amount')).toBe(0);
  });
});

describe('ColumnWidths', () => {
  it('fits the header and the widest value, with padding, within bounds', () => {
    const w = new ColumnWidths(['text', 'amount', 'date', 'text']);
    w.measure(['A', 1_234_567_890.12, dateCell('2027-01-01'), 'x'.repeat(200)]);
    w.measureNumber(1, -5);
    expect(w.width(0, 'Well name')).toBe(12);
    expect(w.width(1, 'Gross oil (BBL)')).toBe('1,234,567,890.12'.length + 3);
    expect(w.width(2, 'Date')).toBe(13);
    expect(w.width(3, 'Warnings')).toBe(MAX_WIDTH);
    // A long header wraps at 24 characters, never inside a word.
    expect(w.width(0, 'Cumulative cash flow, 2nd discount ($)')).toBe(27);
  });
  it('finds the widest number from the least and greatest, negative ones included', () => {
    const w = new ColumnWidths(['amount', 'general']);
    for (const v of [5, -12_345.678, 999.999, 3]) w.measureNumber(0, v);
    w.measure([null, 0.1 + 0.2]);
    w.measure([null, 1e6]);
    expect(w.width(0, 'x')).toBe('-12,345.68'.length + 3);
    expect(w.width(1, 'x')).toBe(String(0.1 + 0.2).length + 3);
  });
  it('never gives exceljs’s default width (which it would leave out)', () => {
    const w = new ColumnWidths(['text']);
    w.measure(['abcdef']);
    expect(w.width(0, 'x')).toBe(9.5);
  });
});

describe('dateCell', () => {
  it('is the UTC midnight of the day, or null', () => {
    expect(dateCell('2027-03-01')?.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(dateCell(null)).toBeNull();
  });
});
