import {
  ForecastParameterInput,
  NormalizationInput,
  segmentView,
  TypeCurveFitsInput,
  TypeCurveInput,
} from '@econ/contract';
import { dailySeries, type SegmentInput, toDayIndex, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { DEMO_AS_OF, demoDeclines, demoForecastParameters, demoHistories, demoTypeCurve, demoWells } from './demoData';

describe('demo forecast parameters', () => {
  const wells = demoWells().map((w, i) => ({
    id: `6523f1a2b4c5d6e7f8091a${String(i).padStart(2, '0')}`,
    firstProdDate: w.firstProdDate!,
  }));
  const records = demoForecastParameters(wells);

  it('are valid bulk records for the first six wells: oil rate, gas ratio on oil, water rate', () => {
    expect(records).toHaveLength(18);
    for (const r of records) expect(ForecastParameterInput.safeParse(r).success).toBe(true);
    expect(new Set(records.map((r) => r.well)).size).toBe(6);
    expect(
      records.filter((r) => r.phase === 'gas').every((r) => r.forecastType === 'ratio' && r.basePhase === 'oil'),
    ).toBe(true);
  });

  it('start each oil segment at the rate the previous one ends, over 30 years from the as-of date', () => {
    for (const r of records.filter((x) => x.phase === 'oil')) {
      const segs = ForecastParameterInput.parse(r).segments.map((s) => segmentView(s));
      expect(segs[0]!.startDate).toBe(DEMO_AS_OF);
      expect(segs[1]!.qStart).toBe(segs[0]!.qEnd);
      expect(segs[2]!.qStart).toBe(segs[1]!.qEnd);
      const years = (Date.parse(segs[2]!.endDate) - Date.parse(segs[0]!.startDate)) / 86_400_000 / 365.25;
      expect(years).toBeGreaterThan(29.9);
      expect(years).toBeLessThan(30);
    }
  });
});

describe('demo histories', () => {
  const wells = demoWells().map((w, i) => ({
    id: `6523f1a2b4c5d6e7f8091a${String(i).padStart(2, '0')}`,
    firstProdDate: w.firstProdDate!,
  }));
  const histories = demoHistories(wells);
  const forecasts = demoForecastParameters(wells);
  const dayBefore = toDayIndex(DEMO_AS_OF) - 1;
  const rateOn = (segments: readonly SegmentInput[], day: number) => {
    const s = dailySeries(segments.map((x) => toSegment(x)));
    return s.values[day - s.start]!;
  };

  it('cover every well, 3 to 7 years each, ending the day before the as-of date', () => {
    expect(histories).toHaveLength(12);
    histories.forEach((h, i) => {
      expect(h.daily[0]!.well).toBe(wells[i]!.id);
      expect(toDayIndex(h.daily.at(-1)!.date)).toBe(dayBefore);
      const years = h.daily.length / 365.25;
      expect(years).toBeGreaterThanOrEqual(3);
      expect(years).toBeLessThanOrEqual(7.01);
      expect(h.monthly.at(-1)!.date).toBe('2026-10-01');
    });
  });

  it('run into the forecasts: the decline the history follows is the forecast from the as-of date on', () => {
    for (const [i, w] of wells.slice(0, 6).entries()) {
      const declines = demoDeclines(w.firstProdDate, i);
      for (const phase of ['oil', 'water'] as const) {
        const record = forecasts.find((r) => r.well === w.id && r.phase === phase)!;
        const asOf = toDayIndex(DEMO_AS_OF);
        const forecast = rateOn(record.segments as SegmentInput[], asOf);
        expect(Math.abs(forecast / rateOn(declines[phase].segments, asOf) - 1)).toBeLessThan(1e-9);
      }
      // The last year of history sits on the decline (median of full days within 3 %).
      const lastYear = histories[i]!.daily.slice(-365).filter((r) => r.hoursOn === 24);
      const ratios = lastYear
        .map((r) => r.oil! / rateOn(declines.oil.segments, toDayIndex(r.date)))
        .sort((a, b) => a - b);
      expect(Math.abs(ratios[Math.floor(ratios.length / 2)]! - 1)).toBeLessThan(0.03);
    }
  });
});

describe('demo type curve', () => {
  const ids = Array.from({ length: 12 }, (_, i) => `6523f1a2b4c5d6e7f8091a${String(i).padStart(2, '0')}`);
  const demo = demoTypeCurve('6523f1a2b4c5d6e7f8091aff', ids);

  it('is three valid V2 bodies: the curve (six wells, one excluded), the fits and the normalization', () => {
    const curve = TypeCurveInput.parse(demo.curve);
    expect(curve.wells).toHaveLength(6);
    expect(curve.excludedWells).toEqual([ids[5]]);
    expect(Object.keys(TypeCurveFitsInput.parse(demo.fits))).toEqual(['oil', 'gas', 'water']);
    const norm = NormalizationInput.parse(demo.normalization);
    expect(norm.gas.linkedTo).toBe('oil');
    expect(norm.oil.eur.segments).toHaveLength(2);
  });
});
