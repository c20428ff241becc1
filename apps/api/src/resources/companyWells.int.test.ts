import { ErrorEnvelope, MultiStatus, Well } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, send, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* Company wells (`/v1/wells`) and the headers of every well (decision 047). */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const MISSING = '6523f1a2b4c5d6e7f8091a2b';
const well = (i: number, extra: Record<string, unknown> = {}) => ({
  wellName: `Well ${i}`,
  chosenID: `CW${String(i).padStart(4, '0')}`,
  dataSource: 'internal',
  ...extra,
});

const multi = (body: unknown) => MultiStatus.parse(body);
/** A well as read, with its custom headers typed. */
const readWell = (body: unknown): Well => Well.parse(body);
async function write(method: string, url: string, headers: Headers, body: unknown) {
  const { res, body: out } = await send(t, method, url, headers, body);
  expect(res.status, JSON.stringify(out)).toBe(207);
  return multi(out);
}
async function list(headers: Headers, url: string): Promise<Well[]> {
  const { res, body } = await send(t, 'GET', url, headers);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return Well.array().parse(body);
}
async function count(headers: Headers, url: string): Promise<number> {
  const res = await t.app.request(url, { method: 'HEAD', headers });
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-query-count'));
}
async function newProject(headers: Headers, name: string): Promise<string> {
  const { body } = await postRecords(t, '/v1/projects', headers, [{ name }]);
  return body.results[0]!.id!;
}

const FULL = {
  ...well(1),
  api10: '4247730985',
  api12: '424773098500',
  api14: '42477309850000',
  inptID: 'INPT.ZB9xQAEFu5',
  ariesId: 'D8GLPMRF8C',
  surfaceLatitude: 30.3288694,
  surfaceLongitude: -96.3641278,
  heelLatitude: 30.19,
  toeLongitude: -96.36,
  basin: 'GULF COAST',
  county: 'WASHINGTON (TX)',
  state: 'TX',
  spudDate: '2012-01-06',
  til: '2012-04-10',
  firstProdDate: '2012-04-07',
  perfLateralLength: 4268,
  firstPropWeight: 357323,
  totalStageCount: 31,
  gasC1: 2.135,
  prmsReservesCategory: 'Proved',
  customString34: 'last string',
  customNumber19: -5.5,
  customDate0: '2020-01-21',
  customBool4: true,
};

describe(`company wells (${BACKEND})`, () => {
  it('creates company wells with every kind of header and reads them back, without a project', async () => {
    const { headers } = await signedIn(t);
    const body = await write('POST', '/v1/wells', headers, [FULL, well(2)]);
    expect(body.results.map((r) => r.code)).toEqual([201, 201]);
    const id = body.results[0]!.id!;
    const got = readWell((await send(t, 'GET', `/v1/wells/${id}`, headers)).body);
    expect(got).toEqual({
      ...FULL,
      id,
      project: null,
      scope: 'company',
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
    });
    expect(await count(headers, '/v1/wells')).toBe(2);
    // A company well is no project's well.
    const p = await newProject(headers, 'P');
    expect(await count(headers, `/v1/projects/${p}/wells`)).toBe(0);
    expect((await send(t, 'GET', `/v1/projects/${p}/wells/${id}`, headers)).res.status).toBe(404);
  });

  it('refuses a typed header of the wrong type, a bad date, a range breach and an unknown field, naming the field', async () => {
    const { headers } = await signedIn(t);
    const cases: [Record<string, unknown>, { field: string; rule: string }][] = [
      [{ surfaceLatitude: 'north' }, { field: 'surfaceLatitude', rule: 'type number' }],
      [{ surfaceLatitude: 91 }, { field: 'surfaceLatitude', rule: 'max 90' }],
      [{ toeLongitude: -181 }, { field: 'toeLongitude', rule: 'min -180' }],
      [{ firstStageCount: 2.5 }, { field: 'firstStageCount', rule: 'type int' }],
      [{ spudDate: '2012-02-30' }, { field: 'spudDate', rule: 'calendar date' }],
      [{ customDate3: 'yesterday' }, { field: 'customDate3', rule: 'format regex' }],
      [{ customBool0: 'yes' }, { field: 'customBool0', rule: 'type boolean' }],
      [{ customNumber0: '12' }, { field: 'customNumber0', rule: 'type number' }],
      [{ customString0: 7 }, { field: 'customString0', rule: 'type string' }],
      [{ api10: '42-477' }, { field: 'api10', rule: 'format regex' }],
      [{ customString35: 'x' }, { field: 'customString35', rule: 'unknown field' }],
      [{ porosity: 101 }, { field: 'porosity', rule: 'max 100' }],
    ];
    const body = await write(
      'POST',
      '/v1/wells',
      headers,
      cases.map(([extra], i) => well(i, extra)),
    );
    cases.forEach(([extra, expected], i) => {
      const r = body.results[i]!;
      expect(r.code, JSON.stringify(r)).toBe(400);
      const e = r.errors!.find((x) => x.field === expected.field);
      expect(e, JSON.stringify(r.errors)).toMatchObject({ ...expected, location: `[${i}].${expected.field}` });
      expect(e!.value).toEqual(extra[expected.field]);
      expect(e!.message).toContain(expected.field);
    });
    expect(await count(headers, '/v1/wells')).toBe(0);
  });

  it('filters by any header (equality and ranges) and sorts by a custom and a date header, paging with HEAD counts', async () => {
    const { headers } = await signedIn(t);
    await write('POST', '/v1/wells', headers, [
      well(1, { customNumber3: 30, spudDate: '2020-05-01', customBool1: true, dataSource: 'di' }),
      well(2, { customNumber3: 10, spudDate: '2019-01-01', customBool1: false }),
      well(3, { customNumber3: 20, spudDate: '2021-07-15', customBool1: true }),
      well(4, { spudDate: '2018-03-03' }),
    ]);
    const names = (ws: Well[]) => ws.map((w) => w.wellName);
    expect(names(await list(headers, '/v1/wells?sort=customNumber3'))).toEqual([
      'Well 2',
      'Well 3',
      'Well 1',
      'Well 4',
    ]);
    expect(names(await list(headers, '/v1/wells?sort=-spudDate'))).toEqual(['Well 3', 'Well 1', 'Well 2', 'Well 4']);
    expect(names(await list(headers, '/v1/wells?spudDate[ge]=2019-06-01&sort=spudDate'))).toEqual(['Well 1', 'Well 3']);
    expect(names(await list(headers, '/v1/wells?customNumber3[lt]=25&sort=customNumber3'))).toEqual([
      'Well 2',
      'Well 3',
    ]);
    expect(names(await list(headers, '/v1/wells?customBool1=true&sort=wellName'))).toEqual(['Well 1', 'Well 3']);
    expect(names(await list(headers, '/v1/wells?chosenID=CW0002'))).toEqual(['Well 2']);
    expect(names(await list(headers, '/v1/wells?dataSource=di'))).toEqual(['Well 1']);
    expect(names(await list(headers, '/v1/wells?spudDate=2018-03-03'))).toEqual(['Well 4']);
    expect(await count(headers, '/v1/wells?customBool1=true')).toBe(2);
    const page = await t.app.request('/v1/wells?sort=customNumber3&take=2&skip=2', { headers });
    expect(names(Well.array().parse(await page.json()))).toEqual(['Well 1', 'Well 4']);

    const bad = await send(t, 'GET', '/v1/wells?spudDate[ge]=2019-13-01', headers);
    expect(bad.res.status).toBe(400);
    expect(ErrorEnvelope.parse(bad.body).details?.[0]).toMatchObject({ field: 'query.spudDate[ge]' });
    const badNumber = await send(t, 'GET', '/v1/wells?customNumber3=ten', headers);
    expect(ErrorEnvelope.parse(badNumber.body).details?.[0]).toMatchObject({
      field: 'query.customNumber3',
      value: 'ten',
    });
    const badSort = await send(t, 'GET', '/v1/wells?sort=-customNumber20', headers);
    expect(ErrorEnvelope.parse(badSort.body).details?.[0]).toMatchObject({ field: 'sort', rule: 'enum' });
  });

  it('PUT replaces every header of the well named by its key (or creates it); PATCH changes only the fields sent', async () => {
    const { headers } = await signedIn(t);
    const created = await write('POST', '/v1/wells', headers, [FULL]);
    const id = created.results[0]!.id!;

    const put = await write('PUT', '/v1/wells', headers, [
      { ...well(1), county: 'Reeves', customNumber0: 1 },
      well(9, { basin: 'Permian' }),
    ]);
    expect(put.results.map((r) => [r.code, r.status])).toEqual([
      [200, 'OK'],
      [201, 'Created'],
    ]);
    expect(put.results[0]!.id).toBe(id);
    const replaced = readWell((await send(t, 'GET', `/v1/wells/${id}`, headers)).body);
    expect(replaced).toMatchObject({ county: 'Reeves', customNumber0: 1, chosenID: FULL.chosenID });
    // What PUT did not send is gone.
    expect(replaced.api14).toBeUndefined();
    expect(replaced.customBool4).toBeUndefined();
    expect(replaced.surfaceLatitude).toBeUndefined();

    const patch = await write('PATCH', '/v1/wells', headers, [
      { id, basin: 'Delaware', customNumber0: null },
      { chosenID: well(9).chosenID, dataSource: 'internal', wellName: 'Renamed' },
      { id: MISSING, basin: 'x' },
      { basin: 'nobody' },
    ]);
    expect(patch.results.map((r) => r.code)).toEqual([200, 200, 404, 400]);
    expect(patch.results[3]!.errors![0]).toMatchObject({ field: 'id', rule: 'id or chosenID + dataSource' });
    const patched = readWell((await send(t, 'GET', `/v1/wells/${id}`, headers)).body);
    expect(patched).toMatchObject({ county: 'Reeves', basin: 'Delaware', wellName: 'Well 1' });
    expect(patched.customNumber0).toBeUndefined();
    expect(patched.updatedAt).toBe('2026-11-22T12:00:00.000Z');

    // One well by id: PUT replaces, PATCH changes; a new key must be free.
    const one = await send(t, 'PATCH', `/v1/wells/${id}`, headers, { customString0: 'a', chosenID: 'NEW-KEY' });
    expect(one.res.status).toBe(200);
    expect(readWell(one.body)).toMatchObject({ customString0: 'a', chosenID: 'NEW-KEY', basin: 'Delaware' });
    const taken = await send(t, 'PATCH', `/v1/wells/${id}`, headers, { chosenID: well(9).chosenID });
    expect(taken.res.status).toBe(409);
    expect(ErrorEnvelope.parse(taken.body).details?.[0]).toMatchObject({ field: 'chosenID', rule: 'unique' });
    const replacedOne = await send(t, 'PUT', `/v1/wells/${id}`, headers, well(5, { basin: 'Only' }));
    expect(replacedOne.res.status).toBe(200);
    const after = readWell(replacedOne.body);
    expect(after).toMatchObject({ basin: 'Only', chosenID: well(5).chosenID });
    expect(after.customString0).toBeUndefined();
    const badPut = await send(t, 'PUT', `/v1/wells/${id}`, headers, { wellName: 'No key' });
    expect(badPut.res.status).toBe(400);
    expect(ErrorEnvelope.parse(badPut.body).details?.map((d) => d.field)).toEqual(['chosenID', 'dataSource']);
    const badPatch = await send(t, 'PATCH', `/v1/wells/${id}`, headers, { lateralLength: 'long' });
    expect(ErrorEnvelope.parse(badPatch.body).details?.[0]).toMatchObject({
      field: 'lateralLength',
      rule: 'type number',
    });
    expect((await send(t, 'PATCH', `/v1/wells/${MISSING}`, headers, { basin: 'x' })).res.status).toBe(404);
  });

  it('keeps chosenID + dataSource unique across company and project wells (409 naming the holder)', async () => {
    const { headers } = await signedIn(t);
    const p = await newProject(headers, 'P');
    const projectWell = await postRecords(t, `/v1/projects/${p}/wells`, headers, [well(1)]);
    const projectWellId = projectWell.body.results[0]!.id!;
    const company = await write('POST', '/v1/wells', headers, [well(1), well(2)]);
    expect(company.results.map((r) => r.code)).toEqual([409, 201]);
    // PUT under the company does not take over the project's well.
    const put = await write('PUT', '/v1/wells', headers, [well(1, { basin: 'x' })]);
    expect(put.results[0]!.code).toBe(409);
    expect(put.results[0]!.errors![0]!.message).toContain(projectWellId);
    // Nor PUT under the project the company's.
    const putProject = await write('PUT', `/v1/projects/${p}/wells`, headers, [well(2)]);
    expect(putProject.results[0]).toMatchObject({ code: 409 });
    expect(putProject.results[0]!.errors![0]).toMatchObject({ field: 'chosenID', rule: 'unique', value: 'CW0002' });
    const twice = await write('PUT', '/v1/wells', headers, [well(7), well(7)]);
    expect(twice.results.map((r) => r.code)).toEqual([201, 409]);
  });

  it('deletes company wells by filters (204 + X-Delete-Count) and by id; needs a filter; 404 for an unknown id', async () => {
    const { headers } = await signedIn(t);
    const ids = (
      await write('POST', '/v1/wells', headers, [well(1), well(2), well(3, { dataSource: 'di' })])
    ).results.map((r) => r.id!);
    const none = await t.app.request('/v1/wells', { method: 'DELETE', headers });
    expect(none.status).toBe(400);
    expect(ErrorEnvelope.parse(await none.json()).details?.[0]).toMatchObject({ rule: 'filter required' });
    const byKey = await t.app.request('/v1/wells?chosenID=CW0001&dataSource=internal', { method: 'DELETE', headers });
    expect(byKey.status).toBe(204);
    expect(byKey.headers.get('x-delete-count')).toBe('1');
    const bySource = await t.app.request('/v1/wells?dataSource=di', { method: 'DELETE', headers });
    expect(bySource.headers.get('x-delete-count')).toBe('1');
    const byId = await t.app.request(`/v1/wells/${ids[1]}`, { method: 'DELETE', headers });
    expect(byId.status).toBe(204);
    expect(byId.headers.get('x-delete-count')).toBe('1');
    expect((await t.app.request(`/v1/wells/${ids[1]}`, { method: 'DELETE', headers })).status).toBe(404);
    expect(await count(headers, '/v1/wells')).toBe(0);
  });

  it('answers 401 without credentials and 404 for another company', async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const id = (await write('POST', '/v1/wells', a.headers, [well(1)])).results[0]!.id!;
    for (const [method, url] of [
      ['GET', '/v1/wells'],
      ['POST', '/v1/wells'],
      ['GET', `/v1/wells/${id}`],
      ['DELETE', `/v1/wells/${id}`],
    ] as const) {
      const res = await t.app.request(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '[]' : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    expect((await send(t, 'GET', `/v1/wells/${id}`, b.headers)).res.status).toBe(404);
    expect((await send(t, 'PATCH', `/v1/wells/${id}`, b.headers, { basin: 'x' })).res.status).toBe(404);
    expect((await send(t, 'PUT', `/v1/wells/${id}`, b.headers, well(1))).res.status).toBe(404);
    expect((await t.app.request(`/v1/wells/${id}`, { method: 'DELETE', headers: b.headers })).status).toBe(404);
    expect(await count(b.headers, '/v1/wells')).toBe(0);
    const patch = await write('PATCH', '/v1/wells', b.headers, [{ id, basin: 'x' }]);
    expect(patch.results[0]!.code).toBe(404);
    // B may hold the same key.
    expect((await write('POST', '/v1/wells', b.headers, [well(1)])).results[0]!.code).toBe(201);
    const del = await t.app.request(`/v1/wells?id=${id}`, { method: 'DELETE', headers: b.headers });
    expect(del.headers.get('x-delete-count')).toBe('0');
    expect(await count(a.headers, '/v1/wells')).toBe(1);
  });

  it('takes 1000 wells per write and refuses 1001 for the whole request', async () => {
    const { headers } = await signedIn(t);
    const many = Array.from({ length: 1000 }, (_, i) => well(i));
    expect((await write('PUT', '/v1/wells', headers, many)).successCount).toBe(1000);
    const tooMany = await send(
      t,
      'PATCH',
      '/v1/wells',
      headers,
      Array.from({ length: 1001 }, (_, i) => well(i)),
    );
    expect(tooMany.res.status).toBe(400);
    expect(ErrorEnvelope.parse(tooMany.body).details?.[0]).toMatchObject({ rule: 'max 1000', value: 1001 });
    expect(await count(headers, '/v1/wells')).toBe(1000);
  });
});
