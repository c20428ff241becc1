import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDayIndex } from '../dayIndex';
import { arpsNominalFromEffective } from '../declines';
import { arpsRate } from '../rate';
import { toSegment } from '../segment';
import { eurOf, monthlyHistory } from '../test/wells';
import { type FitOptions, fitDecline } from './fitDecline';

const END = toDayIndex('2049-12-31');
const truth = { segmentType: 'arps', startDate: '2020-01-01', endDate: '2049-12-31', qStart: 1000, dEff: 0.6, b: 0.9 };
const options: FitOptions = { model: 'arps', endDay: END, percentiles: true };

/** (P10 − P90)/P50 of EUR: the band's relative width. */
function width(months: number, sigma: number, seed = 3): number {
  const fit = fitDecline(monthlyHistory([truth], months, sigma, seed), options);
  if (!fit.ok || !fit.percentiles?.ok) throw new Error('no percentiles');
  const { p10, p50, p90 } = fit.percentiles;
  return (p10.eur - p90.eur) / p50.eur;
}

describe('P10/P50/P90 from the fit’s uncertainty', () => {
  it('P10 is the high case: EUR P10 ≥ P50 ≥ P90, each a segment that can be stored, with its EUR', () => {
    const fit = fitDecline(monthlyHistory([truth], 36, 0.1, 2), options);
    expect(fit.ok).toBe(true);
    if (!fit.ok || !fit.percentiles?.ok) throw new Error('no percentiles');
    const { p10, p50, p90 } = fit.percentiles;
    expect(p10.eur).toBeGreaterThan(p50.eur);
    expect(p50.eur).toBeGreaterThan(p90.eur);
    for (const c of [p10, p50, p90]) {
      expect(c.segment).toMatchObject({ segmentType: 'arps', startDate: '2020-01-01', endDate: '2049-12-31' });
      expect(() => toSegment(c.segment)).not.toThrow();
      expect(c.eur).toBeCloseTo(eurOf(c.segment), 6);
    }
    // The best fit sits inside its band.
    expect(fit.eur).toBeLessThan(p10.eur);
    expect(fit.eur).toBeGreaterThan(p90.eur);
  });

  it('is deterministic: the same seed gives the same answer; another seed a different one', () => {
    const points = monthlyHistory([truth], 36, 0.1, 2);
    const a = fitDecline(points, options);
    const b = fitDecline(points, options);
    const c = fitDecline(points, { ...options, percentiles: { seed: 99 } });
    expect(a).toEqual(b);
    expect(a.ok && c.ok && a.percentiles?.ok && c.percentiles?.ok).toBe(true);
    if (!a.ok || !c.ok || !a.percentiles?.ok || !c.percentiles?.ok) return;
    expect(c.percentiles.p10.eur).not.toBe(a.percentiles.p10.eur);
    expect(c.percentiles.p10.eur / a.percentiles.p10.eur).toBeCloseTo(1, 1);
  });

  it('the band narrows with less noise and with more points', () => {
    expect(width(36, 0.05)).toBeLessThan(width(36, 0.2) / 2);
    expect(width(96, 0.1)).toBeLessThan(width(24, 0.1) / 2);
  });

  it('without noise the band collapses onto the fit', () => {
    const D = arpsNominalFromEffective(0.6, 0.9);
    const points = Array.from({ length: 36 }, (_, i) => {
      const delta = Math.round(i * 30.4375);
      return { day: toDayIndex('2020-01-01') + delta, rate: arpsRate(1000, D, 0.9, delta) };
    });
    const fit = fitDecline(points, options);
    if (!fit.ok || !fit.percentiles?.ok) throw new Error('no percentiles');
    expect((fit.percentiles.p10.eur - fit.percentiles.p90.eur) / fit.eur).toBeLessThan(1e-6);
    expect(fit.percentiles.p50.eur / fit.eur).toBeCloseTo(1, 6);
  });

  it('is calibrated: the true EUR lies between P90 and P10 for most of 40 noisy wells, on rate and on cumulative volume', () => {
    for (const regression of ['rate', 'cum'] as const) {
      let inside = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const fit = fitDecline(monthlyHistory([truth], 36, 0.1, seed), {
          ...options,
          regression,
          percentiles: { samples: 400 },
        });
        if (!fit.ok || !fit.percentiles?.ok) throw new Error('no percentiles');
        const eur = eurOf(truth);
        if (fit.percentiles.p90.eur <= eur && eur <= fit.percentiles.p10.eur) inside++;
      }
      // An 80 % band: 32 of 40 expected; the covariance is a local (linearized) estimate.
      expect(inside).toBeGreaterThanOrEqual(24);
      expect(inside).toBeLessThanOrEqual(39);
    }
  });

  it('works for exp_dec, linear, flat and on cumulative volume', () => {
    const dates = { startDate: '2020-01-01', endDate: '2029-12-31' };
    const exp = { ...dates, segmentType: 'exp_dec', qStart: 1000, dEff: 0.3 };
    for (const [segments, opts] of [
      [[exp], { model: 'exp_dec' }],
      [[exp], { model: 'exp_dec', regression: 'cum' }],
      [[{ ...dates, segmentType: 'linear', qStart: 1000, slope: -0.1 }], { model: 'linear', start: 'first' }],
      [[{ ...dates, segmentType: 'flat', qStart: 1000 }], { model: 'flat', start: 'first' }],
    ] as const) {
      const endDay = toDayIndex(segments[0]!.endDate);
      const fit = fitDecline(monthlyHistory(segments, 36, 0.1, 4), { ...opts, endDay, percentiles: true });
      if (!fit.ok || !fit.percentiles?.ok) throw new Error(`no percentiles for ${JSON.stringify(opts)}`);
      const { p10, p50, p90 } = fit.percentiles;
      expect(p10.eur).toBeGreaterThan(p50.eur);
      expect(p50.eur).toBeGreaterThan(p90.eur);
    }
  });

  it('says why when the method gives none (nothing fitted: a flat segment with a fixed qStart)', () => {
    const flat = { segmentType: 'flat', startDate: '2020-01-01', endDate: '2029-12-31', qStart: 1000 };
    const fit = fitDecline(monthlyHistory([flat], 12), {
      model: 'flat',
      start: 'first',
      qStart: 1000,
      endDay: toDayIndex('2029-12-31'),
      percentiles: true,
    });
    expect(fit.ok && fit.percentiles).toEqual({ ok: false, reason: 'no fitted parameters (qStart is fixed)' });
  });

  it('property: for any noisy Arps well, P10 ≥ P50 ≥ P90 and every case honours the b range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 50, max: 5000, noNaN: true }),
        fc.double({ min: 0.2, max: 0.9, noNaN: true }),
        fc.double({ min: 0.1, max: 1.8, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (qStart, dEff, b, seed) => {
          const well = { ...truth, qStart, dEff, b };
          const fit = fitDecline(monthlyHistory([well], 36, 0.15, seed), {
            ...options,
            bRange: [0.1, 1.5],
            percentiles: { samples: 200 },
          });
          if (!fit.ok || !fit.percentiles?.ok) return;
          const { p10, p50, p90 } = fit.percentiles;
          expect(p10.eur).toBeGreaterThanOrEqual(p50.eur);
          expect(p50.eur).toBeGreaterThanOrEqual(p90.eur);
          for (const c of [p10, p50, p90]) {
            expect(c.segment.b!).toBeGreaterThanOrEqual(0.1);
            expect(c.segment.b!).toBeLessThanOrEqual(1.5);
          }
        },
      ),
      { numRuns: 30, seed: 23 },
    );
  });
});
