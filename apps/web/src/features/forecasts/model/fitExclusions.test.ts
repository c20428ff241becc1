import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { chartClick, daysFor, exclusionCounts, listedExclusions, REASON_LABEL, toggleExclusion } from './fitExclusions';
import { DEFAULT_FIT_FORM } from './fitForm';

describe('toggleExclusion', () => {
  it('adds a day in order and takes it out again', () => {
    const once = toggleExclusion([10, 30], 20);
    expect(once).toEqual([10, 20, 30]);
    expect(toggleExclusion(once, 20)).toEqual([10, 30]);
  });
  it('never holds a day twice', () => {
    expect(toggleExclusion(toggleExclusion([], 5), 5)).toEqual([]);
  });
});

describe('exclusion reasons', () => {
  const excluded = [
    { day: 1, reason: 'before the start' as const },
    { day: 2, reason: 'zero or negative rate' as const },
    { day: 5, reason: 'outlier' as const },
    { day: 7, reason: 'excluded by the user' as const },
    { day: 9, reason: 'excluded by the user' as const },
  ];
  it('counts each reason, what the person did first, and leaves out reasons with none', () => {
    expect(exclusionCounts(excluded)).toEqual([
      { reason: 'excluded by the user', count: 2 },
      { reason: 'outlier', count: 1 },
      { reason: 'zero or negative rate', count: 1 },
      { reason: 'before the start', count: 1 },
    ]);
    expect(exclusionCounts(excluded.slice(0, 1))).toEqual([{ reason: 'before the start', count: 1 }]);
  });
  it('names the reasons as the editor shows them', () => {
    expect(Object.values(REASON_LABEL)).toEqual([
      'excluded by you',
      'zero rate',
      'before the start',
      'outlier',
      'base phase zero',
    ]);
  });
  it('lists what a person left out first, then outliers, zero rates and points before the start, each by date', () => {
    expect(listedExclusions([...excluded].reverse()).map((e) => e.day)).toEqual([7, 9, 5, 2, 1]);
  });
  it('lists the days of one reason', () => {
    expect(daysFor(excluded, 'excluded by the user')).toEqual([7, 9]);
  });
});

describe('chartClick', () => {
  const day = toDayIndex('2024-03-01');
  const state = { mode: 'exclude' as const, exclude: [5], values: DEFAULT_FIT_FORM };
  it('toggles the point clicked out of the fit and back', () => {
    const once = chartClick(state, day);
    expect(once).toEqual({ ...state, exclude: [5, day] });
    expect(chartClick(once, day).exclude).toEqual([5]);
  });
  it('in start mode starts the fit on the point’s day, keeps the exclusions, and goes back to excluding', () => {
    expect(chartClick({ ...state, mode: 'start' }, day)).toEqual({
      mode: 'exclude',
      exclude: [5],
      values: { ...DEFAULT_FIT_FORM, start: 'date', startDate: '2024-03-01' },
    });
  });
});
