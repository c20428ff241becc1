import { describe, expect, it } from 'vitest';
import { TypeCurveFitsInput } from './fits';
import { LookupTableInput } from './lookupTable';
import {
  migrateV1TypeCurve,
  seriesEurThousands,
  v1NormalizationToV2,
  v2FitsToV1,
  v2NormalizationToV1,
} from './migrate';
import { NormalizationInput } from './normalization';
import { TypeCurveInput } from './typeCurve';
import { V1TypeCurve, V1TypeCurveInput, v1LookupField, v1LookupTableToV2, v2LookupTableToV1 } from './v1';

const P = 'a00000000000000000000001';
const F = 'b00000000000000000000001';
const W1 = 'c00000000000000000000001';
const W2 = 'c00000000000000000000002';

/** 2024 is 366 days: a flat 100 BBL/D for the year is 36.6 MBBL. */
const flat = (qStart: number) => ({
  segments: [
    { segmentIndex: 0, segmentType: 'flat', startDate: '2024-01-01', endDate: '2024-12-31', qStart, qEnd: qStart },
  ],
  eur: 36.6,
});
const four = (qStart: number) => ({ best: flat(qStart), p10: flat(qStart), p50: flat(qStart), p90: flat(qStart) });

/** A V1 type curve as GET /{id} returned it, with its normalization and representative wells. */
const v1Curve = (patch: Record<string, unknown> = {}) =>
  V1TypeCurve.parse({
    id: 'd00000000000000000000001',
    name: 'Wolfcamp A',
    forecast: F,
    regressionType: 'cum',
    wells: [W1, W2],
    fits: {
      oil: { type: 'rate', resolution: 'monthly', align: 'peak', ...four(100) },
      gas: { type: 'ratio', basePhase: 'oil', normalize: true, ...four(2) },
      water: { type: 'rate', ...four(50) },
    },
    normalization: {
      oil: {
        normalizationType: 'eur',
        xAxis: 'perf_lateral_length',
        target: { perf_lateral_length: 10000 },
        eur: { fitType: 'linear', slope: 0.5, intercept: 12 },
      },
      gas: {
        normalizationType: 'eur_and_q_peak',
        eur: { fitType: 'power_law_fit', coefficient: 3, exponent: 0.8 },
        qPeak: { fitType: '1_to_1' },
      },
    },
    representativeWells: [
      { id: W1, rep: true, valid: true, hasData: true, hasForecast: true },
      { id: W2, rep: false, valid: true, hasData: false, hasForecast: true },
    ],
    validationCriteria: { minEur: 10 },
    ...patch,
  });

describe('migrateV1TypeCurve (spec part 9.5)', () => {
  it('plans POST the curve, PUT its fits, PUT its normalization, in that order', () => {
    const plan = migrateV1TypeCurve(v1Curve(), P);
    expect(plan.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v2/projects/${P}/type-curves`,
      `PUT /v2/projects/${P}/type-curves/{id}/fits`,
      `PUT /v2/projects/${P}/type-curves/{id}/normalization`,
    ]);
    expect(plan.v1Id).toBe('d00000000000000000000001');
  });

  it('produces bodies that pass the V2 contract schemas', () => {
    const [create, fits, norm] = migrateV1TypeCurve(v1Curve(), P).calls;
    expect(TypeCurveInput.safeParse(create?.body).success).toBe(true);
    expect(TypeCurveFitsInput.safeParse(fits?.body).error).toBeUndefined();
    expect(NormalizationInput.safeParse(norm?.body).error).toBeUndefined();
  });

  it('carries name, forecast, wells and excludes the wells that were not representative', () => {
    const body = migrateV1TypeCurve(v1Curve(), P).calls[0]?.body;
    expect(body).toEqual({ name: 'Wolfcamp A', forecast: F, wells: [W1, W2], excludedWells: [W2] });
  });

  it('maps type → fitType, basePhase → ratio.basePhase, regressionType onto each fit, drops removed fields', () => {
    const fits = migrateV1TypeCurve(v1Curve(), P).calls[1]?.body as Record<string, Record<string, unknown>>;
    expect(fits.oil).toMatchObject({ fitType: 'rate', regressionType: 'cum', eurPercentileMatched: false });
    expect(fits.oil).not.toHaveProperty('resolution');
    expect(fits.oil).not.toHaveProperty('align');
    expect(fits.oil).not.toHaveProperty('type');
    expect(fits.oil?.best).not.toHaveProperty('eur');
    expect(fits.gas).toMatchObject({ fitType: 'ratio', eurPercentileMatched: false, ratio: { basePhase: 'oil' } });
    expect(fits.gas).not.toHaveProperty('basePhase');
    expect(fits.gas).not.toHaveProperty('best');
    expect(fits.gas).not.toHaveProperty('normalize');
    expect(Object.keys(fits.gas?.ratio as object).sort()).toEqual(['basePhase', 'best', 'p10', 'p50', 'p90']);
  });

  it('maps normalization: eur → eur, eur_and_q_peak → eur_and_peak, coefficients → aValue/bValue, none → empty', () => {
    const norm = migrateV1TypeCurve(v1Curve(), P).calls[2]?.body as ReturnType<typeof v1NormalizationToV2>;
    expect(norm.oil).toEqual({
      xAxis: 'perf_lateral_length',
      yAxis: 'eur',
      targets: [{ key: 'perf_lateral_length', value: 10000 }],
      eur: { segments: [{ xStart: 0, fitType: 'linear', aValue: 0.5, bValue: 12 }] },
      peak: { segments: [] },
    });
    expect(norm.gas.yAxis).toBe('eur_and_peak');
    expect(norm.gas.eur.segments).toEqual([{ xStart: 0, fitType: 'power_law_fit', aValue: 3, bValue: 0.8 }]);
    expect(norm.gas.peak.segments).toEqual([{ xStart: 0, fitType: '1_to_1' }]);
    expect(norm.water.eur.segments).toEqual([]);
    expect(norm.water.peak.segments).toEqual([]);
  });

  it('writes empty segments on every phase when there is no normalization, and says so', () => {
    const plan = migrateV1TypeCurve(v1Curve({ normalization: undefined }), P);
    const norm = plan.calls[2]?.body as ReturnType<typeof v1NormalizationToV2>;
    for (const p of ['oil', 'gas', 'water'] as const) {
      expect(norm[p].eur.segments).toEqual([]);
      expect(norm[p].peak.segments).toEqual([]);
    }
    expect(NormalizationInput.safeParse(norm).success).toBe(true);
    expect(plan.notes.join('\n')).toMatch(/no normalization/);
  });

  it('reports what it could not carry', () => {
    const notes = migrateV1TypeCurve(v1Curve(), P).notes.join('\n');
    expect(notes).toMatch(/validationCriteria/);
    expect(notes).toMatch(/peak is no longer smoothed/);
    expect(notes).toMatch(/valid, hasData and hasForecast/);
    expect(notes).toMatch(/resolution was dropped/);
    expect(notes).toMatch(/align was dropped/);
    expect(notes).toMatch(/normalize was dropped/);
    expect(notes).toMatch(/series eur was dropped/);
  });

  it('without representative wells leaves excludedWells out and notes it; without a forecast drops wells', () => {
    const noReps = migrateV1TypeCurve(v1Curve({ representativeWells: undefined }), P);
    expect(noReps.calls[0]?.body).not.toHaveProperty('excludedWells');
    expect(noReps.notes.join('\n')).toMatch(/excludedWells not set/);
    const noForecast = migrateV1TypeCurve(v1Curve({ forecast: undefined }), P);
    expect(noForecast.calls[0]?.body).toEqual({ name: 'Wolfcamp A' });
    expect(TypeCurveInput.safeParse(noForecast.calls[0]?.body).success).toBe(true);
    expect(noForecast.notes.join('\n')).toMatch(/wells were not carried/);
  });

  it('plans only the curve and the empty normalization for a V1 curve without fits', () => {
    const plan = migrateV1TypeCurve(v1Curve({ fits: undefined }), P);
    expect(plan.calls.map((c) => c.step)).toEqual(['create', 'normalization']);
  });
});

describe('V1 read mapping', () => {
  const stored = TypeCurveFitsInput.parse(migrateV1TypeCurve(v1Curve(), P).calls[1]?.body);

  it('computes series eur in thousands from the segments, a ratio times its base phase', () => {
    expect(seriesEurThousands(stored, 'oil', 'best')).toBeCloseTo(36.6, 9);
    expect(seriesEurThousands(stored, 'gas', 'p50')).toBeCloseTo(73.2, 9);
  });

  it('gives V1 fits back: type, basePhase on the fit, all series with eur', () => {
    const v1 = v2FitsToV1(stored);
    expect(v1.gas?.type).toBe('ratio');
    expect(v1.gas?.basePhase).toBe('oil');
    expect(v1.water?.p90?.eur).toBeCloseTo(18.3, 9);
    expect(v1.oil?.best?.segments[0]).toMatchObject({ segmentIndex: 0, segmentType: 'flat', qStart: 100 });
  });

  it('round-trips a V1 normalization through V2', () => {
    const norm = v1Curve().normalization;
    const back = v2NormalizationToV1(NormalizationInput.parse(v1NormalizationToV2(norm)));
    expect(back.oil).toEqual(norm?.oil);
    expect(back.gas).toMatchObject({ normalizationType: 'eur_and_q_peak', qPeak: { fitType: '1_to_1' } });
    expect(back.water).toBeUndefined();
  });
});

describe('V1TypeCurveInput (the V1 write)', () => {
  const input = (fits: Record<string, unknown>) => ({ name: 'x', fits });
  it('requires a water fit', () => {
    const r = V1TypeCurveInput.safeParse(input({ oil: { type: 'rate', ...four(1) } }));
    expect(r.error?.issues[0]).toMatchObject({ path: ['fits', 'water'], message: expect.stringMatching(/water fit/) });
  });
  it('requires all four series on every fit', () => {
    const { p90: _, ...three } = four(1);
    const r = V1TypeCurveInput.safeParse(input({ water: { type: 'rate', ...three } }));
    expect(r.error?.issues[0]).toMatchObject({ path: ['fits', 'water', 'p90'] });
  });
  it('requires basePhase on a ratio fit and refuses it on a rate fit', () => {
    const r = V1TypeCurveInput.safeParse(input({ water: { type: 'ratio', ...four(1) } }));
    expect(r.error?.issues[0]).toMatchObject({ path: ['fits', 'water', 'basePhase'] });
    const s = V1TypeCurveInput.safeParse(input({ water: { type: 'rate', basePhase: 'oil', ...four(1) } }));
    expect(s.error?.issues[0]).toMatchObject({ path: ['fits', 'water', 'basePhase'] });
  });
  it('defaults regressionType to rate', () => {
    expect(V1TypeCurveInput.parse(input({ water: { type: 'rate', ...four(1) } })).regressionType).toBe('rate');
  });
});

describe('V1 lookup tables ↔ V2', () => {
  const TC = 'e00000000000000000000001';
  it('renames risk factors, turns applyNormalization into normalization own, drops phase and resolution', () => {
    const v2 = v1LookupTableToV2({
      name: 'L',
      rules: [
        {
          typeCurve: TC,
          phase: 'oil',
          resolution: 'monthly',
          riskFactorGas: 0.5,
          applyNormalization: true,
          filter: null,
        },
      ],
    });
    expect(v2).toEqual({
      name: 'L',
      rules: [{ typeCurve: TC, riskFactorPeakGas: 0.5, normalization: { source: 'own' } }],
    });
    expect(LookupTableInput.safeParse(v2).success).toBe(true);
  });
  it('reads V2 rules back in V1 names and names V2 fields as V1 did', () => {
    const v1 = v2LookupTableToV1({ rules: [{ typeCurve: TC, filter: [], riskFactorPeakOil: 1 }] });
    expect(v1.rules).toEqual([{ typeCurve: TC, filter: [], riskFactorOil: 1, applyNormalization: false }]);
    expect(v1LookupField('rules[2].riskFactorPeakWater')).toBe('rules[2].riskFactorWater');
    expect(v1LookupField('rules[0].normalization.source')).toBe('rules[0].applyNormalization');
  });
});
