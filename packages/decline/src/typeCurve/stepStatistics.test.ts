import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/tolerance';
import { quantile, stepStatistics } from './stepStatistics';

const NaN_ = Number.NaN;

describe('quantiles (type 7: linear between order statistics)', () => {
  it('interpolates between the order statistics', () => {
    expectClose(quantile([1, 2, 3, 4], 0.9), 3.7);
    expectClose(quantile([1, 2, 3, 4], 0.5), 2.5);
    expectClose(quantile([1, 2, 3, 4], 0.1), 1.3);
    expect(quantile([7], 0.9)).toBe(7);
  });
});

describe('per-step statistics', () => {
  const wells = [
    Float64Array.of(100, 50, 25),
    Float64Array.of(200, 100, NaN_),
    Float64Array.of(300, 150),
    Float64Array.of(400, 0, 100, 80),
  ];
  it('P10 is the high rate (90th percentile), P90 the low; the average and the count are over the producing wells', () => {
    const { steps } = stepStatistics(wells, 1);
    expect(steps[0]).toEqual({ step: 0, wellCount: 4, p10: 370, p50: 250, p90: 130, average: 250 });
    // Step 1: the zero rate is a shut-in, left out.
    expect(steps[1]?.wellCount).toBe(3);
    expectClose(steps[1]!.p10, 140);
    expectClose(steps[1]!.average, 100);
    expect(steps[2]).toMatchObject({ wellCount: 2, p50: 62.5 });
    expect(steps[3]).toMatchObject({ wellCount: 1, p10: 80, p50: 80, p90: 80, average: 80 });
  });
  it('stops at the first step with fewer than the minimum of wells', () => {
    const { steps, stop } = stepStatistics(wells, 3);
    expect(steps.map((s) => s.step)).toEqual([0, 1]);
    expect(stop).toEqual({ step: 2, wellCount: 2, minWells: 3 });
  });
  it('keeps P10 ≥ P50 ≥ P90 and the average within [min, max] at every step', () => {
    const rate = fc.oneof(fc.double({ min: 0.01, max: 1e5, noNaN: true }), fc.constant(NaN_));
    fc.assert(
      fc.property(fc.array(fc.array(rate, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 }), (raw) => {
        const { steps } = stepStatistics(
          raw.map((r) => Float64Array.from(r)),
          1,
        );
        for (const s of steps) {
          const at = raw.map((r) => r[s.step]).filter((q): q is number => q !== undefined && q > 0);
          expect(s.wellCount).toBe(at.length);
          expect(s.p10).toBeGreaterThanOrEqual(s.p50);
          expect(s.p50).toBeGreaterThanOrEqual(s.p90);
          expect(s.average).toBeGreaterThanOrEqual(Math.min(...at) * (1 - 1e-12));
          expect(s.average).toBeLessThanOrEqual(Math.max(...at) * (1 + 1e-12));
        }
      }),
    );
  });
});
