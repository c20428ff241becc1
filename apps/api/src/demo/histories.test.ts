import { DailyProductionInput, MonthlyProductionInput } from '@econ/contract';
import { dailySeries, type SegmentInput, toDayIndex, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { forecastFrom } from './forecastFrom';
import { type HistoryInput, productionHistory } from './histories';

const WELL = '6523f1a2b4c5d6e7f8091a00';
const AS_OF = '2026-11-01';
const oil: SegmentInput[] = [
  {
    segmentType: 'arps_modified',
    startDate: '2021-03-01',
    endDate: '2032-10-31',
    qStart: 720,
    b: 1.1,
    dEff: 0.65,
    realizedDEffSw: 0.08,
  },
];
const water: SegmentInput[] = [
  { segmentType: 'exp_dec', startDate: '2021-03-01', endDate: '2056-10-31', qStart: 950, dEff: 0.35 },
];
const GOR = 1.6;
const input = (seed: number): HistoryInput => ({
  well: WELL,
  startDate: '2021-03-01',
  endDate: '2026-10-31',
  seed,
  phases: {
    oil: { forecastType: 'rate', segments: oil },
    gas: {
      forecastType: 'ratio',
      basePhase: 'oil',
      segments: [{ segmentType: 'flat', startDate: '2021-03-01', endDate: '2056-10-31', qStart: GOR }],
    },
    water: { forecastType: 'rate', segments: water },
  },
});
const history = productionHistory(input(7));
const { daily, monthly } = history;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
/** The decline's daily volume on a date. */
const declineOn = (segments: SegmentInput[], date: string) => {
  const s = dailySeries(segments.map(toSegment));
  return s.values[toDayIndex(date) - s.start]!;
};

describe('productionHistory', () => {
  it('is deterministic for a seed, and another seed gives another history', () => {
    expect(productionHistory(input(7))).toEqual(history);
    expect(productionHistory(input(8)).daily.map((r) => r.oil)).not.toEqual(daily.map((r) => r.oil));
  });

  it('has one daily record per day from startDate to endDate, and valid records for the contract', () => {
    expect(daily).toHaveLength(toDayIndex('2026-10-31') - toDayIndex('2021-03-01') + 1);
    expect(daily[0]!.date).toBe('2021-03-01');
    expect(daily.at(-1)!.date).toBe('2026-10-31');
    for (const r of daily) expect(DailyProductionInput.safeParse(r).success).toBe(true);
    for (const r of monthly) expect(MonthlyProductionInput.safeParse(r).success).toBe(true);
  });

  it('sums the daily volumes into calendar months; daysOn counts the producing days', () => {
    expect(monthly).toHaveLength(68); // 2021-03 … 2026-10
    for (const m of monthly) {
      const days = daily.filter((d) => d.date.slice(0, 7) === m.date.slice(0, 7));
      expect(m.date.endsWith('-01')).toBe(true);
      for (const phase of ['oil', 'gas', 'water'] as const) {
        const sum = days.reduce((s, d) => s + d[phase]!, 0);
        expect(Math.abs(m[phase]! - sum)).toBeLessThan(1e-6);
      }
      expect(m.daysOn).toBe(days.filter((d) => d.hoursOn > 0).length);
      expect(m.choke).toBe(days.at(-1)!.choke);
    }
  });

  it('reports a day down as zero volumes with hoursOn 0: a few a month and a multi-week shut-in', () => {
    const down = daily.filter((r) => r.hoursOn === 0);
    for (const r of down) expect([r.oil, r.gas, r.water]).toEqual([0, 0, 0]);
    const perMonth = down.length / monthly.length;
    expect(perMonth).toBeGreaterThan(1);
    expect(perMonth).toBeLessThan(5);
    let run = 0;
    let longest = 0;
    for (const r of daily) {
      run = r.hoursOn === 0 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeGreaterThanOrEqual(14);
    // Producing days have volumes in every phase.
    for (const r of daily.filter((d) => d.hoursOn > 0)) expect(r.oil! > 0 && r.gas! > 0 && r.water! > 0).toBe(true);
  });

  it('opens the choke once or twice (a step up in rate), and is on its final choke for the last year', () => {
    const changes = daily.filter((r, i) => i > 0 && r.choke !== daily[i - 1]!.choke);
    expect(changes.length).toBeGreaterThanOrEqual(1);
    expect(changes.length).toBeLessThanOrEqual(2);
    const final = daily.at(-1)!.choke;
    expect(daily.slice(-365).every((r) => r.choke === final)).toBe(true);
    // Before the first change the rate sits below the decline by the choke's factor.
    const before = daily.slice(0, daily.indexOf(changes[0]!)).filter((r) => r.hoursOn === 24);
    const ratios = before.map((r) => r.oil! / declineOn(oil, r.date));
    expect(median(ratios)).toBeLessThan(0.95);
  });

  it('follows the decline the forecast continues: last year at its level, and a fit lands on the forecast', () => {
    const lastYear = daily.slice(-365).filter((r) => r.hoursOn === 24);
    expect(median(lastYear.map((r) => r.oil! / declineOn(oil, r.date)))).toBeGreaterThan(0.97);
    expect(median(lastYear.map((r) => r.oil! / declineOn(oil, r.date)))).toBeLessThan(1.03);
    expect(median(lastYear.map((r) => r.water! / declineOn(water, r.date)))).toBeGreaterThan(0.96);
    expect(median(lastYear.map((r) => r.water! / declineOn(water, r.date)))).toBeLessThan(1.04);
    expect(median(lastYear.map((r) => r.gas! / r.oil!))).toBeCloseTo(GOR, 1);
    // Least squares of ln(oil) on the day over the last year, extrapolated to the as-of date,
    // against the forecast that starts there.
    const asOf = toDayIndex(AS_OF);
    const xs = lastYear.map((r) => toDayIndex(r.date) - asOf);
    const ys = lastYear.map((r) => Math.log(r.oil!));
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    const fitted = Math.exp(my - slope * mx);
    const forecastStart = forecastFrom(oil, AS_OF)[0]!.qStart!;
    expect(Math.abs(fitted / forecastStart - 1)).toBeLessThan(0.05);
  });

  it('leaves a phase without a decline null, and refuses a ratio on a phase that is not a rate', () => {
    const oilOnly = productionHistory({ ...input(1), phases: { oil: { forecastType: 'rate', segments: oil } } });
    expect(oilOnly.daily.every((r) => r.gas === null && r.water === null)).toBe(true);
    expect(oilOnly.monthly.every((r) => r.gas === null && r.water === null)).toBe(true);
    expect(() =>
      productionHistory({
        ...input(1),
        phases: { gas: { forecastType: 'ratio', basePhase: 'oil', segments: oil } },
      }),
    ).toThrow(RangeError);
  });
});
