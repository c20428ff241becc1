import { describe, expect, it } from 'vitest';
import { toDayIndex } from './dayIndex';
import { historyPoints } from './historyPoints';

describe('history as fit points', () => {
  it('divides a monthly volume by the days of its month, keeps zeros, leaves out what was not measured', () => {
    const points = historyPoints(
      [
        { date: '2024-03-01', volume: 3100 },
        { date: '2024-02-01', volume: 2900 },
        { date: '2024-04-01', volume: 0 },
        { date: '2024-05-01', volume: null },
        { date: '2024-06-01', volume: undefined },
      ],
      'monthly',
    );
    expect(points).toEqual([
      { day: toDayIndex('2024-02-01'), rate: 100 },
      { day: toDayIndex('2024-03-01'), rate: 100 },
      { day: toDayIndex('2024-04-01'), rate: 0 },
    ]);
  });

  it('takes a daily volume as the rate', () => {
    expect(historyPoints([{ date: '2024-02-29', volume: 42 }], 'daily')).toEqual([
      { day: toDayIndex('2024-02-29'), rate: 42 },
    ]);
  });
});
