import { ErrorEnvelope, MultiStatus, TypeCurve } from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookupTables, typeCurveFits, typeCurveNormalizations, typeCurves } from '../db/schema';
import { newObjectId } from '../ids';
import { postRecords, signedIn } from '../test/fixtures';
import { BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MISSING = 'a'.repeat(24);

async function setup(wellCount = 4) {
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, other] = pb.results.map((r) => r.id!) as [string, string];
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${project}/wells`,
    headers,
    Array.from({ length: wellCount }, (_, i) => ({ wellName: `W ${i}`, chosenID: `W-${i}`, dataSource: 'di' })),
  );
  const wells = wb.results.map((r) => r.id!);
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [
    { name: 'Det' },
    { name: 'Prob', type: 'probabilistic' },
    { name: 'Half', wells: wells.slice(0, 2) },
  ]);
  const [det, prob, half] = fb.results.map((r) => r.id!) as [string, string, string];
  const { body: ofb } = await postRecords(t, `/v1/projects/${other}/forecasts`, headers, [{ name: 'Elsewhere' }]);
  const base = `/v2/projects/${project}/type-curves`;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { res, status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const create = async (body: Record<string, unknown>) => {
    const r = await call('POST', '', body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return TypeCurve.parse(r.body);
  };
  return { headers, project, other, wells, det, prob, half, elsewhere: ofb.results[0]!.id!, base, call, create };
}

const errorOf = (body: unknown) => ErrorEnvelope.parse(body);

describe('POST / (one type curve)', () => {
  it('201 with the stored type curve: project from the path, forecastSeries best, never null', async () => {
    const s = await setup();
    const r = await s.call('POST', '', { name: 'TC 1', forecast: s.det, wells: s.wells, excludedWells: [s.wells[1]] });
    expect(r.status).toBe(201);
    const tc = TypeCurve.parse(r.body);
    expect(tc).toMatchObject({
      name: 'TC 1',
      project: s.project,
      forecast: s.det,
      forecastSeries: 'best',
      wells: s.wells,
      excludedWells: [s.wells[1]],
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
    });
    const bare = await s.create({ name: 'Bare' });
    expect(Object.keys(bare).sort()).toEqual(['createdAt', 'forecastSeries', 'id', 'name', 'project', 'updatedAt']);
    expect(JSON.stringify(bare)).not.toContain('null');
    expect((await s.call('GET', `/${tc.id}`)).body).toEqual(tc);
  });

  it('an array body is a 400 pointing to /batch', async () => {
    const s = await setup();
    const r = await s.call('POST', '', [{ name: 'A' }]);
    expect(r.status).toBe(400);
    expect(errorOf(r.body).message).toContain(`${s.base}/batch`);
  });

  it('fits or regressionType on a type curve are a 400 naming the field', async () => {
    const s = await setup();
    for (const [field, value] of [
      ['fits', { oil: {} }],
      ['regressionType', 'rate'],
    ] as const) {
      const r = await s.call('POST', '', { name: 'A', [field]: value });
      expect(r.status).toBe(400);
      expect(errorOf(r.body).details).toEqual([expect.objectContaining({ field, rule: 'not on a type curve' })]);
    }
    expect((await s.call('HEAD', '')).res.headers.get('x-query-count')).toBe('0');
  });

  it('409 for a name used in the project; the same name in another project is fine', async () => {
    const s = await setup();
    await s.create({ name: 'Dup' });
    const r = await s.call('POST', '', { name: 'Dup' });
    expect(r.status).toBe(409);
    expect(errorOf(r.body).details).toEqual([expect.objectContaining({ field: 'name', value: 'Dup' })]);
    const elsewhere = await t.app.request(`/v2/projects/${s.other}/type-curves`, {
      method: 'POST',
      headers: s.headers,
      body: JSON.stringify({ name: 'Dup' }),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('concurrent creates of one name: exactly one 201, the others 409 (never a 5xx)', async () => {
    const s = await setup();
    const results = await Promise.all(Array.from({ length: 4 }, () => s.call('POST', '', { name: 'Race' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const renames = await Promise.all(
      [await s.create({ name: 'X' }), await s.create({ name: 'Y' })].map((tc) =>
        s.call('PATCH', `/${tc.id}`, { name: 'Same' }),
      ),
    );
    expect(renames.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('404 for a forecast not in the project (or not at all), and for a project not the company’s', async () => {
    const s = await setup();
    for (const forecast of [s.elsewhere, MISSING]) {
      const r = await s.call('POST', '', { name: 'A', forecast });
      expect(r.status).toBe(404);
      expect(errorOf(r.body).message).toContain(forecast);
    }
    const r = await t.app.request(`/v2/projects/${MISSING}/type-curves`, {
      method: 'POST',
      headers: s.headers,
      body: JSON.stringify({ name: 'A' }),
    });
    expect(r.status).toBe(404);
  });

  it('wells must belong to the forecast; excludedWells ⊆ wells; wells need a forecast', async () => {
    const s = await setup();
    const notInHalf = await s.call('POST', '', { name: 'A', forecast: s.half, wells: s.wells });
    expect(notInHalf.status).toBe(400);
    expect(errorOf(notInHalf.body).details).toEqual([
      expect.objectContaining({ field: 'wells', rule: 'wells of the forecast', value: s.wells.slice(2) }),
    ]);
    const notAWell = await s.call('POST', '', { name: 'A', forecast: s.det, wells: [s.det] });
    expect(notAWell.status).toBe(400);
    const subset = await s.call('POST', '', {
      name: 'A',
      forecast: s.det,
      wells: [s.wells[0]],
      excludedWells: [s.wells[1]],
    });
    expect(subset.status).toBe(400);
    expect(errorOf(subset.body).details?.[0]).toMatchObject({ field: 'excludedWells', rule: 'subset of wells' });
    const noForecast = await s.call('POST', '', { name: 'A', wells: [s.wells[0]] });
    expect(noForecast.status).toBe(400);
    expect(errorOf(noForecast.body).details?.[0]).toMatchObject({ field: 'wells', rule: 'requires forecast' });
    expect((await s.call('HEAD', '')).res.headers.get('x-query-count')).toBe('0');
  });

  it('a series other than best needs a probabilistic forecast', async () => {
    const s = await setup();
    const det = await s.call('POST', '', { name: 'A', forecast: s.det, forecastSeries: 'P10' });
    expect(det.status).toBe(400);
    expect(errorOf(det.body).details?.[0]).toMatchObject({ field: 'forecastSeries', value: 'P10' });
    expect((await s.create({ name: 'B', forecast: s.prob, forecastSeries: 'P90' })).forecastSeries).toBe('P90');
  });

  it('wells: 2000 accepted, 2001 refused naming the limit', async () => {
    const { headers } = await signedIn(t, 'Big Co');
    const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Big' }]);
    const project = pb.results[0]!.id!;
    const ids: string[] = [];
    for (let chunk = 0; chunk < 3; chunk++) {
      const n = chunk < 2 ? 1000 : 1;
      const { body } = await postRecords(
        t,
        `/v1/projects/${project}/wells`,
        headers,
        Array.from({ length: n }, (_, i) => ({
          wellName: `W${chunk}-${i}`,
          chosenID: `C${chunk}-${i}`,
          dataSource: 'di',
        })),
      );
      ids.push(...body.results.map((r) => r.id!));
    }
    const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [{ name: 'All' }]);
    const forecast = fb.results[0]!.id!;
    const post = (wells: string[]) =>
      t.app.request(`/v2/projects/${project}/type-curves`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `N${wells.length}`, forecast, wells }),
      });
    const over = await post(ids);
    expect(over.status).toBe(400);
    expect(errorOf(await over.json()).details?.[0]).toMatchObject({ field: 'wells' });
    expect(errorOf(await (await post(ids)).json()).message).toContain('2000');
    const at = await post(ids.slice(0, 2000));
    expect(at.status).toBe(201);
    expect(TypeCurve.parse(await at.json()).wells).toHaveLength(2000);
  });
});

describe('POST /batch and PATCH /batch', () => {
  it('207 with a result per record: 201, 409 (stored and earlier in the batch), 404 forecast, 400', async () => {
    const s = await setup();
    await s.create({ name: 'Taken' });
    const r = await s.call('POST', '/batch', [
      { name: 'One', forecast: s.det },
      { name: 'Taken' },
      { name: 'Two', forecast: s.elsewhere },
      { name: 'One' },
      { name: 'Bad', fits: {} },
      { name: 'Three', forecast: s.prob, forecastSeries: 'P50', wells: [s.wells[0]] },
    ]);
    expect(r.status).toBe(207);
    const body = MultiStatus.parse(r.body);
    expect(body.results.map((x) => x.code)).toEqual([201, 409, 404, 409, 400, 201]);
    expect(body).toMatchObject({ successCount: 2, failedCount: 4 });
    expect(body.results[1]!.errors?.[0]).toMatchObject({ field: 'name', location: '[1].name', recordIndex: 1 });
    expect(body.results[2]!.errors?.[0]).toMatchObject({
      field: 'forecast',
      location: '[2].forecast',
      value: s.elsewhere,
    });
    expect(body.results[4]!.errors?.[0]).toMatchObject({ field: 'fits', location: '[4].fits' });
    expect((await s.call('HEAD', '')).res.headers.get('x-query-count')).toBe('3');
  });

  it('at most 100 records; a non-array is a 400', async () => {
    const s = await setup();
    const over = await s.call(
      'POST',
      '/batch',
      Array.from({ length: 101 }, (_, i) => ({ name: `N${i}` })),
    );
    expect(over.status).toBe(400);
    expect(errorOf(over.body).message).toContain('100');
    expect((await s.call('POST', '/batch', { name: 'x' })).status).toBe(400);
    const full = await s.call(
      'POST',
      '/batch',
      Array.from({ length: 100 }, (_, i) => ({ name: `N${i}` })),
    );
    expect(MultiStatus.parse(full.body).successCount).toBe(100);
    const patchOver = await s.call(
      'PATCH',
      '/batch',
      Array.from({ length: 101 }, () => ({ id: MISSING })),
    );
    expect(patchOver.status).toBe(400);
  });

  it('PATCH /batch merges each record by id: 200, 404 for a missing type curve, 409 for a used name, 400 without id', async () => {
    const s = await setup();
    const a = await s.create({ name: 'A', forecast: s.det });
    const b = await s.create({ name: 'B' });
    const r = await s.call('PATCH', '/batch', [
      { id: a.id, wells: [s.wells[0]] },
      { id: MISSING, name: 'Z' },
      { id: b.id, name: 'A' },
      { name: 'no id' },
      { id: b.id, name: 'B2', forecast: null },
    ]);
    expect(r.status).toBe(207);
    const body = MultiStatus.parse(r.body);
    expect(body.results.map((x) => x.code)).toEqual([200, 404, 409, 400, 200]);
    expect(body.results[3]!.errors?.[0]).toMatchObject({ field: 'id', location: '[3].id' });
    expect((await s.call('GET', `/${a.id}`)).body).toMatchObject({ wells: [s.wells[0]] });
    expect((await s.call('GET', `/${b.id}`)).body).toMatchObject({ name: 'B2' });
  });
});

describe('PATCH /{id}', () => {
  it('merges: a null is ignored, the rest kept, updatedAt moves', async () => {
    const s = await setup();
    const tc = await s.create({ name: 'A', forecast: s.det, wells: s.wells });
    t.clock.advance(60_000);
    const r = await s.call('PATCH', `/${tc.id}`, {
      name: 'A2',
      forecast: null,
      wells: null,
      excludedWells: [s.wells[0]],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ...tc,
      name: 'A2',
      excludedWells: [s.wells[0]],
      updatedAt: '2026-11-22T12:01:00.000Z',
    });
  });

  it('a body id differing from the path is a 400; the same id is fine', async () => {
    const s = await setup();
    const tc = await s.create({ name: 'A' });
    const r = await s.call('PATCH', `/${tc.id}`, { id: MISSING, name: 'B' });
    expect(r.status).toBe(400);
    expect(errorOf(r.body).details?.[0]).toMatchObject({ field: 'id', rule: 'matches path', value: MISSING });
    expect((await s.call('GET', `/${tc.id}`)).body).toMatchObject({ name: 'A' });
    expect((await s.call('PATCH', `/${tc.id}`, { id: tc.id, name: 'B' })).status).toBe(200);
  });

  it('404 for a type curve not in the project; 409 for a rename onto a used name; an array is a 400', async () => {
    const s = await setup();
    const a = await s.create({ name: 'A' });
    await s.create({ name: 'B' });
    expect((await s.call('PATCH', `/${MISSING}`, { name: 'C' })).status).toBe(404);
    const clash = await s.call('PATCH', `/${a.id}`, { name: 'B' });
    expect(clash.status).toBe(409);
    expect(errorOf(clash.body).details?.[0]).toMatchObject({ field: 'name', value: 'B' });
    expect((await s.call('PATCH', `/${a.id}`, { name: 'A' })).status).toBe(200);
    expect((await s.call('PATCH', `/${a.id}`, [{ name: 'C' }])).status).toBe(400);
    expect((await s.call('PATCH', `/${a.id}`, { fits: {} })).status).toBe(400);
    const elsewhere = await t.app.request(`/v2/projects/${s.other}/type-curves/${a.id}`, {
      method: 'PATCH',
      headers: s.headers,
      body: JSON.stringify({ name: 'X' }),
    });
    expect(elsewhere.status).toBe(404);
  });

  it('rule 5: re-linking the forecast without wells drops wells the new forecast lacks', async () => {
    const s = await setup();
    const tc = await s.create({ name: 'A', forecast: s.det, wells: s.wells, excludedWells: [s.wells[0], s.wells[3]] });
    const r = await s.call('PATCH', `/${tc.id}`, { forecast: s.half });
    expect(r.body).toMatchObject({ forecast: s.half, wells: s.wells.slice(0, 2), excludedWells: [s.wells[0]] });
  });

  it('rule 5: changing wells without excludedWells drops exclusions of unassigned wells', async () => {
    const s = await setup();
    const tc = await s.create({ name: 'A', forecast: s.det, wells: s.wells, excludedWells: [s.wells[0], s.wells[3]] });
    const r = await s.call('PATCH', `/${tc.id}`, { wells: s.wells.slice(1) });
    expect(r.body).toMatchObject({ wells: s.wells.slice(1), excludedWells: [s.wells[3]] });
    const bad = await s.call('PATCH', `/${tc.id}`, { excludedWells: [s.wells[0]] });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).details?.[0]).toMatchObject({ field: 'excludedWells', value: [s.wells[0]] });
  });

  it('re-linking to a deterministic forecast with a percentile series is a 400; to another project’s forecast a 404', async () => {
    const s = await setup();
    const tc = await s.create({ name: 'A', forecast: s.prob, forecastSeries: 'P10' });
    expect((await s.call('PATCH', `/${tc.id}`, { forecast: s.det })).status).toBe(400);
    expect((await s.call('PATCH', `/${tc.id}`, { forecast: s.elsewhere })).status).toBe(404);
    expect((await s.call('GET', `/${tc.id}`)).body).toMatchObject({ forecast: s.prob, forecastSeries: 'P10' });
  });
});

describe('GET / and HEAD /', () => {
  it('pages with skip and take (default 25, max 2500), sorts, and sends the Link header', async () => {
    const s = await setup();
    await s.call(
      'POST',
      '/batch',
      Array.from({ length: 30 }, (_, i) => ({ name: `TC ${String(29 - i).padStart(2, '0')}` })),
    );
    const first = await s.call('GET', '');
    expect((first.body as unknown[]).length).toBe(25);
    expect(first.res.headers.get('link')).toBe(
      `<${BASE_URL}${s.base}?skip=25&take=25>;rel="next",<${BASE_URL}${s.base}?skip=0&take=25>;rel="first"`,
    );
    const byName = await s.call('GET', '?sort=name&skip=28&take=5');
    expect((byName.body as TypeCurve[]).map((x) => x.name)).toEqual(['TC 28', 'TC 29']);
    expect(byName.res.headers.get('link')).toBe(
      `<${BASE_URL}${s.base}?skip=23&take=5&sort=name>;rel="prev",<${BASE_URL}${s.base}?skip=0&take=5&sort=name>;rel="first"`,
    );
    const desc = await s.call('GET', '?sort=-name&take=1');
    expect((desc.body as TypeCurve[])[0]!.name).toBe('TC 29');
    const ids = (await s.call('GET', '?take=2500')).body as TypeCurve[];
    expect(ids.map((x) => x.id)).toEqual([...ids.map((x) => x.id)].sort());
    expect((await s.call('GET', '?take=2501')).status).toBe(400);
    expect((await s.call('GET', '?sort=forecast')).status).toBe(400);
    const head = await s.call('HEAD', '');
    expect(head.res.headers.get('x-query-count')).toBe('30');
    expect(head.body).toBeUndefined();
  });
});

describe('DELETE', () => {
  it('DELETE / combines id and name filters with OR: 204 with X-Delete-Count; 404 when nothing matches', async () => {
    const s = await setup();
    const [a, b, c] = [await s.create({ name: 'A' }), await s.create({ name: 'B' }), await s.create({ name: 'C' })];
    const r = await s.call('DELETE', `?id=${a.id}&name=B&name=nope`);
    expect(r.status).toBe(204);
    expect(r.res.headers.get('x-delete-count')).toBe('2');
    expect((await s.call('GET', '')).body).toEqual([c]);
    const none = await s.call('DELETE', `?id=${a.id}&name=B`);
    expect(none.status).toBe(404);
    expect(b.id).not.toBe(c.id);
  });

  it('DELETE / needs a filter and takes at most 100 values per filter', async () => {
    const s = await setup();
    await s.create({ name: 'A' });
    expect((await s.call('DELETE', '')).status).toBe(400);
    const names = Array.from({ length: 101 }, (_, i) => `name=n${i}`).join('&');
    const over = await s.call('DELETE', `?${names}`);
    expect(over.status).toBe(400);
    expect(errorOf(over.body).details?.[0]).toMatchObject({ field: 'query.name', value: 101 });
    const ids = Array.from({ length: 101 }, () => `id=${MISSING}`).join('&');
    expect((await s.call('DELETE', `?${ids}`)).status).toBe(400);
    const hundred = Array.from({ length: 99 }, (_, i) => `name=n${i}`).join('&');
    expect((await s.call('DELETE', `?${hundred}&name=A`)).status).toBe(204);
    expect((await s.call('DELETE', '?id=not-an-id')).status).toBe(400);
  });

  it('DELETE /{id}: 204, then 404; the fits and normalization go, lookup rules pointing to it are unlinked', async () => {
    const s = await setup();
    const gone = await s.create({ name: 'Gone' });
    const kept = await s.create({ name: 'Kept' });
    const now = t.clock.now();
    await t.deps.db.insert(typeCurveFits).values({ typeCurveId: gone.id, phase: 'oil', fit: {}, updatedAt: now });
    await t.deps.db.insert(typeCurveNormalizations).values({ typeCurveId: gone.id, document: {}, updatedAt: now });
    const tableId = newObjectId(t.clock);
    await t.deps.db.insert(lookupTables).values({
      id: tableId,
      projectId: s.project,
      name: 'LT',
      caseInsensitiveMatching: false,
      tags: [],
      rules: [
        { filter: [], typeCurve: gone.id, applySeries: 'best' },
        { filter: [], typeCurve: kept.id },
      ],
      createdAt: now,
      updatedAt: now,
    });
    const r = await s.call('DELETE', `/${gone.id}`);
    expect(r.status).toBe(204);
    expect(r.res.headers.get('x-delete-count')).toBe('1');
    expect(await t.deps.db.select().from(typeCurveFits).where(eq(typeCurveFits.typeCurveId, gone.id))).toEqual([]);
    expect(await t.deps.db.select().from(typeCurveNormalizations)).toEqual([]);
    const [table] = await t.deps.db.select().from(lookupTables).where(eq(lookupTables.id, tableId));
    expect(table!.rules).toEqual([
      { filter: [], applySeries: 'best' },
      { filter: [], typeCurve: kept.id },
    ]);
    expect((await s.call('DELETE', `/${gone.id}`)).status).toBe(404);
    expect((await s.call('GET', `/${gone.id}`)).status).toBe(404);
    expect((await t.deps.db.select().from(typeCurves)).map((x) => x.id)).toEqual([kept.id]);
  });
});

describe('GET /{id}/wells', () => {
  it('the project well objects in the curve’s order with excluded; [] without wells', async () => {
    const s = await setup();
    const tc = await s.create({
      name: 'A',
      forecast: s.det,
      wells: [s.wells[2], s.wells[0]],
      excludedWells: [s.wells[0]],
    });
    const r = await s.call('GET', `/${tc.id}/wells`);
    expect(r.status).toBe(200);
    const rows = r.body as { id: string; wellName: string; excluded: boolean; project: string }[];
    expect(rows.map((w) => [w.id, w.wellName, w.excluded])).toEqual([
      [s.wells[2], 'W 2', false],
      [s.wells[0], 'W 0', true],
    ]);
    expect(rows[0]).toMatchObject({ project: s.project, chosenID: 'W-2', dataSource: 'di' });
    // No production written: neither well is in any phase's fit (spec part 2.9).
    expect(rows.map((w) => (w as unknown as { phases: unknown }).phases)).toEqual([
      { oil: 'noProduction', gas: 'noProduction', water: 'noProduction' },
      { oil: 'excluded', gas: 'excluded', water: 'excluded' },
    ]);
    expect((await s.call('GET', `/${(await s.create({ name: 'B' })).id}/wells`)).body).toEqual([]);
    expect((await s.call('GET', `/${MISSING}/wells`)).status).toBe(404);
  });

  it('phases: a well drops out of a phase only when it has no production of it (daily or monthly, volume > 0)', async () => {
    const s = await setup();
    const write = async (resolution: 'daily' | 'monthly', method: 'POST' | 'PUT', records: unknown[]) => {
      const res = await t.app.request(`/v1/projects/${s.project}/${resolution}-productions`, {
        method,
        headers: s.headers,
        body: JSON.stringify(records),
      });
      expect(res.status).toBe(207);
      const body = MultiStatus.parse(await res.json());
      expect(body.failedCount, JSON.stringify(body)).toBe(0);
    };
    const [w0, w1, w2, w3] = s.wells as [string, string, string, string];
    // w0: daily oil and gas, its water 0 (measured, none produced) and, on a down day, all 0.
    await write('daily', 'POST', [
      { well: w0, date: '2025-01-01', oil: 120.5, gas: 200, water: 0, hoursOn: 24 },
      { well: w0, date: '2025-01-02', oil: 0, gas: 0, water: 0, hoursOn: 0 },
    ]);
    // w1: monthly oil and water; gas not measured (null).
    await write('monthly', 'POST', [{ well: w1, date: '2025-01-01', oil: 3000, gas: null, water: 4100, daysOn: 30 }]);
    // w2: only days down (zero volumes): no production of any phase.
    await write('daily', 'POST', [{ well: w2, date: '2025-01-01', oil: 0, gas: 0, water: 0, hoursOn: 0 }]);
    // w3: producing everything, but excluded.
    await write('monthly', 'POST', [{ well: w3, date: '2025-01-01', oil: 10, gas: 10, water: 10, daysOn: 3 }]);
    const tc = await s.create({ name: 'Phases', forecast: s.det, wells: s.wells, excludedWells: [w3] });
    const phasesOf = async () => {
      const r = await s.call('GET', `/${tc.id}/wells`);
      expect(r.status).toBe(200);
      return (r.body as { id: string; phases: Record<string, string> }[]).map((w) => [w.id, w.phases] as const);
    };
    expect(await phasesOf()).toEqual([
      [w0, { oil: 'fit', gas: 'fit', water: 'noProduction' }],
      [w1, { oil: 'fit', gas: 'noProduction', water: 'fit' }],
      [w2, { oil: 'noProduction', gas: 'noProduction', water: 'noProduction' }],
      [w3, { oil: 'excluded', gas: 'excluded', water: 'excluded' }],
    ]);
    // Production written later brings the well into the phase; its record's volume is what counts.
    await write('monthly', 'PUT', [{ well: w2, date: '2025-02-01', water: 55.5, daysOn: 12 }]);
    await write('daily', 'PUT', [{ well: w0, date: '2025-01-02', oil: 0, gas: 0, water: 0.25, hoursOn: 2 }]);
    const after = new Map(await phasesOf());
    expect(after.get(w2)).toEqual({ oil: 'noProduction', gas: 'noProduction', water: 'fit' });
    expect(after.get(w0)).toEqual({ oil: 'fit', gas: 'fit', water: 'fit' });
    // A production of another well with the same dates changes nothing for the others.
    expect(after.get(w1)).toEqual({ oil: 'fit', gas: 'noProduction', water: 'fit' });
  });
});
