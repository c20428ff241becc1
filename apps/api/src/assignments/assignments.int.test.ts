import {
  AssignmentMultiStatus,
  ECON_MODEL_KINDS,
  type EconModelKind,
  ErrorEnvelope,
  econModelExample,
  ScenarioAssignmentRow,
} from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scenarioAssignments, scenarios, scenarioWells, wells as wellsTable } from '../db/schema';
import { newObjectId } from '../ids';
import { postRecords, send as request, signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { scenarioModelIds } from './store';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof signedIn>>;

const send = (method: string, url: string, headers: Headers, body?: unknown) => request(t, method, url, headers, body);

async function project(s: Signed, name: string, wellNames: string[]) {
  const { body } = await postRecords(t, '/v1/projects', s.headers, [{ name }]);
  const id = body.results[0]!.id!;
  const w = await postRecords(
    t,
    `/v1/projects/${id}/wells`,
    s.headers,
    wellNames.map((wellName) => ({ wellName, chosenID: `${name}-${wellName}`, dataSource: 'internal' })),
  );
  expect(w.res.status).toBe(207);
  return { id, wells: w.body.results.map((r) => r.id!) };
}

async function scenario(s: Signed, projectId: string, name: string, wells?: string[]) {
  const { body } = await postRecords(t, `/v1/projects/${projectId}/scenarios`, s.headers, [
    { name, ...(wells ? { wells } : {}) },
  ]);
  expect(body.results[0]!.code, JSON.stringify(body)).toBe(201);
  return body.results[0]!.id!;
}

async function model(s: Signed, kind: EconModelKind, name: string, projectId: string | null) {
  const url = projectId ? `/v1/projects/${projectId}/econ-models/${kind}` : `/v1/econ-models/${kind}`;
  const r = await send('POST', url, s.headers, { name, ...econModelExample(kind) });
  expect(r.res.status).toBe(207);
  return (r.body as { results: { id: string }[] }).results[0]!.id;
}

/** A company with project P (wells A–D), scenario S1 over A–C, S2 over all, and capex models. */
async function setup() {
  const s = await signedIn(t);
  const p = await project(s, 'Main', ['A', 'B', 'C', 'D']);
  const [a, b, c, d] = p.wells as [string, string, string, string];
  const s1 = await scenario(s, p.id, 'S1', [a, b, c]);
  const s2 = await scenario(s, p.id, 'S2');
  const capexA = await model(s, 'capex', 'Capex A', p.id);
  const capexB = await model(s, 'capex', 'Capex B', p.id);
  const dates = await model(s, 'date-settings', 'Dates', p.id);
  const url = (kind: string, id: string) => `/v1/projects/${p.id}/econ-models/${kind}/${id}/assignments`;
  return { ...s, p: p.id, a, b, c, d, s1, s2, capexA, capexB, dates, url };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const write = async (method: 'POST' | 'PUT', url: string, headers: Headers, body: unknown) => {
  const r = await send(method, url, headers, body);
  expect(r.res.status, JSON.stringify(r.body)).toBe(207);
  return AssignmentMultiStatus.parse(r.body);
};

const grid = async (s: Setup, scenarioId: string, query = '') => {
  const r = await send('GET', `/v1/projects/${s.p}/scenarios/${scenarioId}/assignments/econ-models${query}`, s.headers);
  expect(r.res.status, JSON.stringify(r.body)).toBe(200);
  return { res: r.res, rows: (r.body as unknown[]).map((x) => ScenarioAssignmentRow.parse(x)) };
};

/** well → model name of `kind` under `qualifier` in the scenario grid. */
const namesOf = async (s: Setup, scenarioId: string, kind: EconModelKind = 'capex', qualifier = 'default') =>
  Object.fromEntries(
    (await grid(s, scenarioId, '?take=1000')).rows.map((r) => [r.well, r.assignments[kind][qualifier]?.name ?? null]),
  );

const list = async (s: Setup, url: string, query = '') => {
  const r = await send('GET', `${url}${query}`, s.headers);
  expect(r.res.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe(`scenario assignments (${BACKEND})`, () => {
  it('POST assigns (one object or an array), defaults the qualifier, and GET lists by scenario and qualifier', async () => {
    const s = await setup();
    const one = await write('POST', s.url('capex', s.capexA), s.headers, { scenario: s.s1, wells: [s.b, s.a, s.a] });
    expect(one).toEqual({
      generalErrors: [],
      results: [
        {
          status: 'Created',
          code: 201,
          scenario: s.s1,
          qualifierName: 'default',
          wells: [s.a, s.b].sort(),
          allWells: false,
        },
      ],
      successCount: 1,
      failedCount: 0,
    });
    const many = await write('POST', s.url('capex', s.capexA), s.headers, [
      { scenario: s.s2, qualifierName: 'high', wells: [s.d] },
      { scenario: s.s2, allWells: true },
    ]);
    expect(many.results.map((r) => [r.code, r.qualifierName, r.wells?.length, r.allWells])).toEqual([
      [201, 'high', 1, false],
      [201, 'default', 4, true],
    ]);
    const listed = await list(s, s.url('capex', s.capexA));
    expect(listed).toEqual(
      [
        { scenario: s.s1, qualifierName: 'default', wells: [s.a, s.b].sort(), allWells: false },
        { scenario: s.s2, qualifierName: 'default', wells: [], allWells: true },
        { scenario: s.s2, qualifierName: 'high', wells: [s.d], allWells: false },
      ].sort((x, y) => (x.scenario + x.qualifierName < y.scenario + y.qualifierName ? -1 : 1)),
    );
    expect(await list(s, s.url('capex', s.capexA), `?scenarioId=${s.s1}`)).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [s.a, s.b].sort(), allWells: false },
    ]);
    // The listing round-trips through PUT unchanged.
    await write('PUT', s.url('capex', s.capexA), s.headers, listed);
    expect(await list(s, s.url('capex', s.capexA))).toEqual(listed);
    // A later POST adds: the model keeps its other wells.
    await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, wells: [s.c] }]);
    expect(await list(s, s.url('capex', s.capexA), `?scenarioId=${s.s1}`)).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [], allWells: true },
    ]);
  });

  it('keeps one model per kind, well and qualifier: another model of the kind replaces it', async () => {
    const s = await setup();
    await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, allWells: true }]);
    await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, qualifierName: 'high', wells: [s.a] }]);
    await write('POST', s.url('date-settings', s.dates), s.headers, [{ scenario: s.s1, wells: [s.a] }]);
    await write('POST', s.url('capex', s.capexB), s.headers, [{ scenario: s.s1, wells: [s.b] }]);
    expect(await namesOf(s, s.s1)).toEqual({ [s.a]: 'Capex A', [s.b]: 'Capex B', [s.c]: 'Capex A' });
    // Another qualifier and another kind are untouched.
    expect(await namesOf(s, s.s1, 'capex', 'high')).toEqual({ [s.a]: 'Capex A', [s.b]: null, [s.c]: null });
    expect(await namesOf(s, s.s1, 'date-settings')).toEqual({ [s.a]: 'Dates', [s.b]: null, [s.c]: null });
    expect(await list(s, s.url('capex', s.capexA), `?scenarioId=${s.s1}`)).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [s.a, s.c].sort(), allWells: false },
      { scenario: s.s1, qualifierName: 'high', wells: [s.a], allWells: false },
    ]);
    expect(await list(s, s.url('capex', s.capexB))).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [s.b], allWells: false },
    ]);
    const rows = await t.deps.db.select().from(scenarioAssignments).where(eq(scenarioAssignments.scenarioId, s.s1));
    expect(rows).toHaveLength(5);
  });

  it('PUT replaces the model’s wells in the named scenarios and qualifiers only, and [] clears', async () => {
    const s = await setup();
    await write('POST', s.url('capex', s.capexA), s.headers, [
      { scenario: s.s1, wells: [s.a, s.b] },
      { scenario: s.s1, qualifierName: 'high', wells: [s.a] },
      { scenario: s.s2, wells: [s.d] },
    ]);
    await write('POST', s.url('capex', s.capexB), s.headers, [{ scenario: s.s1, wells: [s.c] }]);
    const put = await write('PUT', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, wells: [s.c] }]);
    expect(put.results).toEqual([
      { status: 'OK', code: 200, scenario: s.s1, qualifierName: 'default', wells: [s.c], allWells: false },
    ]);
    expect(await namesOf(s, s.s1)).toEqual({ [s.a]: null, [s.b]: null, [s.c]: 'Capex A' });
    expect(await namesOf(s, s.s1, 'capex', 'high')).toEqual({ [s.a]: 'Capex A', [s.b]: null, [s.c]: null });
    expect((await namesOf(s, s.s2))[s.d]).toBe('Capex A');
    const cleared = await write('PUT', s.url('capex', s.capexA), s.headers, { scenario: s.s1, qualifierName: 'high' });
    expect(cleared.results[0]).toMatchObject({ code: 200, wells: [], allWells: false });
    expect(await list(s, s.url('capex', s.capexA))).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [s.c], allWells: false },
      { scenario: s.s2, qualifierName: 'default', wells: [s.d], allWells: false },
    ]);
  });

  it('PUT naming a scenario and qualifier twice fails the later record with 409', async () => {
    const s = await setup();
    const r = await write('PUT', s.url('capex', s.capexA), s.headers, [
      { scenario: s.s1, wells: [s.a] },
      { scenario: s.s1, qualifierName: 'default', wells: [s.b] },
      { scenario: s.s1, qualifierName: 'high', wells: [s.b] },
    ]);
    expect(r.results.map((x) => x.code)).toEqual([200, 409, 200]);
    expect(r.results[1]!.errors![0]).toMatchObject({
      field: 'qualifierName',
      rule: 'unique',
      value: 'default',
      recordIndex: 1,
    });
    expect(await namesOf(s, s.s1)).toEqual({ [s.a]: 'Capex A', [s.b]: null, [s.c]: null });
  });

  it('fails bad records on their own with 400 or 404 naming field, rule and value, and applies the others', async () => {
    const s = await setup();
    const other = await project(s, 'Other', ['X']);
    const otherScenario = await scenario(s, other.id, 'OS');
    const r = await write('POST', s.url('capex', s.capexA), s.headers, [
      { scenario: s.s1, wells: [s.a] },
      { scenario: s.s1, allWells: true, wells: [s.b] },
      { scenario: s.s1 },
      { scenario: s.s1, wells: [s.a, s.d] },
      { scenario: otherScenario, allWells: true },
      { scenario: 'nope', wells: [s.a] },
      { scenario: s.s1, wells: [s.b], extra: 1 },
      { scenario: s.s1, wells: [s.c], qualifierName: '' },
      { scenario: s.s2, wells: [other.wells[0]] },
    ]);
    expect(r.results.map((x) => x.code)).toEqual([201, 400, 400, 400, 404, 400, 400, 400, 400]);
    expect(r.successCount).toBe(1);
    expect(r.failedCount).toBe(8);
    const e = (i: number) => r.results[i]!.errors![0]!;
    expect(e(1)).toMatchObject({ field: 'wells', rule: 'empty when allWells', value: [s.b], location: '[1].wells' });
    expect(e(2)).toMatchObject({ field: 'wells', rule: 'required unless allWells' });
    expect(e(3)).toMatchObject({ field: 'wells', rule: 'wells of the scenario', value: [s.d], recordIndex: 3 });
    expect(e(3).message).toContain(s.d);
    expect(e(4)).toMatchObject({ field: 'scenario', rule: 'scenario of the project', value: otherScenario });
    expect(e(5)).toMatchObject({ field: 'scenario', value: 'nope' });
    expect(e(6)).toMatchObject({ rule: 'unknown field' });
    expect(e(7)).toMatchObject({ field: 'qualifierName', value: '' });
    expect(e(8)).toMatchObject({ field: 'wells', value: [other.wells[0]] });
    // Record 3 named A (valid) beside D: nothing of it was applied.
    expect(await namesOf(s, s.s1)).toEqual({ [s.a]: 'Capex A', [s.b]: null, [s.c]: null });
    expect(await namesOf(s, s.s2)).toEqual(Object.fromEntries([s.a, s.b, s.c, s.d].map((w) => [w, null])));
    expect(await t.deps.db.select().from(scenarioAssignments)).toHaveLength(1);
  });

  it('answers 400 for the whole request when the body is not records, empty or too long', async () => {
    const s = await setup();
    for (const [body, rule] of [
      ['text', 'type array'],
      [[], 'min 1'],
      [Array.from({ length: 101 }, () => ({ scenario: s.s1, wells: [s.a] })), 'max 100'],
    ] as const) {
      const r = await send('POST', s.url('capex', s.capexA), s.headers, body);
      expect(r.res.status).toBe(400);
      expect(ErrorEnvelope.parse(r.body).details![0]).toMatchObject({ rule });
    }
    const malformed = await t.app.request(s.url('capex', s.capexA), { method: 'PUT', headers: s.headers, body: '[{' });
    expect(malformed.status).toBe(400);
    expect(await list(s, s.url('capex', s.capexA))).toEqual([]);
  });

  it('answers 404 for an unknown project, kind or model, a model of another kind, project or company', async () => {
    const s = await setup();
    const other = await project(s, 'Other', ['X']);
    const otherModel = await model(s, 'capex', 'Elsewhere', other.id);
    const stranger = await signedIn(t, 'Stranger Oil');
    const strangerProject = await project(stranger, 'Theirs', ['Y']);
    const strangerModel = await model(stranger, 'capex', 'Theirs', strangerProject.id);
    const strangerCompanyModel = await model(stranger, 'capex', 'Their company model', null);
    const body = [{ scenario: s.s1, wells: [s.a] }];
    const cases = [
      [s.url('capex', s.dates), 'a model of another kind'],
      [s.url('date-settings', s.capexA), 'the kind does not match'],
      [s.url('no-such-kind', s.capexA), 'unknown kind'],
      [s.url('capex', otherModel), 'a model of another project'],
      [s.url('capex', strangerModel), 'another company'],
      [s.url('capex', strangerCompanyModel), 'another company’s company model'],
      [s.url('capex', '6523f1a2b4c5d6e7f8091a2b'), 'no such model'],
      [`/v1/projects/6523f1a2b4c5d6e7f8091a2b/econ-models/capex/${s.capexA}/assignments`, 'no such project'],
      [
        `/v1/projects/${strangerProject.id}/econ-models/capex/${strangerModel}/assignments`,
        'another company’s project',
      ],
    ] as const;
    for (const [url, why] of cases) {
      for (const [method, b] of [
        ['GET', undefined],
        ['POST', body],
        ['PUT', body],
        ['DELETE', undefined],
      ] as const) {
        const r = await send(
          method,
          method === 'DELETE' ? `${url}?scenarioId=${s.s1}&allWells=true` : url,
          s.headers,
          b,
        );
        expect(r.res.status, `${method} ${why}`).toBe(404);
        expect(ErrorEnvelope.parse(r.body).name).toBe('NotFound');
      }
    }
    const r = await send('GET', s.url('capex', 'bad-id'), s.headers);
    expect(r.res.status).toBe(400);
    expect(ErrorEnvelope.parse(r.body).details![0]).toMatchObject({ field: 'path.econModelId', value: 'bad-id' });
    expect(await t.deps.db.select().from(scenarioAssignments)).toEqual([]);
  });

  it('assigns company models and lists only this project’s assignments of them', async () => {
    const s = await setup();
    const company = await model(s, 'capex', 'Company capex', null);
    const other = await project(s, 'Other', ['X']);
    const otherScenario = await scenario(s, other.id, 'OS');
    await write('POST', s.url('capex', company), s.headers, [{ scenario: s.s1, wells: [s.a] }]);
    const there = await write('POST', `/v1/projects/${other.id}/econ-models/capex/${company}/assignments`, s.headers, [
      { scenario: otherScenario, allWells: true },
    ]);
    expect(there.results[0]!.code).toBe(201);
    expect(await list(s, s.url('capex', company))).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [s.a], allWells: false },
    ]);
    const { rows } = await grid(s, s.s1);
    expect(rows.find((r) => r.well === s.a)!.assignments.capex).toEqual({
      default: { id: company, name: 'Company capex', scope: 'company' },
    });
    await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, wells: [s.b] }]);
    expect((await grid(s, s.s1)).rows.find((r) => r.well === s.b)!.assignments.capex.default).toEqual({
      id: s.capexA,
      name: 'Capex A',
      scope: 'project',
    });
  });

  it('the company path (/v1/econ-models/{kind}/{id}/assignments) serves a company model in every project', async () => {
    const s = await setup();
    const company = await model(s, 'capex', 'Company capex', null);
    const other = await project(s, 'Other', ['X']);
    const otherScenario = await scenario(s, other.id, 'OS');
    const url = `/v1/econ-models/capex/${company}/assignments`;
    const posted = await write('POST', url, s.headers, [
      { scenario: s.s1, wells: [s.a] },
      { scenario: otherScenario, allWells: true },
      { scenario: newObjectId(t.clock), allWells: true },
    ]);
    expect(posted.results.map((r) => r.code)).toEqual([201, 201, 404]);
    expect(JSON.stringify(posted.results[2])).toContain('scenario of the company');
    // Both projects' assignments, by scenario id.
    const both = (await list(s, url)) as { scenario: string }[];
    expect(both.map((a) => a.scenario).sort()).toEqual([s.s1, otherScenario].sort());
    // The project path still lists only its project's.
    expect(await list(s, s.url('capex', company))).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [s.a], allWells: false },
    ]);
    // PUT replaces, DELETE removes, in any project of the company.
    await write('PUT', url, s.headers, [{ scenario: s.s1, wells: [s.b] }]);
    expect(await list(s, url, `?scenarioId=${s.s1}`)).toEqual([
      { scenario: s.s1, qualifierName: 'default', wells: [s.b], allWells: false },
    ]);
    const del = await send('DELETE', `${url}?scenarioId=${otherScenario}&allWells=true`, s.headers);
    expect(del.res.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('1');
    // A project model is not served on the company path; nor another company's model.
    expect((await send('GET', `/v1/econ-models/capex/${s.capexA}/assignments`, s.headers)).res.status).toBe(404);
    const stranger = await signedIn(t, 'Stranger Co');
    expect((await send('GET', url, stranger.headers)).res.status).toBe(404);
    // Another company's scenario is a 404 for the record.
    const theirs = await project(stranger, 'Theirs', ['Y']);
    const theirScenario = await scenario(stranger, theirs.id, 'TS');
    const foreign = await write('POST', url, s.headers, [{ scenario: theirScenario, allWells: true }]);
    expect(foreign.results[0]!.code).toBe(404);
  });

  it('GET checks its scenarioId filter', async () => {
    const s = await setup();
    const bad = await send('GET', `${s.url('capex', s.capexA)}?scenarioId=xyz`, s.headers);
    expect(bad.res.status).toBe(400);
    expect(ErrorEnvelope.parse(bad.body).details![0]).toMatchObject({ field: 'query.scenarioId', value: 'xyz' });
    const missing = await send('GET', `${s.url('capex', s.capexA)}?scenarioId=6523f1a2b4c5d6e7f8091a2b`, s.headers);
    expect(missing.res.status).toBe(404);
  });

  describe('DELETE', () => {
    const del = (s: Setup, query: string, id = s.capexA, kind = 'capex') =>
      send('DELETE', `${s.url(kind, id)}?${query}`, s.headers);

    it('removes this model from the named wells or from all of them, per qualifier, with X-Delete-Count', async () => {
      const s = await setup();
      await write('POST', s.url('capex', s.capexA), s.headers, [
        { scenario: s.s1, wells: [s.a, s.b] },
        { scenario: s.s1, qualifierName: 'high', allWells: true },
        { scenario: s.s2, allWells: true },
      ]);
      await write('POST', s.url('capex', s.capexB), s.headers, [{ scenario: s.s1, wells: [s.c] }]);
      const one = await del(s, `scenarioId=${s.s1}&wells=${s.a}&wells=${s.c}`);
      expect(one.res.status).toBe(204);
      expect(one.res.headers.get('X-Delete-Count')).toBe('1');
      // C holds Capex B: another model's assignment is never removed.
      expect(await namesOf(s, s.s1)).toEqual({ [s.a]: null, [s.b]: 'Capex A', [s.c]: 'Capex B' });
      const high = await del(s, `scenarioId=${s.s1}&qualifierName=high&allWells=true`);
      expect(high.res.headers.get('X-Delete-Count')).toBe('3');
      expect(await namesOf(s, s.s1, 'capex', 'high')).toEqual({ [s.a]: null, [s.b]: null, [s.c]: null });
      const again = await del(s, `scenarioId=${s.s1}&qualifierName=high&allWells=true`);
      expect(again.res.status).toBe(204);
      expect(again.res.headers.get('X-Delete-Count')).toBe('0');
      expect(await list(s, s.url('capex', s.capexA))).toEqual([
        { scenario: s.s1, qualifierName: 'default', wells: [s.b], allWells: false },
        { scenario: s.s2, qualifierName: 'default', wells: [], allWells: true },
      ]);
    });

    it('answers 400 naming the field, rule and value, and removes nothing', async () => {
      const s = await setup();
      await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, allWells: true }]);
      const cases = [
        [`wells=${s.a}`, 'query.scenarioId', 'required'],
        [`scenarioId=x&wells=${s.a}`, 'query.scenarioId', 'format regex'],
        [`scenarioId=${s.s1}`, 'query.wells', 'required unless allWells'],
        [`scenarioId=${s.s1}&allWells=true&wells=${s.a}`, 'query.wells', 'empty when allWells'],
        [`scenarioId=${s.s1}&allWells=yes`, 'query.allWells', 'enum'],
        [`scenarioId=${s.s1}&wells=${s.a}&wells=${s.d}`, 'query.wells', 'wells of the scenario'],
        [`scenarioId=${s.s1}&wells=${s.a}&qualifierName=`, 'query.qualifierName', 'min 1'],
      ] as const;
      for (const [query, field, rule] of cases) {
        const r = await del(s, query);
        expect(r.res.status, query).toBe(400);
        expect(ErrorEnvelope.parse(r.body).details![0], query).toMatchObject({ field, rule });
      }
      const notIn = await del(s, `scenarioId=${s.s1}&wells=${s.a}&wells=${s.d}`);
      expect(ErrorEnvelope.parse(notIn.body).details![0]!.value).toEqual([s.d]);
      expect(await list(s, s.url('capex', s.capexA))).toEqual([
        { scenario: s.s1, qualifierName: 'default', wells: [], allWells: true },
      ]);
    });

    it('answers 404 for a scenario not in the project', async () => {
      const s = await setup();
      const other = await project(s, 'Other', ['X']);
      const otherScenario = await scenario(s, other.id, 'OS');
      for (const id of [otherScenario, '6523f1a2b4c5d6e7f8091a2b']) {
        const r = await del(s, `scenarioId=${id}&allWells=true`);
        expect(r.res.status).toBe(404);
      }
    });
  });

  describe('the scenario grid', () => {
    it('gives every kind for every well, paged and sorted, with Link and HEAD count', async () => {
      const s = await setup();
      await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s2, wells: [s.a, s.d] }]);
      await write('POST', s.url('date-settings', s.dates), s.headers, [
        { scenario: s.s2, qualifierName: 'alt', wells: [s.d] },
      ]);
      const all = await grid(s, s.s2);
      expect(all.rows.map((r) => r.well)).toEqual([s.a, s.b, s.c, s.d].sort());
      for (const r of all.rows) expect(Object.keys(r.assignments).sort()).toEqual([...ECON_MODEL_KINDS].sort());
      const d = all.rows.find((r) => r.well === s.d)!;
      expect(d.wellName).toBe('D');
      expect(d.assignments.capex).toEqual({ default: { id: s.capexA, name: 'Capex A', scope: 'project' } });
      expect(d.assignments['date-settings']).toEqual({ alt: { id: s.dates, name: 'Dates', scope: 'project' } });
      expect(all.rows.find((r) => r.well === s.b)!.assignments.capex).toEqual({});

      const page = await grid(s, s.s2, '?sort=-wellName&take=3');
      expect(page.rows.map((r) => r.wellName)).toEqual(['D', 'C', 'B']);
      expect(page.res.headers.get('Link')).toBe(
        `<${BASE_URL}/v1/projects/${s.p}/scenarios/${s.s2}/assignments/econ-models?skip=3&take=3&sort=-wellName>;rel="next",<${BASE_URL}/v1/projects/${s.p}/scenarios/${s.s2}/assignments/econ-models?skip=0&take=3&sort=-wellName>;rel="first"`,
      );
      const next = await grid(s, s.s2, '?sort=-wellName&take=3&skip=3');
      expect(next.rows.map((r) => r.wellName)).toEqual(['A']);
      const head = await t.app.request(`/v1/projects/${s.p}/scenarios/${s.s1}/assignments/econ-models`, {
        method: 'HEAD',
        headers: s.headers,
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('X-Query-Count')).toBe('3');
    });

    it('answers 404 for an unknown scenario or project and 400 for bad paging', async () => {
      const s = await setup();
      const other = await project(s, 'Other', ['X']);
      const otherScenario = await scenario(s, other.id, 'OS');
      for (const url of [
        `/v1/projects/${s.p}/scenarios/${otherScenario}/assignments/econ-models`,
        `/v1/projects/6523f1a2b4c5d6e7f8091a2b/scenarios/${s.s1}/assignments/econ-models`,
      ]) {
        expect((await send('GET', url, s.headers)).res.status).toBe(404);
      }
      for (const [q, field] of [
        ['take=1001', 'take'],
        ['sort=name', 'sort'],
      ]) {
        const r = await send('GET', `/v1/projects/${s.p}/scenarios/${s.s1}/assignments/econ-models?${q}`, s.headers);
        expect(r.res.status).toBe(400);
        expect(ErrorEnvelope.parse(r.body).details![0]!.field).toBe(field);
      }
    });
  });

  it('drops assignments with their model, well or scenario', async () => {
    const s = await setup();
    await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, allWells: true }]);
    await write('POST', s.url('capex', s.capexB), s.headers, [{ scenario: s.s2, allWells: true }]);
    await write('POST', s.url('date-settings', s.dates), s.headers, [{ scenario: s.s2, allWells: true }]);
    const count = async () => (await t.deps.db.select().from(scenarioAssignments)).length;
    expect(await count()).toBe(3 + 4 + 4);
    const gone = await send('DELETE', `/v1/projects/${s.p}/econ-models/capex/${s.capexB}`, s.headers);
    expect(gone.res.status).toBe(204);
    expect(await count()).toBe(3 + 4);
    await t.deps.db.delete(wellsTable).where(eq(wellsTable.id, s.a));
    expect(await count()).toBe(2 + 3);
    await t.deps.db.delete(scenarios).where(eq(scenarios.id, s.s1));
    expect(await count()).toBe(3);
    expect(await list(s, s.url('date-settings', s.dates))).toEqual([
      { scenario: s.s2, qualifierName: 'default', wells: [], allWells: true },
    ]);
  });

  it('assigns a scenario larger than one insert batch whole (allWells, then PUT)', async () => {
    const s = await setup();
    const now = t.clock.now();
    const ids = Array.from({ length: 5_100 }, () => newObjectId(t.clock));
    const companyId = s.company.id;
    await t.deps.db.insert(wellsTable).values(
      ids.map((id, i) => ({
        id,
        companyId,
        projectId: s.p,
        wellName: `Bulk ${i}`,
        chosenId: `bulk-${i}`,
        dataSource: 'internal',
        createdAt: now,
        updatedAt: now,
      })),
    );
    await t.deps.db.insert(scenarioWells).values(ids.map((wellId) => ({ scenarioId: s.s2, wellId })));
    const posted = await write('POST', s.url('capex', s.capexA), s.headers, { scenario: s.s2, allWells: true });
    expect(posted.results[0]!.wells).toHaveLength(5_104);
    const count = async () =>
      (await t.deps.db.select().from(scenarioAssignments).where(eq(scenarioAssignments.scenarioId, s.s2))).length;
    expect(await count()).toBe(5_104);
    await write('PUT', s.url('capex', s.capexB), s.headers, { scenario: s.s2, allWells: true });
    expect(await count()).toBe(5_104);
    expect(await list(s, s.url('capex', s.capexA))).toEqual([]);
    expect(await list(s, s.url('capex', s.capexB))).toEqual([
      { scenario: s.s2, qualifierName: 'default', wells: [], allWells: true },
    ]);
  });

  it('gives an econ run the model id per well and kind under the chosen qualifiers', async () => {
    const s = await setup();
    await write('POST', s.url('capex', s.capexA), s.headers, [{ scenario: s.s1, allWells: true }]);
    await write('POST', s.url('capex', s.capexB), s.headers, [{ scenario: s.s1, qualifierName: 'high', wells: [s.a] }]);
    await write('POST', s.url('date-settings', s.dates), s.headers, [{ scenario: s.s1, wells: [s.b] }]);
    await write('POST', s.url('capex', s.capexB), s.headers, [{ scenario: s.s2, wells: [s.a] }]);
    const base = await scenarioModelIds(t.deps.db, s.s1);
    expect(Object.fromEntries(base)).toEqual({
      [s.a]: { capex: s.capexA },
      [s.b]: { capex: s.capexA, 'date-settings': s.dates },
      [s.c]: { capex: s.capexA },
    });
    const high = await scenarioModelIds(t.deps.db, s.s1, { capex: 'high' });
    expect(Object.fromEntries(high)).toEqual({ [s.a]: { capex: s.capexB }, [s.b]: { 'date-settings': s.dates } });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    type Op = {
      description?: string;
      responses?: Record<string, unknown>;
      parameters?: { name: string; schema?: { enum?: string[] } }[];
    };
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, Op>>;
      components: { schemas: Record<string, unknown> };
    };
    const model = doc.paths['/v1/projects/{projectId}/econ-models/{kind}/{econModelId}/assignments']!;
    expect(Object.keys(model).sort()).toEqual(['delete', 'get', 'post', 'put']);
    expect(model.post!.description).toContain('allWells');
    for (const verb of ['post', 'put'] as const) expect(model[verb]!.responses!['207'], verb).toBeDefined();
    expect(model.delete!.responses!['204']).toBeDefined();
    const kindParam = model.get!.parameters!.find((x) => x.name === 'kind')!;
    expect(kindParam.schema!.enum!.sort()).toEqual([...ECON_MODEL_KINDS].sort());
    expect(model.delete!.parameters!.map((x) => x.name)).toEqual(
      expect.arrayContaining(['scenarioId', 'qualifierName', 'wells', 'allWells']),
    );
    const gridDoc = doc.paths['/v1/projects/{projectId}/scenarios/{scenarioId}/assignments/econ-models']!;
    expect(gridDoc.head).toBeDefined();
    for (const name of ['AssignmentInput', 'AssignmentMultiStatus', 'Assignment', 'ScenarioAssignmentRow']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(gridDoc.get!.description).toContain('qualifier');
  });
});
