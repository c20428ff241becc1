import { ErrorEnvelope, MultiStatus, Project } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, postRecords, signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe(`projects (${BACKEND})`, () => {
  it('creates projects from one array and answers 207 with one result per record, in order', async () => {
    const { headers } = await signedIn(t);
    await postRecords(t, '/v1/projects', headers, [{ name: 'Existing' }]);
    const { res, body } = await postRecords(t, '/v1/projects', headers, [
      { name: 'North' },
      { name: '' },
      { name: 'North' },
      { name: 'Existing' },
      { name: 'South', extra: 1 },
      { name: 'South' },
    ]);
    expect(res.status).toBe(207);
    expect(res.headers.get('link')).toBeNull();
    expect(body.results.map((r) => r.code)).toEqual([201, 400, 409, 409, 400, 201]);
    expect(body.successCount).toBe(2);
    expect(body.failedCount).toBe(4);
    expect(body.results[0]).toMatchObject({ status: 'Created', name: 'North' });
    expect(body.results[1]!.errors![0]).toMatchObject({
      field: 'name',
      rule: 'min 1',
      value: '',
      recordIndex: 1,
      location: '[1].name',
    });
    expect(body.results[4]!.errors![0]).toMatchObject({ field: 'extra', rule: 'unknown field', value: 1 });
    expect(body.results[3]!.errors![0]).toMatchObject({ name: 'Conflict', field: 'name', value: 'Existing' });
  });

  it('accepts 1000 projects in one write and refuses 1001 naming the maximum', async () => {
    const { headers } = await signedIn(t);
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `P${i}` }));
    const ok = await postRecords(t, '/v1/projects', headers, many);
    expect(ok.body.successCount).toBe(1000);
    const res = await t.app.request('/v1/projects', {
      method: 'POST',
      headers,
      body: JSON.stringify([...many, { name: 'one more' }]),
    });
    expect(res.status).toBe(400);
    const err = ErrorEnvelope.parse(await res.json());
    expect(err.message).toContain('1000');
    expect(err.details?.[0]).toMatchObject({ rule: 'max 1000', value: 1001 });
    const head = await t.app.request('/v1/projects', { method: 'HEAD', headers });
    expect(head.headers.get('x-query-count')).toBe('1000');
  });

  it('each company lists only its own projects, in every order, though one prepared statement serves them all', async () => {
    const a = await signedIn(t, 'Company A');
    const b = await signedIn(t, 'Company B');
    await postRecords(t, '/v1/projects', a.headers, [{ name: 'A1' }, { name: 'A2' }]);
    await postRecords(t, '/v1/projects', b.headers, [{ name: 'B1' }]);
    const names = async (headers: Record<string, string>, query = '') => {
      const res = await t.app.request(`/v1/projects${query}`, { headers });
      expect(res.status).toBe(200);
      return ((await res.json()) as { name: string }[]).map((p) => p.name);
    };
    // Interleaved, so a statement prepared for one company's read is reused for the other's.
    for (const query of ['', '?sort=-name', '?sort=name&skip=1', '?sort=-createdAt&take=1']) {
      const ofA = await names(a.headers, query);
      const ofB = await names(b.headers, query);
      expect(ofA.every((n) => n.startsWith('A'))).toBe(true);
      expect(ofB.every((n) => n.startsWith('B'))).toBe(true);
    }
    expect(await names(a.headers, '?sort=-name')).toEqual(['A2', 'A1']);
    expect(await names(a.headers, '?sort=name&skip=1')).toEqual(['A2']);
    expect(await names(b.headers, '?sort=name&skip=1')).toEqual([]);
  });

  it('pages with skip/take/sort and an exact Link header; HEAD counts', async () => {
    const { headers } = await signedIn(t);
    await postRecords(
      t,
      '/v1/projects',
      headers,
      ['c', 'a', 'e', 'b', 'd'].map((name) => ({ name })),
    );
    const res = await t.app.request('/v1/projects?skip=2&take=2&sort=-name', { headers });
    expect(res.status).toBe(200);
    const page = Project.array().parse(await res.json());
    expect(page.map((p) => p.name)).toEqual(['c', 'b']);
    expect(res.headers.get('link')).toBe(
      `<${BASE_URL}/v1/projects?skip=4&take=2&sort=-name>;rel="next",<${BASE_URL}/v1/projects?skip=0&take=2&sort=-name>;rel="prev",<${BASE_URL}/v1/projects?skip=0&take=2&sort=-name>;rel="first"`,
    );
    const last = await t.app.request('/v1/projects?skip=4&take=2&sort=-name', { headers });
    expect(last.headers.get('link')).toBe(
      `<${BASE_URL}/v1/projects?skip=2&take=2&sort=-name>;rel="prev",<${BASE_URL}/v1/projects?skip=0&take=2&sort=-name>;rel="first"`,
    );
    const first = await t.app.request('/v1/projects', { headers });
    expect(first.headers.get('link')).toBe(`<${BASE_URL}/v1/projects?skip=0&take=25>;rel="first"`);
    const head = await t.app.request('/v1/projects', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-query-count')).toBe('5');
    expect(await head.text()).toBe('');
  });

  it('refuses take above 200 naming the maximum, and unknown sort fields', async () => {
    const { headers } = await signedIn(t);
    const res = await t.app.request('/v1/projects?take=201', { headers });
    expect(res.status).toBe(400);
    const body = ErrorEnvelope.parse(await res.json());
    expect(body.details?.[0]).toMatchObject({ field: 'take', rule: 'max 200', value: '201' });
    expect(body.message).toContain('200');
    const sort = await t.app.request('/v1/projects?sort=color', { headers });
    expect(sort.status).toBe(400);
    expect((await json<ErrorEnvelope>(sort)).details?.[0]).toMatchObject({ field: 'sort', value: 'color' });
  });

  it("gets one project, ignores unused query parameters, and hides other companies' projects", async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const { body } = await postRecords(t, '/v1/projects', a.headers, [{ name: 'Mine' }]);
    const id = body.results[0]!.id!;
    const mine = await t.app.request(`/v1/projects/${id}?take=5&whatever=1`, { headers: a.headers });
    expect(mine.status).toBe(200);
    expect(Project.parse(await mine.json()).name).toBe('Mine');
    const theirs = await t.app.request(`/v1/projects/${id}`, { headers: b.headers });
    expect(theirs.status).toBe(404);
    expect(ErrorEnvelope.parse(await theirs.json()).name).toBe('NotFound');
    const list = await t.app.request('/v1/projects', { headers: b.headers });
    expect(await list.json()).toEqual([]);
    expect(MultiStatus.safeParse(body).success).toBe(true);
  });
});
