import { ErrorEnvelope, Well } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, postRecords, signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;

const well = (i: number, extra: Record<string, unknown> = {}) => ({
  wellName: `Well ${i}`,
  chosenID: `C${String(i).padStart(5, '0')}`,
  dataSource: 'di',
  ...extra,
});

async function newProject(headers: Headers, name: string): Promise<string> {
  const { res, body } = await postRecords(t, '/v1/projects', headers, [{ name }]);
  expect(res.status).toBe(207);
  expect(body.successCount).toBe(1);
  return body.results[0]!.id!;
}

async function wellCount(headers: Headers, projectId: string): Promise<number> {
  const res = await t.app.request(`/v1/projects/${projectId}/wells`, { method: 'HEAD', headers });
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-query-count'));
}

describe(`wells (${BACKEND})`, () => {
  it('creates 1000 wells in one write and refuses 1001 naming the maximum', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Big');
    const many = Array.from({ length: 1000 }, (_, i) => well(i));
    const { res, body } = await postRecords(t, `/v1/projects/${p}/wells`, headers, many);
    expect(res.status).toBe(207);
    expect(res.headers.get('link')).toBeNull();
    expect(body.successCount).toBe(1000);
    expect(body.failedCount).toBe(0);
    expect(body.generalErrors).toEqual([]);
    expect(body.results).toHaveLength(1000);
    // One result per record, in input order.
    body.results.forEach((r, i) => {
      expect(r).toMatchObject({ status: 'Created', code: 201, chosenID: well(i).chosenID, project: p });
    });
    expect(await wellCount(headers, p)).toBe(1000);

    const tooMany = await t.app.request(`/v1/projects/${p}/wells`, {
      method: 'POST',
      headers,
      body: JSON.stringify(Array.from({ length: 1001 }, (_, i) => well(5000 + i))),
    });
    expect(tooMany.status).toBe(400);
    const err = ErrorEnvelope.parse(await tooMany.json());
    expect(err.name).toBe('ValidationError');
    expect(err.message).toContain('1000');
    expect(err.details?.[0]).toMatchObject({ rule: 'max 1000', value: 1001 });
    expect(await wellCount(headers, p)).toBe(1000);
  });

  it('pages project wells up to take=1000 and refuses take=1001 naming the maximum', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Paged');
    await postRecords(
      t,
      `/v1/projects/${p}/wells`,
      headers,
      Array.from({ length: 1000 }, (_, i) => well(i)),
    );
    await postRecords(t, `/v1/projects/${p}/wells`, headers, [well(1000)]);
    const page = await t.app.request(`/v1/projects/${p}/wells?take=1000`, { headers });
    expect(page.status).toBe(200);
    const wells = Well.array().parse(await page.json());
    expect(wells).toHaveLength(1000);
    expect(new Set(wells.map((w) => w.id)).size).toBe(1000);
    expect(page.headers.get('link')).toBe(
      `<${BASE_URL}/v1/projects/${p}/wells?skip=1000&take=1000>;rel="next",<${BASE_URL}/v1/projects/${p}/wells?skip=0&take=1000>;rel="first"`,
    );
    const rest = await t.app.request(`/v1/projects/${p}/wells?skip=1000&take=1000`, { headers });
    const last = Well.array().parse(await rest.json());
    expect(last.map((w) => w.chosenID)).toEqual([well(1000).chosenID]);
    expect(rest.headers.get('link')).toBe(
      `<${BASE_URL}/v1/projects/${p}/wells?skip=0&take=1000>;rel="prev",<${BASE_URL}/v1/projects/${p}/wells?skip=0&take=1000>;rel="first"`,
    );

    const over = await t.app.request(`/v1/projects/${p}/wells?take=1001`, { headers });
    expect(over.status).toBe(400);
    const err = ErrorEnvelope.parse(await over.json());
    expect(err.message).toContain('1000');
    expect(err.details?.[0]).toMatchObject({ field: 'take', rule: 'max 1000', value: '1001' });
    const head = await t.app.request(`/v1/projects/${p}/wells?take=1001`, { method: 'HEAD', headers });
    expect(head.status).toBe(400);
    // The default page is 25.
    const first = await t.app.request(`/v1/projects/${p}/wells`, { headers });
    expect(Well.array().parse(await first.json())).toHaveLength(25);
  });

  it('names field, rule and value for each invalid record and writes only the valid ones', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Checks');
    await postRecords(t, `/v1/projects/${p}/wells`, headers, [well(0)]);
    expect(await wellCount(headers, p)).toBe(1);
    const cases: [Record<string, unknown>, { field: string; rule: string; value?: unknown }][] = [
      [{ api14: '4212345678' }, { field: 'api14', rule: 'format regex', value: '4212345678' }],
      [{ api14: '4212345678901a' }, { field: 'api14', rule: 'format regex', value: '4212345678901a' }],
      [{ api14: 42123456789012 }, { field: 'api14', rule: 'type string', value: 42123456789012 }],
      [{ firstProdDate: '1899-12-31' }, { field: 'firstProdDate', rule: 'range 1900-01-01..2262-04-01' }],
      [{ firstProdDate: '2262-04-02' }, { field: 'firstProdDate', rule: 'range 1900-01-01..2262-04-01' }],
      [{ firstProdDate: '2023-02-30' }, { field: 'firstProdDate', rule: 'calendar date', value: '2023-02-30' }],
      [{ firstProdDate: '2023-1-01' }, { field: 'firstProdDate', rule: 'format regex', value: '2023-1-01' }],
      [{ lateralLength: -1 }, { field: 'lateralLength', rule: 'min 0', value: -1 }],
      [{ perfLateralLength: 'long' }, { field: 'perfLateralLength', rule: 'type number', value: 'long' }],
      [{ dataSource: 'somewhere' }, { field: 'dataSource', rule: 'enum', value: 'somewhere' }],
      [{ color: 'red' }, { field: 'color', rule: 'unknown field', value: 'red' }],
      [{ wellName: undefined }, { field: 'wellName', rule: 'required' }],
      [{ chosenID: '' }, { field: 'chosenID', rule: 'min 1', value: '' }],
      [{ county: 'Nul\u0000County' }, { field: 'county', rule: 'no U+0000', value: 'Nul\u0000County' }],
    ];
    const valid = [
      well(1, { firstProdDate: '1900-01-01', api14: '42123456789012', lateralLength: 0 }),
      well(2, { firstProdDate: '2262-04-01', county: 'Reeves', state: 'TX' }),
      well(3, { firstProdDate: '2024-02-29' }),
    ];
    const records = [valid[0], ...cases.map(([extra], i) => well(100 + i, extra)), valid[1], valid[2]];
    const { res, body } = await postRecords(t, `/v1/projects/${p}/wells`, headers, records);
    expect(res.status).toBe(207);
    expect(body.results).toHaveLength(records.length);
    expect(body.successCount).toBe(3);
    expect(body.failedCount).toBe(cases.length);
    expect(body.results[0]).toMatchObject({ code: 201, firstProdDate: '1900-01-01', api14: '42123456789012' });
    expect(body.results.at(-2)).toMatchObject({ code: 201, firstProdDate: '2262-04-01', county: 'Reeves' });
    expect(body.results.at(-1)).toMatchObject({ code: 201, firstProdDate: '2024-02-29' });
    cases.forEach(([, expected], k) => {
      const i = k + 1;
      const result = body.results[i]!;
      expect(result, JSON.stringify(records[i])).toMatchObject({ status: 'BadRequest', code: 400 });
      expect(result.id).toBeUndefined();
      const error = result.errors!.find((e) => e.field === expected.field);
      expect(error, JSON.stringify(result.errors)).toMatchObject({
        name: 'ValidationError',
        ...expected,
        recordIndex: i,
        location: `[${i}].${expected.field}`,
      });
      if (!('value' in expected) && expected.rule !== 'required') {
        expect(error!.value).toBe((records[i] as Record<string, unknown>)[expected.field]);
      }
      expect(error!.message).toContain(expected.field);
    });
    expect(await wellCount(headers, p)).toBe(1 + 3);
  });

  it('refuses a chosenID + dataSource taken in the batch or in another project of the company (409)', async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const p1 = await newProject(a.headers, 'One');
    const p2 = await newProject(a.headers, 'Two');
    const existing = await postRecords(t, `/v1/projects/${p1}/wells`, a.headers, [
      { wellName: 'Original', chosenID: 'DUP-1', dataSource: 'di' },
    ]);
    const existingId = existing.body.results[0]!.id!;
    const before = [await wellCount(a.headers, p1), await wellCount(a.headers, p2)];
    expect(before).toEqual([1, 0]);

    const { res, body } = await postRecords(t, `/v1/projects/${p2}/wells`, a.headers, [
      { wellName: 'Copy', chosenID: 'DUP-1', dataSource: 'di' },
      { wellName: 'Other source', chosenID: 'DUP-1', dataSource: 'ihs' },
      { wellName: 'First', chosenID: 'NEW-1', dataSource: 'aries' },
      { wellName: 'Second', chosenID: 'NEW-1', dataSource: 'aries' },
      { wellName: 'Padded', chosenID: '  NEW-1  ', dataSource: 'aries' },
    ]);
    expect(res.status).toBe(207);
    expect(body.results.map((r) => r.code)).toEqual([409, 201, 201, 409, 409]);
    expect(body.successCount).toBe(2);
    expect(body.failedCount).toBe(3);
    expect(body.results[0]!.errors![0]).toMatchObject({
      name: 'Conflict',
      field: 'chosenID',
      rule: 'unique',
      value: 'DUP-1',
      recordIndex: 0,
    });
    expect(body.results[0]!.errors![0]!.message).toContain('di');
    expect(body.results[3]!.errors![0]).toMatchObject({ name: 'Conflict', field: 'chosenID', value: 'NEW-1' });
    expect(body.results[3]!.errors![0]!.message).toMatch(/twice/);
    expect(await wellCount(a.headers, p1)).toBe(1);
    expect(await wellCount(a.headers, p2)).toBe(2);
    // The existing well is untouched.
    const original = await t.app.request(`/v1/projects/${p1}/wells/${existingId}`, { headers: a.headers });
    expect(Well.parse(await original.json())).toMatchObject({ wellName: 'Original', project: p1 });

    // Sent again, the same batch now fails whole: nothing changes.
    const again = await postRecords(t, `/v1/projects/${p2}/wells`, a.headers, [
      { wellName: 'Other source', chosenID: 'DUP-1', dataSource: 'ihs' },
      { wellName: 'First', chosenID: 'NEW-1', dataSource: 'aries' },
    ]);
    expect(again.body.results.map((r) => r.code)).toEqual([409, 409]);
    expect(again.body.successCount).toBe(0);
    expect(await wellCount(a.headers, p2)).toBe(2);

    // Another company may use the same chosenID and dataSource.
    const pb = await newProject(b.headers, 'One');
    const theirs = await postRecords(t, `/v1/projects/${pb}/wells`, b.headers, [
      { wellName: 'Theirs', chosenID: 'DUP-1', dataSource: 'di' },
      { wellName: 'Theirs too', chosenID: 'NEW-1', dataSource: 'aries' },
    ]);
    expect(theirs.body.results.map((r) => r.code)).toEqual([201, 201]);
    expect(await wellCount(b.headers, pb)).toBe(2);
    expect(await wellCount(a.headers, p1)).toBe(1);
  });

  it("hides the wells of another company's project (404) and writes nothing there", async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const pa = await newProject(a.headers, 'Mine');
    const { body } = await postRecords(t, `/v1/projects/${pa}/wells`, a.headers, [well(1)]);
    const wellId = body.results[0]!.id!;

    const list = await t.app.request(`/v1/projects/${pa}/wells`, { headers: b.headers });
    expect(list.status).toBe(404);
    expect(ErrorEnvelope.parse(await list.json()).name).toBe('NotFound');
    const head = await t.app.request(`/v1/projects/${pa}/wells`, { method: 'HEAD', headers: b.headers });
    expect(head.status).toBe(404);
    expect(head.headers.get('x-query-count')).toBeNull();
    const one = await t.app.request(`/v1/projects/${pa}/wells/${wellId}`, { headers: b.headers });
    expect(one.status).toBe(404);
    const post = await t.app.request(`/v1/projects/${pa}/wells`, {
      method: 'POST',
      headers: b.headers,
      body: JSON.stringify([well(2)]),
    });
    expect(post.status).toBe(404);
    expect(ErrorEnvelope.parse(await post.json()).name).toBe('NotFound');
    expect(await wellCount(a.headers, pa)).toBe(1);

    const missing = await t.app.request('/v1/projects/6523f1a2b4c5d6e7f8091a2b/wells', { headers: a.headers });
    expect(missing.status).toBe(404);
    const badId = await t.app.request('/v1/projects/not-an-id/wells', { headers: a.headers });
    expect(badId.status).toBe(400);
    expect(ErrorEnvelope.parse(await badId.json()).details?.[0]).toMatchObject({
      field: 'path.projectId',
      value: 'not-an-id',
    });
  });

  it('gets one well with every field it was written with', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'One');
    const other = await newProject(headers, 'Other');
    const input = {
      wellName: 'Reeves 1H',
      chosenID: '42389000010000',
      dataSource: 'ihs',
      api14: '42389000010000',
      county: 'Reeves',
      state: 'TX',
      firstProdDate: '2019-07-15',
      perfLateralLength: 9876.5,
      lateralLength: 10000,
      measuredDepth: 20500,
      trueVerticalDepth: 10250.25,
    };
    const { body } = await postRecords(t, `/v1/projects/${p}/wells`, headers, [
      input,
      { wellName: 'Bare', chosenID: 'B1', dataSource: 'other' },
    ]);
    const [id, bareId] = body.results.map((r) => r.id!);
    const res = await t.app.request(`/v1/projects/${p}/wells/${id}?unused=1`, { headers });
    expect(res.status).toBe(200);
    const got = Well.parse(await res.json());
    expect(got).toEqual({
      ...input,
      id,
      project: p,
      scope: 'project',
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
    });
    expect(body.results[0]).toMatchObject({ ...input, id });
    const bare = await json<Record<string, unknown>>(
      await t.app.request(`/v1/projects/${p}/wells/${bareId}`, { headers }),
    );
    expect(Object.keys(bare).sort()).toEqual(
      ['chosenID', 'createdAt', 'dataSource', 'id', 'project', 'scope', 'updatedAt', 'wellName'].sort(),
    );

    const wrongProject = await t.app.request(`/v1/projects/${other}/wells/${id}`, { headers });
    expect(wrongProject.status).toBe(404);
    const unknown = await t.app.request(`/v1/projects/${p}/wells/6523f1a2b4c5d6e7f8091a2b`, { headers });
    expect(unknown.status).toBe(404);
    expect(ErrorEnvelope.parse(await unknown.json()).name).toBe('NotFound');
    const bad = await t.app.request(`/v1/projects/${p}/wells/XYZ`, { headers });
    expect(bad.status).toBe(400);
    expect(ErrorEnvelope.parse(await bad.json()).details?.[0]).toMatchObject({
      field: 'path.id',
      rule: 'format regex',
      value: 'XYZ',
    });
  });

  it('sorts by -wellName with an exact Link header, keeping unused parameters', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Sorted');
    await postRecords(
      t,
      `/v1/projects/${p}/wells`,
      headers,
      ['c', 'a', 'e', 'b', 'd'].map((wellName, i) => ({ wellName, chosenID: `S${i}`, dataSource: 'internal' })),
    );
    const url = (q: string) => `${BASE_URL}/v1/projects/${p}/wells?${q}`;
    const res = await t.app.request(`/v1/projects/${p}/wells?skip=2&take=2&sort=-wellName&unused=yes`, { headers });
    expect(res.status).toBe(200);
    const page = Well.array().parse(await res.json());
    expect(page.map((w) => w.wellName)).toEqual(['c', 'b']);
    for (const w of page) {
      expect(w.id).toMatch(/^[0-9a-f]{24}$/);
      expect(w.createdAt).toBe('2026-11-22T12:00:00.000Z');
      expect(w.updatedAt).toBe('2026-11-22T12:00:00.000Z');
    }
    expect(res.headers.get('link')).toBe(
      `<${url('skip=4&take=2&sort=-wellName&unused=yes')}>;rel="next",<${url('skip=0&take=2&sort=-wellName&unused=yes')}>;rel="prev",<${url('skip=0&take=2&sort=-wellName&unused=yes')}>;rel="first"`,
    );
    const asc = await t.app.request(`/v1/projects/${p}/wells?sort=wellName`, { headers });
    expect(
      Well.array()
        .parse(await asc.json())
        .map((w) => w.wellName),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(asc.headers.get('link')).toBe(`<${url('skip=0&take=25&sort=wellName')}>;rel="first"`);
    const bySkipPastEnd = await t.app.request(`/v1/projects/${p}/wells?skip=10&take=2`, { headers });
    expect(await bySkipPastEnd.json()).toEqual([]);
    expect(bySkipPastEnd.headers.get('link')).toBe(
      `<${url('skip=8&take=2')}>;rel="prev",<${url('skip=0&take=2')}>;rel="first"`,
    );
    const badSort = await t.app.request(`/v1/projects/${p}/wells?sort=-color`, { headers });
    expect(badSort.status).toBe(400);
    expect(ErrorEnvelope.parse(await badSort.json()).details?.[0]).toMatchObject({
      field: 'sort',
      rule: 'enum',
      value: '-color',
    });
    const head = await t.app.request(`/v1/projects/${p}/wells?sort=-wellName&skip=3`, { method: 'HEAD', headers });
    expect(head.headers.get('x-query-count')).toBe('5');
    expect(head.headers.get('link')).toBeNull();
  });
});
