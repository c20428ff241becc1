import { ErrorEnvelope, FitFromWellsPhase, FitFromWellsResult, TypeCurveFitsView } from '@econ/contract';
import { daysInMonth, exponentialNominalFromEffective, toDayIndex } from '@econ/decline';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { typeCurveMultipliers } from '../db/schema';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const D = exponentialNominalFromEffective(0.4);
/** The average over January of e^(−DΔ), Δ the day of the month from 0: the first month's average rate over its first day's. */
const JANUARY = Array.from({ length: 31 }, (_, d) => Math.exp(-D * d)).reduce((a, b) => a + b) / 31;
const LATERALS = [5000, 8000, 10000, 12500];
const FIRST = toDayIndex('2022-01-01');

/**
 * Monthly records of 24 months from 2022-01 whose per-day rate is 0.1 BBL/D per foot of lateral
 * times e^(−DΔ) (Δ days from 2022-01-01): normalized to 10,000 ft every well starts at 1,000.
 */
function monthly(well: string, x: number, phases: { oil?: number; gas?: number; water?: number }) {
  return Array.from({ length: 24 }, (_, k) => {
    const y = 2022 + Math.floor(k / 12);
    const m = (k % 12) + 1;
    const date = `${y}-${String(m).padStart(2, '0')}-01`;
    // The month's volume: the sum of its days' rates.
    const first = toDayIndex(date) - FIRST;
    let volume = 0;
    for (let d = 0; d < daysInMonth(y, m); d++) volume += 0.1 * x * Math.exp(-D * (first + d));
    return {
      well,
      date,
      ...Object.fromEntries(Object.entries(phases).map(([p, factor]) => [p, volume * (factor ?? 0)])),
    };
  });
}

const oneToOne = { xStart: 0, fitType: '1_to_1' };
const NORMALIZATION = {
  oil: {
    xAxis: 'perf_lateral_length',
    yAxis: 'eur',
    targets: [{ key: 'perf_lateral_length', value: 10000 }],
    eur: { segments: [oneToOne] },
    peak: { segments: [] },
  },
  gas: {
    xAxis: 'perf_lateral_length',
    yAxis: 'eur',
    targets: [],
    eur: { segments: [] },
    peak: { segments: [] },
    linkedTo: 'oil',
  },
  water: { xAxis: 'perf_lateral_length', yAxis: 'eur', targets: [], eur: { segments: [] }, peak: { segments: [] } },
};

async function setup() {
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, other] = pb.results.map((r) => r.id!) as [string, string];
  const { body: wb } = await postRecords(t, `/v1/projects/${project}/wells`, headers, [
    ...LATERALS.map((x, i) => ({ wellName: `W ${i}`, chosenID: `W-${i}`, dataSource: 'di', perfLateralLength: x })),
    { wellName: 'Dry', chosenID: 'DRY', dataSource: 'di', perfLateralLength: 9000 },
    { wellName: 'Out', chosenID: 'OUT', dataSource: 'di', perfLateralLength: 9000 },
  ]);
  const ids = wb.results.map((r) => r.id!);
  const [w0, w1, w2, w3, dry, out] = ids as [string, string, string, string, string, string];
  const records = [
    ...LATERALS.flatMap((x, i) => monthly(ids[i]!, x, { oil: 1, gas: 2 })),
    ...monthly(dry, 9000, { water: 1 }),
    ...monthly(out, 9000, { oil: 5 }),
  ];
  const written = await postRecords(t, '/v1/monthly-productions', headers, records);
  expect(written.body.failedCount ?? 0).toBe(0);
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [{ name: 'Det' }]);
  const forecast = fb.results[0]!.id!;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const base = `/v2/projects/${project}/type-curves`;
  const curve = async (name: string, wells: string[], excludedWells: string[] = []) => {
    const r = await call('POST', base, { name, forecast, wells, excludedWells });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return `${base}/${(r.body as { id: string }).id}`;
  };
  const path = await curve('TC', ids, [out]);
  expect((await call('PUT', `${path}/normalization`, NORMALIZATION)).status).toBe(200);
  const fit = (body: unknown, p = path) => call('POST', `${p}/fit-from-wells`, body);
  const multipliers = async (p: string, phase: 'oil' | 'gas' | 'water') => {
    const id = p.split('/').pop()!;
    const rows = await t.deps.db
      .select()
      .from(typeCurveMultipliers)
      .where(and(eq(typeCurveMultipliers.typeCurveId, id), eq(typeCurveMultipliers.phase, phase)));
    return new Map(rows.map((r) => [r.wellId, { eur: r.eur, peak: r.peak }]));
  };
  return { headers, project, other, ids, w0, w1, w2, w3, dry, out, path, call, curve, fit, multipliers };
}

const errorOf = (body: unknown) => ErrorEnvelope.parse(body);
const EXP = { model: 'exp_dec' };

describe(`POST …/type-curves/{id}/fit-from-wells (${BACKEND})`, () => {
  it('fits P10/P50/P90 and best from the normalized wells, stores them and the multipliers; fits and volumes follow', async () => {
    const s = await setup();
    const r = await s.fit({
      phases: { oil: EXP, gas: EXP },
      startDate: '2025-01-01',
      durationYears: 10,
      regressionType: 'rate',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const result = FitFromWellsResult.parse(r.body);
    expect(result.dryRun).toBe(false);
    const oil = result.fits.oil!;
    expect(oil).toMatchObject({ fitType: 'rate', regressionType: 'rate', eurPercentileMatched: false });
    for (const series of ['best', 'p10', 'p50', 'p90'] as const) {
      const [seg] = oil[series]!.segments;
      expect(seg).toMatchObject({
        segmentIndex: 0,
        segmentType: 'exp_dec',
        startDate: '2025-01-01',
        endDate: '2034-12-31',
      });
      // Monthly averages placed at mid-month: within 0.01 % of the decline they were made from.
      expect(seg!.qStart).toBeCloseTo(1000, 0);
      expect(seg!.dEff).toBeCloseTo(0.4, 4);
    }
    // Gas is linked to oil: the same multipliers bring 2× oil onto 2,000.
    expect(result.fits.gas?.best?.segments[0]?.qStart).toBeCloseTo(2000, 0);

    const wells = new Map(result.phases.oil!.wells.map((w) => [w.well, w]));
    expect([s.w0, s.w1, s.w2, s.w3].map((id) => wells.get(id)?.multipliers?.eur)).toEqual([2, 1.25, 1, 0.8]);
    expect(wells.get(s.dry)).toMatchObject({ status: 'noProduction', reason: 'no monthly oil production' });
    expect(wells.get(s.out)).toMatchObject({ status: 'excluded', reason: 'in excludedWells' });
    const steps = result.phases.oil!.steps;
    expect(steps).toHaveLength(24);
    expect(steps[0]).toMatchObject({ step: 0, date: '2025-01-01', wellCount: 4 });
    expect(steps[0]!.p10).toBeCloseTo(1000 * JANUARY, 9);
    expect(result.phases.oil!.series?.best).toMatchObject({ ok: true });
    expect(result.phases.oil!.normalization).toEqual({
      source: 'oil',
      xAxis: 'perf_lateral_length',
      yAxis: 'eur',
      factors: ['eur'],
      targetX: 10000,
    });

    const stored = await s.multipliers(s.path, 'oil');
    expect(stored.size).toBe(4);
    expect(stored.get(s.w0)).toEqual({ eur: 2, peak: null });
    expect(stored.has(s.dry) || stored.has(s.out)).toBe(false);
    expect((await s.multipliers(s.path, 'gas')).get(s.w3)).toEqual({ eur: 0.8, peak: null });

    const fits = await s.call('GET', `${s.path}/fits`);
    expect(TypeCurveFitsView.parse(fits.body)).toEqual(result.fits);
    const volumes = await s.call('GET', `${s.path}/volumes?resolution=monthly&take=2`);
    const [first] = volumes.body as { date: string; oil: Record<string, number> }[];
    expect(first?.date).toBe('2025-01-01');
    expect(Object.keys(first!.oil).sort()).toEqual(['best', 'p10', 'p50', 'p90']);
  });

  it('regressionType cum fits the cumulative volume: stored as cum, near the truth', async () => {
    const s = await setup();
    const body = { phases: { oil: EXP }, startDate: '2025-01-01', durationYears: 10, dryRun: true };
    const byRate = FitFromWellsResult.parse((await s.fit({ ...body, regressionType: 'rate' })).body);
    const byCum = FitFromWellsResult.parse((await s.fit({ ...body, regressionType: 'cum' })).body);
    expect(byCum.fits.oil).toMatchObject({ regressionType: 'cum' });
    const q = (r: FitFromWellsResult) => r.fits.oil!.best!.segments[0]!.qStart!;
    expect(Math.abs(q(byRate) / 1000 - 1)).toBeLessThan(1e-3);
    expect(Math.abs(q(byCum) / 1000 - 1)).toBeLessThan(1e-3);
    expect(byCum.fits.oil!.best!.segments[0]!.dEff).toBeCloseTo(0.4, 3);
  });

  it('keeps the stored fits of other phases', async () => {
    const s = await setup();
    const water = {
      fitType: 'rate',
      regressionType: 'rate',
      eurPercentileMatched: false,
      best: {
        segments: [{ segmentIndex: 0, segmentType: 'flat', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 5 }],
      },
    };
    expect((await s.call('PUT', `${s.path}/fits`, { water })).status).toBe(200);
    expect((await s.fit({ phases: { oil: EXP } })).status).toBe(200);
    const fits = TypeCurveFitsView.parse((await s.call('GET', `${s.path}/fits`)).body);
    expect(Object.keys(fits).sort()).toEqual(['oil', 'water']);
    // The default start is the first of the clock's month (2026-11-22).
    expect(fits.oil?.best?.segments[0]?.startDate).toBe('2026-11-01');
  });

  it('dryRun answers the fits and writes nothing', async () => {
    const s = await setup();
    const r = await s.fit({ phases: { oil: EXP }, dryRun: true });
    expect(r.status).toBe(200);
    const result = FitFromWellsResult.parse(r.body);
    expect(result.dryRun).toBe(true);
    expect(result.fits.oil?.p90?.segments).toHaveLength(1);
    expect((await s.call('GET', `${s.path}/fits`)).body).toEqual({});
    expect((await s.multipliers(s.path, 'oil')).size).toBe(0);
  });

  it('normalize false fits the raw rates and leaves the stored multipliers as they were', async () => {
    const s = await setup();
    expect((await s.fit({ phases: { oil: EXP } })).status).toBe(200);
    const r = await s.fit({ phases: { oil: EXP }, normalize: false });
    const result = FitFromWellsResult.parse(r.body);
    // Raw initial rates 500, 800, 1000, 1250: the type 7 percentiles.
    // The first month's average rate: its first day's times JANUARY.
    for (const [k, v] of Object.entries({ p10: 1175, p50: 900, p90: 590, average: 887.5 }))
      expect((result.phases.oil!.steps[0] as unknown as Record<string, number>)[k]).toBeCloseTo(v * JANUARY, 9);
    expect(result.phases.oil!.normalization).toBeUndefined();
    expect((await s.multipliers(s.path, 'oil')).get(s.w0)).toEqual({ eur: 2, peak: null });
  });

  it('a phase whose normalization is empty has its stored multipliers deleted (write rule 3)', async () => {
    const s = await setup();
    expect((await s.fit({ phases: { oil: EXP } })).status).toBe(200);
    const emptied = { ...NORMALIZATION, oil: { ...NORMALIZATION.oil, eur: { segments: [] } } };
    // The normalization PUT already deletes them; a fit with it keeps none either.
    expect((await s.call('PUT', `${s.path}/normalization`, emptied)).status).toBe(200);
    expect((await s.fit({ phases: { oil: EXP } })).status).toBe(200);
    expect((await s.multipliers(s.path, 'oil')).size).toBe(0);
  });

  it.each([
    [{ phases: {} }, 'phases', 'not empty'],
    [{ phases: { oil: { model: 'hyperbolic' } } }, 'phases.oil.model', undefined],
    [{ phases: { oil: { model: 'arps', bRange: [2, 1] } } }, 'phases.oil.bRange', 'min ≤ max'],
    [{ phases: { oil: { dEffRange: [0, 1] } } }, 'phases.oil.dEffRange[1]', 'range 0..1'],
    [{ phases: { oil: {} }, align: 'middle' }, 'align', undefined],
    [{ phases: { oil: {} }, resolution: 'weekly' }, 'resolution', undefined],
    [{ phases: { oil: {} }, durationYears: 0 }, 'durationYears', undefined],
    [{ phases: { oil: {} }, startDate: '2025-02-30' }, 'startDate', 'calendar date'],
    [{ phases: { ngl: {} } }, 'phases', undefined],
  ])('400 for %j naming the field', async (body, field, rule) => {
    const s = await setup();
    const r = await s.fit(body);
    expect(r.status).toBe(400);
    const detail = errorOf(r.body).details?.find((d) => d.field.startsWith(field));
    expect(detail, JSON.stringify(r.body)).toBeDefined();
    if (rule) expect(detail?.rule).toBe(rule);
    expect((await s.call('GET', `${s.path}/fits`)).body).toEqual({});
  });

  it('409 naming the phase when no well has production of it; nothing is written, not even the other phases', async () => {
    const s = await setup();
    const path = await s.curve('No water', [s.w0, s.w1], []);
    const r = await s.fit({ phases: { oil: EXP, water: EXP } }, path);
    expect(r.status).toBe(409);
    const error = errorOf(r.body);
    expect(error.message).toContain('no well of the type curve has monthly water production (2 wells, 0 excluded)');
    expect(error.details?.[0]).toMatchObject({ field: 'phases', rule: 'wells with production', value: 'water' });
    expect((await s.call('GET', `${path}/fits`)).body).toEqual({});
    expect((await s.multipliers(path, 'oil')).size).toBe(0);
  });

  it('409 naming the normalization field when it has no target for its x axis', async () => {
    const s = await setup();
    const noTarget = { ...NORMALIZATION, oil: { ...NORMALIZATION.oil, targets: [] } };
    expect((await s.call('PUT', `${s.path}/normalization`, noTarget)).status).toBe(200);
    const r = await s.fit({ phases: { gas: EXP } });
    expect(r.status).toBe(409);
    expect(errorOf(r.body).details?.[0]).toMatchObject({
      field: 'normalization.oil.targets',
      rule: 'target for xAxis',
    });
  });

  it('409 with each series’ reason when none can be fitted; 409 for a resolution without history', async () => {
    const s = await setup();
    // A straight line through 24 declining months reaches 0 long before the 30 years end.
    const r = await s.fit({ phases: { oil: { model: 'linear' } } });
    expect(r.status).toBe(409);
    const error = errorOf(r.body);
    expect(error.message).toMatch(/^No series of oil could be fitted with linear: best: the fitted line reaches 0/);
    expect(error.details?.map((d) => d.value)).toEqual(['best', 'p10', 'p50', 'p90']);
    const daily = await s.fit({ phases: { oil: EXP }, resolution: 'daily' });
    expect(daily.status).toBe(409);
    expect(errorOf(daily.body).message).toContain('no well of the type curve has daily oil production');
    expect((await s.call('GET', `${s.path}/fits`)).body).toEqual({});
  });

  it('404 for a type curve of another project or none; 401 without credentials', async () => {
    const s = await setup();
    const id = s.path.split('/').pop();
    expect((await s.fit({ phases: { oil: {} } }, `/v2/projects/${s.other}/type-curves/${id}`)).status).toBe(404);
    expect(
      (await s.fit({ phases: { oil: {} } }, `/v2/projects/${s.project}/type-curves/${'a'.repeat(24)}`)).status,
    ).toBe(404);
    const anonymous = await t.app.request(`${s.path}/fit-from-wells`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"phases":{"oil":{}}}',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe(`GET …/type-curves/{id}/fit-from-wells (${BACKEND})`, () => {
  it('previews a phase: the normalized cloud, the steps and the multipliers; nothing written', async () => {
    const s = await setup();
    const r = await s.call('GET', `${s.path}/fit-from-wells?phase=gas&align=peak`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const preview = FitFromWellsPhase.parse(r.body);
    expect(preview.normalization?.source).toBe('oil');
    expect(preview.cloud?.map((c) => c.well).sort()).toEqual([s.w0, s.w1, s.w2, s.w3].sort());
    for (const c of preview.cloud!) expect(c.rates[0]).toBeCloseTo(2000 * JANUARY, 9);
    expect(preview.steps[0]).toMatchObject({ step: 0, wellCount: 4 });
    expect(preview.steps[0]?.date).toBeUndefined();
    expect(preview.series).toBeUndefined();
    const wells = new Map(preview.wells.map((w) => [w.well, w]));
    expect(wells.get(s.w0)).toMatchObject({ status: 'used', x: 5000, multipliers: { eur: 2 } });
    expect(wells.get(s.w0)?.peakRate).toBeCloseTo(1000 * JANUARY, 9);
    expect(wells.get(s.w0)?.cumulative).toBeGreaterThan(0);
    expect((await s.call('GET', `${s.path}/fits`)).body).toEqual({});
    expect((await s.multipliers(s.path, 'gas')).size).toBe(0);
  });

  it('400 without a phase or with a bad one; 409 for a phase without production', async () => {
    const s = await setup();
    for (const [query, field] of [
      ['', 'query.phase'],
      ['?phase=ngl', 'query.phase'],
      ['?phase=oil&normalize=yes', 'query.normalize'],
      ['?phase=oil&minWells=0', 'query.minWells'],
    ] as const) {
      const r = await s.call('GET', `${s.path}/fit-from-wells${query}`);
      expect(r.status, query).toBe(400);
      expect(errorOf(r.body).details?.[0]?.field).toBe(field);
    }
    const path = await s.curve('No water', [s.w0], []);
    expect((await s.call('GET', `${path}/fit-from-wells?phase=water`)).status).toBe(409);
  });

  it('is in the OpenAPI document, POST and GET', async () => {
    const res = await t.app.request('/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, { description?: string }>> };
    const ops = doc.paths['/v2/projects/{projectId}/type-curves/{id}/fit-from-wells'] ?? {};
    expect(Object.keys(ops).sort()).toEqual(['get', 'post']);
    expect(ops.post?.description).toContain('m = f(x_target) / f(x_well)');
  });
});
