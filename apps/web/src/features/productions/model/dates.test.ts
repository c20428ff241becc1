import { describe, expect, it } from 'vitest';
import { dayNumber, parseDate } from './dates';
import { guessResolution } from './resolution';

describe('parseDate', () => {
  it('reads ISO dates, with or without a time, and ISO months as their first day', () => {
    expect(parseDate('2024-03-05')).toBe('2024-03-05');
    expect(parseDate(' 2024-3-5 ')).toBe('2024-03-05');
    expect(parseDate('2024-03-05T00:00:00Z')).toBe('2024-03-05');
    expect(parseDate('2024-03-05 13:45')).toBe('2024-03-05');
    expect(parseDate('2024-03')).toBe('2024-03-01');
  });
  it('reads year-first dates with slashes or dots', () => {
    expect(parseDate('2024/03/05')).toBe('2024-03-05');
    expect(parseDate('2024.12.31')).toBe('2024-12-31');
  });
  it('reads US month/day/year, four- or two-digit years (00–69 → 20xx, 70–99 → 19xx), with a time', () => {
    expect(parseDate('3/5/2024')).toBe('2024-03-05');
    expect(parseDate('03-05-2024')).toBe('2024-03-05');
    expect(parseDate('12/31/99')).toBe('1999-12-31');
    expect(parseDate('1/1/24')).toBe('2024-01-01');
    expect(parseDate('3/5/2024 12:00:00 AM')).toBe('2024-03-05');
  });
  it('reads Excel serial numbers in the 1900 system, skipping its phantom 29 Feb 1900', () => {
    expect(parseDate('45292')).toBe('2024-01-01');
    expect(parseDate('45292.0')).toBe('2024-01-01');
    expect(parseDate('1')).toBe('1900-01-01');
    expect(parseDate('59')).toBe('1900-02-28');
    expect(parseDate('61')).toBe('1900-03-01');
    expect(parseDate('60')).toBeUndefined();
    expect(parseDate('0')).toBeUndefined();
    expect(parseDate('45292.5')).toBeUndefined();
  });
  it("reads Excel's month-name forms", () => {
    expect(parseDate('5-Mar-2024')).toBe('2024-03-05');
    expect(parseDate('05-mar-24')).toBe('2024-03-05');
    expect(parseDate('Mar-24')).toBe('2024-03-01');
    expect(parseDate('Sept 2024')).toBe('2024-09-01');
    expect(parseDate('5-Foo-2024')).toBeUndefined();
  });
  it('refuses days that do not exist and text that is no date', () => {
    expect(parseDate('2023-02-29')).toBeUndefined();
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('4/31/2024')).toBeUndefined();
    expect(parseDate('13/1/2024')).toBeUndefined();
    expect(parseDate('2024-13')).toBeUndefined();
    expect(parseDate('')).toBeUndefined();
    expect(parseDate('yesterday')).toBeUndefined();
    expect(parseDate('2024-03-05x')).toBeUndefined();
  });
});

describe('dayNumber', () => {
  it('counts days since 1970-01-01', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-01')).toBe(29);
  });
});

describe('guessResolution', () => {
  const rows = (well: string, dates: string[]) => dates.map((date) => ({ well, date }));
  it('is monthly when every date is a first of month, a month or more apart per well', () => {
    expect(
      guessResolution([...rows('a', ['2024-01-01', '2024-02-01', '2024-03-01']), ...rows('b', ['2024-01-01'])]),
    ).toBe('monthly');
  });
  it('is daily when any date is not a first of month', () => {
    expect(guessResolution(rows('a', ['2024-01-01', '2024-02-01', '2024-02-02']))).toBe('daily');
  });
  it('is daily when one well has firsts of month closer than a month (daily rows on the 1st only are rare but exist)', () => {
    expect(guessResolution(rows('a', ['2024-01-01', '2024-01-01']))).toBe('daily');
  });
  it('is daily for an empty sample', () => {
    expect(guessResolution([])).toBe('daily');
  });
});
