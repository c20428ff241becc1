import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import {
  actualOrForecast,
  endOfHistory,
  historyAvailable,
  historyResolution,
  phaseHistories,
  switchDay,
} from './history';

const day = toDayIndex;
const flat = (from: string, days: number, rate: number) => ({
  start: day(from),
  values: new Float64Array(days).fill(rate),
});
const values = (s: { start: number; values: Float64Array } | undefined, from: string, n: number) =>
  s ? Array.from({ length: n }, (_, i) => s.values[day(from) + i - s.start] ?? 0) : [];

describe('the resolution history is read at (productionDataResolution)', () => {
  const both = { daily: true, monthly: true };
  it('daily and monthly as set; same_as_forecast the forecast resolution, monthly without one', () => {
    expect(historyResolution('daily', 'monthly', both, undefined)).toBe('daily');
    expect(historyResolution('monthly', 'daily', both, undefined)).toBe('monthly');
    expect(historyResolution('same_as_forecast', 'daily', both, undefined)).toBe('daily');
    expect(historyResolution('same_as_forecast', undefined, both, undefined)).toBe('monthly');
    expect(historyResolution(undefined, 'daily', both, undefined)).toBe('daily');
  });
  it('the other resolution when the well holds only that, with a warning; none without history', () => {
    const warnings: string[] = [];
    expect(historyResolution('daily', undefined, { daily: false, monthly: true }, undefined, warnings)).toBe('monthly');
    expect(warnings).toEqual([
      'date-settings: productionDataResolution asks for daily production but the well has only monthly production; monthly is used.',
    ]);
    expect(historyResolution('daily', undefined, { daily: false, monthly: false }, undefined)).toBeUndefined();
  });
  it('none when actualOrForecast ignores history (ignoreHistoryProd, afterEconLimit yes)', () => {
    expect(historyResolution('daily', undefined, both, { ignoreHistoryProd: true, afterEconLimit: 'no' })).toBe(
      undefined,
    );
    const never = { oil: { never: '' }, gas: { never: '' }, water: { never: '' } } as const;
    const af = { ignoreHistoryProd: false, replaceActualWithForecast: never, afterEconLimit: 'yes' } as const;
    expect(historyResolution('daily', undefined, both, af)).toBeUndefined();
  });
  it('what the well holds comes from its production summary', () => {
    expect(historyAvailable({ lastProdDateDaily: '2024-01-02', lastProdDateMonthly: null })).toEqual({
      daily: true,
      monthly: false,
    });
  });
});

describe('history as daily series', () => {
  it('a daily record is its day; days without a record inside the span are 0; null is not a value', () => {
    const h = phaseHistories({
      resolution: 'daily',
      records: [
        { date: '2024-01-01', oil: 10, gas: null },
        { date: '2024-01-03', oil: 30, gas: 5 },
        { date: '2024-01-04', oil: null, gas: 6 },
      ],
    });
    expect(h.oil).toMatchObject({ first: day('2024-01-01'), last: day('2024-01-03') });
    expect(values(h.oil?.series, '2024-01-01', 3)).toEqual([10, 0, 30]);
    expect(h.gas).toMatchObject({ first: day('2024-01-03'), last: day('2024-01-04') });
    expect(h.water).toBeUndefined();
  });
  it('a monthly record is spread evenly over the days of its month (leap February included)', () => {
    const h = phaseHistories({
      resolution: 'monthly',
      records: [
        { date: '2024-02-01', oil: 2900 },
        { date: '2024-04-01', oil: 300 },
      ],
    });
    expect(h.oil).toMatchObject({ first: day('2024-02-01'), last: day('2024-04-30') });
    expect(values(h.oil?.series, '2024-02-28', 3)).toEqual([100, 100, 0]);
    expect(values(h.oil?.series, '2024-04-30', 1)).toEqual([10]);
    const sum = h.oil!.series.values.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(3200, 9);
  });
  it('the end of history is the last day any phase covers', () => {
    const h = phaseHistories({
      resolution: 'monthly',
      records: [
        { date: '2024-01-01', oil: 1, water: 1 },
        { date: '2024-03-01', water: 2 },
      ],
    });
    expect(endOfHistory(h)).toBe('2024-03-31');
    expect(endOfHistory({})).toBeUndefined();
  });
  it('a negative volume is refused naming the phase', () => {
    expect(() => phaseHistories({ resolution: 'daily', records: [{ date: '2024-01-01', gas: -1 }] })).toThrow(
      /history\.gas/,
    );
  });
});

describe('actual or forecast (spec 2.5)', () => {
  const history = phaseHistories({
    resolution: 'daily',
    records: [
      { date: '2024-01-01', oil: 50 },
      { date: '2024-01-02', oil: 0 },
      { date: '2024-01-04', oil: 40 },
    ],
  }).oil!;
  const forecast = flat('2024-01-03', 5, 7); // 2024-01-03 .. 2024-01-07

  it('the switch day: the as-of day, a given date, never', () => {
    expect(switchDay({ asOfDate: '' }, 100, 'f')).toBe(100);
    expect(switchDay({ date: '2024-01-03' }, 100, 'f')).toBe(day('2024-01-03'));
    expect(switchDay({ never: '' }, 100, 'f')).toBe(Number.POSITIVE_INFINITY);
    expect(() => switchDay({ date: '2024-02-30' }, 100, 'replace.oil.date')).toThrow(/replace\.oil\.date/);
  });
  it('before the switch day the history where it exists (a day without a record is 0), the forecast after it ends', () => {
    const s = actualOrForecast(forecast, history, day('2024-01-07'));
    expect(values(s, '2024-01-01', 8)).toEqual([50, 0, 0, 40, 7, 7, 7, 0]);
  });
  it('from the switch day on the forecast, even where history exists', () => {
    const s = actualOrForecast(forecast, history, day('2024-01-04'));
    expect(values(s, '2024-01-01', 7)).toEqual([50, 0, 0, 7, 7, 7, 7]);
  });
  it('never: the history wherever it exists, the forecast outside it', () => {
    const s = actualOrForecast(forecast, history, Number.POSITIVE_INFINITY);
    expect(values(s, '2024-01-01', 7)).toEqual([50, 0, 0, 40, 7, 7, 7]);
  });
  it('a switch on or before the first history day, or no history: the forecast as it is', () => {
    expect(actualOrForecast(forecast, history, day('2024-01-01'))).toBe(forecast);
    expect(actualOrForecast(forecast, undefined, Number.POSITIVE_INFINITY)).toBe(forecast);
  });
  it('history without a forecast: the actual volumes alone', () => {
    const s = actualOrForecast(undefined, history, Number.POSITIVE_INFINITY);
    expect(values(s, '2024-01-01', 5)).toEqual([50, 0, 0, 40, 0]);
  });
});
