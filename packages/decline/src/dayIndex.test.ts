import { describe, expect, it } from 'vitest';
import { civilFromDayIndex, dayIndexFromCivil, daysInMonth, fromDayIndex, toDayIndex } from './dayIndex';
import { DeclineError } from './declineError';

const MS_PER_DAY = 86_400_000;
/** Independent reference: the JS engine's UTC calendar. */
const utcIndex = (date: string) => (Date.parse(`${date}T00:00:00Z`) - Date.parse('1900-01-01T00:00:00Z')) / MS_PER_DAY;
const utcDate = (index: number) =>
  new Date(Date.parse('1900-01-01T00:00:00Z') + index * MS_PER_DAY).toISOString().slice(0, 10);

describe('toDayIndex', () => {
  it.each([
    ['1900-01-01', 0],
    ['1900-01-02', 1],
    ['1900-03-01', 59], // 31 + 28: 1900 is not a leap year
    ['1901-01-01', 365],
    ['1899-12-31', -1],
    ['2000-03-01', 36584], // Excel serial 36586, less Excel's day-1 origin and its phantom 1900-02-29
  ])('%s is day %i', (date, index) => {
    expect(toDayIndex(date)).toBe(index);
  });

  it('matches the UTC calendar across leap years and centuries', () => {
    for (const date of ['1904-02-29', '2000-02-29', '2024-02-29', '2100-03-01', '2262-04-01', '1970-01-01']) {
      expect(toDayIndex(date)).toBe(utcIndex(date));
    }
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2100-02-29',
    '2023-04-31',
    '2023-13-01',
    '2023-00-10',
    '2023-1-01',
    '',
    '2023-01-01T00:00',
  ])('rejects %j naming the field', (date) => {
    expect(() => toDayIndex(date, 'startDate')).toThrow(DeclineError);
    expect(() => toDayIndex(date, 'startDate')).toThrow(/^startDate /);
  });
});

describe('fromDayIndex', () => {
  it('round-trips every day from 1899 to 2101 against the UTC calendar', () => {
    // One assertion at the end: 148 000 `expect` calls take seconds on a loaded 2-core machine.
    const mismatches: string[] = [];
    for (let index = -400; index <= 73_500; index++) {
      const date = fromDayIndex(index);
      if (date !== utcDate(index) || toDayIndex(date) !== index) mismatches.push(`${index} → ${date}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('rejects a fractional index', () => {
    expect(() => fromDayIndex(1.5)).toThrow(/dayIndex/);
  });
});

describe('civil helpers', () => {
  it('month 13 means January of the next year', () => {
    expect(dayIndexFromCivil(2023, 13, 1)).toBe(toDayIndex('2024-01-01'));
  });

  it('civilFromDayIndex inverts dayIndexFromCivil', () => {
    expect(civilFromDayIndex(toDayIndex('2024-02-29'))).toEqual({ y: 2024, m: 2, d: 29 });
  });

  it('daysInMonth follows the Gregorian leap rule', () => {
    expect([daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(2024, 2), daysInMonth(2023, 2)]).toEqual([
      28, 29, 29, 28,
    ]);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });
});
