import { describe, expect, it } from 'vitest';
import { type CurveFields, candidateWells, type ForecastFacts, mergeCurve, NO_FIELDS } from './curveRules';

const F1 = `${'f'.repeat(23)}1`;
const F2 = `${'f'.repeat(23)}2`;
const w = (n: number) => n.toString(16).padStart(24, '0');
const facts = (type: ForecastFacts['type'], ...wells: string[]): ForecastFacts => ({ type, wells: new Set(wells) });

const stored: CurveFields = {
  name: 'TC',
  forecastId: F1,
  forecastSeries: 'best',
  wells: [w(1), w(2), w(3)],
  excludedWells: [w(2), w(3)],
};

describe('mergeCurve', () => {
  it('creates with the sent fields and forecastSeries best', () => {
    const r = mergeCurve(NO_FIELDS, { name: 'A', forecast: F1, wells: [w(1)] }, facts('deterministic', w(1)));
    expect(r).toEqual({
      ok: true,
      fields: { name: 'A', forecastId: F1, forecastSeries: 'best', wells: [w(1)], excludedWells: null },
    });
  });

  it('rule 5: re-linking the forecast without wells drops the wells the new forecast lacks (and their exclusions)', () => {
    const r = mergeCurve(stored, { forecast: F2 }, facts('deterministic', w(1), w(3)));
    expect(r.ok && r.fields).toMatchObject({ forecastId: F2, wells: [w(1), w(3)], excludedWells: [w(3)] });
  });

  it('rule 5: re-linking the forecast with wells keeps the sent wells, which must belong to it', () => {
    const ok = mergeCurve(stored, { forecast: F2, wells: [w(2)] }, facts('deterministic', w(2)));
    expect(ok.ok && ok.fields).toMatchObject({ wells: [w(2)], excludedWells: [w(2)] });
    const bad = mergeCurve(stored, { forecast: F2, wells: [w(1), w(9)] }, facts('deterministic', w(1)));
    expect(bad).toMatchObject({
      ok: false,
      details: [{ field: 'wells', rule: 'wells of the forecast', value: [w(9)] }],
    });
  });

  it('rule 5: changing wells without excludedWells drops exclusions of unassigned wells', () => {
    const r = mergeCurve(stored, { wells: [w(1), w(3)] }, facts('deterministic', w(1), w(3)));
    expect(r.ok && r.fields).toMatchObject({ wells: [w(1), w(3)], excludedWells: [w(3)] });
  });

  it('excludedWells sent alone must be a subset of the stored wells', () => {
    expect(mergeCurve(stored, { excludedWells: [w(1)] }, facts('deterministic', w(1), w(2), w(3)))).toMatchObject({
      ok: true,
      fields: { excludedWells: [w(1)] },
    });
    expect(mergeCurve(stored, { excludedWells: [w(4)] }, facts('deterministic', w(1), w(2), w(3)))).toMatchObject({
      ok: false,
      details: [{ field: 'excludedWells', rule: 'subset of wells', value: [w(4)] }],
    });
  });

  it('a percentile series needs a probabilistic forecast, also when the forecast is re-linked', () => {
    expect(mergeCurve(stored, { forecastSeries: 'P10' }, facts('probabilistic', w(1), w(2), w(3))).ok).toBe(true);
    expect(mergeCurve(stored, { forecastSeries: 'P90' }, facts('deterministic', w(1), w(2), w(3)))).toMatchObject({
      ok: false,
      details: [{ field: 'forecastSeries', rule: 'requires probabilistic forecast', value: 'P90' }],
    });
    const p50 = { ...stored, forecastSeries: 'P50' as const };
    expect(mergeCurve(p50, { forecast: F2 }, facts('deterministic', w(1)))).toMatchObject({
      ok: false,
      details: [{ field: 'forecastSeries' }],
    });
  });

  it('wells without any forecast are refused', () => {
    const r = mergeCurve(NO_FIELDS, { name: 'A', wells: [w(1)] }, undefined);
    expect(r).toMatchObject({ ok: false, details: [{ field: 'wells', rule: 'requires forecast' }] });
  });

  it('reports every broken rule at once', () => {
    const r = mergeCurve(
      stored,
      { wells: [w(1), w(8)], excludedWells: [w(9)], forecastSeries: 'P10' },
      facts('deterministic', w(1)),
    );
    expect(r.ok ? [] : r.details.map((d) => d.field)).toEqual(['wells', 'excludedWells', 'forecastSeries']);
  });

  it('candidateWells: the sent or stored wells and the sent exclusions, once each', () => {
    expect(candidateWells(stored, { excludedWells: [w(1), w(7)] })).toEqual([w(1), w(2), w(3), w(7)]);
    expect(candidateWells(stored, { wells: [w(5)] })).toEqual([w(5)]);
  });
});
