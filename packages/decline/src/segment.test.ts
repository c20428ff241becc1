import { describe, expect, it } from 'vitest';
import { DAYS_PER_YEAR as Y } from './constants';
import { DeclineError } from './declineError';
import { type SegmentInput, toSegment } from './segment';
import { expectClose } from './test/tolerance';

const dates = { startDate: '2024-01-01', endDate: '2024-12-31' };
const input = (fields: Omit<SegmentInput, 'startDate' | 'endDate'>): SegmentInput => ({ ...dates, ...fields });

describe('toSegment: dates and units', () => {
  it('converts dates to inclusive day indexes and d to D = d/Y', () => {
    const seg = toSegment(input({ segmentType: 'exp_dec', qStart: 100, d: 0.5 }));
    expect(seg.start).toBe(45290); // 2024-01-01: Excel serial 45292 less 2
    expect(seg.end - seg.start).toBe(365); // 2024 is a leap year
    expectClose(seg.D, 0.5 / Y);
    expectClose(seg.qEnd, 100 * Math.exp((-0.5 / Y) * 365));
  });

  it('recomputes a sent qEnd instead of trusting it', () => {
    const seg = toSegment(input({ segmentType: 'flat', qStart: 42, qEnd: 7 }));
    expect(seg.qEnd).toBe(42);
  });

  it('builds the hand-worked arps_modified switch: b = 0.5, D = 0.01/day, D_sw = 0.005/day → Δ_sw = 200', () => {
    const seg = toSegment(
      input({
        segmentType: 'arps_modified',
        qStart: 100,
        d: 0.01 * Y,
        b: 0.5,
        realizedDEffSw: -Math.expm1(-0.005 * Y),
      }),
    );
    expectClose(seg.Dsw, 0.005);
    expectClose(seg.switchDelta, 200); // (D/D_sw − 1)/(b·D) = 1/0.005
    expectClose(seg.qEnd, 25 * Math.exp(-0.005 * (365 - 200)));
  });

  it('arps_modified with D_sw ≥ D is exponential from the start; realizedDEffSw = 0 never switches', () => {
    const base = { segmentType: 'arps_modified', qStart: 100, dEff: 0.1, b: 1 } as const;
    expect(toSegment(input({ ...base, realizedDEffSw: 0.5 })).switchDelta).toBe(0);
    expect(toSegment(input({ ...base, realizedDEffSw: 0 })).switchDelta).toBe(Number.POSITIVE_INFINITY);
  });

  it('linear takes a slope, or k = −dEff·q0/Y', () => {
    expect(toSegment(input({ segmentType: 'linear', qStart: 100, slope: -0.1 })).slope).toBe(-0.1);
    expectClose(toSegment(input({ segmentType: 'linear', qStart: 365.25, dEff: 0.5 })).slope, -0.5);
  });

  it('empty needs nothing beyond dates and has rate 0', () => {
    const seg = toSegment(input({ segmentType: 'empty' }));
    expect([seg.q0, seg.qEnd]).toEqual([0, 0]);
  });
});

describe('toSegment: required fields (spec part 2.8)', () => {
  it.each([
    ['arps', { dEff: 0.5, b: 1 }, 'qStart'],
    ['arps', { qStart: 1, dEff: 0.5 }, 'b'],
    ['arps', { qStart: 1, b: 1 }, 'd'],
    ['arps_inc', { qStart: 1, dEff: -0.5 }, 'b'],
    ['arps_inc', { qStart: 1, b: -0.5 }, 'd'],
    ['exp_dec', { qStart: 1 }, 'd'],
    ['exp_inc', { dEff: -0.1 }, 'qStart'],
    ['flat', {}, 'qStart'],
    ['linear', { qStart: 1 }, 'slope'],
    ['arps_modified', { qStart: 1, dEff: 0.5, b: 1 }, 'realizedDEffSw'],
    ['arps_modified', { qStart: 1, realizedDEffSw: 0.1, b: 1 }, 'd'],
  ] as const)('%s without %j fails on %s', (segmentType, fields, field) => {
    const f = () => toSegment(input({ segmentType, ...fields }));
    expect(f).toThrow(DeclineError);
    expect(f).toThrow(new RegExp(`^${field} `));
  });

  it('rejects both d and dEff', () => {
    expect(() => toSegment(input({ segmentType: 'exp_dec', qStart: 1, d: 0.5, dEff: 0.4 }))).toThrow(
      /^d and dEff \(0.4\) were both sent.*\(got 0\.5\)$/,
    );
  });

  it('rejects an unknown type, endDate not after startDate, a bad date', () => {
    expect(() => toSegment(input({ segmentType: 'hyperbolic', qStart: 1 }))).toThrow(/^segmentType .*got hyperbolic/);
    expect(() => toSegment({ segmentType: 'flat', qStart: 1, startDate: '2024-01-01', endDate: '2024-01-01' })).toThrow(
      /^endDate must be after startDate/,
    );
    expect(() => toSegment({ segmentType: 'flat', qStart: 1, startDate: '2024-02-30', endDate: '2024-03-01' })).toThrow(
      /^startDate /,
    );
  });

  it.each([
    ['qStart', { segmentType: 'flat', qStart: Number.NaN }],
    ['qStart', { segmentType: 'flat', qStart: -1 }],
    ['b', { segmentType: 'arps', qStart: 1, dEff: 0.5, b: Number.POSITIVE_INFINITY }],
    ['dEff', { segmentType: 'exp_dec', qStart: 1, dEff: 1 }],
    ['dEff', { segmentType: 'exp_dec', qStart: 1, dEff: -0.1 }], // a decline type with an increase
    ['d', { segmentType: 'exp_inc', qStart: 1, d: 0.1 }], // an increase type with a decline
    ['b', { segmentType: 'arps', qStart: 1, dEff: 0.5, b: -0.5 }],
    ['dEff', { segmentType: 'arps', qStart: 1, dEff: -0.5, b: 0.5 }],
    ['realizedDEffSw', { segmentType: 'arps_modified', qStart: 1, dEff: 0.5, b: 1, realizedDEffSw: 1 }],
    ['realizedDEffSw', { segmentType: 'arps_modified', qStart: 1, dEff: 0.5, b: 1, realizedDEffSw: -0.1 }],
    ['slope', { segmentType: 'linear', qStart: 10, slope: -1 }], // reaches −355 by the end
    ['slope', { segmentType: 'linear', qStart: 10, slope: -0.01, dEff: 0.1 }],
  ] as const)('rejects a bad %s: %j', (field, fields) => {
    expect(() => toSegment(input(fields))).toThrow(new RegExp(`^${field} `));
  });

  it('rejects arps_inc with b < 0 and D > 0 (decline-math.md: the rate has a pole)', () => {
    expect(() => toSegment(input({ segmentType: 'arps_inc', qStart: 1, dEff: 0.3, b: -0.5 }))).toThrow(
      /^b < 0 with a positive decline .* pole \(got -0.5\)$/,
    );
  });

  it('rejects an arps_inc with b > 0 whose pole 1 + b·D·Δ = 0 falls inside the segment, accepts it past the end', () => {
    // D = −1/Y per day with b = 1: the pole is at Δ = Y = 365.25 days. A segment of 366 days spans
    // [0, 366) and contains it; one of 365 days spans [0, 365) and does not.
    const inc = { segmentType: 'arps_inc', qStart: 1, d: -1, b: 1 } as const;
    expect(() => toSegment({ ...inc, startDate: '2023-01-01', endDate: '2024-01-01' })).toThrow(/^b .*pole/);
    expect(toSegment({ ...inc, startDate: '2023-01-01', endDate: '2023-12-31' }).b).toBe(1);
  });

  it('accepts the doc-shaped arps_inc: b < 0 and D < 0', () => {
    const seg = toSegment(input({ segmentType: 'arps_inc', qStart: 100, dEff: -3, b: -0.5 }));
    expectClose(seg.D, -2 / Y);
  });
});
