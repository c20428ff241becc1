import {
  ForecastParameterInput,
  NormalizationInput,
  segmentView,
  TypeCurveFitsInput,
  TypeCurveInput,
} from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { demoForecastParameters, demoTypeCurve, demoWells } from './demoData';

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

  it('start each oil segment at the rate the previous one ends, over 30 years from first production', () => {
    for (const r of records.filter((x) => x.phase === 'oil')) {
      const segs = ForecastParameterInput.parse(r).segments.map((s) => segmentView(s));
      expect(segs[1]!.qStart).toBe(segs[0]!.qEnd);
      expect(segs[2]!.qStart).toBe(segs[1]!.qEnd);
      const years = (Date.parse(segs[2]!.endDate) - Date.parse(segs[0]!.startDate)) / 86_400_000 / 365.25;
      expect(years).toBeGreaterThan(29.9);
      expect(years).toBeLessThan(30);
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
