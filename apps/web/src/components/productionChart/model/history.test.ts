import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import {
  cumulativeBefore,
  cumulativeValues,
  historyFromRecords,
  lastPoint,
  lastRatioPoint,
  monthDays,
  phaseValues,
  ratioValues,
} from './history';

const monthly = historyFromRecords('monthly', [
  // Out of order on purpose: columns are in date order.
  { date: '2024-03-01', oil: 3100, gas: 6200, water: 0 },
  { date: '2024-02-01', oil: 2900, gas: null, water: 290 },
  { date: '2024-01-01', oil: 3100, gas: 9300, water: 310 },
  { date: '2024-04-01', oil: 0 },
]);

describe('history columns', () => {
  it('sorts records by date into day indexes and volumes, missing values undefined', () => {
    expect(monthly.days).toEqual(['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01'].map((d) => toDayIndex(d)));
    expect(monthly.volumes.gas).toEqual([9300, undefined, 6200, undefined]);
    expect(monthly.volumes.oil).toEqual([3100, 2900, 3100, 0]);
  });

  it('draws monthly history as volume over the days in its month, not a sawtooth of volumes', () => {
    // 3100 in 31 days, 2900 in 29 (2024 is a leap year), 3100 in 31: a flat 100 BBL/D.
    expect(phaseValues(monthly, 'oil').slice(0, 3)).toEqual([100, 100, 100]);
    expect(monthDays(toDayIndex('2023-02-01'))).toBe(28);
    expect(phaseValues(monthly, 'oil', 'volume').slice(0, 3)).toEqual([3100, 2900, 3100]);
  });

  it('draws daily history as the day’s volume', () => {
    const daily = historyFromRecords('daily', [{ date: '2024-01-31', oil: 120, gas: 240, water: 12 }]);
    expect(phaseValues(daily, 'oil')).toEqual([120]);
  });

  it('keeps a measured zero as 0 and a missing value as null', () => {
    expect(phaseValues(monthly, 'gas')).toEqual([300, null, 200, null]);
    expect(phaseValues(monthly, 'water')[2]).toBe(0);
    expect(phaseValues(monthly, 'oil')[3]).toBe(0);
  });

  it('sums volumes into a cumulative, missing adding nothing', () => {
    expect(cumulativeValues(monthly, 'gas')).toEqual([9300, 9300, 15_500, 15_500]);
    expect(cumulativeBefore(monthly, 'oil', toDayIndex('2024-03-01'))).toBe(6000);
    expect(cumulativeBefore(monthly, 'oil', toDayIndex('2023-01-01'))).toBe(0);
  });

  it('computes GOR in scf/bbl and WOR in bbl/bbl, none where oil is zero or the ratio zero', () => {
    const { gor, wor } = ratioValues(monthly);
    expect(gor).toEqual([3000, null, 2000, null]);
    expect(wor).toEqual([0.1, 0.1, null, null]);
  });

  it('finds the last positive point of a phase, skipping trailing zeros, as a per-day rate', () => {
    expect(lastPoint(monthly, 'oil')).toEqual({ day: toDayIndex('2024-03-01'), rate: 100 });
    expect(lastPoint(monthly, 'water')).toEqual({ day: toDayIndex('2024-02-01'), rate: 10 });
    const daily = historyFromRecords('daily', [
      { date: '2024-05-01', oil: 50 },
      { date: '2024-05-02', oil: 48 },
      { date: '2024-05-03', oil: 0 },
      { date: '2024-05-04', oil: null },
    ]);
    expect(lastPoint(daily, 'oil')).toEqual({ day: toDayIndex('2024-05-02'), rate: 48 });
    expect(lastPoint(daily, 'gas')).toBeUndefined();
  });

  it('finds the last point of a ratio where both phases flowed, in the phases’ units', () => {
    // March has gas and oil: 6200 MCF / 3100 BBL; April has no gas.
    expect(lastRatioPoint(monthly, 'gas', 'oil')).toEqual({ day: toDayIndex('2024-03-01'), rate: 2 });
    // March's water is 0: February's 290 / 2900.
    expect(lastRatioPoint(monthly, 'water', 'oil')).toEqual({ day: toDayIndex('2024-02-01'), rate: 0.1 });
    expect(lastRatioPoint(historyFromRecords('daily', []), 'gas', 'oil')).toBeUndefined();
  });
});
