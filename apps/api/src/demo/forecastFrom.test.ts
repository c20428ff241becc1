import { dailySeries, type SegmentInput, toDayIndex, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { forecastFrom } from './forecastFrom';

const REL = 1e-9;
const expectSameRates = (whole: readonly SegmentInput[], from: string) => {
  const cut = forecastFrom(whole, from);
  const a = dailySeries(whole.map(toSegment));
  const b = dailySeries(cut.map(toSegment));
  expect(b.start).toBe(toDayIndex(from));
  expect(b.start + b.values.length).toBe(a.start + a.values.length);
  for (let i = 0; i < b.values.length; i++) {
    const want = a.values[b.start - a.start + i]!;
    expect(Math.abs(b.values[i]! - want)).toBeLessThanOrEqual(REL * Math.max(1, Math.abs(want)));
  }
  return cut;
};

describe('forecastFrom: the same rate curve, from a later day', () => {
  it('re-anchors an arps_modified before its switch and keeps the switch day (ten years on)', () => {
    const whole: SegmentInput[] = [
      {
        segmentType: 'arps_modified',
        startDate: '2020-03-01',
        endDate: '2040-02-29',
        qStart: 700,
        b: 1.1,
        dEff: 0.65,
        realizedDEffSw: 0.08,
      },
    ];
    const cut = expectSameRates(whole, '2026-11-01');
    expect(cut[0]).toMatchObject({ segmentType: 'arps_modified', startDate: '2026-11-01', realizedDEffSw: 0.08 });
    expect(toSegment(cut[0]!).start + toSegment(cut[0]!).switchDelta).toBeCloseTo(
      toSegment(whole[0]!).start + toSegment(whole[0]!).switchDelta,
      6,
    );
  });

  it('turns an arps_modified past its switch into an exp_dec at the switch decline', () => {
    const whole: SegmentInput[] = [
      {
        segmentType: 'arps_modified',
        startDate: '2000-01-01',
        endDate: '2039-12-31',
        qStart: 700,
        b: 1.1,
        dEff: 0.65,
        realizedDEffSw: 0.08,
      },
    ];
    const cut = expectSameRates(whole, '2026-11-01');
    expect(cut[0]!.segmentType).toBe('exp_dec');
    // An exponential's effective decline is the switch's: 1 − e^(−D_sw·Y) = 0.08.
    expect(1 - Math.exp(-cut[0]!.d!)).toBeCloseTo(0.08, 12);
  });

  it('drops segments that end before the day, re-anchors exp, arps, linear and flat, keeps the later ones', () => {
    const whole: SegmentInput[] = [
      { segmentType: 'flat', startDate: '2018-01-01', endDate: '2019-12-31', qStart: 900 },
      { segmentType: 'arps', startDate: '2020-01-01', endDate: '2027-06-30', qStart: 900, b: 0.9, dEff: 0.55 },
      { segmentType: 'exp_dec', startDate: '2027-07-01', endDate: '2035-12-31', qStart: 120, dEff: 0.1 },
      { segmentType: 'linear', startDate: '2036-01-01', endDate: '2037-12-31', qStart: 60, slope: -0.05 },
    ];
    for (const from of ['2018-01-01', '2021-02-03', '2027-07-01', '2030-05-17', '2036-06-30'])
      expectSameRates(whole, from);
    expect(forecastFrom(whole, '2030-05-17').map((s) => s.segmentType)).toEqual(['exp_dec', 'linear']);
    expect(forecastFrom(whole, '2018-01-01')).toEqual(whole);
  });

  it('throws when the day is past every segment', () => {
    expect(() =>
      forecastFrom([{ segmentType: 'flat', startDate: '2020-01-01', endDate: '2020-12-31', qStart: 1 }], '2021-01-01'),
    ).toThrow(RangeError);
  });
});
