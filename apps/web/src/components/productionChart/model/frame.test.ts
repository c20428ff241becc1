import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { align, buildFrame, type ForecastLine, historyWindow } from './frame';
import { historyFromRecords } from './history';

const d = (s: string) => toDayIndex(s);
const history = historyFromRecords('daily', [
  { date: '2024-01-01', oil: 100, gas: 300, water: 10 },
  { date: '2024-01-02', oil: 0, gas: 280, water: null },
  { date: '2024-01-03', oil: 90, gas: 0, water: 12 },
]);
const forecast: ForecastLine = {
  phase: 'oil',
  label: 'Oil forecast',
  days: [d('2024-01-04'), d('2024-01-05'), d('2024-01-06')],
  values: [80, 0, 70],
  cumulative: [80, 80, 150],
  segmentStarts: [d('2024-01-04'), d('2024-01-06')],
};

describe('chart frame', () => {
  it('aligns series on the union of their days: undefined where a series has no sample, null kept as a gap', () => {
    const { x, ys } = align([
      { days: [1, 3], values: [10, null] },
      { days: [2, 3, 5], values: [20, 30, 50] },
    ]);
    expect(x).toEqual([1, 2, 3, 5]);
    expect(ys[0]).toEqual([10, undefined, null, undefined]);
    expect(ys[1]).toEqual([undefined, 20, 30, 50]);
  });

  it('draws rates of the three phases as history points and the forecast as a line, on decades', () => {
    const frame = buildFrame({ view: 'rates', history, forecasts: [forecast] });
    expect(frame.log).toBe(true);
    expect(frame.series.map((s) => [s.key, s.kind])).toEqual([
      ['oil-history', 'history'],
      ['gas-history', 'history'],
      ['water-history', 'history'],
      ['forecast-0', 'forecast'],
    ]);
    // Zero and missing history is not drawn at all; a zero forecast day is a gap in the line.
    expect(frame.series[0]!.values).toEqual([100, 90]);
    expect(frame.series[1]!.days).toEqual([d('2024-01-01'), d('2024-01-02')]);
    expect(frame.series[3]!.values).toEqual([80, null, 70]);
    expect(frame.y).toEqual([10, 1000]);
    expect(frame.boundaries).toEqual([d('2024-01-04'), d('2024-01-06')]);
    expect(frame.x).toHaveLength(6);
  });

  it('draws rates on a linear axis when asked, zeros included', () => {
    const frame = buildFrame({ view: 'rates', history, forecasts: [forecast], logRates: false });
    expect(frame.series[0]!.values).toEqual([100, 0, 90]);
    expect(frame.series[3]!.values).toEqual([80, 0, 70]);
    expect(frame.y).toEqual([0, 500]);
  });

  it('draws monthly history volumes with units per month when asked', () => {
    const months = historyFromRecords('monthly', [{ date: '2024-02-01', oil: 2900 }]);
    expect(buildFrame({ view: 'rates', history: months }).series[0]).toMatchObject({ values: [100], unit: 'BBL/D' });
    expect(buildFrame({ view: 'rates', history: months, historyValue: 'volume' }).series[0]).toMatchObject({
      values: [2900],
      unit: 'BBL/month',
    });
  });

  it('draws cumulative volumes on a linear axis, the forecast continuing from the history before it', () => {
    const frame = buildFrame({ view: 'cumulative', history, forecasts: [forecast] });
    expect(frame.log).toBe(false);
    expect(frame.series[0]!.values).toEqual([100, 100, 190]);
    expect(frame.series[0]!.unit).toBe('BBL');
    expect(frame.series[3]!.values).toEqual([270, 270, 340]);
    expect(frame.y).toEqual([0, 1000]);
  });

  it('draws GOR and WOR on a log axis without forecasts or boundaries', () => {
    const frame = buildFrame({ view: 'ratios', history, forecasts: [forecast] });
    expect(frame.log).toBe(true);
    expect(frame.series.map((s) => s.label)).toEqual(['GOR', 'WOR']);
    expect(frame.series[0]!.values).toEqual([3000]);
    expect(frame.series[1]!.values).toEqual([0.1, 12 / 90]);
    expect(frame.boundaries).toEqual([]);
    expect(frame.y).toEqual([0.1, 10_000]);
  });

  it('draws a forecast alone when there is no history', () => {
    const frame = buildFrame({ view: 'rates', forecasts: [forecast] });
    expect(frame.series).toHaveLength(1);
    expect(frame.x).toEqual(forecast.days);
  });

  it('marks history points where the phase is drawn (rates view only), and gives a line its own colour and dashes', () => {
    const markers = [
      {
        key: 'user',
        label: 'Excluded by you',
        phase: 'oil' as const,
        days: [d('2024-01-03'), d('2024-01-01'), d('2024-01-02'), d('2030-01-01')],
        shape: 'cross' as const,
        color: '#000',
      },
    ];
    const fit = { ...forecast, label: 'Fit', color: '#8250df', dashed: true };
    const frame = buildFrame({ view: 'rates', history, forecasts: [forecast, fit], markers });
    const mark = frame.series.find((s) => s.key === 'marker-user')!;
    // The zero of 2024-01-02 is not drawn on a log axis, nor a day without a record.
    expect(mark).toMatchObject({
      kind: 'marker',
      shape: 'cross',
      days: [d('2024-01-01'), d('2024-01-03')],
      values: [100, 90],
    });
    expect(frame.series.find((s) => s.label === 'Fit')).toMatchObject({ color: '#8250df', dash: [6, 4] });
    expect(frame.series.find((s) => s.label === 'Oil forecast')!.dash).toBeUndefined();
    expect(buildFrame({ view: 'cumulative', history, markers }).series.some((s) => s.kind === 'marker')).toBe(false);
    const monthly = historyFromRecords('monthly', [{ date: '2024-02-01', oil: 2900 }]);
    const onMonthly = { ...markers[0]!, days: [d('2024-02-01')] };
    expect(buildFrame({ view: 'rates', history: monthly, markers: [onMonthly] }).series.at(-1)!.values).toEqual([100]);
    expect(
      buildFrame({ view: 'rates', history: monthly, historyValue: 'volume', markers: [onMonthly] }).series.at(-1)!
        .values,
    ).toEqual([2900]);
  });

  it('zooms to the history: its span with 5 % before and a quarter (a year at least) after, y fitted inside', () => {
    const long = { ...forecast, days: [d('2024-01-04'), d('2060-01-01')], values: [80, 0.001], cumulative: [80, 90] };
    const frame = buildFrame({ view: 'rates', history, forecasts: [long], zoomToHistory: true });
    // A span of 2 days counts as 30 (a few records still get a margin).
    expect(frame.xRange).toEqual([d('2024-01-01') - 2, d('2024-01-03') + 365]);
    // The forecast's 0.001 of 2060 is outside: the axis starts at the decade of the history's lowest rate.
    expect(frame.y).toEqual([10, 1000]);
    expect(buildFrame({ view: 'rates', history, forecasts: [long] }).xRange).toBeUndefined();
    expect(buildFrame({ view: 'rates', forecasts: [long], zoomToHistory: true }).xRange).toBeUndefined();
    const years = historyFromRecords('monthly', [
      { date: '2020-01-01', oil: 1 },
      { date: '2030-01-01', oil: 1 },
    ]);
    const span = d('2030-01-01') - d('2020-01-01');
    expect(historyWindow(years)).toEqual([
      Math.floor(d('2020-01-01') - 0.05 * span),
      Math.ceil(d('2030-01-01') + 0.25 * span),
    ]);
  });

  it('draws only the phases asked for (rates and cumulative views)', () => {
    const only = buildFrame({ view: 'rates', history, phases: ['oil'] });
    expect(only.series.map((s) => s.key)).toEqual(['oil-history']);
    expect(buildFrame({ view: 'cumulative', history, phases: ['gas'] }).series.map((s) => s.key)).toEqual([
      'gas-history',
    ]);
    expect(buildFrame({ view: 'ratios', history, phases: ['oil'] }).series.map((s) => s.key)).toEqual(['gor', 'wor']);
  });
});
