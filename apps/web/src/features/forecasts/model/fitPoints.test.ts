import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { historyFromRecords } from '../../../components/productionChart/model/history';
import { fitPointsFromHistory } from './fitPoints';

describe('fitPointsFromHistory', () => {
  it('turns a monthly volume into the rate per day of its month, at the middle day of the month', () => {
    const h = historyFromRecords('monthly', [
      { date: '2023-02-01', oil: 2800 },
      { date: '2023-01-01', oil: 3100 },
      { date: '2023-04-01', oil: 3000 },
    ]);
    expect(fitPointsFromHistory(h, 'oil')).toMatchObject([
      { day: toDayIndex('2023-01-16'), rate: 100, record: toDayIndex('2023-01-01') },
      { day: toDayIndex('2023-02-14'), rate: 100, record: toDayIndex('2023-02-01') },
      { day: toDayIndex('2023-04-15'), rate: 100, record: toDayIndex('2023-04-01') },
    ]);
  });

  it('takes a daily volume as the rate of that day', () => {
    const h = historyFromRecords('daily', [{ date: '2023-01-05', gas: 512 }]);
    const day = toDayIndex('2023-01-05');
    expect(fitPointsFromHistory(h, 'gas')).toEqual([{ day, rate: 512, record: day, days: 1 }]);
  });

  it('keeps zero and negative volumes (the fitter reports them) and skips records without the phase', () => {
    const h = historyFromRecords('daily', [
      { date: '2023-01-01', oil: 0, water: 5 },
      { date: '2023-01-02', oil: -1 },
      { date: '2023-01-03', water: 7 },
      { date: '2023-01-04', oil: null },
    ]);
    expect(fitPointsFromHistory(h, 'oil').map((p) => p.rate)).toEqual([0, -1]);
  });
});
