import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDayIndex } from '../dayIndex';
import { arpsNominalFromEffective, exponentialNominalFromEffective } from '../declines';
import { arpsRate, segmentRate } from '../rate';
import { toSegment } from '../segment';
import { seededRandom } from '../test/random';
import { type FitPoint, fitDecline } from './fitDecline';

const START = toDayIndex('2020-01-01');
const END = toDayIndex('2049-12-31');

/** Monthly points (every 30.4 days) of an Arps well, times log-normal noise of `sigma`. */
function arpsWell(q0: number, dEff: number, b: number, months: number, sigma = 0, seed = 1): FitPoint[] {
  const D = arpsNominalFromEffective(dEff, b);
  const { normal } = seededRandom(seed);
  return Array.from({ length: months }, (_, i) => {
    const delta = Math.round(i * 30.4375);
    return { day: START + delta, rate: arpsRate(q0, D, b, delta) * Math.exp(sigma * normal()) };
  });
}
const truthEur = (q0: number, dEff: number, b: number) =>
  toSegment({ segmentType: 'arps', startDate: '2020-01-01', endDate: '2049-12-31', qStart: q0, dEff, b });

const eurOf = (seg: ReturnType<typeof toSegment>) => {
  let sum = 0;
  for (let d = 0; d <= seg.end - seg.start; d++) sum += segmentRate(seg, d);
  return sum;
};

describe('fitting a decline to history', () => {
  it('recovers an exponential decline exactly without noise', () => {
    const D = exponentialNominalFromEffective(0.35);
    const points = Array.from({ length: 36 }, (_, i) => ({ day: START + i * 30, rate: 800 * Math.exp(-D * i * 30) }));
    const fit = fitDecline(points, { model: 'exp_dec', endDay: END });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment).toMatchObject({ segmentType: 'exp_dec', startDate: '2020-01-01', endDate: '2049-12-31' });
    expect(fit.segment.qStart).toBeCloseTo(800, 6);
    expect(fit.segment.dEff).toBeCloseTo(0.35, 8);
    expect(fit.quality.r2).toBeCloseTo(1, 10);
  });

  it('recovers an Arps decline exactly without noise (b, dEff, EUR)', () => {
    const fit = fitDecline(arpsWell(1000, 0.6, 0.9, 60), { model: 'arps', endDay: END });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment.b).toBeCloseTo(0.9, 5);
    expect(fit.segment.dEff).toBeCloseTo(0.6, 5);
    expect(fit.eur / eurOf(truthEur(1000, 0.6, 0.9))).toBeCloseTo(1, 5);
  });

  it('with 10 % log-normal noise on 60 monthly points the EUR is within 10 % on each of 20 wells', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const fit = fitDecline(arpsWell(1000, 0.6, 0.9, 60, 0.1, seed), { model: 'arps', endDay: END });
      expect(fit.ok).toBe(true);
      if (!fit.ok) return;
      expect(Math.abs(fit.eur / eurOf(truthEur(1000, 0.6, 0.9)) - 1)).toBeLessThan(0.1);
    }
  });

  it('honours the b range, the dEff range and a fixed qStart', () => {
    const points = arpsWell(1000, 0.6, 1.8, 60);
    const b = fitDecline(points, { model: 'arps', endDay: END, bRange: [0.5, 1.2] });
    expect(b.ok && b.segment.b).toBeCloseTo(1.2, 9);
    const d = fitDecline(points, { model: 'arps', endDay: END, dEffRange: [0, 0.3] });
    expect(d.ok && d.segment.dEff! <= 0.3 + 1e-9).toBe(true);
    const q = fitDecline(points, { model: 'arps', endDay: END, qStart: 900 });
    expect(q.ok && q.segment.qStart).toBe(900);
  });

  it('arps_modified carries the terminal decline, and toSegment takes the segment', () => {
    const fit = fitDecline(arpsWell(1000, 0.6, 1.2, 60), { model: 'arps_modified', endDay: END, terminalDEff: 0.08 });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment).toMatchObject({ segmentType: 'arps_modified', realizedDEffSw: 0.08 });
    expect(() => toSegment(fit.segment)).not.toThrow();
    // The terminal decline caps the tail: less volume than the plain Arps fit.
    const plain = fitDecline(arpsWell(1000, 0.6, 1.2, 60), { model: 'arps', endDay: END });
    expect(plain.ok && fit.eur < plain.eur).toBe(true);
    expect(fitDecline(arpsWell(1000, 0.6, 1.2, 60), { model: 'arps_modified', endDay: END })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('terminal decline'),
    });
  });

  it('leaves zero days out and reports them; starts at the peak and reports the points before it', () => {
    const points = arpsWell(1000, 0.5, 0.8, 40);
    const ramp = [
      { day: START - 60, rate: 300 },
      { day: START - 30, rate: 700 },
    ];
    const withZeros = [...ramp, ...points.map((p, i) => (i % 10 === 5 ? { ...p, rate: 0 } : p))];
    const fit = fitDecline(withZeros, { model: 'arps', endDay: END });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment.startDate).toBe('2020-01-01');
    expect(fit.quality.excluded.filter((e) => e.reason === 'before the start')).toHaveLength(2);
    expect(fit.quality.excluded.filter((e) => e.reason === 'zero or negative rate')).toHaveLength(4);
    expect(fit.quality.pointsUsed).toBe(36);
    expect(fit.segment.b).toBeCloseTo(0.8, 4);
  });

  it('leaves out the days the user excluded, reported as such; the fit is the fit without them', () => {
    const clean = arpsWell(1000, 0.6, 0.9, 40);
    const spiked = clean.map((p, i) => (i === 10 ? { ...p, rate: p.rate * 2 } : p));
    const fit = fitDecline(spiked, { model: 'arps', endDay: END, loss: 'linear', exclude: [clean[10]!.day] });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.quality.excluded).toEqual([{ day: clean[10]!.day, reason: 'excluded by the user' }]);
    expect(fit.quality.pointsUsed).toBe(39);
    expect(fit.segment.b).toBeCloseTo(0.9, 6);
  });

  it('is robust to outliers: five spikes move the soft_l1 fit far less than plain least squares', () => {
    const clean = arpsWell(1000, 0.6, 0.9, 60, 0.05, 7);
    const spiked = clean.map((p, i) => (i % 12 === 6 ? { ...p, rate: p.rate * 5 } : p));
    const truth = eurOf(truthEur(1000, 0.6, 0.9));
    const robust = fitDecline(spiked, { model: 'arps', endDay: END });
    const plain = fitDecline(spiked, { model: 'arps', endDay: END, loss: 'linear', start: 'first' });
    expect(robust.ok && plain.ok).toBe(true);
    if (!robust.ok || !plain.ok) return;
    // The peak is not taken from a spike; the spikes are reported as outliers.
    expect(robust.segment.startDate).toBe('2020-01-01');
    expect(robust.quality.excluded.filter((e) => e.reason === 'outlier')).toHaveLength(5);
    expect(robust.quality.pointsUsed).toBe(55);
    const errRobust = Math.abs(robust.eur / truth - 1);
    const errPlain = Math.abs(plain.eur / truth - 1);
    expect(errRobust).toBeLessThan(0.1);
    expect(errRobust).toBeLessThan(errPlain / 2);
  });

  it('answers degenerate histories with a reason instead of a curve', () => {
    const opts = { model: 'arps', endDay: END } as const;
    expect(fitDecline([{ day: START, rate: 100 }], opts)).toMatchObject({
      ok: false,
      reason: 'needs at least 3 producing points from the start; has 1',
    });
    expect(
      fitDecline(
        [0, 1, 2].map((i) => ({ day: START + i, rate: 0 })),
        opts,
      ),
    ).toMatchObject({
      ok: false,
      reason: 'no production: every rate is 0',
    });
    const flat = Array.from({ length: 24 }, (_, i) => ({ day: START + i * 30, rate: 100 * (1 + 0.01 * (i % 2)) }));
    expect(fitDecline(flat, { ...opts, start: 'first' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('do not decline'),
    });
    const step = Array.from({ length: 24 }, (_, i) => ({
      day: START + i * 30,
      rate: i < 12 ? 1000 : 990 - (i % 2) * 600,
    }));
    expect(fitDecline(step, { ...opts, start: 'first' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('poor fit'),
    });
  });

  it('property: a fitted decline never rises, and its dEff stays below 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 5000, noNaN: true }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: 0.05, max: 1.9, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (q0, dEff, b, seed) => {
          const fit = fitDecline(arpsWell(q0, dEff, b, 48, 0.1, seed), { model: 'arps', endDay: END });
          if (!fit.ok) return true;
          expect(fit.segment.dEff!).toBeLessThan(1);
          const seg = toSegment(fit.segment);
          let last = Number.POSITIVE_INFINITY;
          for (let d = 0; d <= seg.end - seg.start; d += 97) {
            const r = segmentRate(seg, d);
            expect(r).toBeLessThanOrEqual(last);
            last = r;
          }
          return true;
        },
      ),
      { numRuns: 60, seed: 17 },
    );
  });

  it('flat: the median rate (robust to a spike), without a trend test', () => {
    const points = Array.from({ length: 24 }, (_, i) => ({ day: START + i * 30, rate: i === 5 ? 900 : 100 + (i % 3) }));
    const fit = fitDecline(points, { model: 'flat', start: 'first', endDay: END });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment).toEqual({ segmentType: 'flat', startDate: '2020-01-01', endDate: '2049-12-31', qStart: 101 });
    expect(fit.eur).toBeCloseTo(101 * (END - START + 1), 6);
  });

  it('linear: recovers a line exactly; a line that reaches 0 before the end is refused with its date', () => {
    const points = Array.from({ length: 24 }, (_, i) => ({ day: START + i * 30, rate: 500 - 0.01 * i * 30 }));
    const fit = fitDecline(points, { model: 'linear', start: 'first', endDay: END });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment.qStart).toBeCloseTo(500, 6);
    expect(fit.segment.slope).toBeCloseTo(-0.01, 9);
    const steep = points.map((p, i) => ({ ...p, rate: 500 - 0.2 * i * 30 }));
    expect(fitDecline(steep, { model: 'linear', start: 'first', endDay: END })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^the fitted line reaches 0 on 2026-1[01]-\d\d, before the end/),
    });
  });
});
