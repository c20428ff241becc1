import { describe, expect, it } from 'vitest';
import { guessSetup, retarget } from './guess';

describe('guessSetup', () => {
  it('guesses monthly from first-of-month dates a month apart, and maps days on', () => {
    const s = guessSetup(
      ['Well', 'Month', 'Oil', 'Days On'],
      [
        ['A', '1/1/2024', '1', '31'],
        ['A', '2/1/2024', '1', '29'],
        ['B', '2024-01-01', '1', '31'],
      ],
    );
    expect(s.resolution).toBe('monthly');
    expect(s.mapping.targets).toEqual(['well', 'date', 'oil', 'daysOn']);
  });
  it('guesses daily from consecutive days, and maps hours on', () => {
    const s = guessSetup(
      ['Well', 'Date', 'Oil', 'Hours On'],
      [
        ['A', '2024-01-01', '1', '24'],
        ['A', '2024-01-02', '1', '24'],
      ],
    );
    expect(s.resolution).toBe('daily');
    expect(s.mapping.targets).toEqual(['well', 'date', 'oil', 'hoursOn']);
  });
  it('is daily when no date column is recognized', () => {
    expect(guessSetup(['Well', 'When', 'Oil'], [['A', '2024-01-01', '1']]).resolution).toBe('daily');
  });
});

describe('retarget', () => {
  const headers = ['Well', 'Date', 'Oil', 'Days On', 'Hours On'];
  it('keeps targets of the new resolution and re-guesses the others', () => {
    const daily = { targets: ['well', 'date', 'oil', 'ignore', 'hoursOn'], wellMatch: 'auto' as const };
    expect(retarget(daily, headers, 'monthly').targets).toEqual(['well', 'date', 'oil', 'ignore', 'ignore']);
    const monthly = { targets: ['well', 'date', 'oil', 'daysOn', 'ignore'], wellMatch: 'auto' as const };
    expect(retarget(monthly, headers, 'daily').targets).toEqual(['well', 'date', 'oil', 'ignore', 'ignore']);
  });
  it('maps a column whose daily field has no monthly twin to what its header says in monthly', () => {
    const m = { targets: ['well', 'date', 'oil', 'hoursOn', 'ignore'], wellMatch: 'id' as const };
    expect(retarget(m, headers, 'monthly')).toEqual({
      targets: ['well', 'date', 'oil', 'daysOn', 'ignore'],
      wellMatch: 'id',
    });
  });
});
