import { type Fit, TypeCurveFitsInput } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { fitDailySeries, type VolumeRow, volumeRows } from './volumes';

/** exp_dec with d = 0.36525/year: D = 0.001/day exactly. Jan + Feb 2025 = 59 days. */
const EXP = {
  segmentIndex: 0,
  segmentType: 'exp_dec',
  startDate: '2025-01-01',
  endDate: '2025-02-28',
  qStart: 100,
  d: 0.36525,
};
const FLAT = (startDate: string, endDate: string, qStart: number, segmentIndex = 0) => ({
  segmentIndex,
  segmentType: 'flat',
  startDate,
  endDate,
  qStart,
});
const rate = (series: Record<string, unknown[]>) => ({
  fitType: 'rate',
  regressionType: 'rate',
  eurPercentileMatched: false,
  ...Object.fromEntries(Object.entries(series).map(([k, segments]) => [k, { segments }])),
});
const ratio = (basePhase: string, series: Record<string, unknown[]>) => ({
  fitType: 'ratio',
  regressionType: 'rate',
  eurPercentileMatched: false,
  ratio: { basePhase, ...Object.fromEntries(Object.entries(series).map(([k, segments]) => [k, { segments }])) },
});
const fits = (body: unknown) => fitDailySeries(TypeCurveFitsInput.parse(body));
const all = { skip: 0, take: 100_000 };

/** q0·e^(−D·i) for day i; Σ_{i=a}^{b−1} by the geometric closed form. */
const q = (i: number) => 100 * Math.exp(-0.001 * i);
const geometric = (a: number, b: number) => (q(a) * (1 - Math.exp(-0.001 * (b - a)))) / (1 - Math.exp(-0.001));
const close = (a: number | undefined, b: number) => expect(Math.abs((a ?? Number.NaN) - b) / b).toBeLessThan(1e-12);

describe('volumeRows', () => {
  it('daily: one row per day with the exp_dec rate at the whole-day index', () => {
    const { rows, total } = volumeRows(fits({ oil: rate({ best: [EXP] }) }), 'daily', all);
    expect(total).toBe(59);
    expect(rows[0]).toEqual({ date: '2025-01-01', oil: { best: 100 } });
    expect(rows[58]?.date).toBe('2025-02-28');
    close(rows[31]?.oil?.best, q(31));
    close(rows[58]?.oil?.best, q(58));
  });

  it('monthly: one row per calendar month labelled the 1st, the sum of the month’s daily volumes', () => {
    const { rows, total } = volumeRows(fits({ oil: rate({ best: [EXP] }) }), 'monthly', all);
    expect(total).toBe(2);
    expect(rows.map((r) => r.date)).toEqual(['2025-01-01', '2025-02-01']);
    close(rows[0]?.oil?.best, geometric(0, 31));
    close(rows[1]?.oil?.best, geometric(31, 59));
  });

  it('monthly: a flat series starting mid-month sums only its own days (not scaled)', () => {
    const { rows } = volumeRows(fits({ gas: rate({ p50: [FLAT('2024-02-20', '2024-03-10', 10)] }) }), 'monthly', all);
    expect(rows).toEqual([
      { date: '2024-02-01', gas: { p50: 100 } }, // 20..29 Feb 2024 (leap year): 10 days
      { date: '2024-03-01', gas: { p50: 100 } },
    ]);
  });

  it('spans the earliest start to the latest end; a series without a segment that day has no key', () => {
    const series = fits({
      oil: rate({ best: [FLAT('2025-01-01', '2025-01-02', 5)], p10: [FLAT('2025-01-02', '2025-01-03', 7)] }),
      water: rate({ best: [FLAT('2025-01-05', '2025-01-06', 1)] }),
    });
    const { rows, total } = volumeRows(series, 'daily', all);
    expect(total).toBe(6);
    expect(rows).toEqual<VolumeRow[]>([
      { date: '2025-01-01', oil: { best: 5 } },
      { date: '2025-01-02', oil: { best: 5, p10: 7 } },
      { date: '2025-01-03', oil: { p10: 7 } },
      { date: '2025-01-04' },
      { date: '2025-01-05', water: { best: 1 } },
      { date: '2025-01-06', water: { best: 1 } },
    ]);
    expect(JSON.stringify(rows)).not.toContain('null');
  });

  it('pages by skip and take over the same rows', () => {
    const series = fits({ oil: rate({ best: [EXP] }) });
    const whole = volumeRows(series, 'daily', all).rows;
    const page = volumeRows(series, 'daily', { skip: 57, take: 5 });
    expect(page.total).toBe(59);
    expect(page.rows).toEqual(whole.slice(57));
    expect(volumeRows(series, 'daily', { skip: 100, take: 5 }).rows).toEqual([]);
  });

  it('has no rows when nothing is fitted', () => {
    expect(volumeRows(fitDailySeries({}), 'monthly', all)).toEqual({ rows: [], total: 0 });
  });
});

describe('fitDailySeries', () => {
  const base = rate({ best: [FLAT('2025-01-01', '2025-01-04', 10)], p10: [FLAT('2025-01-01', '2025-01-04', 20)] });

  it('a ratio series is the ratio times the base phase’s same series', () => {
    const { rows } = volumeRows(
      fits({ oil: base, gas: ratio('oil', { p10: [FLAT('2025-01-01', '2025-01-02', 3)] }) }),
      'daily',
      all,
    );
    expect(rows[0]).toEqual({ date: '2025-01-01', oil: { best: 10, p10: 20 }, gas: { p10: 60 } });
    expect(rows[2]).toEqual({ date: '2025-01-03', oil: { best: 10, p10: 20 } });
  });

  it('falls back to the base’s best when the base lacks the series; a day the base lacks is 0', () => {
    const { rows } = volumeRows(
      fits({ oil: base, water: ratio('oil', { p90: [FLAT('2025-01-03', '2025-01-06', 2)] }) }),
      'daily',
      all,
    );
    expect(rows.map((r) => r.water)).toEqual([undefined, undefined, { p90: 20 }, { p90: 20 }, { p90: 0 }, { p90: 0 }]);
  });

  it('leaves out a ratio whose base has neither the series nor best, and a phase with no series', () => {
    const stored: Record<string, Fit> = {
      oil: { fitType: 'rate', regressionType: 'rate', eurPercentileMatched: false },
      gas: TypeCurveFitsInput.parse({ oil: base, gas: ratio('oil', { best: [FLAT('2025-01-01', '2025-01-02', 3)] }) })
        .gas as Fit,
    };
    const series = fitDailySeries(stored);
    expect([...series.keys()]).toEqual([]);
  });
});
