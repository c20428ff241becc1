import { dailySeries, eur, type FitPoint, fitDecline, segmentRate, toDayIndex, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { eurComparison, fitToHistory, forecastEnd, residualsOf, rowFromFit, rowsWithFit } from './fitPreview';
import { firstRow } from './rowEdits';
import { rowToPayload, type SegmentRow } from './segmentRows';

/** A clean Arps well: monthly points from 2020-01-01 (a ramp-up month first), 36 months. */
const truth = toSegment({
  segmentType: 'arps',
  startDate: '2020-02-01',
  endDate: '2049-12-31',
  qStart: 800,
  dEff: 0.6,
  b: 1.1,
});
const points: FitPoint[] = [
  { day: toDayIndex('2020-01-01'), rate: 300 },
  ...Array.from({ length: 36 }, (_, i) => {
    const day = toDayIndex(`${2020 + Math.floor((i + 1) / 12)}-${String(((i + 1) % 12) + 1).padStart(2, '0')}-01`);
    return { day, rate: segmentRate(truth, day - truth.start) };
  }),
];
const lastDay = points[points.length - 1]!.day;
const row = (startDate: string, endDate: string, qStart = '100'): SegmentRow => ({
  ...firstRow(startDate),
  endDate,
  values: { ...firstRow(startDate).values, qStart, dEff: '0.3' },
});

describe('forecastEnd', () => {
  it('is the last segment’s end when that is after the history', () => {
    expect(forecastEnd([row('2023-01-01', '2030-12-31'), row('2031-01-01', '2055-06-30')], lastDay)).toBe(
      toDayIndex('2055-06-30'),
    );
  });
  it('is none without segments, with an end that is no date, or one before the last history point', () => {
    expect(forecastEnd([], lastDay)).toBeUndefined();
    expect(forecastEnd([row('2020-01-01', '2020-1')], lastDay)).toBeUndefined();
    expect(forecastEnd([row('2020-01-01', '2021-12-31')], lastDay)).toBeUndefined();
  });
});

describe('fitToHistory', () => {
  it('ends the fit where the draft’s segments end', () => {
    const r = fitToHistory(points, { model: 'arps' }, [row('2026-11-01', '2056-10-31')]);
    expect(r.ok && r.segment.endDate).toBe('2056-10-31');
  });
  it('without segments runs 30 years from the fit’s start, as a new first segment does', () => {
    const r = fitToHistory(points, { model: 'arps', start: 'peak' }, []);
    expect(r.ok && [r.segment.startDate, r.segment.endDate]).toEqual(['2020-02-01', '2050-01-31']);
    // The same parameters as a fit to any other end: the end changes the dates and the EUR only.
    const other = fitDecline(points, { model: 'arps', endDay: toDayIndex('2040-01-01') });
    expect(r.ok && other.ok && r.segment.qStart).toBeCloseTo(other.ok ? other.segment.qStart! : 0, 6);
  });
  it('passes a refusal on', () => {
    expect(fitToHistory(points.slice(0, 2), { model: 'arps' }, [])).toMatchObject({ ok: false });
  });
});

describe('residualsOf', () => {
  it('gives ln(rate / fitted) for each point used, none for the points left out', () => {
    const excluded = points[10]!.day;
    const noisy = points.map((p, i) => (i === 5 ? { ...p, rate: p.rate * Math.exp(0.1) } : p));
    const r = fitDecline(noisy, { model: 'arps', endDay: toDayIndex('2049-12-31'), exclude: [excluded] });
    if (!r.ok) throw new Error(r.reason);
    const res = residualsOf(noisy, r);
    expect(res).toHaveLength(r.quality.pointsUsed);
    expect(res.map((x) => x.day)).not.toContain(excluded);
    expect(res.map((x) => x.day)).not.toContain(points[0]!.day); // before the peak
    const fifth = res.find((x) => x.day === points[5]!.day)!;
    expect(fifth.residual).toBeCloseTo(Math.log(fifth.rate / fifth.fitted), 12);
    expect(fifth.residual).toBeGreaterThan(0.05); // above the curve
    const rmse = Math.sqrt(res.reduce((s, x) => s + x.residual ** 2, 0) / res.length);
    expect(rmse).toBeCloseTo(r.quality.rmseLogRate, 9);
  });
});

describe('putting a fit into the draft', () => {
  const fit = {
    segmentType: 'arps_modified' as const,
    startDate: '2020-02-01',
    endDate: '2049-12-31',
    qStart: 801.23456789012,
    dEff: 0.6,
    b: 1.1,
    realizedDEffSw: 0.08,
  };
  it('makes a row entered by dEff with the fit’s values to 6 significant digits', () => {
    const r = rowFromFit({ ...fit, dEff: 0.70963237451, b: 1.398324812 });
    expect(rowToPayload(r)).toEqual({ ...fit, qStart: 801.235, dEff: 0.709632, b: 1.39832 });
    expect(
      rowFromFit({ segmentType: 'linear', startDate: '2020-01-01', endDate: '2021-01-01', qStart: 5, slope: -0.1 })
        .declineBy,
    ).toBe('slope');
  });
  it('replaces the segments from the fit’s start and cuts the one before to end the day before', () => {
    const rows = [row('2019-01-01', '2020-12-31'), row('2021-01-01', '2030-12-31'), row('2031-01-01', '2049-12-31')];
    const out = rowsWithFit(rows, fit);
    expect(out.map((r) => [r.startDate, r.endDate, r.segmentType])).toEqual([
      ['2019-01-01', '2020-01-31', 'exp_dec'],
      ['2020-02-01', '2049-12-31', 'arps_modified'],
    ]);
    expect(rowsWithFit([], fit)).toHaveLength(1);
    expect(rowsWithFit([row('2020-02-01', '2049-12-31')], fit).map((r) => r.segmentType)).toEqual(['arps_modified']);
  });
});

describe('eurComparison', () => {
  const r = fitDecline(points, { model: 'arps', endDay: toDayIndex('2049-12-31') });
  if (!r.ok) throw new Error(r.reason);
  it('is the fit’s EUR alone with no current segments', () => {
    expect(eurComparison(r, undefined)).toEqual({ fit: r.eur });
  });
  it('sets the fit’s volume over the current segments’ dates against theirs', () => {
    const current = [
      toSegment({ segmentType: 'exp_dec', startDate: '2026-11-01', endDate: '2030-10-31', qStart: 100, dEff: 0.1 }),
    ];
    const c = eurComparison(r, current);
    const fitSeg = toSegment(r.segment);
    const window = dailySeries([fitSeg]).values.slice(
      current[0]!.start - fitSeg.start,
      current[0]!.end - fitSeg.start + 1,
    );
    expect(c.overCurrent!.fit).toBeCloseTo(
      window.reduce((s, v) => s + v, 0),
      6,
    );
    expect(c.overCurrent).toMatchObject({ from: '2026-11-01', to: '2030-10-31', current: eur(dailySeries(current)) });
  });
});
