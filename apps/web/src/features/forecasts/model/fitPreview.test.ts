import { dailySeries, eur, monthlySeries, segmentRate, toDayIndex, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { historyFromRecords } from '../../../components/productionChart/model/history';
import { fitPointsFromHistory } from './fitPoints';
import { eurComparison, fitToHistory, forecastEnd, residualsOf, rowFromFit, rowsWithFit } from './fitPreview';
import { firstRow } from './rowEdits';
import { rowToPayload, type SegmentRow } from './segmentRows';

/** A clean Arps well from 2020-02-01, as monthly records (a ramp-up month first), 36 months of decline. */
const truth = toSegment({
  segmentType: 'arps',
  startDate: '2020-02-01',
  endDate: '2023-01-31',
  qStart: 800,
  dEff: 0.6,
  b: 1.1,
});
const monthly = monthlySeries(dailySeries([truth]));
const history = historyFromRecords('monthly', [
  { date: '2020-01-01', oil: 3000 },
  ...monthly.labels.map((date, i) => ({ date, oil: monthly.values[i]! })),
]);
const points = fitPointsFromHistory(history, 'oil');
const lastDay = points[points.length - 1]!.day;
const recordOf = (date: string) => toDayIndex(date);
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
  it('without segments starts on the first of the peak month and runs 30 years, as a new first segment does', () => {
    const r = fitToHistory(points, { model: 'arps', start: 'peak' }, []);
    expect(r.ok && [r.segment.startDate, r.segment.endDate]).toEqual(['2020-02-01', '2050-01-31']);
  });
  it('reads a month’s average rate at mid-month: the rate and decline come back from monthly volumes', () => {
    const r = fitToHistory(points, { model: 'arps', start: 'peak' }, []);
    if (!r.ok) throw new Error(r.reason);
    expect(r.segment.qStart! / 800).toBeCloseTo(1, 2);
    expect(r.segment.dEff).toBeCloseTo(0.6, 2);
    expect(r.segment.b).toBeCloseTo(1.1, 1);
  });
  it('takes the days clicked out and a picked start as record days, and reports record days', () => {
    const out = recordOf('2021-03-01');
    const r = fitToHistory(points, { model: 'arps', start: recordOf('2020-06-01'), exclude: [out] }, []);
    if (!r.ok) throw new Error(r.reason);
    expect(r.segment.startDate).toBe('2020-06-01');
    expect(r.quality.excluded).toContainEqual({ day: out, reason: 'excluded by the user' });
    expect(r.quality.excluded).toContainEqual({ day: recordOf('2020-05-01'), reason: 'before the start' });
    expect(r.quality.pointsUsed).toBe(32 - 1);
  });
  it('passes a refusal on, in record days', () => {
    const r = fitToHistory(points.slice(0, 3), { model: 'arps', exclude: [recordOf('2020-03-01')] }, []);
    expect(r).toMatchObject({
      ok: false,
      quality: { excluded: [{ day: recordOf('2020-01-01') }, { day: recordOf('2020-03-01') }] },
    });
  });
});

describe('residualsOf', () => {
  it('gives ln(rate / fitted) of each point used at its own day, named by its record, none for the points left out', () => {
    const out = recordOf('2021-03-01');
    const noisy = points.map((p) => (p.record === recordOf('2020-07-01') ? { ...p, rate: p.rate * Math.exp(0.1) } : p));
    const r = fitToHistory(noisy, { model: 'arps', exclude: [out] }, []);
    if (!r.ok) throw new Error(r.reason);
    const res = residualsOf(noisy, r);
    expect(res).toHaveLength(r.quality.pointsUsed);
    expect(res.map((x) => x.day)).not.toContain(out);
    expect(res.map((x) => x.day)).not.toContain(recordOf('2020-01-01')); // before the peak
    const july = res.find((x) => x.day === recordOf('2020-07-01'))!;
    const seg = toSegment(r.segment);
    expect(july.fitted).toBeCloseTo(segmentRate(seg, toDayIndex('2020-07-16') - seg.start), 9);
    expect(july.residual).toBeCloseTo(Math.log(july.rate / july.fitted), 12);
    expect(july.residual).toBeGreaterThan(0.05); // above the curve
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
  const r = fitToHistory(points, { model: 'arps' }, []);
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
