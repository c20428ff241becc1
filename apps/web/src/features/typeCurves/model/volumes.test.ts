import { describe, expect, it } from 'vitest';
import { volumeColumns } from './volumes';

describe('volumeColumns', () => {
  it('lists each phase and series that has a value, in spec order', () => {
    expect(
      volumeColumns([
        { date: '2025-01-01', gas: { p90: 1, best: 2 } },
        { date: '2025-02-01', oil: { best: 3 }, gas: { best: 1 } },
      ]),
    ).toEqual([
      { phase: 'oil', series: 'best' },
      { phase: 'gas', series: 'best' },
      { phase: 'gas', series: 'p90' },
    ]);
    expect(volumeColumns([])).toEqual([]);
  });
});
