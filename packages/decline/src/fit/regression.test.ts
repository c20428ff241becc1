import { describe, expect, it } from 'vitest';
import { toDayIndex } from '../dayIndex';
import { eurOf, monthlyHistory } from '../test/wells';
import { fitDecline } from './fitDecline';

const END = toDayIndex('2049-12-31');
const arps = (qStart: number, dEff: number, b: number, startDate = '2020-01-01', endDate = '2049-12-31') => ({
  segmentType: 'arps',
  startDate,
  endDate,
  qStart,
  dEff,
  b,
});

describe('regression on cumulative volume (regression: cum)', () => {
  it('recovers an Arps decline exactly from monthly volumes without noise', () => {
    const truth = arps(1000, 0.6, 0.9);
    const fit = fitDecline(monthlyHistory([truth], 60), { model: 'arps', endDay: END, regression: 'cum' });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment.startDate).toBe('2020-01-01');
    expect(fit.segment.qStart).toBeCloseTo(1000, 4);
    expect(fit.segment.b).toBeCloseTo(0.9, 5);
    expect(fit.segment.dEff).toBeCloseTo(0.6, 6);
    expect(fit.eur / eurOf(truth)).toBeCloseTo(1, 6);
    // The quality is reported in log rate: a monthly average is not the rate on the first day.
    expect(fit.quality.r2).toBeGreaterThan(0.99);
  });

  it('recovers exp_dec and arps_modified exactly too', () => {
    const exp = { segmentType: 'exp_dec', startDate: '2020-01-01', endDate: '2049-12-31', qStart: 500, dEff: 0.3 };
    const e = fitDecline(monthlyHistory([exp], 48), { model: 'exp_dec', endDay: END, regression: 'cum' });
    expect(e.ok && e.segment.dEff).toBeCloseTo(0.3, 7);
    const mod = { ...arps(1000, 0.8, 1.2), segmentType: 'arps_modified', realizedDEffSw: 0.25 };
    const m = fitDecline(monthlyHistory([mod], 72), {
      model: 'arps_modified',
      endDay: END,
      regression: 'cum',
      terminalDEff: 0.25,
    });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expect(m.segment.b).toBeCloseTo(1.2, 4);
    expect(m.eur / eurOf(mod)).toBeCloseTo(1, 5);
  });

  it('a shut-in month counts on neither side: the fit is still exact', () => {
    const truth = arps(800, 0.5, 0.7);
    const points = monthlyHistory([truth], 48).map((p, i) => (i === 20 || i === 21 ? { ...p, rate: 0 } : p));
    const fit = fitDecline(points, { model: 'arps', endDay: END, regression: 'cum' });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.quality.excluded.map((e) => e.reason)).toEqual(['zero or negative rate', 'zero or negative rate']);
    expect(fit.segment.b).toBeCloseTo(0.7, 5);
    expect(fit.eur / eurOf(truth)).toBeCloseTo(1, 6);
  });

  it('without `days`, a point stands for the gap to the next one and the last for the median gap', () => {
    const truth = arps(1000, 0.6, 0.9);
    // 2020-01 … 2024-12: the median gap is 31 days, which is December's length.
    const points = monthlyHistory([truth], 60).map(({ day, rate }) => ({ day, rate }));
    const fit = fitDecline(points, { model: 'arps', endDay: END, regression: 'cum' });
    expect(fit.ok && Math.abs(fit.eur / eurOf(truth) - 1)).toBeLessThan(1e-7);
    // A wrong interval on the last point moves the fit: the rule is what makes it exact.
    const wrong = fitDecline(
      points.map((p, i) => (i === 59 ? { ...p, days: 10 } : p)),
      { model: 'arps', endDay: END, regression: 'cum' },
    );
    expect(wrong.ok && Math.abs(wrong.eur / eurOf(truth) - 1)).toBeGreaterThan(5e-6);
  });

  it('with 10 % log-normal noise on 60 monthly points the EUR is within 12 % on each of 20 wells, 4 % in the median', () => {
    const truth = arps(1000, 0.6, 0.9);
    const errors: number[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const fit = fitDecline(monthlyHistory([truth], 60, 0.1, seed), { model: 'arps', endDay: END, regression: 'cum' });
      expect(fit.ok).toBe(true);
      if (!fit.ok) return;
      errors.push(Math.abs(fit.eur / eurOf(truth) - 1));
    }
    expect(Math.max(...errors)).toBeLessThan(0.12);
    expect(errors.sort((a, b) => a - b)[10]!).toBeLessThan(0.04);
  });

  it('flat and linear fit on cumulative volume too', () => {
    const flat = { segmentType: 'flat', startDate: '2020-01-01', endDate: '2049-12-31', qStart: 120 };
    const f = fitDecline(monthlyHistory([flat], 24), { model: 'flat', start: 'first', endDay: END, regression: 'cum' });
    expect(f.ok && f.segment.qStart).toBeCloseTo(120, 8);
    const line = { segmentType: 'linear', startDate: '2020-01-01', endDate: '2029-12-31', qStart: 300, slope: 0.05 };
    const l = fitDecline(monthlyHistory([line], 24), {
      model: 'linear',
      start: 'first',
      endDay: toDayIndex('2029-12-31'),
      regression: 'cum',
    });
    expect(l.ok).toBe(true);
    if (!l.ok) return;
    expect(l.segment.qStart).toBeCloseTo(300, 6);
    expect(l.segment.slope).toBeCloseTo(0.05, 9);
  });

  it('an unknown regression is refused with a reason', () => {
    const points = monthlyHistory([arps(1000, 0.6, 0.9)], 24);
    expect(fitDecline(points, { model: 'arps', endDay: END, regression: 'volume' as unknown as 'cum' })).toMatchObject({
      ok: false,
      reason: 'regression must be rate or cum; got volume',
    });
  });
});
