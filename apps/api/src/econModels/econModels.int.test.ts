import {
  ECON_MODEL_KINDS,
  ECON_MODEL_SPECS,
  EconModelEnvelope,
  ErrorEnvelope,
  econModelExample,
  probabilisticCapexExample,
} from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { econModels } from '../db/schema';
import { postRecords, send as request, signedIn, writeModels } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;

async function setup() {
  const signed = await signedIn(t);
  const { body } = await postRecords(t, '/v1/projects', signed.headers, [{ name: 'Main' }]);
  return { ...signed, project: body.results[0]!.id! };
}

const send = (method: string, url: string, headers: Headers, body?: unknown) => request(t, method, url, headers, body);

/** A response document without its envelope: the kind's econ functions. */
const ENVELOPE = [
  'id',
  'copiedFrom',
  'name',
  'tags',
  'unique',
  'createdBy',
  'lastUpdatedBy',
  'createdAt',
  'updatedAt',
  'probabilistic',
];
const functionsOf = (doc: unknown) =>
  Object.fromEntries(Object.entries(doc as Record<string, unknown>).filter(([k]) => !ENVELOPE.includes(k)));

const write = (method: 'POST' | 'PUT', url: string, headers: Headers, body: unknown) =>
  writeModels(t, method, url, headers, body);

describe.each(ECON_MODEL_KINDS.map((kind) => ({ kind })))(`econ models: $kind (${BACKEND})`, ({ kind }) => {
  const spec = ECON_MODEL_SPECS[kind];
  const model = (name: string, extra: Record<string, unknown> = {}) => ({ name, ...econModelExample(kind), ...extra });

  it('creates (one object or an array), reads, lists, upserts by name and deletes', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/${kind}`;
    const one = await write('POST', base, s.headers, model('Alpha', { tags: ['base'], unique: true }));
    expect(one.results).toEqual([{ status: 'Created', code: 201, id: expect.any(String), name: 'Alpha' }]);
    const id = one.results[0]!.id!;
    const many = await write('POST', base, s.headers, [model('Beta'), model('Gamma')]);
    expect(many.results.map((r) => [r.code, r.name])).toEqual([
      [201, 'Beta'],
      [201, 'Gamma'],
    ]);

    const got = await send('GET', `${base}/${id}`, s.headers);
    expect(got.res.status).toBe(200);
    const doc = got.body as Record<string, unknown>;
    expect(EconModelEnvelope.parse(doc)).toMatchObject({
      id,
      name: 'Alpha',
      tags: ['base'],
      unique: true,
      copiedFrom: null,
      createdBy: s.client.credentialId,
      lastUpdatedBy: s.client.credentialId,
      createdAt: '2026-11-22T12:00:00.000Z',
    });
    const parsed = spec.functionsView.safeParse(functionsOf(doc));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(doc).toMatchObject(spec.view(econModelExample(kind) as never) as Record<string, unknown>);

    const head = await send('HEAD', base, s.headers);
    expect(head.res.headers.get('x-query-count')).toBe('3');
    const page = await send('GET', `${base}?take=2&sort=-name`, s.headers);
    expect((page.body as { name: string }[]).map((m) => m.name)).toEqual(['Gamma', 'Beta']);
    expect(page.res.headers.get('link')).toBe(
      `<${BASE_URL}${base}?skip=2&take=2&sort=-name>;rel="next",<${BASE_URL}${base}?skip=0&take=2&sort=-name>;rel="first"`,
    );
    const bySearch = await send('GET', `${base}?search=MM&sort=name`, s.headers);
    expect((bySearch.body as { name: string }[]).map((m) => m.name)).toEqual(['Gamma']);
    expect((await send('HEAD', `${base}?search=a`, s.headers)).res.headers.get('x-query-count')).toBe('3');
    expect((await send('GET', `${base}?search=%25`, s.headers)).body).toEqual([]);
    const byName = await send('GET', `${base}?name=Beta&name=Alpha&sort=name`, s.headers);
    expect((byName.body as { name: string }[]).map((m) => m.name)).toEqual(['Alpha', 'Beta']);

    t.clock.advance(60_000);
    const upsert = await write('PUT', base, s.headers, [model('Alpha', { tags: ['changed'] }), model('Delta')]);
    expect(upsert.results).toEqual([
      { status: 'OK', code: 200, id, name: 'Alpha' },
      { status: 'Created', code: 201, id: expect.any(String), name: 'Delta' },
    ]);
    const after = EconModelEnvelope.parse((await send('GET', `${base}/${id}`, s.headers)).body);
    expect(after).toMatchObject({ tags: ['changed'], unique: false, updatedAt: '2026-11-22T12:01:00.000Z' });

    const del = await send('DELETE', `${base}/${id}`, s.headers);
    expect(del.res.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('1');
    expect((await send('DELETE', `${base}/${id}`, s.headers)).res.headers.get('x-delete-count')).toBe('0');
    expect((await send('GET', `${base}/${id}`, s.headers)).res.status).toBe(404);
  });

  it('a name taken in the scope, or twice in one request, is a 409 record; other records still land', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/${kind}`;
    await write('POST', base, s.headers, model('Taken'));
    const out = await write('POST', base, s.headers, [model('Taken'), model('Fresh'), model('Fresh')]);
    expect(out.results.map((r) => r.code)).toEqual([409, 201, 409]);
    expect(out.results[0]!).toMatchObject({ status: 'Error' });
    expect(out.results[0]!.errors![0]).toMatchObject({ location: '[0].name', name: 'Conflict' });
    expect(out).toMatchObject({ successCount: 1, failedCount: 2 });
  });

  it('an invalid record is a 400 naming where; a read-only envelope field is refused', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/${kind}`;
    const [fn] = Object.keys(econModelExample(kind));
    const out = await write('POST', base, s.headers, [
      { name: 'No functions' },
      model('Has id', { id: '6523f1a2b4c5d6e7f8091a2b' }),
      model(''),
      model('Extra', { colour: 'red' }),
    ]);
    expect(out.results.map((r) => r.code)).toEqual([400, 400, 400, 400]);
    expect(out.results[0]!.errors!.map((e) => e.location)).toContain(`[0].${fn}`);
    expect(out.results[1]!.errors![0]).toMatchObject({ location: '[1].id', rule: 'read-only' });
    expect(out.results[2]!.errors![0]).toMatchObject({ location: '[2].name' });
    expect(out.results[3]!.errors![0]).toMatchObject({ location: '[3].colour', rule: 'unknown field' });
    expect((await send('HEAD', base, s.headers)).res.headers.get('x-query-count')).toBe('0');
  });
});

describe(`econ models: scopes, limits, copies, read-only CAPEX (${BACKEND})`, () => {
  const ds = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    ...econModelExample('date-settings'),
    ...extra,
  });

  it('company models and project models are separate scopes', async () => {
    const s = await setup();
    const company = await write('POST', '/v1/econ-models/date-settings', s.headers, ds('Shared'));
    const project = await write('POST', `/v1/projects/${s.project}/econ-models/date-settings`, s.headers, ds('Shared'));
    expect([company.results[0]!.code, project.results[0]!.code]).toEqual([201, 201]);
    const list = await send('GET', '/v1/econ-models/date-settings', s.headers);
    expect((list.body as { id: string }[]).map((m) => m.id)).toEqual([company.results[0]!.id]);
    const cross = await send('GET', `/v1/econ-models/date-settings/${project.results[0]!.id}`, s.headers);
    expect(cross.res.status).toBe(404);
  });

  it('takes at most 500 records; another company’s project is a 404; no credentials is a 401', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/date-settings`;
    const full = await write(
      'POST',
      base,
      s.headers,
      Array.from({ length: 500 }, (_, i) => ds(`M${i}`)),
    );
    expect(full.successCount).toBe(500);
    const over = await send(
      'PUT',
      base,
      s.headers,
      Array.from({ length: 501 }, (_, i) => ds(`N${i}`)),
    );
    expect(over.res.status).toBe(400);
    expect(ErrorEnvelope.parse(over.body).details![0]).toMatchObject({ rule: 'max 500' });
    const other = await signedIn(t, 'Other Co');
    expect((await send('GET', base, other.headers)).res.status).toBe(404);
    expect((await send('POST', base, other.headers, ds('X'))).res.status).toBe(404);
    expect((await send('GET', base, { 'content-type': 'application/json' })).res.status).toBe(401);
  });

  it('copiedFrom names a model of the same kind in the company', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/date-settings`;
    const source = (await write('POST', base, s.headers, ds('Source'))).results[0]!.id!;
    const out = await write('POST', base, s.headers, [
      ds('Copy', { copiedFrom: source }),
      ds('Orphan', { copiedFrom: '6523f1a2b4c5d6e7f8091a2b' }),
    ]);
    expect(out.results.map((r) => r.code)).toEqual([201, 400]);
    expect(out.results[1]!.errors![0]).toMatchObject({ location: '[1].copiedFrom' });
    const copy = EconModelEnvelope.parse((await send('GET', `${base}/${out.results[0]!.id}`, s.headers)).body);
    expect(copy.copiedFrom).toBe(source);
    // Once the source is gone, the copy can still be saved with the copiedFrom it already has.
    await send('DELETE', `${base}/${source}`, s.headers);
    const resave = await write('PUT', base, s.headers, [
      ds('Copy', { copiedFrom: source }),
      ds('New', { copiedFrom: source }),
    ]);
    expect(resave.results.map((r) => r.code)).toEqual([200, 400]);
  });

  it('a probabilistic CAPEX model can be listed and read, and any write to it is a 400', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/capex`;
    const now = t.clock.now();
    await t.deps.db.insert(econModels).values({
      id: '6523f1a2b4c5d6e7f8091a2c',
      companyId: s.company.id,
      scope: s.project,
      projectId: s.project,
      kind: 'capex',
      name: 'Probabilistic',
      tags: [],
      unique: false,
      readOnly: true,
      functions: probabilisticCapexExample(),
      createdBy: 'seed',
      lastUpdatedBy: 'seed',
      createdAt: now,
      updatedAt: now,
    });
    const got = await send('GET', `${base}/6523f1a2b4c5d6e7f8091a2c`, s.headers);
    expect(got.res.status).toBe(200);
    expect(got.body).toMatchObject({ probabilistic: true, name: 'Probabilistic' });
    expect(ECON_MODEL_SPECS.capex.functionsView.safeParse(functionsOf(got.body)).error?.issues ?? []).toEqual([]);
    const put = await write('PUT', base, s.headers, { name: 'Probabilistic', ...econModelExample('capex') });
    expect(put.results[0]).toMatchObject({ code: 400, status: 'Error' });
    expect(put.results[0]!.errors![0]!.message).toMatch(/read-only/);
    const del = await send('DELETE', `${base}/6523f1a2b4c5d6e7f8091a2c`, s.headers);
    expect(del.res.status).toBe(400);
    expect((await send('GET', `${base}/6523f1a2b4c5d6e7f8091a2c`, s.headers)).res.status).toBe(200);
  });
});

describe(`econ models: importing a probabilistic CAPEX model (${BACKEND})`, () => {
  it('an operator imports one (201); the name is unique (409); a bad body is a 400; another company’s project a 404', async () => {
    const s = await setup();
    const other = await signedIn(t, 'Other Co');
    const url = (company: string) =>
      `/admin/companies/${company}/projects/${s.project}/econ-models/capex/probabilistic`;
    const admin = { authorization: `Bearer ${t.config.adminToken}`, 'content-type': 'application/json' };
    const body = { name: 'Imported', ...probabilisticCapexExample() };
    const first = await send('POST', url(s.company.id), admin, body);
    expect(first.res.status).toBe(201);
    const id = (first.body as { id: string }).id;
    const doc = await send('GET', `/v1/projects/${s.project}/econ-models/capex/${id}`, s.headers);
    expect(doc.body).toMatchObject({ probabilistic: true, name: 'Imported' });
    expect((await send('POST', url(s.company.id), admin, body)).res.status).toBe(409);
    const bad = await send('POST', url(s.company.id), admin, { name: 'Bad', otherCapex: { rows: [] } });
    expect(bad.res.status).toBe(400);
    expect(ErrorEnvelope.parse(bad.body).details![0]!.field).toBe('otherCapex.rows');
    expect((await send('POST', url(other.company.id), admin, { ...body, name: 'X' })).res.status).toBe(404);
    expect((await send('POST', url(s.company.id), s.headers, { ...body, name: 'Y' })).res.status).toBe(401);
  });
});
