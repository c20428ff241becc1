import { ErrorEnvelope, LookupTable, MultiStatus } from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookupTables, typeCurves } from '../db/schema';
import { newObjectId } from '../ids';
import { postRecords, signedIn } from '../test/fixtures';
import { BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { insertLookupTable, replaceLookupTable } from './lookupTableStore';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MISSING = '0123456789abcdef01234567';

/** A type curve row written straight into storage (the type-curve routes are another part). */
async function insertTypeCurve(projectId: string, name: string): Promise<string> {
  const id = newObjectId(t.clock);
  const now = t.clock.now();
  await t.deps.db.insert(typeCurves).values({ id, projectId, name, createdAt: now, updatedAt: now });
  return id;
}

async function setup() {
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, other] = pb.results.map((r) => r.id!) as [string, string];
  const tc = await insertTypeCurve(project, 'TC A');
  const tc2 = await insertTypeCurve(project, 'TC B');
  const foreignTc = await insertTypeCurve(other, 'TC elsewhere');
  const base = `/v2/projects/${project}/type-curves/lookup-tables`;
  const call = async (method: string, path: string, body?: unknown, h = headers) => {
    const res = await t.app.request(`${base}${path}`, {
      method,
      headers: h,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { res, status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const stored = async () =>
    (await t.deps.db.select().from(lookupTables).where(eq(lookupTables.projectId, project))).map((r) => r.name).sort();
  return { headers, project, other, tc, tc2, foreignTc, base, call, stored };
}

const err = (body: unknown) => ErrorEnvelope.parse(body);
const multi = (body: unknown) => MultiStatus.parse(body);

describe('POST / and GET /{id}', () => {
  it('creates one table (201) in the LookupTable shape: defaults, filter [] when absent, no null', async () => {
    const s = await setup();
    const { status, body } = await s.call('POST', '', {
      name: 'Delaware',
      rules: [
        { typeCurve: s.tc },
        {
          filter: [{ key: 'county', operator: 'equals', value: 'Reeves' }],
          typeCurve: s.tc2,
          applySeries: 'best',
          fpdSource: 'fixed',
          fixedDate: '2025-01-01',
          riskFactorPeakOil: 0,
          riskFactorPeakGas: 1.5,
          riskFactorPeakWater: 0.5,
          normalization: { source: 'shared', preset: 'preset-1' },
        },
        { filter: [], typeCurve: s.tc, normalization: { source: 'own' } },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    const table = LookupTable.parse(body);
    expect(Object.keys(body as object).sort()).toEqual(
      ['caseInsensitiveMatching', 'createdAt', 'id', 'name', 'rules', 'tags', 'updatedAt'].sort(),
    );
    expect(table).toMatchObject({ name: 'Delaware', caseInsensitiveMatching: false, tags: [] });
    expect(table.createdAt).toBe('2026-11-22T12:00:00.000Z');
    expect(table.rules[0]).toEqual({ filter: [], typeCurve: s.tc });
    expect(table.rules[1]).toEqual({
      filter: [{ key: 'county', operator: 'equals', value: 'Reeves' }],
      typeCurve: s.tc2,
      applySeries: 'best',
      fpdSource: 'fixed',
      fixedDate: '2025-01-01',
      riskFactorPeakOil: 0,
      riskFactorPeakGas: 1.5,
      riskFactorPeakWater: 0.5,
      normalization: { source: 'shared', preset: 'preset-1' },
    });
    expect(JSON.stringify(body)).not.toContain('null');
    const got = await s.call('GET', `/${table.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(body);
  });

  it('refuses an array with a 400 pointing to /batch, and stores nothing', async () => {
    const s = await setup();
    const { status, body } = await s.call('POST', '', [{ name: 'A' }]);
    expect(status).toBe(400);
    expect(err(body).message).toContain(`${s.base}/batch`);
    expect(await s.stored()).toEqual([]);
  });

  it('409 for a name already used in the project; the same name in another project is fine', async () => {
    const s = await setup();
    expect((await s.call('POST', '', { name: 'Same' })).status).toBe(201);
    const dup = await s.call('POST', '', { name: 'Same', tags: ['x'] });
    expect(dup.status).toBe(409);
    expect(err(dup.body).details?.[0]).toMatchObject({ field: 'name', value: 'Same' });
    const elsewhere = await t.app.request(`/v2/projects/${s.other}/type-curves/lookup-tables`, {
      method: 'POST',
      headers: s.headers,
      body: JSON.stringify({ name: 'Same' }),
    });
    expect(elsewhere.status).toBe(201);
    expect(await s.stored()).toEqual(['Same']);
  });

  it("404 'no type curve found' naming the rule index for an unknown id or another project's type curve", async () => {
    const s = await setup();
    const { status, body } = await s.call('POST', '', {
      name: 'Bad refs',
      rules: [{ typeCurve: s.tc }, { typeCurve: MISSING }, { typeCurve: s.foreignTc }],
    });
    expect(status).toBe(404);
    const e = err(body);
    expect(e.message).toMatch(/no type curve found/i);
    expect(e.details).toEqual([
      expect.objectContaining({ field: 'rules[1].typeCurve', value: MISSING }),
      expect.objectContaining({ field: 'rules[2].typeCurve', value: s.foreignTc }),
    ]);
    expect(e.details?.[0]?.message).toMatch(/no type curve found/i);
    expect(await s.stored()).toEqual([]);
  });

  it('refuses a body id on create (ids are assigned)', async () => {
    const s = await setup();
    const { status, body } = await s.call('POST', '', { id: MISSING, name: 'A' });
    expect(status).toBe(400);
    expect(err(body).details?.[0]).toMatchObject({ field: 'id', value: MISSING });
    expect(await s.stored()).toEqual([]);
  });

  it('refuses removed and renamed rule fields and fpdSource schedule by name (400), storing nothing', async () => {
    const s = await setup();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ phase: 'oil' }, 'rules[0].phase', /phase was removed/],
      [{ resolution: 'monthly' }, 'rules[0].resolution', /resolution was removed/],
      [{ applyNormalization: true }, 'rules[0].applyNormalization', /applyNormalization was removed/],
      [{ riskFactorOil: 1 }, 'rules[0].riskFactorOil', /riskFactorPeakOil/],
      [{ riskFactorGas: 1 }, 'rules[0].riskFactorGas', /riskFactorPeakGas/],
      [{ riskFactorWater: 1 }, 'rules[0].riskFactorWater', /riskFactorPeakWater/],
      [{ fpdSource: 'schedule' }, 'rules[0].fpdSource', /schedule was removed/],
      [{ riskFactorPeakOil: -0.1 }, 'rules[0].riskFactorPeakOil', /0 or more/],
      [{ riskFactorPeakGas: -1 }, 'rules[0].riskFactorPeakGas', /0 or more/],
      [{ riskFactorPeakWater: -1 }, 'rules[0].riskFactorPeakWater', /0 or more/],
    ];
    for (const [patch, field, message] of cases) {
      const { status, body } = await s.call('POST', '', { name: 'X', rules: [{ typeCurve: s.tc, ...patch }] });
      expect(status, field).toBe(400);
      const detail = err(body).details?.find((d) => d.field === field);
      expect(detail, `${field}: ${JSON.stringify(body)}`).toBeDefined();
      expect(detail?.message).toMatch(message);
    }
    expect(await s.stored()).toEqual([]);
  });

  it(`accepts 2000 rules and refuses 2001, naming the limit`, async () => {
    const s = await setup();
    const rules = (n: number) => Array.from({ length: n }, () => ({ typeCurve: s.tc }));
    const ok = await s.call('POST', '', { name: 'Max', rules: rules(2000) });
    expect(ok.status).toBe(201);
    expect(LookupTable.parse(ok.body).rules).toHaveLength(2000);
    const over = await s.call('POST', '', { name: 'Over', rules: rules(2001) });
    expect(over.status).toBe(400);
    expect(err(over.body).details?.[0]).toMatchObject({ field: 'rules', rule: 'max 2000' });
    expect(err(over.body).message).toContain('2000');
    expect(await s.stored()).toEqual(['Max']);
  });

  it('404 for a table id not in the project, and for a project of another company', async () => {
    const s = await setup();
    expect((await s.call('GET', `/${MISSING}`)).status).toBe(404);
    const created = await s.call('POST', '', { name: 'Mine' });
    const id = LookupTable.parse(created.body).id;
    const otherProject = await t.app.request(`/v2/projects/${s.other}/type-curves/lookup-tables/${id}`, {
      headers: s.headers,
    });
    expect(otherProject.status).toBe(404);
    const stranger = await signedIn(t, 'Other Co');
    const res = await t.app.request(`${s.base}/${id}`, { headers: stranger.headers });
    expect(res.status).toBe(404);
    expect((await s.call('GET', '/not-an-id')).status).toBe(400);
  });

  it('reads a rule whose type curve was unlinked (no typeCurve key) and a stored rule without filter', async () => {
    const s = await setup();
    const id = LookupTable.parse((await s.call('POST', '', { name: 'T', rules: [{ typeCurve: s.tc }] })).body).id;
    await t.deps.db
      .update(lookupTables)
      .set({ rules: [{ filter: [] }, { typeCurve: s.tc2, applySeries: 'best' }] })
      .where(eq(lookupTables.id, id));
    const { status, body } = await s.call('GET', `/${id}`);
    expect(status).toBe(200);
    expect(LookupTable.parse(body).rules).toEqual([
      { filter: [] },
      { filter: [], typeCurve: s.tc2, applySeries: 'best' },
    ]);
  });
});

describe('POST /batch', () => {
  it('207 with one result per record: 201, 409 (stored and within the batch), 404, 400; only 201s stored', async () => {
    const s = await setup();
    await s.call('POST', '', { name: 'Existing' });
    const { status, body } = await s.call('POST', '/batch', [
      { name: 'New A', rules: [{ typeCurve: s.tc }] },
      { name: 'Existing' },
      { name: 'New A' },
      { name: 'Missing TC', rules: [{ typeCurve: s.tc }, { typeCurve: MISSING }] },
      { name: 'Bad', rules: [{ typeCurve: s.tc, phase: 'oil' }] },
      { name: 'New B', caseInsensitiveMatching: true },
    ]);
    expect(status).toBe(207);
    const out = multi(body);
    expect(out.results.map((r) => r.code)).toEqual([201, 409, 409, 404, 400, 201]);
    expect(out).toMatchObject({ successCount: 2, failedCount: 4 });
    expect(out.results[0]).toMatchObject({ status: 'Created', name: 'New A' });
    expect(out.results[1]!.errors?.[0]).toMatchObject({ field: 'name', location: '[1].name', value: 'Existing' });
    expect(out.results[2]!.errors?.[0]?.message).toContain('twice');
    expect(out.results[3]!.errors?.[0]).toMatchObject({
      field: 'rules[1].typeCurve',
      location: '[3].rules[1].typeCurve',
    });
    expect(out.results[3]!.errors?.[0]?.message).toMatch(/no type curve found/i);
    expect(out.results[4]!.errors?.[0]).toMatchObject({ field: 'rules[0].phase', recordIndex: 4 });
    expect(await s.stored()).toEqual(['Existing', 'New A', 'New B']);
    const a = await s.call('GET', `/${out.results[0]!.id}`);
    expect(LookupTable.parse(a.body).rules).toEqual([{ filter: [], typeCurve: s.tc }]);
  });

  it('caps a batch at 100 records and requires an array', async () => {
    const s = await setup();
    const records = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `T${i}` }));
    const over = await s.call('POST', '/batch', records(101));
    expect(over.status).toBe(400);
    expect(err(over.body).message).toContain('100');
    expect((await s.call('POST', '/batch', { name: 'one' })).status).toBe(400);
    expect((await s.call('POST', '/batch', [])).status).toBe(400);
    expect(await s.stored()).toEqual([]);
    const ok = await s.call('POST', '/batch', records(100));
    expect(ok.status).toBe(207);
    expect(multi(ok.body).successCount).toBe(100);
  });
});

describe('PUT /batch (upsert by name)', () => {
  it('replaces an existing name (200, same id and createdAt) and creates a new one (201)', async () => {
    const s = await setup();
    const first = LookupTable.parse(
      (await s.call('POST', '', { name: 'Keep', tags: ['a'], rules: [{ typeCurve: s.tc, applySeries: 'best' }] })).body,
    );
    t.clock.set('2026-11-22T12:30:00Z');
    const { status, body } = await s.call('PUT', '/batch', [
      { name: 'Keep', caseInsensitiveMatching: true, rules: [{ typeCurve: s.tc2 }] },
      { name: 'Fresh', tags: ['b'] },
    ]);
    expect(status).toBe(207);
    const out = multi(body);
    expect(out.results).toEqual([
      { status: 'OK', code: 200, id: first.id, name: 'Keep' },
      expect.objectContaining({ status: 'Created', code: 201, name: 'Fresh' }),
    ]);
    const kept = LookupTable.parse((await s.call('GET', `/${first.id}`)).body);
    expect(kept).toEqual({
      id: first.id,
      name: 'Keep',
      caseInsensitiveMatching: true,
      tags: [],
      rules: [{ filter: [], typeCurve: s.tc2 }],
      createdAt: first.createdAt,
      updatedAt: '2026-11-22T12:30:00.000Z',
    });
    expect(await s.stored()).toEqual(['Fresh', 'Keep']);
  });

  it('reports 409 for a name twice in the batch, 404 for a missing type curve, 400 for bad fields; nothing of those stored', async () => {
    const s = await setup();
    const id = LookupTable.parse((await s.call('POST', '', { name: 'Stored', tags: ['orig'] })).body).id;
    const { status, body } = await s.call('PUT', '/batch', [
      { name: 'Dup' },
      { name: 'Dup', tags: ['second'] },
      { name: 'Stored', tags: ['changed'], rules: [{ typeCurve: s.foreignTc }] },
      { name: 'Stored', tags: ['changed'], rules: [{ typeCurve: s.tc, riskFactorOil: 1 }] },
      { name: 'Stored', id: MISSING, tags: ['changed'] },
    ]);
    expect(status).toBe(207);
    expect(multi(body).results.map((r) => r.code)).toEqual([201, 409, 404, 400, 400]);
    expect(multi(body).results[4]!.errors?.[0]).toMatchObject({ field: 'id', value: MISSING });
    const stored = LookupTable.parse((await s.call('GET', `/${id}`)).body);
    expect(stored.tags).toEqual(['orig']);
    expect(await s.stored()).toEqual(['Dup', 'Stored']);
    const dup = (await t.deps.db.select().from(lookupTables).where(eq(lookupTables.name, 'Dup')))[0]!;
    expect(dup.tags).toEqual([]);
  });

  it('accepts a record id that is the id of the stored table of that name', async () => {
    const s = await setup();
    const id = LookupTable.parse((await s.call('POST', '', { name: 'Stored' })).body).id;
    const { body } = await s.call('PUT', '/batch', [{ id, name: 'Stored', tags: ['x'] }]);
    expect(multi(body).results[0]).toMatchObject({ code: 200, id });
    expect((await s.call('PUT', '/batch', { name: 'obj' })).status).toBe(400);
  });
});

describe('PUT /{id}', () => {
  it('replaces the table whole by id (200), rename allowed, returning the stored table', async () => {
    const s = await setup();
    const first = LookupTable.parse(
      (
        await s.call('POST', '', {
          name: 'Old',
          tags: ['a'],
          caseInsensitiveMatching: true,
          rules: [{ typeCurve: s.tc }],
        })
      ).body,
    );
    t.clock.set('2026-11-22T12:20:00Z');
    const { status, body } = await s.call('PUT', `/${first.id}`, {
      id: first.id,
      name: 'Renamed',
      rules: [{ typeCurve: s.tc2, filter: ['g'] }],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      id: first.id,
      name: 'Renamed',
      caseInsensitiveMatching: false,
      tags: [],
      rules: [{ filter: ['g'], typeCurve: s.tc2 }],
      createdAt: first.createdAt,
      updatedAt: '2026-11-22T12:20:00.000Z',
    });
    expect((await s.call('GET', `/${first.id}`)).body).toEqual(body);
    expect(await s.stored()).toEqual(['Renamed']);
  });

  it("409 on a rename onto another table's name; 400 for a body id differing from the path or an array; 404 for a missing table or type curve", async () => {
    const s = await setup();
    const a = LookupTable.parse((await s.call('POST', '', { name: 'A' })).body);
    await s.call('POST', '', { name: 'B' });
    const clash = await s.call('PUT', `/${a.id}`, { name: 'B' });
    expect(clash.status).toBe(409);
    expect(err(clash.body).details?.[0]).toMatchObject({ field: 'name', value: 'B' });
    const mismatch = await s.call('PUT', `/${a.id}`, { id: MISSING, name: 'A2' });
    expect(mismatch.status).toBe(400);
    expect(err(mismatch.body).details?.[0]).toMatchObject({ field: 'id', value: MISSING });
    expect((await s.call('PUT', `/${a.id}`, [{ name: 'A2' }])).status).toBe(400);
    expect((await s.call('PUT', `/${MISSING}`, { name: 'A2' })).status).toBe(404);
    const tc = await s.call('PUT', `/${a.id}`, { name: 'A2', rules: [{ typeCurve: MISSING }] });
    expect(tc.status).toBe(404);
    expect(err(tc.body).details?.[0]).toMatchObject({ field: 'rules[0].typeCurve' });
    expect(await s.stored()).toEqual(['A', 'B']);
    expect(LookupTable.parse((await s.call('GET', `/${a.id}`)).body).updatedAt).toBe(a.updatedAt);
  });
});

describe('DELETE /{id}', () => {
  it('204 with X-Delete-Count 1, then 204 with X-Delete-Count 0 when nothing matches', async () => {
    const s = await setup();
    const id = LookupTable.parse((await s.call('POST', '', { name: 'Gone' })).body).id;
    const first = await s.call('DELETE', `/${id}`);
    expect(first.status).toBe(204);
    expect(first.res.headers.get('X-Delete-Count')).toBe('1');
    expect(await s.stored()).toEqual([]);
    const again = await s.call('DELETE', `/${id}`);
    expect(again.status).toBe(204);
    expect(again.res.headers.get('X-Delete-Count')).toBe('0');
  });
});

describe('HEAD / and GET /', () => {
  it('counts with X-Query-Count, pages with Link (default take 25), sorts, and caps take at 2500', async () => {
    const s = await setup();
    const names = Array.from({ length: 30 }, (_, i) => `T${String(29 - i).padStart(2, '0')}`);
    expect(
      multi(
        (
          await s.call(
            'POST',
            '/batch',
            names.map((name) => ({ name })),
          )
        ).body,
      ).successCount,
    ).toBe(30);
    await t.app.request(`/v2/projects/${s.other}/type-curves/lookup-tables`, {
      method: 'POST',
      headers: s.headers,
      body: JSON.stringify({ name: 'elsewhere' }),
    });
    const head = await s.call('HEAD', '');
    expect(head.status).toBe(200);
    expect(head.res.headers.get('X-Query-Count')).toBe('30');

    const page = await s.call('GET', '');
    const rows = (page.body as unknown[]).map((r) => LookupTable.parse(r));
    expect(rows).toHaveLength(25);
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort());
    expect(page.res.headers.get('Link')).toBe(
      `<${BASE_URL}${s.base}?skip=25&take=25>;rel="next",<${BASE_URL}${s.base}?skip=0&take=25>;rel="first"`,
    );
    const byName = await s.call('GET', '?sort=name&take=3');
    expect((byName.body as { name: string }[]).map((r) => r.name)).toEqual(['T00', 'T01', 'T02']);
    const desc = await s.call('GET', '?sort=-id&skip=28');
    expect((desc.body as { id: string }[]).map((r) => r.id)).toEqual([...ids].sort().slice(0, 2).reverse());
    expect((await s.call('GET', '?take=2500')).status).toBe(200);
    expect((await s.call('GET', '?take=2501')).status).toBe(400);
    expect((await s.call('GET', '?sort=tags')).status).toBe(400);
  });
});

describe('races', () => {
  it('a unique violation on insert or rename becomes a conflict, not an error', async () => {
    const s = await setup();
    const input = { name: 'Taken', caseInsensitiveMatching: false, tags: [], rules: [] };
    const a = await insertLookupTable(t.deps, s.project, input);
    expect(a).toBeDefined();
    expect(await insertLookupTable(t.deps, s.project, input)).toBeUndefined();
    const b = await insertLookupTable(t.deps, s.project, { ...input, name: 'Other' });
    expect(await replaceLookupTable(t.deps, s.project, b!.id, input)).toBe('conflict');
    expect(await replaceLookupTable(t.deps, s.project, MISSING, input)).toBe('missing');
  });
});

describe('OpenAPI', () => {
  it('documents every lookup-table route, with the batch cap of 100', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { description?: string }>> };
    const base = '/v2/projects/{projectId}/type-curves/lookup-tables';
    expect(Object.keys(doc.paths[base] ?? {}).sort()).toEqual(['get', 'head', 'post']);
    expect(Object.keys(doc.paths[`${base}/batch`] ?? {}).sort()).toEqual(['post', 'put']);
    expect(Object.keys(doc.paths[`${base}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths[`${base}/batch`]?.post?.description).toContain('1 to 100 tables');
    expect(doc.paths[`${base}/batch`]?.put?.description).toContain('1 to 100 tables');
  });
});

describe('GET /head (removed in V2, spec 9.5)', () => {
  it('answers 404 saying to count with HEAD /, for lookup tables and type curves alike', async () => {
    const s = await setup();
    for (const list of [s.base, `/v2/projects/${s.project}/type-curves`]) {
      const res = await t.app.request(`${list}/head`, { headers: s.headers });
      expect(res.status, list).toBe(404);
      const body = err(await res.json());
      expect(body.name).toBe('NotFound');
      expect(body.message).toContain(`count with HEAD ${list}`);
      const count = await t.app.request(list, { method: 'HEAD', headers: s.headers });
      expect(count.headers.get('x-query-count')).toBe(list === s.base ? '0' : '2');
    }
  });
});
