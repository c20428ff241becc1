import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { decadeTicks, logDomain, niceMax, timeTicks, yearTicks } from './axes';

describe('axes', () => {
  it('ticks a log axis at every decade, exactly', () => {
    expect(decadeTicks(1, 10_000)).toEqual([1, 10, 100, 1000, 10_000]);
    expect(decadeTicks(0.01, 10)).toEqual([0.01, 0.1, 1, 10]);
    // Inside a decade: only the decades the range reaches.
    expect(decadeTicks(3, 800)).toEqual([10, 100]);
    expect(decadeTicks(2, 5)).toEqual([]);
    // Floating-point ends still tick (10 ** 3 computed as 1000.0000000000001 would not).
    expect(decadeTicks(0.1 * 0.1, 1000.0000000000001)).toEqual([0.01, 0.1, 1, 10, 100, 1000]);
    expect(decadeTicks(0, 10)).toEqual([]);
    expect(decadeTicks(10, 1)).toEqual([]);
  });

  it('fits a log domain to whole decades around the positive values', () => {
    expect(logDomain(3.2, 740)).toEqual([1, 1000]);
    expect(logDomain(0.05, 12)).toEqual([0.01, 100]);
    expect(logDomain(100, 100)).toEqual([100, 1000]);
    expect(logDomain(undefined, 0)).toEqual([1, 10]);
    expect(logDomain(0, 5)).toEqual([1, 10]);
  });

  it('tops a linear axis at a round value above the largest one', () => {
    expect(niceMax(1.4)).toBe(2);
    expect(niceMax(740)).toBe(1000);
    expect(niceMax(2300)).toBe(2500);
    expect(niceMax(0)).toBe(1);
  });

  it('ticks whole years within the range, at most about `count`', () => {
    expect(yearTicks(toDayIndex('2025-03-01'), toDayIndex('2027-06-01'))).toEqual([
      toDayIndex('2026-01-01'),
      toDayIndex('2027-01-01'),
    ]);
    expect(yearTicks(toDayIndex('2000-01-01'), toDayIndex('2049-12-31')).length).toBeLessThanOrEqual(9);
  });
});

describe('time ticks', () => {
  it('ticks years over long ranges, months over a few, days over weeks', () => {
    const years = timeTicks(toDayIndex('2015-06-01'), toDayIndex('2025-05-31'));
    // Eleven calendar years in at most 8 ticks: every other 1 January in the range.
    expect(years.ticks.map(years.label)).toEqual(['2017', '2019', '2021', '2023', '2025']);
    expect(years.ticks[0]).toBe(toDayIndex('2017-01-01'));
    const months = timeTicks(toDayIndex('2024-11-15'), toDayIndex('2025-04-20'));
    expect(months.ticks).toEqual(
      ['2024-12-01', '2025-01-01', '2025-02-01', '2025-03-01', '2025-04-01'].map((d) => toDayIndex(d)),
    );
    expect(months.label(months.ticks[1]!)).toBe('2025-01');
    const days = timeTicks(toDayIndex('2024-01-01'), toDayIndex('2024-01-03'));
    expect(days.ticks).toHaveLength(3);
    expect(days.label(days.ticks[2]!)).toBe('2024-01-03');
  });
});
