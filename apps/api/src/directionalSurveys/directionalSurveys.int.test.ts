import { DirectionalSurvey, ErrorEnvelope, SURVEY_ARRAYS, SURVEY_POINTS_MAX, SURVEY_WRITE_MAX } from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wells } from '../db/schema';
import { postRecords, send, signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const BASE = '/v1/directional-surveys';
const OTHER_ID = '6523f1a2b4c5d6e7f8091a2b';

/** A horizontal well's survey in brief: vertical, a build and a lateral to the north. */
const points = () => ({
  measuredDepth: [0, 7000, 7500, 8000, 12000],
  trueVerticalDepth: [0, 7000, 7480, 7640, 7650],
  azimuth: [0, 0, 0, 0, 0],
  inclination: [0, 0, 45, 90, 90],
  deviationEW: [0, 0, 0, 0, 0],
  deviationNS: [0, 0, 140, 480, 4480],
  latitude: [31.9, 31.9, 31.9004, 31.9013, 31.9123],
  longitude: [-102.1, -102.1, -102.1, -102.1, -102.1],
});
const survey = (chosenID: string, patch: Record<string, unknown> = {}) => ({
  chosenID,
  dataSource: 'di',
  spatialDataType: 'WGS84',
  ...points(),
  ...patch,
});

/** A company with a project holding wells W1..Wn (chosenIDs), and its headers. */
async function companyWithWells(name: string, n: number) {
  const { headers } = await signedIn(t, name);
  const p = await postRecords(t, '/v1/projects', headers, [{ name: 'Surveyed' }]);
  const projectId = p.body.results[0]!.id!;
  const w = await postRecords(
    t,
    `/v1/projects/${projectId}/wells`,
    headers,
    Array.from({ length: n }, (_, i) => ({ wellName: `Well ${i + 1}`, chosenID: `W${i + 1}`, dataSource: 'di' })),
  );
  expect(w.body.successCount).toBe(n);
  return { headers, projectId, wellIds: w.body.results.map((r) => r.id!) };
}

async function count(headers: Headers, query = ''): Promise<number> {
  const res = await t.app.request(`${BASE}${query}`, { method: 'HEAD', headers });
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-query-count'));
}

async function createOne(headers: Headers, record: unknown): Promise<string> {
  const { res, body } = await postRecords(t, BASE, headers, record);
  expect(res.status).toBe(207);
  expect(body.results[0], JSON.stringify(body.results[0])).toMatchObject({ status: 'Created', code: 201 });
  return body.results[0]!.id!;
}

async function read(headers: Headers, id: string) {
  const res = await t.app.request(`${BASE}/${id}`, { headers });
  expect(res.status).toBe(200);
  return DirectionalSurvey.parse(await res.json());
}

describe(`directional surveys (${BACKEND})`, () => {
  it('creates a survey from one object, reads it back, lists and counts it with each filter', async () => {
    const { headers, projectId, wellIds } = await companyWithWells('A', 2);
    const { res, body } = await postRecords(t, BASE, headers, survey('W1', { projectID: projectId }));
    expect(res.status).toBe(207);
    expect(body).toMatchObject({ successCount: 1, failedCount: 0, generalErrors: [] });
    const id = body.results[0]!.id!;
    expect(body.results[0]).toEqual({
      status: 'Created',
      code: 201,
      id,
      well: wellIds[0],
      chosenID: 'W1',
      dataSource: 'di',
    });

    const stored = await read(headers, id);
    expect(stored).toMatchObject({ id, well: wellIds[0], project: projectId, chosenID: 'W1', dataSource: 'di' });
    expect(stored.spatialDataType).toBe('WGS84');
    for (const f of SURVEY_ARRAYS) expect(stored[f]).toEqual(points()[f]);
    expect(stored.createdAt).toBe('2026-11-22T12:00:00.000Z');

    await createOne(headers, [survey('W2', { spatialDataType: 'NAD27' })]);
    expect(await count(headers)).toBe(2);
    expect(await count(headers, `?well=${wellIds[0]}`)).toBe(1);
    expect(await count(headers, `?well=${wellIds[0]}&well=${wellIds[1]}`)).toBe(2);
    expect(await count(headers, '?chosenID=W2')).toBe(1);
    expect(await count(headers, '?dataSource=di')).toBe(2);
    expect(await count(headers, '?dataSource=ihs')).toBe(0);
    expect(await count(headers, `?project=${projectId}`)).toBe(2);
    expect(await count(headers, `?projectID=${OTHER_ID}`)).toBe(0);
    const list = await t.app.request(`${BASE}?chosenID=W2`, { headers });
    const [second] = DirectionalSurvey.array().parse(await list.json());
    expect(second).toMatchObject({ chosenID: 'W2', spatialDataType: 'NAD27', well: wellIds[1] });
  });

  it('pages with Link and refuses take above 200 and bad filters naming them', async () => {
    const { headers } = await companyWithWells('A', 3);
    await createOne(
      headers,
      ['W1', 'W2', 'W3'].map((c) => survey(c)),
    );
    const page = await t.app.request(`${BASE}?take=2&sort=-id`, { headers });
    expect(page.status).toBe(200);
    const items = DirectionalSurvey.array().parse(await page.json());
    expect(items.map((s) => s.chosenID)).toEqual(['W3', 'W2']);
    expect(page.headers.get('link')).toBe(
      `<${BASE_URL}${BASE}?skip=2&take=2&sort=-id>;rel="next",<${BASE_URL}${BASE}?skip=0&take=2&sort=-id>;rel="first"`,
    );
    const rest = await t.app.request(`${BASE}?take=2&sort=-id&skip=2`, { headers });
    expect(
      DirectionalSurvey.array()
        .parse(await rest.json())
        .map((s) => s.chosenID),
    ).toEqual(['W1']);

    for (const [query, field] of [
      ['take=201', 'take'],
      ['well=abc', 'query.well[0]'],
      ['dataSource=nowhere', 'query.dataSource'],
      ['project=p', 'query.project'],
    ]) {
      const res = await t.app.request(`${BASE}?${query}`, { headers });
      expect(res.status, query).toBe(400);
      const err = ErrorEnvelope.parse(await res.json());
      expect(err.details?.[0]?.field, query).toBe(field);
    }
  });

  it('answers 207 with one result per record: the rules broken, named by array and index, and the valid ones stored', async () => {
    const { headers, projectId } = await companyWithWells('A', 6);
    const other = await postRecords(t, '/v1/projects', headers, [{ name: 'Elsewhere' }]);
    const elsewhere = other.body.results[0]!.id!;
    await createOne(headers, survey('W6'));
    const records = [
      survey('W1'),
      survey('W2', { azimuth: [0, 0, 0, 0] }),
      survey('W3', { measuredDepth: [0, 7000, 7000, 8000, 12000] }),
      survey('W3', { inclination: [0, 0, 45, 90, 180.5] }),
      survey('NOPE'),
      survey('W4', { projectID: elsewhere }),
      survey('W4', { projectID: OTHER_ID }),
      survey('W5', { projectID: projectId }),
      survey('W5'),
      survey('W6'),
      survey('W4', { spatialDataType: 'UTM' }),
    ];
    const { res, body } = await postRecords(t, BASE, headers, records);
    expect(res.status).toBe(207);
    expect(body.results.map((r) => r.code)).toEqual([201, 400, 400, 400, 404, 404, 404, 201, 409, 409, 400]);
    expect(body).toMatchObject({ successCount: 2, failedCount: 9 });
    const error = (i: number) => body.results[i]!.errors![0]!;
    expect(error(1)).toMatchObject({ field: 'azimuth', rule: 'same length as measuredDepth', location: '[1].azimuth' });
    expect(error(1).message).toContain('azimuth holds 4 values and measuredDepth 5');
    expect(error(2)).toMatchObject({
      field: 'measuredDepth[2]',
      rule: 'strictly increasing',
      value: 7000,
      location: '[2].measuredDepth[2]',
      recordIndex: 2,
    });
    expect(error(2).message).toContain('measuredDepth[2] (7000) must be greater than measuredDepth[1] (7000)');
    expect(error(3)).toMatchObject({ field: 'inclination[4]', rule: 'max 180', value: 180.5 });
    expect(error(4)).toMatchObject({ name: 'NotFound', field: 'chosenID', rule: 'existing well', value: 'NOPE' });
    expect(error(5)).toMatchObject({
      name: 'NotFound',
      field: 'projectID',
      rule: "the well's project",
      value: elsewhere,
    });
    expect(error(6)).toMatchObject({ name: 'NotFound', field: 'projectID', rule: 'existing project', value: OTHER_ID });
    expect(error(8)).toMatchObject({ name: 'Conflict', field: 'chosenID', rule: 'one survey per well', value: 'W5' });
    expect(error(8).message).toContain('twice in this request');
    expect(error(9)).toMatchObject({ name: 'Conflict', field: 'chosenID', value: 'W6' });
    expect(error(9).message).toContain('already has a directional survey');
    expect(error(10)).toMatchObject({ field: 'spatialDataType', rule: 'enum', value: 'UTM' });
    expect(await count(headers)).toBe(3);
    expect(await count(headers, '?chosenID=W2&chosenID=W3&chosenID=W4')).toBe(0);
  });

  it(`takes ${SURVEY_POINTS_MAX} points and refuses one more; refuses a survey with no point`, async () => {
    const { headers } = await companyWithWells('A', 3);
    const sized = (n: number) => ({
      ...Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, new Array(n).fill(0)])),
      measuredDepth: Array.from({ length: n }, (_, i) => i),
    });
    const { body } = await postRecords(t, BASE, headers, [
      survey('W1', sized(SURVEY_POINTS_MAX)),
      survey('W2', sized(SURVEY_POINTS_MAX + 1)),
      survey('W3', sized(0)),
    ]);
    expect(body.results.map((r) => r.code)).toEqual([201, 400, 400]);
    expect(body.results[1]!.errors).toContainEqual(
      expect.objectContaining({ field: 'measuredDepth', rule: `max ${SURVEY_POINTS_MAX}` }),
    );
    expect(body.results[2]!.errors).toEqual([expect.objectContaining({ field: 'measuredDepth', rule: 'min 1' })]);
    const big = await read(headers, body.results[0]!.id!);
    expect(big.measuredDepth).toHaveLength(SURVEY_POINTS_MAX);
  });

  it(`refuses more than ${SURVEY_WRITE_MAX} records, an empty array and a body that is no object, for the whole request`, async () => {
    const { headers } = await companyWithWells('A', 1);
    for (const [body, rule] of [
      [
        Array.from({ length: SURVEY_WRITE_MAX + 1 }, () => survey('W1', { measuredDepth: [0], ...oneOfEach() })),
        `max ${SURVEY_WRITE_MAX}`,
      ],
      [[], 'min 1'],
      ['survey', 'type array'],
    ] as const) {
      const r = await send(t, 'POST', BASE, headers, body);
      expect(r.res.status).toBe(400);
      expect(ErrorEnvelope.parse(r.body).details?.[0]).toMatchObject({ field: '', rule });
    }
    expect(await count(headers)).toBe(0);
  });

  it('keeps companies apart: 404 for another company’s survey or well, nothing of theirs listed or deleted', async () => {
    const a = await companyWithWells('A', 1);
    const b = await companyWithWells('B', 1);
    const id = await createOne(a.headers, survey('W1'));
    expect(await count(b.headers)).toBe(0);
    expect((await send(t, 'GET', `${BASE}/${id}`, b.headers)).res.status).toBe(404);
    const put = await send(t, 'PUT', `${BASE}/${id}`, b.headers, {
      spatialDataType: 'WGS84',
      dataSource: 'di',
      remove: [0],
    });
    expect(put.res.status).toBe(404);
    expect(ErrorEnvelope.parse(put.body).details?.[0]).toMatchObject({ field: 'path.id', value: id });
    const del = await send(t, 'DELETE', `${BASE}/${id}`, b.headers);
    expect(del.res.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('0');
    expect((await read(a.headers, id)).measuredDepth).toEqual(points().measuredDepth);
    // B's POST names A's project: 404, and A's survey stays alone.
    const { body } = await postRecords(t, BASE, b.headers, survey('W1', { projectID: a.projectId }));
    expect(body.results[0]).toMatchObject({ code: 404 });
    expect(body.results[0]!.errors![0]).toMatchObject({ field: 'projectID', rule: 'existing project' });
    expect(await count(a.headers)).toBe(1);
  });

  it('answers 401 on every route without credentials', async () => {
    const { headers } = await companyWithWells('A', 1);
    const id = await createOne(headers, survey('W1'));
    const anonymous = { 'content-type': 'application/json' };
    for (const [method, url, body] of [
      ['GET', BASE],
      ['HEAD', BASE],
      ['POST', BASE, survey('W1')],
      ['GET', `${BASE}/${id}`],
      ['PUT', `${BASE}/${id}`, { spatialDataType: 'WGS84', dataSource: 'di', remove: [0] }],
      ['DELETE', `${BASE}/${id}`],
    ] as const) {
      const r = await send(t, method, url, anonymous, body);
      expect(r.res.status, `${method} ${url}`).toBe(401);
    }
    expect(await count(headers)).toBe(1);
  });

  it('GET and DELETE of an unknown id: 404, and 204 with X-Delete-Count 0; a bad id is a 400 naming it', async () => {
    const { headers } = await companyWithWells('A', 1);
    const get = await send(t, 'GET', `${BASE}/${OTHER_ID}`, headers);
    expect(get.res.status).toBe(404);
    expect(ErrorEnvelope.parse(get.body).details?.[0]).toMatchObject({ field: 'path.id', rule: 'existing survey' });
    const del = await send(t, 'DELETE', `${BASE}/${OTHER_ID}`, headers);
    expect(del.res.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('0');
    const bad = await send(t, 'GET', `${BASE}/nope`, headers);
    expect(bad.res.status).toBe(400);
    expect(ErrorEnvelope.parse(bad.body).details?.[0]?.field).toBe('path.id');
  });

  it('PUT removes, updates and adds in one change and answers the survey, sorted by measured depth', async () => {
    const { headers } = await companyWithWells('A', 1);
    const id = await createOne(headers, survey('W1'));
    t.clock.advance(60_000);
    const r = await send(t, 'PUT', `${BASE}/${id}`, headers, {
      spatialDataType: 'WGS84',
      dataSource: 'di',
      remove: [7500],
      update: { measuredDepth: [8000, 12000], inclination: [89.5, 90.5], trueVerticalDepth: [7641, 7649] },
      add: { ...oneOfEach(), measuredDepth: [10000], inclination: [90.2], trueVerticalDepth: [7645] },
    });
    expect(r.res.status, JSON.stringify(r.body)).toBe(200);
    const changed = DirectionalSurvey.parse(r.body);
    expect(changed.measuredDepth).toEqual([0, 7000, 8000, 10000, 12000]);
    expect(changed.inclination).toEqual([0, 0, 89.5, 90.2, 90.5]);
    expect(changed.trueVerticalDepth).toEqual([0, 7000, 7641, 7645, 7649]);
    expect(changed.deviationNS).toEqual([0, 0, 480, 1, 4480]);
    expect(changed.updatedAt).toBe('2026-11-22T12:01:00.000Z');
    expect(await read(headers, id)).toEqual(changed);
  });

  it('PUT whose change or result breaks a rule is a 400 naming it, and changes nothing', async () => {
    const { headers } = await companyWithWells('A', 1);
    const id = await createOne(headers, survey('W1'));
    const before = await read(headers, id);
    const head = { spatialDataType: 'WGS84', dataSource: 'di' };
    const cases: [string, Record<string, unknown>, { field: string; rule: string; value?: unknown }][] = [
      [
        'an update of an unknown depth (after a valid remove)',
        { ...head, remove: [7500], update: { measuredDepth: [8000, 8001], azimuth: [1, 2] } },
        { field: 'update.measuredDepth[1]', rule: 'existing point', value: 8001 },
      ],
      [
        'a remove of an unknown depth',
        { ...head, remove: [0, 5] },
        { field: 'remove[1]', rule: 'existing point', value: 5 },
      ],
      [
        'an add at a depth the survey has (after a valid update)',
        { ...head, update: { measuredDepth: [8000], azimuth: [3] }, add: { ...oneOfEach(), measuredDepth: [12000] } },
        { field: 'add.measuredDepth[0]', rule: 'new measured depth', value: 12000 },
      ],
      ['removing every point', { ...head, remove: points().measuredDepth }, { field: 'remove', rule: 'min 1 point' }],
      [
        'an update array of another length',
        { ...head, update: { measuredDepth: [8000, 12000], azimuth: [1] } },
        { field: 'update.azimuth', rule: 'same length as measuredDepth' },
      ],
      [
        'an add value out of range',
        { ...head, add: { ...oneOfEach(), measuredDepth: [9000], latitude: [95] } },
        { field: 'add.latitude[0]', rule: 'max 90', value: 95 },
      ],
      [
        'another datum',
        { ...head, spatialDataType: 'NAD83', remove: [7500] },
        { field: 'spatialDataType', rule: "the survey's datum", value: 'NAD83' },
      ],
      [
        'another data source',
        { ...head, dataSource: 'ihs', remove: [7500] },
        { field: 'dataSource', rule: "the well's data source", value: 'ihs' },
      ],
      ['nothing to change', { ...head }, { field: '', rule: 'one of update, add, remove' }],
      [
        'an array body',
        [{ ...head, remove: [7500] }] as unknown as Record<string, unknown>,
        { field: '', rule: 'type object' },
      ],
    ];
    for (const [what, body, expected] of cases) {
      const r = await send(t, 'PUT', `${BASE}/${id}`, headers, body);
      expect(r.res.status, what).toBe(400);
      const err = ErrorEnvelope.parse(r.body);
      expect(err.details, what).toContainEqual(expect.objectContaining(expected));
    }
    const sized = {
      ...Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, new Array(SURVEY_POINTS_MAX - 4).fill(1)])),
      measuredDepth: Array.from({ length: SURVEY_POINTS_MAX - 4 }, (_, i) => 20_000 + i),
    };
    const tooMany = await send(t, 'PUT', `${BASE}/${id}`, headers, { ...head, add: sized });
    expect(tooMany.res.status).toBe(400);
    expect(ErrorEnvelope.parse(tooMany.body).details?.[0]).toMatchObject({ rule: `max ${SURVEY_POINTS_MAX} points` });
    expect(await read(headers, id)).toEqual(before);
    const unknown = await send(t, 'PUT', `${BASE}/${OTHER_ID}`, headers, { ...head, remove: [0] });
    expect(unknown.res.status).toBe(404);
  });

  it('DELETE answers 204 with X-Delete-Count 1; the well can then take a new survey', async () => {
    const { headers } = await companyWithWells('A', 1);
    const id = await createOne(headers, survey('W1'));
    const del = await send(t, 'DELETE', `${BASE}/${id}`, headers);
    expect(del.res.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('1');
    expect((await send(t, 'GET', `${BASE}/${id}`, headers)).res.status).toBe(404);
    expect(await count(headers)).toBe(0);
    await createOne(headers, survey('W1', { spatialDataType: 'NAD83' }));
  });

  it('are in the OpenAPI document: both paths with their methods, and the contract schemas', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths[BASE] ?? {}).sort()).toEqual(['get', 'head', 'post']);
    expect(Object.keys(doc.paths[`${BASE}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    for (const id of ['DirectionalSurvey', 'DirectionalSurveyInput', 'DirectionalSurveyUpdate'])
      expect(doc.components.schemas[id], id).toBeDefined();
  });

  it("deleting a well deletes its survey and leaves the other wells' surveys", async () => {
    const { headers, wellIds } = await companyWithWells('A', 2);
    await createOne(headers, [survey('W1'), survey('W2')]);
    await t.deps.db.delete(wells).where(eq(wells.id, wellIds[0]!));
    expect(await count(headers)).toBe(1);
    expect(await count(headers, '?chosenID=W2')).toBe(1);
  });
});

/** The arrays of one point, each value 1 (measuredDepth given apart). */
function oneOfEach(): Record<string, number[]> {
  return Object.fromEntries(SURVEY_ARRAYS.slice(1).map((f) => [f, [1]]));
}
