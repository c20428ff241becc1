import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentRate } from './rate';
import { type Segment, type SegmentInput, toSegment } from './segment';
import { arbitrarySegment } from './test/arbitraries';
import { simpson } from './test/simpson';
import { expectClose } from './test/tolerance';
import { arpsVolume, exponentialVolume, segmentVolume } from './volume';

const literal = (fields: Partial<Segment> & Pick<Segment, 'type'>): Segment => ({
  start: 0,
  end: 1000,
  q0: 100,
  D: 0,
  b: 0,
  slope: 0,
  Dsw: 0,
  switchDelta: Number.POSITIVE_INFINITY,
  qEnd: 0,
  ...fields,
});
const build = (fields: Omit<SegmentInput, 'startDate' | 'endDate'>) =>
  toSegment({ ...fields, startDate: '2020-01-01', endDate: '2029-12-31' });

describe('segmentVolume, closed forms worked by hand', () => {
  it('exponential D = 0.01: ∫₀¹⁰⁰ 100e^(−0.01t) dt = 10000(1 − 1/e)', () => {
    expectClose(segmentVolume(literal({ type: 'exp_dec', D: 0.01 }), 0, 100), 10000 * (1 - 1 / Math.E));
    expectClose(segmentVolume(literal({ type: 'exp_inc', D: -0.01 }), 0, 100), 10000 * (Math.E - 1));
  });

  it('arps b = 0.5, D = 0.01: ∫ 100(1 + 0.005t)^−2 = 20000(1/(1 + 0.005a) − 1/(1 + 0.005c))', () => {
    const seg = literal({ type: 'arps', D: 0.01, b: 0.5 });
    expectClose(segmentVolume(seg, 0, 200), 10000);
    expectClose(segmentVolume(seg, 100, 200), 20000 * (1 / 1.5 - 1 / 2));
  });

  it('harmonic b = 1, D = 0.01: ∫₀¹⁰⁰ 100/(1 + 0.01t) = 10000·ln 2', () => {
    expectClose(segmentVolume(literal({ type: 'arps', D: 0.01, b: 1 }), 0, 100), 10000 * Math.LN2);
  });

  it('arps_inc b = −0.5, D = −0.01: ∫₀²⁰⁰ 100(1 + 0.005t)² = 100·200·(2³ − 1)/3', () => {
    expectClose(segmentVolume(literal({ type: 'arps_inc', D: -0.01, b: -0.5 }), 0, 200), (100 * 200 * 7) / 3);
  });

  it('linear, flat, empty', () => {
    const linear = literal({ type: 'linear', slope: -0.5 });
    expectClose(segmentVolume(linear, 0, 100), 7500);
    expectClose(segmentVolume(linear, 20, 60), -0.25 * (3600 - 400) + 100 * 40);
    expectClose(segmentVolume(literal({ type: 'linear', slope: 0 }), 3, 10), 700); // k = 0
    expectClose(segmentVolume(literal({ type: 'flat' }), 2.5, 10), 750);
    expect(segmentVolume(literal({ type: 'empty', q0: 0 }), 0, 10)).toBe(0);
  });

  it('arps_modified b = 0.5, D = 0.01, D_sw = 0.005 (switch at 200, q_sw = 25)', () => {
    const seg = literal({ type: 'arps_modified', D: 0.01, b: 0.5, Dsw: 0.005, switchDelta: 200 });
    expectClose(segmentVolume(seg, 0, 400), 10000 + 5000 * (1 - Math.exp(-1)));
    expectClose(segmentVolume(seg, 100, 300), 20000 * (1 / 1.5 - 1 / 2) + 5000 * (1 - Math.exp(-0.5)));
    expectClose(segmentVolume(seg, 250, 300), 5000 * (Math.exp(-0.25) - Math.exp(-0.5)));
    expectClose(
      segmentVolume(literal({ type: 'arps_modified', D: 0.01, b: 0.5, switchDelta: 0 }), 0, 100),
      10000 * (1 - 1 / Math.E),
    );
  });

  it('D = 0 is q0·(c − a)', () => {
    expect(segmentVolume(literal({ type: 'exp_dec', D: 0 }), 1, 11)).toBe(1000);
    expect(segmentVolume(literal({ type: 'arps', D: 0, b: 0.5 }), 1, 11)).toBe(1000);
  });
});

describe('segmentVolume against a high-resolution Simpson integral of the rate, every type', () => {
  it.each([
    ['exp_dec', { dEff: 0.6 }],
    ['exp_inc', { dEff: -0.3 }],
    ['arps', { dEff: 0.8, b: 0.4 }],
    ['arps', { dEff: 0.8, b: 1 }],
    ['arps', { dEff: 0.8, b: 1.8 }],
    ['arps', { dEff: 0.8, b: 1e-4 }],
    ['arps_inc', { dEff: -0.3, b: -0.7 }],
    ['arps_modified', { dEff: 0.8, b: 1.2, realizedDEffSw: 0.1 }],
    ['arps_modified', { dEff: 0.2, b: 1.2, realizedDEffSw: 0.3 }],
    ['flat', {}],
    ['linear', { slope: -0.05 }],
    ['empty', {}],
  ] as const)('%s %j', (segmentType, fields) => {
    const seg = build({ segmentType, qStart: 800, ...fields });
    const q = (x: number) => segmentRate(seg, x);
    for (const [a, c] of [
      [0, 1000],
      [123.4, 2000.7],
      [0, 3652],
    ] as const) {
      // Simpson's error here is below 1e-11 relative (h ≤ 0.2 day; the rates are smooth apart from the
      // arps_modified switch, where only the second derivative jumps).
      expectClose(segmentVolume(seg, a, c), simpson(q, a, c), 1e-9, 1);
    }
  });

  it('crosses the arps_modified switch', () => {
    const seg = build({ segmentType: 'arps_modified', qStart: 800, dEff: 0.8, b: 1.2, realizedDEffSw: 0.1 });
    expect(seg.switchDelta).toBeGreaterThan(0);
    expect(seg.switchDelta).toBeLessThan(3652);
  });
});

describe('numerical care', () => {
  it('b = 1 ± 1e-12 matches the harmonic volume (q0/D)·ln(1 + Dt)', () => {
    for (const b of [1 - 1e-12, 1 + 1e-12, 1 - 1e-7]) {
      for (const t of [1, 100, 3000]) {
        // The exact b-dependence is O((1 − b)·ln²(1 + Dt)) ≤ 1e-7·3 relative; at 1 − 1e-7 that needs 1e-6.
        const rel = Math.abs(1 - b) > 1e-10 ? 1e-6 : 1e-9;
        expectClose(arpsVolume(100, 0.003, b, t), (100 / 0.003) * Math.log1p(0.003 * t), rel);
      }
    }
  });

  it('b = 1e-10 (just on the Arps side) matches the exponential volume', () => {
    for (const t of [1, 100, 3000]) {
      expectClose(arpsVolume(100, 0.002, 1e-10, t), (100 / 0.002) * (1 - Math.exp(-0.002 * t)));
    }
  });

  it('small D: the volume keeps its first-order term q0·t·(1 − Dt/2)', () => {
    const D = 1e-13;
    const t = 1000;
    // Tighter than the shared tolerance on purpose: the naive (q0/D)(1 − e^(−Dt)) is only good to ~1e-4.
    expectClose(exponentialVolume(100, D, t), 100 * t * (1 - (D * t) / 2), 1e-14);
    expectClose(arpsVolume(100, D, 0.5, t), 100 * t * (1 - (D * t) / 2), 1e-14);
    expectClose(arpsVolume(100, D, 1, t), 100 * t * (1 - (D * t) / 2), 1e-14);
  });

  it('a sub-normal D (dEff = 1e-310) still gives q0·t to full precision', () => {
    const seg = build({ segmentType: 'exp_dec', qStart: 100, dEff: 1e-310 });
    expect(seg.D).toBeGreaterThan(0);
    expectClose(segmentVolume(seg, 0, 1000), 100_000, 1e-15);
    const arps = build({ segmentType: 'arps', qStart: 100, dEff: 1e-310, b: 0.5 });
    expectClose(segmentVolume(arps, 250, 1000), 75_000, 1e-15);
  });

  it('the small-D series and the closed form agree where they meet (|D·t| ≈ 1e-8)', () => {
    for (const b of [0, 0.5, 1, 1.5, -0.5]) {
      for (const Dt of [0.99e-8, 1.01e-8]) {
        // 1 − x/2 + (1 + b)x²/6 against the Arps integral worked by hand to second order.
        expectClose(arpsVolume(100, Dt / 1000, b, 1000), 100 * 1000 * (1 - Dt / 2 + ((1 + b) * Dt * Dt) / 6));
      }
    }
  });

  it('rejects a reversed or negative interval', () => {
    const seg = literal({ type: 'flat' });
    expect(() => segmentVolume(seg, 10, 5)).toThrow(/^c /);
    expect(() => segmentVolume(seg, -1, 5)).toThrow(/^a /);
  });
});

describe('properties over random valid segments', () => {
  it('volume over [a, c] is the sum over [a, m] and [m, c]', () => {
    fc.assert(
      fc.property(
        arbitrarySegment,
        // Points on a grid of span/1e6 days: sub-normal intervals (c − a ≈ 1e-323 days) underflow any
        // volume to 0 or a denormal, where a relative comparison means nothing.
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (seg, u, v, w) => {
          const step = (seg.end - seg.start + 1) / 1e6;
          const [a, m, c] = [u * step, v * step, w * step].sort((x, y) => x - y) as [number, number, number];
          const whole = segmentVolume(seg, a, c);
          expectClose(segmentVolume(seg, a, m) + segmentVolume(seg, m, c), whole);
        },
      ),
    );
  });

  it('volume is non-negative and at most span × the larger end rate (monotone rates)', () => {
    fc.assert(
      fc.property(arbitrarySegment, (seg) => {
        const span = seg.end - seg.start;
        const volume = segmentVolume(seg, 0, span);
        const bound = span * Math.max(segmentRate(seg, 0), segmentRate(seg, span));
        expect(volume).toBeGreaterThanOrEqual(0);
        expect(volume).toBeLessThanOrEqual(bound * (1 + 1e-12));
      }),
    );
  });
});
