import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDayIndex } from '../dayIndex';
import { exponentialNominalFromEffective } from '../declines';
import { toSegment } from '../segment';
import { seededRandom } from '../test/random';
import { fitRatio } from './fitRatio';

const START = toDayIndex('2020-01-01');
const END = toDayIndex('2049-12-31');

/** Oil declining at 50 %/year and gas = oil × a GOR of `gor0`·e^(−D·Δ) (D < 0: a rising GOR). */
function pair(gor0: number, gorDEff: number, months = 36, sigma = 0, seed = 1) {
  const Doil = exponentialNominalFromEffective(0.5);
  const Dgor = exponentialNominalFromEffective(gorDEff);
  const { normal } = seededRandom(seed);
  const oil = Array.from({ length: months }, (_, i) => ({ day: START + i * 30, rate: 800 * Math.exp(-Doil * i * 30) }));
  const gas = oil.map((p, i) => ({ day: p.day, rate: p.rate * gor0 * Math.exp(-Dgor * i * 30 + sigma * normal()) }));
  return { oil, gas };
}

describe('ratio phases (fitRatio)', () => {
  it('a rising GOR is fitted as exp_inc over its base phase, exactly without noise, with basePhase carried', () => {
    const { oil, gas } = pair(1.5, -0.4);
    const fit = fitRatio(oil, gas, { model: 'exponential', basePhase: 'oil', phase: 'gas', endDay: END });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit).toMatchObject({ forecastType: 'ratio', basePhase: 'oil' });
    expect(fit.segments).toHaveLength(1);
    expect(fit.segments[0]).toMatchObject({ segmentType: 'exp_inc', startDate: '2020-01-01', endDate: '2049-12-31' });
    expect(fit.segments[0]!.qStart).toBeCloseTo(1.5, 9);
    expect(fit.segments[0]!.dEff).toBeCloseTo(-0.4, 9);
    expect(() => toSegment(fit.segments[0]!)).not.toThrow();
  });

  it('a falling WOR is exp_dec; flat and a rising linear ratio are offered too', () => {
    const { oil, gas: water } = pair(0.3, 0.2);
    const dec = fitRatio(oil, water, { model: 'exponential', basePhase: 'oil', endDay: END });
    expect(dec.ok && dec.segments[0]).toMatchObject({ segmentType: 'exp_dec' });
    expect(dec.ok && dec.segments[0]!.dEff).toBeCloseTo(0.2, 9);
    const flat = fitRatio(oil, water, { model: 'flat', basePhase: 'oil', endDay: END });
    expect(flat.ok && flat.segments[0]).toMatchObject({ segmentType: 'flat' });
    const rising = oil.map((p, i) => ({ day: p.day, rate: p.rate * (0.5 + 0.001 * i * 30) }));
    const linear = fitRatio(oil, rising, { model: 'linear', basePhase: 'oil', endDay: END });
    expect(linear.ok).toBe(true);
    if (!linear.ok) return;
    expect(linear.segments[0]!.qStart).toBeCloseTo(0.5, 9);
    expect(linear.segments[0]!.slope).toBeCloseTo(0.001, 12);
  });

  it('a rising line that would start below 0 is refused with a reason, not thrown', () => {
    const { oil } = pair(1, 0);
    const steep = oil.map((p, i) => ({ day: p.day, rate: p.rate * (i < 2 ? 0.001 : 0.1 * i) }));
    expect(fitRatio(oil, steep, { model: 'linear', basePhase: 'oil', endDay: END, loss: 'linear' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the fitted line starts below 0'),
    });
  });

  it('pairs days: days only one phase has are ignored; days the base is zero are left out and reported', () => {
    const { oil, gas } = pair(1.5, -0.4);
    const withZeros = oil.map((p, i) => (i === 5 ? { ...p, rate: 0 } : p));
    const extraGas = [...gas, { day: START + 15, rate: 99999 }];
    const fit = fitRatio(withZeros, extraGas, { model: 'exponential', basePhase: 'oil', endDay: END });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.quality.excluded).toEqual([{ day: START + 150, reason: 'base phase zero' }]);
    expect(fit.quality.pointsUsed).toBe(35);
    expect(fit.segments[0]!.dEff).toBeCloseTo(-0.4, 9);
  });

  it('answers degenerate inputs with a reason', () => {
    const { oil, gas } = pair(1.5, -0.4);
    const shifted = gas.map((p) => ({ ...p, day: p.day + 1 }));
    const opts = { model: 'exponential', basePhase: 'oil', endDay: END } as const;
    expect(fitRatio(oil, shifted, opts)).toMatchObject({
      ok: false,
      reason: 'no overlapping days: the phase and its base phase (oil) share no day',
    });
    const zeroOil = oil.map((p) => ({ ...p, rate: 0 }));
    expect(fitRatio(zeroOil, gas, opts)).toMatchObject({
      ok: false,
      reason: 'the base phase (oil) is zero on every day both phases have',
    });
    expect(fitRatio(oil, gas, { ...opts, phase: 'oil' })).toMatchObject({
      ok: false,
      reason: 'basePhase must differ from phase (oil)',
    });
    expect(fitRatio(oil.slice(0, 2), gas, opts)).toMatchObject({
      ok: false,
      reason: 'needs at least 3 producing points from the start; has 2',
    });
  });

  it('property: with noise the fitted ratio trend has the sign of the true one and stays close', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: -0.8, max: 0.6, noNaN: true }).filter((d) => Math.abs(d) > 0.1),
        fc.integer({ min: 1, max: 1000 }),
        (gor0, dEff, seed) => {
          const { oil, gas } = pair(gor0, dEff, 48, 0.1, seed);
          const fit = fitRatio(oil, gas, { model: 'exponential', basePhase: 'oil', endDay: END });
          expect(fit.ok).toBe(true);
          if (!fit.ok) return;
          const seg = fit.segments[0]!;
          expect(seg.segmentType).toBe(dEff > 0 ? 'exp_dec' : 'exp_inc');
          expect(Math.abs(seg.dEff! - dEff)).toBeLessThan(0.1 * Math.max(1, Math.abs(dEff)));
        },
      ),
      { numRuns: 40, seed: 31 },
    );
  });
});
