import { ErrorEnvelope, MultiStatus } from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookupTables, typeCurveFits, typeCurveMultipliers, typeCurves } from '../../db/schema';
import { postRecords, signedIn } from '../../test/fixtures';
import { createTestApi, type TestApi } from '../../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

// biome-ignore lint/suspicious/noExplicitAny: the tests read nested JSON bodies
type Json = any;

const SUNSET = 'Sat, 07 Nov 2026 00:00:00 GMT';
const MISSING = 'a'.repeat(24);

/** 2025 has 365 days: flat q for the year is 365·q, i.e. 0.365·q in thousands. */
const flat = (qStart: number) => ({
  segmentIndex: 0,
  segmentType: 'flat',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  qStart,
});
const four = (q: number) => ({
  best: { segments: [flat(q)] },
  p10: { segments: [flat(q)] },
  p50: { segments: [flat(q)] },
  p90: { segments: [flat(q)] },
});

async function setup() {
  t.clock.set('2026-11-01T00:00:00Z');
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }]);
  const project = pb.results[0]!.id!;
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${project}/wells`,
    headers,
    [0, 1, 2].map((i) => ({ wellName: `W ${i}`, chosenID: `W-${i}`, dataSource: 'di' })),
  );
  const wells = wb.results.map((r) => r.id!);
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [
    { name: 'Det' },
    { name: 'Half', wells: wells.slice(0, 2) },
  ]);
  const [forecast, half] = fb.results.map((r) => r.id!) as [string, string];
  const base = `/v1/projects/${project}/type-curves`;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { res, status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const curve = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    forecast,
    wells,
    fits: { oil: { type: 'rate', ...four(100) }, water: { type: 'rate', ...four(50) } },
    ...extra,
  });
  const create = async (records: unknown[]) => {
    const r = await call('POST', '', records);
    expect(r.status).toBe(207);
    expect(r.res.headers.get('sunset')).toBe(SUNSET);
    return MultiStatus.parse(r.body);
  };
  return { headers, project, wells, forecast, half, base, call, curve, create };
}

describe('V1 type curves: POST / and GET /{id} (spec parts 2.9, 4.5)', () => {
  it('creates from the V1 shape and reads it back as V1: type, basePhase on the fit, eur in thousands', async () => {
    const s = await setup();
    const out = await s.create([
      s.curve('TC', {
        regressionType: 'cum',
        fits: {
          oil: { type: 'rate', resolution: 'monthly', ...four(100) },
          gas: { type: 'ratio', basePhase: 'oil', ...four(2) },
          water: { type: 'rate', ...four(50) },
        },
      }),
    ]);
    expect(out.results[0]).toMatchObject({ code: 201, name: 'TC' });
    const id = out.results[0]!.id!;
    const r = await s.call('GET', `/${id}`);
    expect(r.status).toBe(200);
    const body = r.body as Record<string, Json>;
    expect(body).toMatchObject({ id, name: 'TC', forecast: s.forecast, wells: s.wells, regressionType: 'cum' });
    expect(body.fits.oil.type).toBe('rate');
    expect(body.fits.oil.best.eur).toBeCloseTo(36.5, 9);
    expect(body.fits.gas).toMatchObject({ type: 'ratio', basePhase: 'oil' });
    expect(body.fits.gas.p90.eur).toBeCloseTo(73, 9);
    expect(body.fits.water.p10.eur).toBeCloseTo(18.25, 9);
    expect(body.fits.oil).not.toHaveProperty('resolution');
    // Stored as V2: the curve's regressionType on each fit, the V1 value on the row.
    const [row] = await t.deps.db.select().from(typeCurves).where(eq(typeCurves.id, id));
    expect(row?.v1RegressionType).toBe('cum');
    const fits = await t.deps.db.select().from(typeCurveFits).where(eq(typeCurveFits.typeCurveId, id));
    const gas = fits.find((f) => f.phase === 'gas')?.fit as Record<string, Json>;
    expect(gas).toMatchObject({ fitType: 'ratio', regressionType: 'cum', eurPercentileMatched: false });
    expect(gas.ratio.basePhase).toBe('oil');
  });

  it('keeps the V1 normalization and returns it on GET', async () => {
    const s = await setup();
    const normalization = {
      oil: {
        normalizationType: 'eur_and_q_peak',
        xAxis: 'perf_lateral_length',
        target: { perf_lateral_length: 7500 },
        eur: { fitType: 'power_law_fit', coefficient: 2, exponent: 0.5 },
        qPeak: { fitType: 'linear', slope: 1, intercept: 0 },
      },
    };
    const out = await s.create([s.curve('N', { normalization })]);
    const r = await s.call('GET', `/${out.results[0]!.id}`);
    expect((r.body as Record<string, unknown>).normalization).toEqual(normalization);
  });

  it('reports every failure of a record as 400 naming the V1 field, and applies the others', async () => {
    const s = await setup();
    await s.create([s.curve('Taken')]);
    const { p90: _, ...three } = four(1);
    const out = await s.create([
      s.curve('No water', { fits: { oil: { type: 'rate', ...four(1) } } }),
      s.curve('Three series', { fits: { water: { type: 'rate', ...three } } }),
      s.curve('Taken'),
      s.curve('Elsewhere', { forecast: MISSING }),
      s.curve('Outside', { forecast: s.half }),
      s.curve('Bad segment', {
        fits: { water: { type: 'rate', ...four(1), best: { segments: [{ ...flat(1), segmentType: 'nope' }] } } },
      }),
      s.curve('Ratio on nothing', { fits: { water: { type: 'ratio', basePhase: 'oil', ...four(1) } } }),
      s.curve('Fine'),
    ]);
    expect(out.results.map((r) => r.code)).toEqual([400, 400, 400, 400, 400, 400, 400, 201]);
    const fields = out.results.map((r) => r.errors?.[0]?.field);
    expect(fields.slice(0, 7)).toEqual([
      'fits.water',
      'fits.water.p90',
      'name',
      'forecast',
      'wells',
      'fits.water.best.segments[0].segmentType',
      'fits.water.basePhase',
    ]);
    expect(out.results[3]?.errors?.[0]?.location).toBe('[3].forecast');
    const list = await s.call('GET', '');
    expect((list.body as { name: string }[]).map((c) => c.name).sort()).toEqual(['Fine', 'Taken']);
  });
});

describe('V1 batch limit', () => {
  it('refuses more than 100 records as a whole (400) and writes none', async () => {
    const s = await setup();
    const r = await s.call(
      'POST',
      '',
      Array.from({ length: 101 }, (_, i) => s.curve(`C${i}`)),
    );
    expect(r.status).toBe(400);
    expect(r.res.headers.get('sunset')).toBe(SUNSET);
    expect((await s.call('GET', '/head')).body).toEqual({ count: 0 });
  });
});

describe('V1 PUT / (replace by name)', () => {
  it('replaces the curve of that name whole (fits included), keeps its id, and creates a missing name', async () => {
    const s = await setup();
    const id = (await s.create([s.curve('A')])).results[0]!.id!;
    const r = await s.call('PUT', '', [
      s.curve('A', { wells: [s.wells[0]], fits: { water: { type: 'rate', ...four(10) } } }),
      s.curve('B'),
    ]);
    expect(r.status).toBe(207);
    const out = MultiStatus.parse(r.body);
    expect(out.results.map((x) => [x.code, x.id === id])).toEqual([
      [200, true],
      [201, false],
    ]);
    const a = (await s.call('GET', `/${id}`)).body as Record<string, Json>;
    expect(a.wells).toEqual([s.wells[0]]);
    expect(Object.keys(a.fits)).toEqual(['water']);
    expect(a.fits.water.best.eur).toBeCloseTo(3.65, 9);
  });
});

describe('V1 PUT / and the per-well multipliers (write rule 3)', () => {
  it('a replace keeps the multipliers of normalized phases and deletes those of phases left without', async () => {
    const s = await setup();
    const normalization = {
      oil: {
        normalizationType: 'eur',
        xAxis: 'perf_lateral_length',
        target: { perf_lateral_length: 7500 },
        eur: { fitType: 'linear', slope: 2, intercept: 1 },
      },
    };
    const id = (await s.create([s.curve('M', { normalization })])).results[0]!.id!;
    const now = t.clock.now();
    await t.deps.db.insert(typeCurveMultipliers).values(
      (['oil', 'water'] as const).map((phase) => ({
        typeCurveId: id,
        phase,
        wellId: s.wells[0]!,
        eur: 1.2,
        appliedAt: now,
      })),
    );
    expect((await s.call('PUT', '', [s.curve('M', { normalization })])).status).toBe(207);
    const phases = async () =>
      (await t.deps.db.select().from(typeCurveMultipliers).where(eq(typeCurveMultipliers.typeCurveId, id)))
        .map((r) => r.phase)
        .sort();
    expect(await phases()).toEqual(['oil']);
    expect((await s.call('PUT', '', [s.curve('M')])).status).toBe(207);
    expect(await phases()).toEqual([]);
  });
});

describe('V1 lists, counts and DELETE /', () => {
  it('HEAD / counts, GET / pages with Link, GET /head counts', async () => {
    const s = await setup();
    await s.create([s.curve('A'), s.curve('B'), s.curve('C')]);
    const head = await s.call('HEAD', '');
    expect(head.status).toBe(200);
    expect(head.res.headers.get('x-query-count')).toBe('3');
    const page = await s.call('GET', '?take=2&sort=-name');
    expect((page.body as { name: string }[]).map((c) => c.name)).toEqual(['C', 'B']);
    expect(page.res.headers.get('link')).toContain('rel="next"');
    const count = await s.call('GET', '/head');
    expect(count.status).toBe(200);
    expect(count.body).toEqual({ count: 3 });
    expect(count.res.headers.get('x-query-count')).toBe('3');
  });

  it('deletes by id and name (OR), 204 with X-Delete-Count, 404 when nothing matches, and unlinks lookup rules', async () => {
    const s = await setup();
    const ids = (await s.create([s.curve('A'), s.curve('B'), s.curve('C')])).results.map((r) => r.id!);
    const lt = await s.call('POST', '/lookup-tables', [
      { name: 'L', rules: [{ typeCurve: ids[0] }, { typeCurve: ids[2] }] },
    ]);
    expect(MultiStatus.parse(lt.body).results[0]?.code).toBe(201);
    const del = await s.call('DELETE', `?id=${ids[0]}&name=B`);
    expect(del.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('2');
    expect((await s.call('GET', `/${ids[1]}`)).status).toBe(404);
    const [table] = await t.deps.db.select().from(lookupTables);
    expect(table?.rules).toEqual([{ filter: [] }, { filter: [], typeCurve: ids[2] }]);
    const none = await s.call('DELETE', '?name=nothing');
    expect(none.status).toBe(404);
    expect(ErrorEnvelope.parse(none.body).name).toBe('NotFound');
  });
});

describe('V1 fits volumes and representative wells', () => {
  it('GET /{id}/fits/daily and /monthly give rows per date with every series, null where no value', async () => {
    const s = await setup();
    const longer = { ...flat(100), endDate: '2026-01-31' };
    const id = (
      await s.create([
        s.curve('V', {
          fits: {
            oil: { type: 'rate', ...four(100), best: { segments: [longer] } },
            water: { type: 'rate', ...four(50) },
          },
        }),
      ])
    ).results[0]!.id!;
    const daily = await s.call('GET', `/${id}/fits/daily?take=2`);
    expect(daily.status).toBe(200);
    expect(daily.body).toEqual([
      {
        date: '2025-01-01',
        oil: { best: 100, p10: 100, p50: 100, p90: 100 },
        water: { best: 50, p10: 50, p50: 50, p90: 50 },
      },
      {
        date: '2025-01-02',
        oil: { best: 100, p10: 100, p50: 100, p90: 100 },
        water: { best: 50, p10: 50, p50: 50, p90: 50 },
      },
    ]);
    expect(daily.res.headers.get('link')).toContain('rel="next"');
    const monthly = await s.call('GET', `/${id}/fits/monthly?skip=12&take=5`);
    expect(monthly.body).toEqual([
      {
        date: '2026-01-01',
        oil: { best: 3100, p10: null, p50: null, p90: null },
        water: { best: null, p10: null, p50: null, p90: null },
      },
    ]);
  });

  it('GET /{id}/representative-wells: rep is "not excluded", eur per phase in MBBL from the forecast', async () => {
    const s = await setup();
    const put = await t.app.request(`/v1/projects/${s.project}/forecasts/${s.forecast}/parameters`, {
      method: 'PUT',
      headers: s.headers,
      body: JSON.stringify([
        {
          well: s.wells[0],
          forecastType: 'rate',
          phase: 'oil',
          series: 'best',
          segments: [{ segmentType: 'flat', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 200 }],
        },
      ]),
    });
    expect(put.status).toBe(207);
    const id = (await s.create([s.curve('R')])).results[0]!.id!;
    await t.deps.db
      .update(typeCurves)
      .set({ excludedWells: [s.wells[1]!] })
      .where(eq(typeCurves.id, id));
    const r = await s.call('GET', `/${id}/representative-wells`);
    expect(r.status).toBe(200);
    const rows = r.body as Record<string, Json>[];
    expect(rows.map((w) => [w.id, w.rep, w.hasForecast])).toEqual([
      [s.wells[0], true, true],
      [s.wells[1], false, false],
      [s.wells[2], true, false],
    ]);
    expect(rows[0]).toMatchObject({ wellName: 'W 0', valid: true, hasData: true });
    expect(rows[0]?.eur.oil).toBeCloseTo(73, 9);
    expect(rows[1]?.eur).toEqual({});
  });
});

describe('V1 lookup tables', () => {
  it('POST array 207 (400 for a used name or a missing type curve), GET, GET /head, PUT upsert by name, DELETE', async () => {
    const s = await setup();
    const tc = (await s.create([s.curve('TC')])).results[0]!.id!;
    const rule = {
      typeCurve: tc,
      phase: 'oil',
      riskFactorOil: 0.9,
      applyNormalization: true,
      fpdSource: 'fixed',
      fixedDate: '2026-01-01',
    };
    const post = await s.call('POST', '/lookup-tables', [
      { name: 'L1', rules: [rule] },
      { name: 'L1', rules: [] },
      { name: 'L2', rules: [{ typeCurve: MISSING }] },
      { name: 'L3', rules: [{ typeCurve: tc, riskFactorGas: -1 }] },
      { name: 'L4', rules: [{ typeCurve: tc, fpdSource: 'schedule' }] },
    ]);
    expect(post.status).toBe(207);
    expect(post.res.headers.get('sunset')).toBe(SUNSET);
    const out = MultiStatus.parse(post.body);
    expect(out.results.map((r) => r.code)).toEqual([201, 400, 400, 400, 400]);
    expect(out.results[2]?.errors?.[0]).toMatchObject({
      field: 'rules[0].typeCurve',
      message: expect.stringMatching(/no type curve was found/),
    });
    expect(out.results[3]?.errors?.[0]?.field).toBe('rules[0].riskFactorGas');
    expect(out.results[4]?.errors?.[0]?.field).toBe('rules[0].fpdSource');
    const id = out.results[0]!.id!;
    const got = await s.call('GET', `/lookup-tables/${id}`);
    expect(got.body).toMatchObject({
      id,
      name: 'L1',
      rules: [{ typeCurve: tc, riskFactorOil: 0.9, applyNormalization: true, fpdSource: 'fixed', filter: [] }],
    });
    expect((got.body as { rules: object[] }).rules[0]).not.toHaveProperty('phase');
    // Stored as a V2 rule.
    const [row] = await t.deps.db.select().from(lookupTables);
    expect(row?.rules).toEqual([
      {
        typeCurve: tc,
        filter: [],
        riskFactorPeakOil: 0.9,
        normalization: { source: 'own' },
        fpdSource: 'fixed',
        fixedDate: '2026-01-01',
      },
    ]);
    const put = await s.call('PUT', '/lookup-tables', [{ name: 'L1', tags: ['x'] }, { name: 'L5' }]);
    expect(MultiStatus.parse(put.body).results.map((r) => [r.code, r.id === id])).toEqual([
      [200, true],
      [201, false],
    ]);
    expect(((await s.call('GET', `/lookup-tables/${id}`)).body as { tags: string[] }).tags).toEqual(['x']);
    const head = await s.call('GET', '/lookup-tables/head');
    expect(head.body).toEqual({ count: 2 });
    expect((await s.call('HEAD', '/lookup-tables')).res.headers.get('x-query-count')).toBe('2');
    expect(((await s.call('GET', '/lookup-tables')).body as unknown[]).length).toBe(2);
    const del = await s.call('DELETE', `/lookup-tables/${id}`);
    expect(del.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('1');
    expect((await s.call('GET', `/lookup-tables/${id}`)).status).toBe(404);
  });
});

describe('V1 OpenAPI', () => {
  it('documents the V1 type-curve and lookup-table routes', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const v1 = '/v1/projects/{projectId}/type-curves';
    expect(Object.keys(doc.paths[v1] ?? {}).sort()).toEqual(['delete', 'get', 'head', 'post', 'put']);
    for (const p of ['/head', '/{id}', '/{id}/fits/daily', '/{id}/fits/monthly', '/{id}/representative-wells']) {
      expect(doc.paths[`${v1}${p}`]?.get, p).toBeDefined();
    }
    expect(Object.keys(doc.paths[`${v1}/lookup-tables`] ?? {}).sort()).toEqual(['get', 'head', 'post', 'put']);
    expect(Object.keys(doc.paths[`${v1}/lookup-tables/{id}`] ?? {}).sort()).toEqual(['delete', 'get']);
  });
});
