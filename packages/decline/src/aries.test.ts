import { describe, expect, it } from 'vitest';
import { type AriesOptions, ariesDate, ariesNumber, ariesPhaseLines, segmentsFrom } from './aries';
import { toDayIndex } from './dayIndex';
import { segmentRate } from './rate';
import { type Segment, type SegmentInput, toSegment } from './segment';
import { parseAriesPhase } from './test/ariesParse';
import { expectClose } from './test/tolerance';

/** Decision 050: the expressions' numbers are rounded; rates agree to this after a round trip. */
const ROUND_TRIP_TOL = 1e-6;

const seg = (s: Omit<SegmentInput, 'startDate' | 'endDate'>, startDate: string, endDate: string) =>
  toSegment({ ...s, startDate, endDate } as SegmentInput);

/** The rate of a list of contiguous segments at day index `t` (fractional allowed). */
function rateAt(segments: readonly Segment[], t: number): number {
  const s = segments.find((x) => t >= x.start && t < x.end + 1);
  if (!s) throw new Error(`no segment at ${t}`);
  return segmentRate(s, t - s.start);
}

/** Round-trips `segments` through the lines and compares the rates on days across each segment. */
function expectRoundTrip(segments: Segment[], options: AriesOptions = { unit: 'per_day', ending: 'absolute_date' }) {
  const lines = ariesPhaseLines({ phase: 'oil', segments }, options);
  const back = parseAriesPhase(lines);
  expect(back[0]!.start).toBe(segments[0]!.start);
  expect(back.at(-1)!.end).toBe(segments.at(-1)!.end);
  for (const s of segments) {
    for (const f of [0, 0.13, 0.5, 0.77, 0.999]) {
      const t = s.start + f * (s.end - s.start + 1);
      expectClose(rateAt(back, t), rateAt(segments, t), ROUND_TRIP_TOL, 1e-9);
    }
  }
  return lines;
}

describe('ARIES lines (decision 050)', () => {
  it('writes numbers with at most 10 significant digits and no exponent', () => {
    expect(ariesNumber(1234.56789012345)).toBe('1234.56789');
    expect(ariesNumber(0.1 + 0.2)).toBe('0.3');
    expect(ariesNumber(1e-7)).toBe('0.0000001');
    expect(ariesNumber(-2.5e-8)).toBe('-0.000000025');
    expect(ariesNumber(0)).toBe('0');
    expect(ariesNumber(123456789012)).toBe('123456789000');
  });

  it('writes dates as MM/YYYY on the first of a month, else MM/DD/YYYY', () => {
    expect(ariesDate(toDayIndex('2027-03-01'))).toBe('03/2027');
    expect(ariesDate(toDayIndex('2027-03-15'))).toBe('03/15/2027');
  });

  it('exponential decline: EXP with the effective decline in percent, to the day after the end (AD)', () => {
    const s = seg({ segmentType: 'exp_dec', qStart: 500, dEff: 0.3 }, '2027-01-01', '2031-12-31');
    const lines = expectRoundTrip([s]);
    expect(lines).toEqual([
      { keyword: 'START', expression: '01/2027' },
      { keyword: 'OIL', expression: '500 X B/D 01/2032 AD EXP 30' },
    ]);
  });

  it('exponential incline: a negative percent', () => {
    const lines = expectRoundTrip([
      seg({ segmentType: 'exp_inc', qStart: 80, dEff: -0.12 }, '2027-01-10', '2028-06-20'),
    ]);
    expect(lines[1]!.expression).toBe('80 X B/D 06/21/2028 AD EXP -12');
  });

  it('Arps: B/<b> with the initial secant effective decline', () => {
    const lines = expectRoundTrip([
      seg({ segmentType: 'arps', qStart: 1200, b: 0.9, dEff: 0.65 }, '2027-01-01', '2056-12-31'),
    ]);
    expect(lines[1]!.expression).toBe('1200 X B/D 01/2057 AD B/0.9 65');
    expectRoundTrip([seg({ segmentType: 'arps', qStart: 950.123456789, b: 1.37, d: 2.2 }, '2027-02-03', '2070-05-06')]);
  });

  it('Arps incline (arps_inc): negative b and decline', () => {
    expectRoundTrip([seg({ segmentType: 'arps_inc', qStart: 40, b: -0.5, dEff: -0.2 }, '2027-01-01', '2029-12-31')]);
  });

  it('modified Arps: a hyperbolic line to the switch decline (EXP cutoff) and an exponential line to the end', () => {
    const s = seg(
      { segmentType: 'arps_modified', qStart: 900, b: 1.1, dEff: 0.7, realizedDEffSw: 0.06 },
      '2027-01-01',
      '2076-12-31',
    );
    expect(Number.isFinite(s.switchDelta)).toBe(true);
    const lines = expectRoundTrip([s]);
    expect(lines.slice(1)).toEqual([
      { keyword: 'OIL', expression: '900 X B/D 6 EXP B/1.1 70' },
      { keyword: '"', expression: 'X X B/D 01/2077 AD EXP 6' },
    ]);
  });

  it('modified Arps that does not switch inside its segment: one hyperbolic line', () => {
    const s = seg(
      { segmentType: 'arps_modified', qStart: 900, b: 1.1, dEff: 0.7, realizedDEffSw: 0.06 },
      '2027-01-01',
      '2027-12-31',
    );
    const lines = expectRoundTrip([s]);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.expression).toBe('900 X B/D 01/2028 AD B/1.1 70');
  });

  it('modified Arps whose switch decline is above its initial decline: exponential from the start', () => {
    const s = seg(
      { segmentType: 'arps_modified', qStart: 300, b: 0.5, dEff: 0.05, realizedDEffSw: 0.08 },
      '2027-01-01',
      '2040-12-31',
    );
    expect(s.switchDelta).toBe(0);
    const lines = expectRoundTrip([s]);
    expect(lines[1]!.expression).toMatch(/^300 X B\/D 01\/2041 AD EXP /);
  });

  it('flat: FLAT with both rates; empty: a flat line at 0', () => {
    const lines = expectRoundTrip([
      seg({ segmentType: 'empty' }, '2027-01-01', '2027-03-31'),
      seg({ segmentType: 'flat', qStart: 250.5 }, '2027-04-01', '2028-04-15'),
    ]);
    expect(lines.slice(1)).toEqual([
      { keyword: 'OIL', expression: '0 0 B/D 04/2027 AD FLAT 0' },
      { keyword: '"', expression: '250.5 250.5 B/D 04/16/2028 AD FLAT 0' },
    ]);
  });

  it('linear: LIN from the first rate to the last', () => {
    const s = seg({ segmentType: 'linear', qStart: 400, slope: -0.15 }, '2027-01-01', '2029-12-31');
    const lines = expectRoundTrip([s]);
    expect(lines[1]!.expression).toBe(`400 ${ariesNumber(s.qEnd)} B/D 01/2030 AD LIN`);
  });

  it('a sequence of every type round-trips, in years, in months and per month', () => {
    const segments = [
      seg({ segmentType: 'flat', qStart: 100 }, '2026-11-15', '2027-02-10'),
      seg({ segmentType: 'linear', qStart: 100, slope: 0.5 }, '2027-02-11', '2027-08-31'),
      seg({ segmentType: 'exp_inc', qStart: 190, dEff: -0.1 }, '2027-09-01', '2028-01-31'),
      seg({ segmentType: 'arps', qStart: 200, b: 1.3, dEff: 0.8 }, '2028-02-01', '2031-07-17'),
      seg(
        { segmentType: 'arps_modified', qStart: 60, b: 0.9, dEff: 0.35, realizedDEffSw: 0.07 },
        '2031-07-18',
        '2060-01-31',
      ),
      seg({ segmentType: 'exp_dec', qStart: 3, dEff: 0.07 }, '2060-02-01', '2075-12-31'),
    ];
    for (const ending of ['absolute_date', 'years', 'months'] as const) {
      for (const unit of ['per_day', 'per_month'] as const) expectRoundTrip(segments, { unit, ending });
    }
    const months = ariesPhaseLines({ phase: 'gas', segments }, { unit: 'per_month', ending: 'months' });
    expect(months[1]).toEqual({
      keyword: 'GAS',
      expression: `3043.75 3043.75 M/M ${ariesNumber(88 / 30.4375)} MO FLAT 0`,
    });
    expect(months.slice(2).every((l) => l.keyword === '"')).toBe(true);
  });

  it('a ratio phase: GAS/OIL in M/B, never scaled per month', () => {
    const lines = ariesPhaseLines(
      {
        phase: 'gas',
        basePhase: 'oil',
        segments: [seg({ segmentType: 'exp_inc', qStart: 1.5, dEff: -0.05 }, '2027-01-01', '2037-12-31')],
      },
      { unit: 'per_month', ending: 'absolute_date' },
    );
    expect(lines[1]).toEqual({ keyword: 'GAS/OIL', expression: '1.5 X M/B 01/2038 AD EXP -5' });
  });

  it('a phase without segments has no lines', () => {
    expect(ariesPhaseLines({ phase: 'water', segments: [] }, { unit: 'per_day', ending: 'years' })).toEqual([]);
  });

  it('segmentsFrom: the lines from a later day give the same rates from that day on', () => {
    const segments = [
      seg({ segmentType: 'linear', qStart: 100, slope: 0.5 }, '2027-01-01', '2027-08-31'),
      seg({ segmentType: 'arps', qStart: 200, b: 1.3, dEff: 0.8 }, '2027-09-01', '2031-07-17'),
      seg(
        { segmentType: 'arps_modified', qStart: 60, b: 0.9, dEff: 0.35, realizedDEffSw: 0.07 },
        '2031-07-18',
        '2060-01-31',
      ),
    ];
    for (const from of ['2027-05-10', '2029-02-01', '2032-01-01', '2055-06-06']) {
      const day = toDayIndex(from);
      const cut = segmentsFrom(segments, day);
      expect(cut[0]!.start).toBe(day);
      const back = parseAriesPhase(
        ariesPhaseLines({ phase: 'oil', segments: cut }, { unit: 'per_day', ending: 'absolute_date' }),
      );
      for (let t = day; t <= segments.at(-1)!.end; t += 97.3) {
        expectClose(rateAt(back, t), rateAt(segments, t), ROUND_TRIP_TOL, 1e-9);
      }
    }
  });
});
