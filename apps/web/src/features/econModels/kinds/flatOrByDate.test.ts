import { describe, expect, it } from 'vitest';
import { firstOfMonth, monthAfter, nextRow, scheduleMode, switchSchedule } from './flatOrByDate';

const NOW = new Date(2026, 10, 22); // 22 Nov 2026, local time

describe('scheduleMode', () => {
  it.each([
    ['a flat value', { flat: 3 }, 'flat'],
    ['dated rows', { byDate: [] }, 'byDate'],
    ['nothing yet', undefined, 'flat'],
    ['an empty object', {}, 'flat'],
  ])('%s', (_, value, mode) => {
    expect(scheduleMode(value)).toBe(mode);
  });
});

describe('dates of new rows', () => {
  it('firstOfMonth is the first day of the current month', () => {
    expect(firstOfMonth(NOW)).toBe('2026-11-01');
  });
  it.each([
    ['2026-01-15', '2026-02-01'],
    ['2026-12-01', '2027-01-01'],
    ['2262-03-01', '2262-04-01'],
  ])('monthAfter(%s) is %s', (date, next) => {
    expect(monthAfter(date)).toBe(next);
  });
  it('monthAfter of a blank or partial date is undefined', () => {
    expect(monthAfter('')).toBeUndefined();
    expect(monthAfter(undefined)).toBeUndefined();
    expect(monthAfter('2026-1-1')).toBeUndefined();
  });
  it('nextRow follows the last row and carries its amount', () => {
    expect(
      nextRow(
        [
          { date: '2026-01-01', price: 70 },
          { date: '2027-06-01', price: 65 },
        ],
        'price',
        NOW,
      ),
    ).toEqual({ date: '2027-07-01', price: 65 });
  });
  it('nextRow without rows (or without a usable date) starts this month at 0', () => {
    expect(nextRow([], 'cost', NOW)).toEqual({ date: '2026-11-01', cost: 0 });
    expect(nextRow([{ date: '', cost: Number.NaN }], 'cost', NOW)).toEqual({ date: '2026-11-01', cost: 0 });
  });
});

describe('switchSchedule', () => {
  it('a flat amount becomes one row dated this month with that amount', () => {
    expect(switchSchedule({ flat: 3.25 }, 'byDate', 'price', NOW)).toEqual({
      flat: undefined,
      byDate: [{ date: '2026-11-01', price: 3.25 }],
    });
  });
  it('a schedule becomes its first row’s amount', () => {
    const value = {
      byDate: [
        { date: '2026-01-01', cost: 9000 },
        { date: '2030-01-01', cost: 6000 },
      ],
    };
    expect(switchSchedule(value, 'flat', 'cost', NOW)).toEqual({ flat: 9000, byDate: undefined });
  });
  it('switching back restores what was kept', () => {
    const rows = [
      { date: '2026-01-01', price: 70 },
      { date: '2027-01-01', price: 60 },
    ];
    expect(switchSchedule({ flat: 5 }, 'byDate', 'price', NOW, rows)).toEqual({ flat: undefined, byDate: rows });
    expect(switchSchedule({ byDate: rows }, 'flat', 'price', NOW, 42)).toEqual({ flat: 42, byDate: undefined });
  });
  it('the mode already chosen is left as it is', () => {
    expect(switchSchedule({ flat: 7 }, 'flat', 'price', NOW)).toEqual({ flat: 7, byDate: undefined });
  });
  it('a blank flat box gives a row at 0', () => {
    expect(switchSchedule({ flat: Number.NaN }, 'byDate', 'price', NOW).byDate).toEqual([
      { date: '2026-11-01', price: 0 },
    ]);
  });
});
