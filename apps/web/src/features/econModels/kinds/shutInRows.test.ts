import { OperationsFunctions } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { newShutInRow, shutInPeriodOf, withShutInPeriod } from './shutInRows';

const valid = (rows: unknown[]) => OperationsFunctions.safeParse({ operations: { shutIn: { rows } } }).success;

describe('shut-in rows in the operations form', () => {
  it('a first row: 30 days of all phases from the first of next month, resuming where it stopped', () => {
    const row = newShutInRow();
    expect(row).toMatchObject({ phase: 'all', resume: 'shifted', multiplier: 100 });
    const { startDate, endDate } = row.dates as { startDate: string; endDate: string };
    expect(startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000).toBe(29);
    expect(valid([row])).toBe(true);
  });

  it('a next row follows the last, of its period and phase, and does not overlap it', () => {
    const last = { phase: 'oil', dates: { startDate: '2027-12-05', endDate: '2027-12-20' }, resume: 'calendar' };
    const next = newShutInRow([last]);
    expect(next).toEqual({
      phase: 'oil',
      dates: { startDate: '2028-01-01', endDate: '2028-01-30' },
      resume: 'shifted',
      multiplier: 100,
    });
    expect(valid([last, next])).toBe(true);
    const months = newShutInRow([{ offsetToAsOf: { start: 3, end: 5 } }]);
    expect(months).toMatchObject({ phase: 'all', offsetToAsOf: { start: 6, end: 6 } });
  });

  it('switching the period drops the old one and keeps the other fields', () => {
    const row = { phase: 'gas', dates: { startDate: '2027-01-01', endDate: '2027-01-30' }, multiplier: 120 };
    const moved = withShutInPeriod(row, 'offsetToFpd');
    expect(moved).toEqual({ phase: 'gas', multiplier: 120, offsetToFpd: { start: 1, end: 1 } });
    expect(shutInPeriodOf(moved)).toBe('offsetToFpd');
    expect(shutInPeriodOf(withShutInPeriod(moved, 'dates'))).toBe('dates');
    expect(shutInPeriodOf(undefined)).toBeUndefined();
  });
});
