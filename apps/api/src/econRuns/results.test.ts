import { describe, expect, it } from 'vitest';
import { pageSpans } from './results';

describe('pageSpans', () => {
  const wells = [
    { comboName: 'default', wellId: 'a', months: 3 },
    { comboName: 'default', wellId: 'b', months: 0 },
    { comboName: 'default', wellId: 'c', months: 5 },
  ];

  it('cuts a page across the wells laid end to end, skipping wells without rows', () => {
    expect(pageSpans(wells, 0, 8)).toEqual([
      { comboName: 'default', wellId: 'a', from: 0, to: 3 },
      { comboName: 'default', wellId: 'c', from: 0, to: 5 },
    ]);
    expect(pageSpans(wells, 2, 3)).toEqual([
      { comboName: 'default', wellId: 'a', from: 2, to: 3 },
      { comboName: 'default', wellId: 'c', from: 0, to: 2 },
    ]);
    expect(pageSpans(wells, 4, 2)).toEqual([{ comboName: 'default', wellId: 'c', from: 1, to: 3 }]);
  });

  it('is empty past the last row', () => {
    expect(pageSpans(wells, 8, 10)).toEqual([]);
    expect(pageSpans([], 0, 10)).toEqual([]);
  });
});
