import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDayIndex } from '../dayIndex';
import { exponentialNominalFromEffective } from '../declines';
import { fitDecline } from './fitDecline';
import { type FitPoint, prepareHistory, recentWeights } from './history';

const START = toDayIndex('2020-01-01');
const END = toDayIndex('2049-12-31');

describe('the history a fit uses', () => {
  it('each point stands for the gap to the next, its own `days` when given, the last for the median gap', () => {
    const points: FitPoint[] = [
      { day: START + 31, rate: 9 },
      { day: START, rate: 10 },
      { day: START + 60, rate: 8, days: 29.6 },
      { day: START + 91, rate: 7 },
      { day: START + 122, rate: 6 },
    ];
    // Gaps 31, 29, 31, 31: the median gap is 31.
    const h = prepareHistory(points, { start: 'first' });
    expect('points' in h && [...h.intervals]).toEqual([31, 29, 30, 31, 31]);
    expect('points' in h && h.points.map((p) => p.day - START)).toEqual([0, 31, 60, 91, 122]);
  });

  it('an excluded point keeps its place in time: the point before it still stands for the gap to it', () => {
    const points = [0, 30, 61, 91].map((d) => ({ day: START + d, rate: 10 }));
    const h = prepareHistory(points, { start: 'first', exclude: [START + 30] });
    expect('points' in h && [...h.intervals]).toEqual([30, 30, 30]);
  });
});

describe('weights on recent data (recentWeight)', () => {
  it('halves every halfLifeDays back from the last point', () => {
    const points = [0, 100, 200, 300].map((d) => ({ day: START + d, rate: 1 }));
    expect([...recentWeights(points, 100)]).toEqual([0.125, 0.25, 0.5, 1]);
  });

  it('property: weights are in (0, 1], 1 on the last point, and grow with the day', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { minLength: 2, maxLength: 40 }),
        fc.double({ min: 10, max: 3650, noNaN: true }),
        (days, halfLife) => {
          const points = [...days].sort((a, b) => a - b).map((d) => ({ day: START + d, rate: 1 }));
          const w = recentWeights(points, halfLife);
          expect(w[w.length - 1]).toBe(1);
          for (let i = 1; i < w.length; i++) expect(w[i]!).toBeGreaterThan(w[i - 1]!);
          expect(w[0]!).toBeGreaterThan(0);
        },
      ),
      { numRuns: 100, seed: 5 },
    );
  });

  // 36 months at 30 %/year, then 24 months at 75 %/year: a change of regime.
  const D1 = exponentialNominalFromEffective(0.3);
  const D2 = exponentialNominalFromEffective(0.75);
  const change = 36 * 30;
  const regime: FitPoint[] = Array.from({ length: 60 }, (_, i) => {
    const d = i * 30;
    const rate = d <= change ? 1000 * Math.exp(-D1 * d) : 1000 * Math.exp(-D1 * change - D2 * (d - change));
    return { day: START + d, rate };
  });

  it('with a change of regime the recent-weighted fit follows the recent decline; the unweighted one does not', () => {
    const options = { model: 'exp_dec', start: 'first', endDay: END, loss: 'linear' } as const;
    const plain = fitDecline(regime, options);
    const recent = fitDecline(regime, { ...options, recentWeight: { halfLifeDays: 90 } });
    expect(plain.ok && recent.ok).toBe(true);
    if (!plain.ok || !recent.ok) return;
    expect(Math.abs(recent.segment.dEff! - 0.75)).toBeLessThan(0.03);
    expect(Math.abs(plain.segment.dEff! - 0.75)).toBeGreaterThan(0.2);
    // The recent fit passes through the last rates (within 5 %); the plain one misses them.
    const lastRate = (fit: typeof recent) =>
      fit.ok ? fit.segment.qStart! * Math.exp(-exponentialNominalFromEffective(fit.segment.dEff!) * 59 * 30) : 0;
    expect(Math.abs(lastRate(recent) / regime[59]!.rate - 1)).toBeLessThan(0.05);
    expect(Math.abs(lastRate(plain) / regime[59]!.rate - 1)).toBeGreaterThan(0.2);
  });

  it('is refused on cumulative volume, where every residual carries the early volume', () => {
    expect(
      fitDecline(regime, { model: 'exp_dec', endDay: END, regression: 'cum', recentWeight: { halfLifeDays: 90 } }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('recentWeight applies to the regression on rate') });
  });

  it('a half-life that is not a positive number of days is refused with a reason', () => {
    for (const halfLifeDays of [0, -30, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(fitDecline(regime, { model: 'exp_dec', endDay: END, recentWeight: { halfLifeDays } })).toMatchObject({
        ok: false,
        reason: expect.stringContaining('recentWeight.halfLifeDays must be a positive number of days'),
      });
    }
  });
});
