import { dailySeries, eur, monthlySeries, toDayIndex, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
// The axes are the production chart's since it draws every rate chart (decision 023).
import { decadeTicks, logDomain, niceMax, yearTicks } from '../../../components/productionChart/model/axes';
import {
  buildChart,
  downsampleDaily,
  forecastLine,
  MAX_POINTS,
  monthlyPoints,
  ratioEur,
  volumeUnit,
} from './chartData';

/** Thirty years: an arps_modified decline, an exponential tail, a flat end, an empty month. */
const segments = [
  toSegment({
    segmentType: 'arps_modified',
    startDate: '2025-01-01',
    endDate: '2034-12-31',
    qStart: 1200,
    b: 1.1,
    dEff: 0.7,
    realizedDEffSw: 0.08,
  }),
  toSegment({ segmentType: 'exp_dec', startDate: '2035-01-01', endDate: '2049-12-31', qStart: 150, dEff: 0.1 }),
  toSegment({ segmentType: 'flat', startDate: '2050-01-01', endDate: '2054-11-30', qStart: 60 }),
  toSegment({ segmentType: 'empty', startDate: '2054-12-01', endDate: '2054-12-31' }),
];
const daily = dailySeries(segments);
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(b));

describe('chart data', () => {
  it('downsamples a 30-year daily series to at most MAX_POINTS, keeping the ends, the jumps and the exact cumulative', () => {
    expect(daily.values.length).toBeGreaterThan(10_000);
    const points = downsampleDaily(daily);
    expect(points.length).toBeLessThanOrEqual(MAX_POINTS + 1);
    expect(points[0]!.day).toBe(daily.start);
    expect(points.at(-1)!.day).toBe(daily.start + daily.values.length - 1);
    // Strictly increasing days; the largest and the smallest value survive.
    for (let i = 1; i < points.length; i++) expect(points[i]!.day).toBeGreaterThan(points[i - 1]!.day);
    expect(Math.max(...points.map((p) => p.rate!))).toBe(Math.max(...daily.values));
    expect(Math.min(...points.map((p) => p.rate!))).toBe(0);
    // The flat segment's 60/D and the drop to it from the exponential tail are both drawn.
    expect(points.some((p) => p.rate === 60)).toBe(true);
    // Cumulative at each kept day is the sum of every day up to it.
    for (const p of points.filter((_, i) => i % 50 === 0)) {
      let sum = 0;
      for (let i = 0; i <= p.day - daily.start; i++) sum += daily.values[i]!;
      expect(rel(p.cumulative, sum)).toBeLessThan(1e-12);
    }
    expect(rel(points.at(-1)!.cumulative, eur(daily))).toBeLessThan(1e-12);
  });

  it('keeps a short series whole', () => {
    const short = dailySeries([
      toSegment({ segmentType: 'flat', startDate: '2025-01-01', endDate: '2025-03-31', qStart: 5 }),
    ]);
    const points = downsampleDaily(short);
    expect(points).toHaveLength(90);
    expect(points.at(-1)!.cumulative).toBe(450);
  });

  it('builds monthly volumes from monthlySeries, or rates as volume per day present', () => {
    const part = dailySeries([
      toSegment({ segmentType: 'flat', startDate: '2025-01-15', endDate: '2025-03-10', qStart: 10 }),
    ]);
    const volumes = monthlyPoints(part, 'volume');
    expect(volumes.map((p) => p.rate)).toEqual(Array.from(monthlySeries(part).values));
    expect(volumes.map((p) => p.rate)).toEqual([170, 280, 100]);
    // The partial first month is drawn from its first day in the forecast.
    expect(volumes[0]!.day).toBe(toDayIndex('2025-01-15'));
    expect(volumes[1]!.day).toBe(toDayIndex('2025-02-01'));
    expect(volumes.map((p) => p.cumulative)).toEqual([170, 450, 550]);
    // A flat rate is its own monthly average, partial months included.
    expect(monthlyPoints(part, 'rate').map((p) => p.rate)).toEqual([10, 10, 10]);
  });

  it('draws monthly rates without the 28/30/31-day sawtooth or a dip in a partial last month', () => {
    // 100/D through a leap February, 30- and 31-day months, to the 10th of the last month.
    const flat = dailySeries([
      toSegment({ segmentType: 'flat', startDate: '2024-01-01', endDate: '2024-05-10', qStart: 100 }),
    ]);
    expect(monthlyPoints(flat, 'volume').map((p) => p.rate)).toEqual([3100, 2900, 3100, 3000, 1000]);
    expect(monthlyPoints(flat, 'rate').map((p) => p.rate)).toEqual([100, 100, 100, 100, 100]);
    // A declining curve's monthly rates only go down.
    const declining = dailySeries([
      toSegment({ segmentType: 'exp_dec', startDate: '2024-01-01', endDate: '2024-12-15', qStart: 500, dEff: 0.4 }),
    ]);
    const rates = monthlyPoints(declining, 'rate').map((p) => p.rate!);
    for (let i = 1; i < rates.length; i++) expect(rates[i]!).toBeLessThan(rates[i - 1]!);
  });

  it('ticks the semi-log axis at decades only (1, 10, 100, 1000; never 3.16)', () => {
    const chart = buildChart(segments, { resolution: 'monthly', monthlyValue: 'rate', log: true });
    const [lo, hi] = logDomain(chart.minPositiveRate, chart.maxRate);
    const ticks = decadeTicks(lo, hi);
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(Number.isInteger(Math.log10(t))).toBe(true);
    expect(decadeTicks(...logDomain(3.2, 740))).toEqual([1, 10, 100, 1000]);
  });

  it('reports the EUR of the daily series, whatever is drawn', () => {
    const expected = eur(dailySeries(segments));
    for (const resolution of ['daily', 'monthly'] as const) {
      for (const log of [false, true]) {
        const chart = buildChart(segments, { resolution, monthlyValue: 'volume', log });
        expect(chart.eur).toBe(expected);
        expect(rel(chart.points.at(-1)!.cumulative, expected)).toBeLessThan(1e-12);
      }
    }
  });

  it('reports a ratio’s EUR as the ratio times its base phase over the days both cover', () => {
    const ratio = [toSegment({ segmentType: 'flat', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 2 })];
    const base = [toSegment({ segmentType: 'flat', startDate: '2025-07-01', endDate: '2026-06-30', qStart: 100 })];
    // 184 days (1 July to 31 December) of 2 MCF/BBL × 100 BBL/D.
    expect(ratioEur(dailySeries(ratio), dailySeries(base))).toBe(2 * 100 * 184);
    const chart = buildChart(ratio, { resolution: 'daily', monthlyValue: 'volume', log: false, base });
    expect(chart.eur).toBe(36_800);
    // The base itself: its EUR times a constant ratio.
    expect(
      ratioEur(
        dailySeries([toSegment({ segmentType: 'flat', startDate: '2000-01-01', endDate: '2100-01-01', qStart: 3 })]),
        daily,
      ),
    ).toBeCloseTo(3 * eur(daily), 6);
  });

  it('leaves out rates a log axis cannot draw, and fits its domain to whole decades', () => {
    const chart = buildChart(segments, { resolution: 'daily', monthlyValue: 'volume', log: true });
    expect(chart.points.some((p) => p.rate === null)).toBe(true);
    expect(chart.points.every((p) => p.rate === null || p.rate > 0)).toBe(true);
    // Min-max downsampling keeps the smallest positive day: the exponential tail's last, 150 · 0.9^15.
    expect(chart.minPositiveRate).toBe(Math.min(...daily.values.filter((v) => v > 0)));
    expect(chart.minPositiveRate).toBeCloseTo(150 * 0.9 ** 15, 1);
    expect(logDomain(chart.minPositiveRate, chart.maxRate)).toEqual([10, 10_000]);
    expect(logDomain(undefined, 0)).toEqual([1, 10]);
  });

  it('tops a linear axis at a round value above the largest rate', () => {
    expect(niceMax(1.4)).toBe(2);
    expect(niceMax(740)).toBe(1000);
    expect(niceMax(1200)).toBe(2000);
    expect(niceMax(2300)).toBe(2500);
    expect(niceMax(0)).toBe(1);
  });

  it('ticks whole years within the range', () => {
    const ticks = yearTicks(toDayIndex('2025-01-01'), toDayIndex('2054-12-31'));
    expect(ticks[0]).toBe(toDayIndex('2025-01-01'));
    expect(ticks.length).toBeLessThanOrEqual(10);
    expect(yearTicks(toDayIndex('2025-03-01'), toDayIndex('2027-06-01'))).toEqual([
      toDayIndex('2026-01-01'),
      toDayIndex('2027-01-01'),
    ]);
  });

  it('names volume units by phase', () => {
    expect([volumeUnit('oil'), volumeUnit('gas'), volumeUnit('water')]).toEqual(['BBL', 'MCF', 'BBL']);
  });

  it('hands the chart a forecast line: the drawn points, their cumulative and the segment starts', () => {
    const chart = buildChart(segments, { resolution: 'monthly', monthlyValue: 'rate', log: true });
    const line = forecastLine('oil', 'Oil forecast', chart, segments);
    expect(line.days).toEqual(chart.points.map((p) => p.day));
    expect(line.values).toEqual(chart.points.map((p) => p.rate));
    expect(line.cumulative).toEqual(chart.points.map((p) => p.cumulative));
    expect(line.segmentStarts).toEqual(
      ['2025-01-01', '2035-01-01', '2050-01-01', '2054-12-01'].map((d) => toDayIndex(d)),
    );
  });
});
