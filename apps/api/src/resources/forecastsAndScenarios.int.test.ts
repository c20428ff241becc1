import { EconRun, ErrorEnvelope, Forecast, Scenario } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const MISSING_ID = '6523f1a2b4c5d6e7f8091a2b';

async function newProject(headers: Headers, name: string): Promise<string> {
  const { body } = await postRecords(t, '/v1/projects', headers, [{ name }]);
  expect(body.successCount).toBe(1);
  return body.results[0]!.id!;
}

/** Creates `n` wells in the project and returns their ids in creation order. */
async function newWells(headers: Headers, projectId: string, n: number, tag: string): Promise<string[]> {
  const { body } = await postRecords(
    t,
    `/v1/projects/${projectId}/wells`,
    headers,
    Array.from({ length: n }, (_, i) => ({ wellName: `${tag} ${i}`, chosenID: `${tag}-${i}`, dataSource: 'di' })),
  );
  expect(body.successCount).toBe(n);
  return body.results.map((r) => r.id!);
}

async function count(headers: Headers, path: string): Promise<number> {
  const res = await t.app.request(path, { method: 'HEAD', headers });
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-query-count'));
}

const sorted = (ids: string[]) => [...ids].sort();

describe.each([
  { segment: 'forecasts', schema: Forecast },
  { segment: 'scenarios', schema: Scenario },
] as const)(`$segment (${BACKEND})`, ({ segment, schema }) => {
  it('takes every project well by default, or the subset named; a well outside the project fails its record', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Main');
    const q = await newProject(headers, 'Elsewhere');
    const wells = await newWells(headers, p, 3, 'P');
    const [foreign] = await newWells(headers, q, 1, 'Q');
    const base = `/v1/projects/${p}/${segment}`;

    const { res, body } = await postRecords(t, base, headers, [
      { name: 'All' },
      { name: 'Some', wells: [wells[2], wells[0], wells[2]] },
      { name: 'Mixed', wells: [wells[1], foreign] },
      { name: 'Unknown', wells: [MISSING_ID] },
      { name: 'One', wells: [wells[1]] },
    ]);
    expect(res.status).toBe(207);
    expect(res.headers.get('link')).toBeNull();
    expect(body.results.map((r) => r.code)).toEqual([201, 201, 400, 400, 201]);
    expect(body.successCount).toBe(3);
    expect(body.failedCount).toBe(2);
    expect(body.results[0]).toMatchObject({ status: 'Created', name: 'All', project: p, wells: sorted(wells) });
    expect(body.results[1]).toMatchObject({ name: 'Some', wells: sorted([wells[0]!, wells[2]!]) });
    expect(body.results[4]).toMatchObject({ name: 'One', wells: [wells[1]] });
    expect(body.results[2]!.errors![0]).toMatchObject({
      name: 'ValidationError',
      field: 'wells',
      value: [foreign],
      recordIndex: 2,
      location: '[2].wells',
    });
    expect(body.results[2]!.errors![0]!.message).toContain(foreign!);
    expect(body.results[3]!.errors![0]).toMatchObject({ field: 'wells', value: [MISSING_ID], recordIndex: 3 });

    // The failed records wrote nothing.
    expect(await count(headers, base)).toBe(3);
    const list = await t.app.request(`${base}?sort=name`, { headers });
    const items = schema.array().parse(await list.json());
    expect(items.map((x) => x.name)).toEqual(['All', 'One', 'Some']);
    expect(items.find((x) => x.name === 'All')!.wells).toEqual(sorted(wells));
    for (const item of items) {
      expect(item.id).toMatch(/^[0-9a-f]{24}$/);
      expect(item.createdAt).toBe('2026-11-22T12:00:00.000Z');
      expect(item.updatedAt).toBe('2026-11-22T12:00:00.000Z');
    }
    expect(list.headers.get('link')).toBe(`<${BASE_URL}${base}?skip=0&take=25&sort=name>;rel="first"`);

    // GET one, with its wells.
    const one = await t.app.request(`${base}/${body.results[1]!.id}`, { headers });
    expect(one.status).toBe(200);
    expect(schema.parse(await one.json())).toMatchObject({
      id: body.results[1]!.id,
      project: p,
      name: 'Some',
      wells: sorted([wells[0]!, wells[2]!]),
    });
  });

  it('takes no wells by default in a project that has none', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Empty');
    const { body } = await postRecords(t, `/v1/projects/${p}/${segment}`, headers, [{ name: 'Nothing yet' }]);
    expect(body.results[0]).toMatchObject({ code: 201, wells: [] });
  });

  it('refuses a name already used in the project (409), within the batch too, and allows it in another project', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Main');
    const q = await newProject(headers, 'Other');
    await postRecords(t, `/v1/projects/${p}/${segment}`, headers, [{ name: 'Base' }]);
    const { body } = await postRecords(t, `/v1/projects/${p}/${segment}`, headers, [
      { name: 'Base' },
      { name: 'New' },
      { name: 'New' },
      { name: '  Base  ' },
    ]);
    expect(body.results.map((r) => r.code)).toEqual([409, 201, 409, 409]);
    expect(body.results[0]!.errors![0]).toMatchObject({
      name: 'Conflict',
      field: 'name',
      rule: 'unique',
      value: 'Base',
      recordIndex: 0,
    });
    expect(body.results[2]!.errors![0]!.message).toMatch(/twice/);
    expect(await count(headers, `/v1/projects/${p}/${segment}`)).toBe(2);
    const elsewhere = await postRecords(t, `/v1/projects/${q}/${segment}`, headers, [{ name: 'Base' }]);
    expect(elsewhere.body.results[0]!.code).toBe(201);
  });

  it('names field, rule and value of invalid records', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Main');
    const { body } = await postRecords(t, `/v1/projects/${p}/${segment}`, headers, [
      { name: '' },
      { name: 'Ok', wells: ['not-an-id'] },
      { name: 'Ok', color: 'blue' },
      { name: 'Ok', wells: 'all' },
      { wells: [] },
    ]);
    expect(body.results.map((r) => r.code)).toEqual([400, 400, 400, 400, 400]);
    expect(body.results[0]!.errors![0]).toMatchObject({ field: 'name', rule: 'min 1', value: '' });
    expect(body.results[1]!.errors![0]).toMatchObject({
      field: 'wells[0]',
      rule: 'format regex',
      value: 'not-an-id',
    });
    expect(body.results[2]!.errors![0]).toMatchObject({ field: 'color', rule: 'unknown field', value: 'blue' });
    expect(body.results[3]!.errors![0]).toMatchObject({ field: 'wells', rule: 'type array', value: 'all' });
    expect(body.results[4]!.errors![0]).toMatchObject({ field: 'name', rule: 'required' });
    expect(await count(headers, `/v1/projects/${p}/${segment}`)).toBe(0);
  });

  it("answers 404 for an unknown one or another company's project, 400 for a malformed id", async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const p = await newProject(a.headers, 'Main');
    const q = await newProject(a.headers, 'Other');
    const { body } = await postRecords(t, `/v1/projects/${p}/${segment}`, a.headers, [{ name: 'Mine' }]);
    const id = body.results[0]!.id!;
    for (const [path, headers] of [
      [`/v1/projects/${p}/${segment}/${MISSING_ID}`, a.headers],
      [`/v1/projects/${q}/${segment}/${id}`, a.headers],
      [`/v1/projects/${p}/${segment}/${id}`, b.headers],
      [`/v1/projects/${p}/${segment}`, b.headers],
      [`/v1/projects/${MISSING_ID}/${segment}`, a.headers],
    ] as const) {
      const res = await t.app.request(path, { headers });
      expect(res.status, path).toBe(404);
      expect(ErrorEnvelope.parse(await res.json()).name).toBe('NotFound');
    }
    const post = await t.app.request(`/v1/projects/${p}/${segment}`, {
      method: 'POST',
      headers: b.headers,
      body: JSON.stringify([{ name: 'Intruder' }]),
    });
    expect(post.status).toBe(404);
    expect(await count(a.headers, `/v1/projects/${p}/${segment}`)).toBe(1);
    const bad = await t.app.request(`/v1/projects/${p}/${segment}/12345`, { headers: a.headers });
    expect(bad.status).toBe(400);
    expect(ErrorEnvelope.parse(await bad.json()).details?.[0]).toMatchObject({
      field: 'path.id',
      rule: 'format regex',
      value: '12345',
    });
    const take = await t.app.request(`/v1/projects/${p}/${segment}?take=201`, { headers: a.headers });
    expect(take.status).toBe(400);
    expect(ErrorEnvelope.parse(await take.json()).message).toContain('200');
  });
});

describe(`forecast type (${BACKEND})`, () => {
  it('defaults type to deterministic and names type when it is invalid', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Main');
    const base = `/v1/projects/${p}/forecasts`;
    const { body } = await postRecords(t, base, headers, [
      { name: 'Default' },
      { name: 'Prob', type: 'probabilistic' },
      { name: 'Bad', type: 'stochastic' },
      { name: 'Null', type: null },
    ]);
    expect(body.results.map((r) => r.code)).toEqual([201, 201, 400, 400]);
    expect(body.results[0]).toMatchObject({ type: 'deterministic' });
    expect(body.results[1]).toMatchObject({ type: 'probabilistic' });
    expect(body.results[2]!.errors![0]).toMatchObject({
      field: 'type',
      rule: 'enum',
      value: 'stochastic',
      recordIndex: 2,
    });
    expect(body.results[3]!.errors![0]).toMatchObject({ field: 'type', value: null });
    const one = await t.app.request(`${base}/${body.results[0]!.id}`, { headers });
    expect(Forecast.parse(await one.json()).type).toBe('deterministic');
    expect(await count(headers, base)).toBe(2);
  });
});

describe(`econ runs (${BACKEND})`, () => {
  it('lists no runs for a new scenario, with the first Link and a HEAD count of 0', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'Main');
    const { body } = await postRecords(t, `/v1/projects/${p}/scenarios`, headers, [{ name: 'Base case' }]);
    const s = body.results[0]!.id!;
    const path = `/v1/projects/${p}/scenarios/${s}/econ-runs`;
    const res = await t.app.request(path, { headers });
    expect(res.status).toBe(200);
    expect(EconRun.array().parse(await res.json())).toEqual([]);
    expect(res.headers.get('link')).toBe(`<${BASE_URL}${path}?skip=0&take=25>;rel="first"`);
    const sortedRes = await t.app.request(`${path}?sort=-runDate&take=5&whatever=1`, { headers });
    expect(sortedRes.status).toBe(200);
    expect(sortedRes.headers.get('link')).toBe(
      `<${BASE_URL}${path}?skip=0&take=5&sort=-runDate&whatever=1>;rel="first"`,
    );
    const head = await t.app.request(path, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-query-count')).toBe('0');
    expect(await head.text()).toBe('');
    const badSort = await t.app.request(`${path}?sort=name`, { headers });
    expect(badSort.status).toBe(400);
    expect(ErrorEnvelope.parse(await badSort.json()).details?.[0]).toMatchObject({ field: 'sort', value: 'name' });
    const one = await t.app.request(`${path}/${MISSING_ID}`, { headers });
    expect(one.status).toBe(404);
  });

  it('answers 404 for an unknown scenario or one of another project or company, 400 for malformed ids', async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const p = await newProject(a.headers, 'Main');
    const q = await newProject(a.headers, 'Other');
    const { body } = await postRecords(t, `/v1/projects/${p}/scenarios`, a.headers, [{ name: 'Base case' }]);
    const s = body.results[0]!.id!;
    for (const [path, headers] of [
      [`/v1/projects/${p}/scenarios/${MISSING_ID}/econ-runs`, a.headers],
      [`/v1/projects/${q}/scenarios/${s}/econ-runs`, a.headers],
      [`/v1/projects/${p}/scenarios/${s}/econ-runs`, b.headers],
    ] as const) {
      const res = await t.app.request(path, { headers });
      expect(res.status, path).toBe(404);
      expect(ErrorEnvelope.parse(await res.json()).name).toBe('NotFound');
      const head = await t.app.request(path, { method: 'HEAD', headers });
      expect(head.status, `HEAD ${path}`).toBe(404);
      expect(head.headers.get('x-query-count')).toBeNull();
    }
    const badScenario = await t.app.request(`/v1/projects/${p}/scenarios/nope/econ-runs`, { headers: a.headers });
    expect(badScenario.status).toBe(400);
    expect(ErrorEnvelope.parse(await badScenario.json()).details?.[0]).toMatchObject({
      field: 'path.scenarioId',
      rule: 'format regex',
      value: 'nope',
    });
    const badProject = await t.app.request(`/v1/projects/${'A'.repeat(24)}/scenarios/${s}/econ-runs`, {
      headers: a.headers,
    });
    expect(badProject.status).toBe(400);
    expect(ErrorEnvelope.parse(await badProject.json()).details?.[0]).toMatchObject({ field: 'path.projectId' });
  });
});
