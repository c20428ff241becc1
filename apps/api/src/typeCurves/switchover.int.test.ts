import { ErrorEnvelope, MultiStatus } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { switchovers } from '../db/schema';
import { postRecords, signedIn } from '../test/fixtures';
import { BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { SWITCHOVER_NAME } from './switchover';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const BEFORE = '2026-11-06T23:59:59.999Z';
const AT = '2026-11-07T00:00:00.000Z';
const SUNSET = 'Sat, 07 Nov 2026 00:00:00 GMT';

const flat = { segmentIndex: 0, segmentType: 'flat', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 100 };
const four = {
  best: { segments: [flat] },
  p10: { segments: [flat] },
  p50: { segments: [flat] },
  p90: { segments: [flat] },
};

/** A project with wells and a forecast, set up half an hour before the switch-over (tokens last an hour). */
async function setup() {
  t.clock.set('2026-11-06T23:30:00Z');
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }]);
  const project = pb.results[0]!.id!;
  const { body: wb } = await postRecords(t, `/v1/projects/${project}/wells`, headers, [
    { wellName: 'W 0', chosenID: 'W-0', dataSource: 'di' },
  ]);
  const well = wb.results[0]!.id!;
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [{ name: 'Det' }]);
  const forecast = fb.results[0]!.id!;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { res, status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const v1 = `/v1/projects/${project}/type-curves`;
  const v2 = `/v2/projects/${project}/type-curves`;
  return { headers, project, well, forecast, call, v1, v2 };
}

describe('the type-curve switch-over (spec part 9.4)', () => {
  it('just before the instant V1 answers with Sunset and V2 is 404 saying when it turns on', async () => {
    const s = await setup();
    t.clock.set(BEFORE);
    const list = await s.call('GET', s.v1);
    expect(list.status).toBe(200);
    expect(list.res.headers.get('sunset')).toBe(SUNSET);
    const v2 = await s.call('GET', s.v2);
    expect(v2.status).toBe(404);
    expect(ErrorEnvelope.parse(v2.body).message).toMatch(/turned on at 2026-11-07T00:00:00.000Z/);
    expect(await t.deps.db.select().from(switchovers)).toEqual([]);
  });

  it('every V1 response before it carries Sunset, errors included', async () => {
    const s = await setup();
    const missing = await s.call('GET', `${s.v1}/${'a'.repeat(24)}`);
    expect(missing.status).toBe(404);
    expect(missing.res.headers.get('sunset')).toBe(SUNSET);
    const bad = await s.call('POST', s.v1, [{ name: 'No water' }]);
    expect(bad.status).toBe(207);
    expect(MultiStatus.parse(bad.body).results[0]?.code).toBe(400);
    expect(bad.res.headers.get('sunset')).toBe(SUNSET);
    const lookups = await s.call('GET', `${s.v1}/lookup-tables`);
    expect(lookups.status).toBe(200);
    expect(lookups.res.headers.get('sunset')).toBe(SUNSET);
    const noRoute = await s.call('PATCH', `${s.v1}/no/such/route`);
    expect(noRoute.status).toBe(404);
    expect(noRoute.res.headers.get('sunset')).toBe(SUNSET);
  });

  it('from the instant V1 is 410 naming the V2 route, and V2 answers', async () => {
    const s = await setup();
    t.clock.set(AT);
    const list = await s.call('GET', s.v1);
    expect(list.status).toBe(410);
    expect(ErrorEnvelope.parse(list.body).message).toContain(`GET ${s.v2}`);
    expect(list.res.headers.get('link')).toBe(`<${BASE_URL}${s.v2}>; rel="successor-version"`);
    expect(list.res.headers.get('sunset')).toBe(SUNSET);
    const v2 = await s.call('GET', s.v2);
    expect(v2.status).toBe(200);
    expect(v2.body).toEqual([]);
    const [row] = await t.deps.db.select().from(switchovers);
    expect(row).toEqual({ name: SWITCHOVER_NAME, at: new Date(AT) });
  });

  it('after it every V1 type-curve path answers 410, any method, even one that never had a V1 route', async () => {
    const s = await setup();
    t.clock.set(AT);
    const id = 'a'.repeat(24);
    const cases: [string, string, string][] = [
      ['HEAD', '', `HEAD ${s.v2}`],
      ['GET', '/head', `HEAD ${s.v2}`],
      ['POST', '', `POST ${s.v2}/batch`],
      ['PUT', '', `PATCH ${s.v2}/batch`],
      ['DELETE', '?id=x', `DELETE ${s.v2}`],
      ['GET', `/${id}`, `GET ${s.v2}/${id}`],
      ['GET', `/${id}/fits/daily`, `GET ${s.v2}/${id}/volumes?resolution=daily`],
      ['GET', `/${id}/fits/monthly`, `GET ${s.v2}/${id}/volumes?resolution=monthly`],
      ['GET', `/${id}/representative-wells`, `GET ${s.v2}/${id}/wells plus GET /v1/projects/${s.project}/forecasts/`],
      ['GET', '/lookup-tables', `GET ${s.v2}/lookup-tables`],
      ['GET', '/lookup-tables/head', `HEAD ${s.v2}/lookup-tables`],
      ['POST', '/lookup-tables', `POST ${s.v2}/lookup-tables/batch`],
      ['PUT', '/lookup-tables', `PUT ${s.v2}/lookup-tables/batch`],
      ['DELETE', `/lookup-tables/${id}`, `DELETE ${s.v2}/lookup-tables/${id}`],
      ['PATCH', '/no/such/route', `PATCH ${s.v2}/no/such/route`],
    ];
    for (const [method, path, v2] of cases) {
      const r = await s.call(method, `${s.v1}${path}`, method === 'POST' || method === 'PUT' ? [] : undefined);
      expect(r.status, `${method} ${path}`).toBe(410);
      if (method !== 'HEAD') expect(ErrorEnvelope.parse(r.body).message, `${method} ${path}`).toContain(v2);
    }
  });

  it('is one-way: once seen, V1 stays gone and V2 stays on even with the clock set back', async () => {
    const s = await setup();
    t.clock.set(AT);
    expect((await s.call('GET', s.v1)).status).toBe(410);
    t.clock.set(BEFORE);
    expect((await s.call('GET', s.v1)).status).toBe(410);
    expect((await s.call('GET', s.v2)).status).toBe(200);
    // A fresh process (new deps, no cache) still finds the record in the database.
    await t.reset();
    const s2 = await setup();
    await t.deps.db.insert(switchovers).values({ name: SWITCHOVER_NAME, at: new Date(AT) });
    t.clock.set(BEFORE);
    expect((await s2.call('GET', s2.v1)).status).toBe(410);
    expect((await s2.call('GET', s2.v2)).status).toBe(200);
  });

  it('keeps ids across: a type curve and its fits written through V1 are read through V2 with the same id', async () => {
    const s = await setup();
    const created = await s.call('POST', s.v1, [
      {
        name: 'Carried',
        forecast: s.forecast,
        wells: [s.well],
        regressionType: 'cum',
        fits: { oil: { type: 'rate', ...four }, water: { type: 'rate', ...four } },
        normalization: {
          oil: { normalizationType: 'eur', eur: { fitType: 'linear', slope: 2, intercept: 3 } },
        },
      },
    ]);
    const result = MultiStatus.parse(created.body).results[0]!;
    expect(result.code, JSON.stringify(result)).toBe(201);
    const id = result.id!;
    t.clock.set(AT);
    const curve = await s.call('GET', `${s.v2}/${id}`);
    expect(curve.status).toBe(200);
    expect(curve.body).toMatchObject({ id, name: 'Carried', forecast: s.forecast, wells: [s.well] });
    const fits = await s.call('GET', `${s.v2}/${id}/fits`);
    expect(fits.status).toBe(200);
    expect(fits.body).toMatchObject({
      oil: { fitType: 'rate', regressionType: 'cum', eurPercentileMatched: false, best: { segments: [flat] } },
      water: { fitType: 'rate', regressionType: 'cum' },
    });
    const norm = await s.call('GET', `${s.v2}/${id}/normalization`);
    expect(norm.status).toBe(200);
    expect(norm.body).toMatchObject({
      oil: { yAxis: 'eur', eur: { segments: [{ xStart: 0, fitType: 'linear', aValue: 2, bValue: 3 }] } },
    });
  });
});
