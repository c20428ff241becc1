import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { dayOf, isDate } from './dates';

describe('dates as typed', () => {
  it('reads a calendar date as its day index, and nothing else', () => {
    expect(dayOf('2024-02-29')).toBe(toDayIndex('2024-02-29'));
    expect(dayOf('2023-02-29')).toBeUndefined();
    expect(dayOf('2024-1')).toBeUndefined();
    expect(isDate('2024-12-31')).toBe(true);
    expect(isDate('')).toBe(false);
  });
});
