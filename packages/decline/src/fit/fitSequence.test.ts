import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDayIndex, toDayIndex } from '../dayIndex';
import { toSegment } from '../segment';
import { assertContiguous } from '../series';
import { seededRandom } from '../test/random';
import { eurOf } from '../test/wells';
import { fitSequence } from './fitSequence';

const START = toDayIndex('2020-01-01');
const END = toDayIndex('2049-12-31');

/** Points every 30 days: a linear ramp from `q0` over `rampMonths`, then an Arps decline from the peak. */
function rampThenArps(rampMonths: number, months: number, sigma = 0, seed = 1) {
  const peakDay = START + rampMonths * 30;
  const ramp = toSegment({
    segmentType: 'linear',
    startDate: fromDayIndex(START),
    endDate: fromDayIndex(peakDay - 1),
    qStart: 200,
    slope: 800 / (rampMonths * 30),
  });
  const decline = toSegment({
    segmentType: 'arps',
    startDate: fromDayIndex(peakDay),
    endDate: fromDayIndex(END),
    qStart: 1200,
    dEff: 0.6,
    b: 0.9,
  });
  const { normal } = seededRandom(seed);
  const points = Array.from({ length: months }, (_, i) => {
    const day = START + i * 30;
    const seg = day < peakDay ? ramp : decline;
    const delta = day - seg.start;
    const rate =
      seg.type === 'linear' ? seg.q0 + seg.slope * delta : seg.q0 * (1 + seg.b * seg.D * delta) ** (-1 / seg.b);
    return { day, rate: rate * Math.exp(sigma * normal()) };
  });
  return { points, peakDay, ramp, decline };
}

describe('segment sequences (fitSequence)', () => {
  it('with the breakpoint given: a ramp-up then an Arps decline, recovered exactly, contiguous, EUR summed', () => {
    const { points, peakDay } = rampThenArps(6, 60);
    const fit = fitSequence(points, {
      segments: [{ model: 'linear' }, { model: 'arps' }],
      breakpoints: [peakDay],
      endDay: END,
    });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    const [ramp, decline] = fit.segments;
    expect(ramp).toMatchObject({ segmentType: 'linear', startDate: '2020-01-01', endDate: fromDayIndex(peakDay - 1) });
    expect(ramp!.qStart).toBeCloseTo(200, 6);
    expect(ramp!.slope).toBeCloseTo(800 / 180, 9);
    expect(decline).toMatchObject({ segmentType: 'arps', startDate: fromDayIndex(peakDay), endDate: '2049-12-31' });
    expect(decline!.b).toBeCloseTo(0.9, 5);
    expect(decline!.dEff).toBeCloseTo(0.6, 6);
    expect(() => assertContiguous(fit.segments.map((s) => toSegment(s)))).not.toThrow();
    expect(fit.eur).toBeCloseTo(eurOf(ramp!) + eurOf(decline!), 3);
    expect(fit.breakpoints).toEqual([peakDay]);
    expect(fit.quality.pointsUsed).toBe(60);
    expect(fit.quality.r2).toBeCloseTo(1, 8);
  });

  it('searches the breakpoint: the lowest total loss falls on the true peak', () => {
    const { points, peakDay } = rampThenArps(8, 60);
    const fit = fitSequence(points, { segments: [{ model: 'linear' }, { model: 'arps' }], endDay: END });
    expect(fit.ok && fit.breakpoints).toEqual([peakDay]);
  });

  it('a flat first segment then arps_modified, searched, with noise: within a month of the change', () => {
    const { points, peakDay } = rampThenArps(6, 60, 0.05, 3);
    const flatStart = points.map((p) => (p.day < peakDay ? { ...p, rate: 300 * (1 + 0.02 * Math.sin(p.day)) } : p));
    const fit = fitSequence(flatStart, {
      segments: [{ model: 'flat' }, { model: 'arps_modified', terminalDEff: 0.08 }],
      endDay: END,
    });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(Math.abs(fit.breakpoints[0]! - peakDay)).toBeLessThanOrEqual(30);
    expect(fit.segments.map((s) => s.segmentType)).toEqual(['flat', 'arps_modified']);
    expect(fit.segments[1]!.realizedDEffSw).toBe(0.08);
  });

  it('three segments: both breakpoints found by the search', () => {
    const { points, peakDay } = rampThenArps(6, 72);
    const late = START + 48 * 30;
    // From month 48 a steeper exponential decline (a change of regime).
    const q48 = points[48]!.rate;
    const three = points.map((p) =>
      p.day >= late ? { ...p, rate: q48 * Math.exp((-0.004 * (p.day - late)) as number) } : p,
    );
    const fit = fitSequence(three, {
      segments: [{ model: 'linear' }, { model: 'arps' }, { model: 'exp_dec' }],
      endDay: END,
    });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.breakpoints).toEqual([peakDay, late]);
    expect(fit.segments[2]!.dEff).toBeCloseTo(-Math.expm1(-0.004 * 365.25), 6);
  });

  it('answers bad requests and unfittable segments with a reason naming the segment', () => {
    const { points, peakDay } = rampThenArps(6, 60);
    const two = { segments: [{ model: 'linear' }, { model: 'arps' }], endDay: END } as const;
    expect(fitSequence(points, { ...two, breakpoints: [] })).toMatchObject({
      ok: false,
      reason: 'breakpoints must hold 1 day(s), one per segment after the first; has 0',
    });
    expect(fitSequence(points, { ...two, breakpoints: [START] })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('breakpoint 1 (day'),
    });
    expect(fitSequence(points, { ...two, breakpoints: [START + 30] })).toMatchObject({
      ok: false,
      reason: 'segment 1: needs at least 3 producing points from the start; has 1',
    });
    // A decline segment over the ramp: its rates rise.
    expect(
      fitSequence(points, { segments: [{ model: 'arps' }, { model: 'arps' }], breakpoints: [peakDay], endDay: END }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^segment 1: the rates do not decline/),
    });
    expect(fitSequence(points, { segments: [], endDay: END })).toMatchObject({ ok: false });
    expect(fitSequence(points.slice(0, 4), two)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no breakpoints give every segment a fit'),
    });
  });

  it('property: for any ramp length the searched breakpoint is the peak, and the segments are contiguous', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 14 }), (rampMonths) => {
        const { points, peakDay } = rampThenArps(rampMonths, 48);
        const fit = fitSequence(points, { segments: [{ model: 'linear' }, { model: 'arps' }], endDay: END });
        expect(fit.ok && fit.breakpoints).toEqual([peakDay]);
        if (fit.ok) expect(() => assertContiguous(fit.segments.map((s) => toSegment(s)))).not.toThrow();
      }),
      { numRuns: 12, seed: 11 },
    );
  });
});
