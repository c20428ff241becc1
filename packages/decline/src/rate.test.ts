import { describe, expect, it } from 'vitest';
import { DAYS_PER_YEAR as Y } from './constants';
import { arpsRate, segmentRate } from './rate';
import { type Segment, type SegmentInput, toSegment } from './segment';
import { expectClose } from './test/tolerance';

/** A segment literal for hand-worked cases (internal units). */
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

describe('segmentRate, worked by hand', () => {
  it('exponential D = 0.01/day: q(100) = q0/e', () => {
    expectClose(segmentRate(literal({ type: 'exp_dec', D: 0.01 }), 100), 100 / Math.E);
    expectClose(segmentRate(literal({ type: 'exp_inc', D: -0.01 }), 100), 100 * Math.E);
  });

  it('arps b = 0.5, D = 0.01: q(200) = 100/(1 + 1)² = 25; harmonic q(100) = 50', () => {
    expectClose(segmentRate(literal({ type: 'arps', D: 0.01, b: 0.5 }), 200), 25);
    expectClose(segmentRate(literal({ type: 'arps', D: 0.01, b: 1 }), 100), 50);
    expectClose(segmentRate(literal({ type: 'arps', D: 0.01, b: 1 }), 12.5), 100 / 1.125); // fractional Δ
  });

  it('arps_inc b = −0.5, D = −0.01: q(200) = 100·(1 + 1)² = 400', () => {
    expectClose(segmentRate(literal({ type: 'arps_inc', D: -0.01, b: -0.5 }), 200), 400);
  });

  it('flat, linear, empty', () => {
    expect(segmentRate(literal({ type: 'flat' }), 37.5)).toBe(100);
    expectClose(segmentRate(literal({ type: 'linear', slope: -0.5 }), 100), 50);
    expect(segmentRate(literal({ type: 'empty', q0: 0 }), 3)).toBe(0);
  });

  it('arps_modified b = 0.5, D = 0.01, D_sw = 0.005 switches at Δ = 200 to 25·e^(−0.005(Δ − 200))', () => {
    const seg = literal({ type: 'arps_modified', D: 0.01, b: 0.5, Dsw: 0.005, switchDelta: 200 });
    expectClose(segmentRate(seg, 100), 100 / 1.5 ** 2);
    expectClose(segmentRate(seg, 200), 25);
    expectClose(segmentRate(seg, 400), 25 / Math.E);
    expectClose(segmentRate(seg, 250.5), 25 * Math.exp(-0.005 * 50.5));
  });

  it('rejects a negative or non-finite Δ', () => {
    const seg = literal({ type: 'flat' });
    expect(() => segmentRate(seg, -1)).toThrow(/^delta /);
    expect(() => segmentRate(seg, Number.NaN)).toThrow(/^delta /);
  });
});

describe('identity q(Y)/q0 = 1 − dEff (secant effective over one year)', () => {
  it.each([
    ['exp_dec', { dEff: 0.7 }],
    ['exp_inc', { dEff: -0.4 }],
    ['arps', { dEff: 0.7, b: 0.3 }],
    ['arps', { dEff: 0.7, b: 1 }],
    ['arps', { dEff: 0.9, b: 1.7 }],
    ['arps', { dEff: 0.7, b: 1e-10 }],
    ['arps', { dEff: 0.7, b: 1e-6 }],
    ['arps', { dEff: 0.7, b: 0 }],
    ['arps_inc', { dEff: -0.4, b: -0.5 }],
    ['arps_inc', { dEff: -0.4, b: -1e-7 }],
    ['arps_modified', { dEff: 0.7, b: 1.2, realizedDEffSw: 0 }],
  ] as const)('%s %j', (segmentType, fields) => {
    const seg = build({ segmentType, qStart: 250, ...fields });
    expectClose(segmentRate(seg, Y) / 250, 1 - fields.dEff);
  });
});

describe('arps near b = 0 and b = 1', () => {
  it('b = 1e-10 (just on the Arps side) matches the exponential limit', () => {
    for (const delta of [1, 100, 1000]) expectClose(arpsRate(100, 0.002, 1e-10, delta), 100 * Math.exp(-0.002 * delta));
  });

  it('b = 1 ± 1e-12 matches the harmonic curve q0/(1 + DΔ)', () => {
    for (const b of [1 - 1e-12, 1 + 1e-12]) {
      for (const delta of [1, 100, 3000]) expectClose(arpsRate(100, 0.003, b, delta), 100 / (1 + 0.003 * delta));
    }
  });
});

describe('arps_modified at the switch', () => {
  const seg = build({ segmentType: 'arps_modified', qStart: 500, dEff: 0.6, b: 0.8, realizedDEffSw: 0.2 });
  const q = (delta: number) => segmentRate(seg, delta);

  it('switches at a fractional Δ_sw inside the segment', () => {
    expect(seg.switchDelta).toBeGreaterThan(0);
    expect(seg.switchDelta).toBeLessThan(seg.end - seg.start);
    expect(Number.isInteger(seg.switchDelta)).toBe(false);
  });

  it('the rate is continuous', () => {
    const sw = seg.switchDelta;
    // q'/q = −D_sw ≈ 6e-4/day, so a step of 1e-9 day either side moves q by ≈ 1e-12 relative.
    expectClose(q(sw + 1e-9), q(sw - 1e-9));
    expectClose(q(sw), q(sw - 1e-9));
  });

  it('the derivative is continuous (second-order one-sided differences), and equals −D_sw·q_sw', () => {
    const sw = seg.switchDelta;
    const h = 1e-2;
    const left = (3 * q(sw) - 4 * q(sw - h) + q(sw - 2 * h)) / (2 * h);
    const right = (-3 * q(sw) + 4 * q(sw + h) - q(sw + 2 * h)) / (2 * h);
    // Finite differences: truncation O(h²·q''') and rounding O(ε·q/h) give ≈ 1e-8 relative here, so 1e-6.
    expectClose(left, right, 1e-6);
    expectClose(left, -seg.Dsw * q(sw), 1e-6);
  });

  it('with realizedDEffSw = 0 it is the plain arps curve', () => {
    const never = build({ segmentType: 'arps_modified', qStart: 500, dEff: 0.6, b: 0.8, realizedDEffSw: 0 });
    const arps = build({ segmentType: 'arps', qStart: 500, dEff: 0.6, b: 0.8 });
    for (const delta of [0, 10, 1000, 3600]) expect(segmentRate(never, delta)).toBe(segmentRate(arps, delta));
  });

  it('with D_sw ≥ D it is exponential with D from the start', () => {
    const seg2 = build({ segmentType: 'arps_modified', qStart: 500, dEff: 0.1, b: 0.8, realizedDEffSw: 0.2 });
    for (const delta of [0, 10, 1000.5]) expectClose(segmentRate(seg2, delta), 500 * Math.exp(-seg2.D * delta));
  });
});
