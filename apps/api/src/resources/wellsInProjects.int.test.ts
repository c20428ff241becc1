import { CustomColumn, ErrorEnvelope, MultiStatus, Well, WellComment } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, send, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/*
 * Wells in projects (decision 047): project wells' PUT, PATCH and DELETE, company wells attached to
 * projects (and counted as the project's wells by forecasts, scenarios and productions), deletes
 * with their dependent rows, identifier changes, comments and custom column labels.
 */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const MISSING = '6523f1a2b4c5d6e7f8091a2b';
const well = (key: string, extra: Record<string, unknown> = {}) => ({
  wellName: `Well ${key}`,
  chosenID: key,
  dataSource: 'internal',
  ...extra,
});

async function write(method: string, url: string, headers: Headers, body: unknown) {
  const { res, body: out } = await send(t, method, url, headers, body);
  expect(res.status, JSON.stringify(out)).toBe(207);
  return MultiStatus.parse(out);
}
async function get<T>(headers: Headers, url: string, status = 200): Promise<T> {
  const { res, body } = await send(t, 'GET', url, headers);
  expect(res.status, `${url}: ${JSON.stringify(body)}`).toBe(status);
  return body as T;
}
async function del(headers: Headers, url: string) {
  const res = await t.app.request(url, { method: 'DELETE', headers });
  return { status: res.status, count: res.headers.get('x-delete-count') };
}

/** A company with a project P (two project wells), another project Q and two company wells. */
async function setup() {
  const { headers } = await signedIn(t);
  const [p, q] = (await postRecords(t, '/v1/projects', headers, [{ name: 'P' }, { name: 'Q' }])).body.results.map(
    (r) => r.id!,
  );
  const projectWells = (await write('POST', `/v1/projects/${p}/wells`, headers, [well('P1'), well('P2')])).results.map(
    (r) => r.id!,
  );
  const companyWells = (
    await write('POST', '/v1/wells', headers, [well('C1', { api14: '42000000000001' }), well('C2')])
  ).results.map((r) => r.id!);
  return { headers, p: p!, q: q!, projectWells, companyWells };
}

const FLAT = [{ segmentType: 'flat', startDate: '2025-01-01', endDate: '2030-12-31', qStart: 90 }];
const segmentsUrl = (p: string, f: string, w: string) => `/v1/projects/${p}/forecasts/${f}/parameters/${w}/oil/best`;

describe(`project wells (${BACKEND})`, () => {
  it('PUT, PATCH and DELETE project wells, limited to the project', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.p}/wells`;
    const put = await write('PUT', base, s.headers, [well('P1', { basin: 'Permian' }), well('P3')]);
    expect(put.results.map((r) => r.code)).toEqual([200, 201]);
    expect(put.results[0]).toMatchObject({ id: s.projectWells[0], basin: 'Permian', project: s.p, scope: 'project' });
    const patch = await write('PATCH', base, s.headers, [
      { id: s.projectWells[1], customNumber0: 5 },
      { id: s.companyWells[0], customNumber0: 5 },
    ]);
    expect(patch.results.map((r) => r.code)).toEqual([200, 404]);
    const one = await send(t, 'PATCH', `${base}/${s.projectWells[1]}`, s.headers, { customNumber1: 6 });
    expect(Well.parse(one.body)).toMatchObject({ customNumber0: 5, customNumber1: 6 });
    expect((await send(t, 'PUT', `${base}/${s.companyWells[0]}`, s.headers, well('X'))).res.status).toBe(404);
    expect(
      (await send(t, 'PUT', `/v1/projects/${s.q}/wells/${s.projectWells[0]}`, s.headers, well('P1'))).res.status,
    ).toBe(404);
    // A company well's key is not the project's to take.
    expect((await write('POST', base, s.headers, [well('C2')])).results[0]!.code).toBe(409);
    expect(await del(s.headers, `${base}?chosenID=C1`)).toEqual({ status: 204, count: '0' });
    expect(await del(s.headers, `${base}?chosenID=P1&chosenID=P3`)).toEqual({ status: 204, count: '2' });
    expect(await del(s.headers, `${base}/${s.companyWells[1]}`)).toMatchObject({ status: 404 });
    expect(await del(s.headers, `${base}/${s.projectWells[1]}`)).toEqual({ status: 204, count: '1' });
    expect(await get<Well[]>(s.headers, base)).toEqual([]);
    expect(await get<Well[]>(s.headers, '/v1/wells')).toHaveLength(2);
  });
});

describe(`company wells in projects (${BACKEND})`, () => {
  it('attaches company wells (by id or key), lists them, and counts them as project wells in forecasts, scenarios and productions', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.p}/company-wells`;
    const attach = await write('POST', base, s.headers, [
      s.companyWells[0],
      { chosenID: 'C2', dataSource: 'internal' },
      { id: s.companyWells[0] },
      s.projectWells[0],
      MISSING,
    ]);
    expect(attach.results.map((r) => r.code)).toEqual([201, 201, 409, 404, 404]);
    expect(attach.results[1]).toMatchObject({ id: s.companyWells[1], chosenID: 'C2', dataSource: 'internal' });
    expect(attach.results[3]!.errors![0]!.message).toContain(`project ${s.p}`);
    expect((await write('POST', base, s.headers, [s.companyWells[0]])).results[0]!.code).toBe(409);

    const attached = Well.array().parse(await get(s.headers, `${base}?sort=chosenID`));
    expect(attached.map((w) => w.chosenID)).toEqual(['C1', 'C2']);
    expect(Well.parse(await get(s.headers, `${base}/${s.companyWells[0]}`))).toMatchObject({
      scope: 'company',
      project: null,
    });
    await get(s.headers, `${base}/${s.projectWells[0]}`, 404);
    await get(s.headers, `/v1/projects/${s.q}/company-wells/${s.companyWells[0]}`, 404);
    expect(Well.array().parse(await get(s.headers, `${base}?api14=42000000000001`))).toHaveLength(1);

    // The project's wells are its own and the attached ones: a forecast and a scenario take all four.
    const forecast = await postRecords(t, `/v1/projects/${s.p}/forecasts`, s.headers, [{ name: 'All' }]);
    const f = forecast.body.results[0]!;
    expect((f as { wells?: string[] }).wells).toHaveLength(4);
    const scenario = await postRecords(t, `/v1/projects/${s.p}/scenarios`, s.headers, [
      { name: 'One', wells: [s.companyWells[0]] },
    ]);
    expect(scenario.body.results[0]!.code).toBe(201);
    // Not in Q.
    const inQ = await postRecords(t, `/v1/projects/${s.q}/scenarios`, s.headers, [
      { name: 'X', wells: [s.companyWells[0]] },
    ]);
    expect(inQ.body.results[0]!.code).toBe(400);
    // Segments of the attached well in the forecast.
    const seg = await send(t, 'POST', segmentsUrl(s.p, f.id!, s.companyWells[0]!), s.headers, FLAT);
    expect(seg.res.status, JSON.stringify(seg.body)).toBe(201);
    // Productions through the project's routes.
    const prod = await write('POST', `/v1/projects/${s.p}/monthly-productions`, s.headers, [
      { chosenID: 'C1', dataSource: 'internal', date: '2024-01-01', oil: 10 },
      { well: s.companyWells[1], date: '2024-01-01', oil: 20 },
    ]);
    expect(prod.results.map((r) => r.code)).toEqual([201, 201]);
    const read = await get<{ well: string }[]>(s.headers, `/v1/projects/${s.p}/monthly-productions`);
    expect(read.map((r) => r.well).sort()).toEqual([...s.companyWells].sort());
    expect(await get<unknown[]>(s.headers, `/v1/projects/${s.q}/monthly-productions`)).toEqual([]);

    // Detached, C1 leaves the project's forecast and scenario (and its segments), keeps its productions.
    expect(await del(s.headers, `${base}`)).toMatchObject({ status: 400 });
    expect(await del(s.headers, `${base}?chosenID=C1&dataSource=internal`)).toEqual({ status: 204, count: '1' });
    const forecastNow = await get<{ wells: string[] }>(s.headers, `/v1/projects/${s.p}/forecasts/${f.id}`);
    expect(forecastNow.wells).not.toContain(s.companyWells[0]);
    expect(forecastNow.wells).toHaveLength(3);
    const scenarioNow = await get<{ wells: string[] }>(
      s.headers,
      `/v1/projects/${s.p}/scenarios/${scenario.body.results[0]!.id}`,
    );
    expect(scenarioNow.wells).toEqual([]);
    // The segments route answers 400 for a well not in the forecast.
    const segNow = await send(t, 'GET', segmentsUrl(s.p, f.id!, s.companyWells[0]!), s.headers);
    expect(segNow.res.status).toBe(400);
    expect(JSON.stringify(segNow.body)).toContain('is not in forecast');
    expect(await get<unknown[]>(s.headers, `/v1/monthly-productions?well=${s.companyWells[0]}`)).toHaveLength(1);
    expect(
      Well.array()
        .parse(await get(s.headers, base))
        .map((w) => w.chosenID),
    ).toEqual(['C2']);
  });

  it('answers 401, 404 for another company and refuses more than 1000 records', async () => {
    const s = await setup();
    const other = await signedIn(t, 'Other');
    const base = `/v1/projects/${s.p}/company-wells`;
    expect((await t.app.request(base)).status).toBe(401);
    await get(other.headers, base, 404);
    const theirs = await send(t, 'POST', base, other.headers, [s.companyWells[0]]);
    expect(theirs.res.status).toBe(404);
    const otherProject = (await postRecords(t, '/v1/projects', other.headers, [{ name: 'O' }])).body.results[0]!.id!;
    const foreign = await write('POST', `/v1/projects/${otherProject}/company-wells`, other.headers, [
      s.companyWells[0],
    ]);
    expect(foreign.results[0]!.code).toBe(404);
    const tooMany = await send(
      t,
      'POST',
      base,
      s.headers,
      Array.from({ length: 1001 }, () => MISSING),
    );
    expect(ErrorEnvelope.parse(tooMany.body).details?.[0]).toMatchObject({ rule: 'max 1000' });
    const bad = await write('POST', base, s.headers, [{ chosenID: 'C1' }, 'nope']);
    expect(bad.results.map((r) => r.code)).toEqual([400, 400]);
  });
});

describe(`deleting wells (${BACKEND})`, () => {
  it("deletes a well's productions, forecast segments, memberships and attachments, and nothing of another well", async () => {
    const s = await setup();
    await write('POST', `/v1/projects/${s.p}/company-wells`, s.headers, [s.companyWells[0]]);
    const f = (await postRecords(t, `/v1/projects/${s.p}/forecasts`, s.headers, [{ name: 'F' }])).body.results[0]!.id!;
    const sc = (await postRecords(t, `/v1/projects/${s.p}/scenarios`, s.headers, [{ name: 'S' }])).body.results[0]!.id!;
    for (const w of [s.companyWells[0]!, s.projectWells[0]!]) {
      expect((await send(t, 'POST', segmentsUrl(s.p, f, w), s.headers, FLAT)).res.status).toBe(201);
    }
    await write('POST', '/v1/monthly-productions', s.headers, [
      { well: s.companyWells[0], date: '2024-01-01', oil: 1 },
      { well: s.projectWells[0], date: '2024-01-01', oil: 2 },
    ]);
    await write('POST', '/v1/daily-productions', s.headers, [{ well: s.companyWells[0], date: '2024-01-05', oil: 1 }]);
    await write('POST', '/v1/well-comments', s.headers, [{ well: s.companyWells[0], text: 'gone soon' }]);

    expect(await del(s.headers, `/v1/wells/${s.companyWells[0]}`)).toEqual({ status: 204, count: '1' });
    expect(await get<unknown[]>(s.headers, `/v1/monthly-productions?well=${s.companyWells[0]}`)).toEqual([]);
    expect(await get<unknown[]>(s.headers, `/v1/daily-productions?well=${s.companyWells[0]}`)).toEqual([]);
    expect(await get<unknown[]>(s.headers, `/v1/monthly-productions?well=${s.projectWells[0]}`)).toHaveLength(1);
    expect((await get<{ wells: string[] }>(s.headers, `/v1/projects/${s.p}/forecasts/${f}`)).wells).toEqual(
      [...s.projectWells].sort(),
    );
    expect((await get<{ wells: string[] }>(s.headers, `/v1/projects/${s.p}/scenarios/${sc}`)).wells).not.toContain(
      s.companyWells[0],
    );
    expect((await send(t, 'GET', segmentsUrl(s.p, f, s.projectWells[0]!), s.headers)).res.status).toBe(200);
    expect(await get<unknown[]>(s.headers, `/v1/projects/${s.p}/company-wells`)).toEqual([]);
    expect(await get<unknown[]>(s.headers, '/v1/well-comments')).toEqual([]);

    // A project well by filter: its rows go too.
    expect(await del(s.headers, `/v1/projects/${s.p}/wells?id=${s.projectWells[0]}`)).toEqual({
      status: 204,
      count: '1',
    });
    expect(await get<unknown[]>(s.headers, `/v1/monthly-productions?well=${s.projectWells[0]}`)).toEqual([]);
    expect((await send(t, 'GET', segmentsUrl(s.p, f, s.projectWells[0]!), s.headers)).res.status).toBe(400);
  });
});

describe(`well identifiers (${BACKEND})`, () => {
  it('changes chosenID from a header and the data source, keeps the key unique, and moves wells between scopes', async () => {
    const s = await setup();
    const url = '/v1/well-identifiers';
    const r = await write('PATCH', url, s.headers, [
      { wellId: s.companyWells[0], newInfo: { chosenKeyID: 'api14', dataSource: 'di' } },
      { wellId: s.companyWells[1], newInfo: { chosenKeyID: 'inptID' } },
      { wellId: s.projectWells[0], newInfo: { dataSource: 'internal' } },
      { wellId: s.projectWells[1], newInfo: { chosenKeyID: 'wellName' } },
      { wellId: MISSING, newInfo: { dataSource: 'di' } },
      { wellId: s.projectWells[0], newInfo: {} },
    ]);
    expect(r.results.map((x) => x.code)).toEqual([200, 400, 200, 400, 404, 400]);
    expect(r.results[0]).toMatchObject({
      wellId: s.companyWells[0],
      chosenID: '42000000000001',
      dataSource: 'di',
      chosenKeyID: 'api14',
    });
    expect(r.results[1]!.errors![0]).toMatchObject({ field: 'newInfo.chosenKeyID', value: 'inptID' });
    expect(r.results[3]!.errors![0]).toMatchObject({ field: 'newInfo.chosenKeyID', rule: 'enum' });
    const moved = Well.parse(await get(s.headers, `/v1/wells/${s.companyWells[0]}`));
    expect(moved).toMatchObject({ chosenID: '42000000000001', dataSource: 'di', chosenKeyID: 'api14' });

    // P1 → internal is its key already; C2 takes P2's key: 409.
    await write('PATCH', `/v1/projects/${s.p}/wells`, s.headers, [{ id: s.projectWells[1], customString0: 'C2' }]);
    const clash = await write('PATCH', '/v1/wells-identifiers', s.headers, [
      { wellId: s.projectWells[1], newInfo: { chosenKeyID: 'customString0' } },
    ]);
    expect(clash.results[0]).toMatchObject({ code: 409 });
    expect(clash.results[0]!.errors![0]).toMatchObject({ field: 'newInfo.chosenKeyID', rule: 'unique' });

    // A project well made a company well stays attached to its project; and back.
    const up = await write('PATCH', url, s.headers, [{ wellId: s.projectWells[0], newInfo: { companyScope: true } }]);
    expect(up.results[0]).toMatchObject({ code: 200, companyScope: true, project: null });
    expect(
      Well.array()
        .parse(await get(s.headers, `/v1/projects/${s.p}/company-wells`))
        .map((w) => w.id),
    ).toEqual([s.projectWells[0]]);
    expect(
      Well.array()
        .parse(await get(s.headers, `/v1/projects/${s.p}/wells`))
        .map((w) => w.id),
    ).toEqual([s.projectWells[1]]);
    const down = await write('PATCH', url, s.headers, [
      { wellId: s.projectWells[0], newInfo: { companyScope: false } },
    ]);
    expect(down.results[0]).toMatchObject({ code: 200, companyScope: false, project: s.p });
    expect(await get<unknown[]>(s.headers, `/v1/projects/${s.p}/company-wells`)).toEqual([]);
    // A company well attached to no project cannot become a project well.
    const orphan = await write('PATCH', url, s.headers, [
      { wellId: s.companyWells[1], newInfo: { companyScope: false } },
    ]);
    expect(orphan.results[0]).toMatchObject({ code: 409 });
    expect(orphan.results[0]!.errors![0]).toMatchObject({ field: 'newInfo.companyScope' });

    const other = await signedIn(t, 'Other');
    const foreign = await write('PATCH', url, other.headers, [
      { wellId: s.companyWells[1], newInfo: { dataSource: 'di' } },
    ]);
    expect(foreign.results[0]!.code).toBe(404);
    expect((await t.app.request(url, { method: 'PATCH', body: '[]' })).status).toBe(401);
    const twice = await write('PATCH', url, s.headers, [
      { wellId: s.companyWells[1], newInfo: { dataSource: 'ihs' } },
      { wellId: s.companyWells[1], newInfo: { dataSource: 'aries' } },
    ]);
    expect(twice.results.map((x) => x.code)).toEqual([200, 409]);
  });
});

describe(`well comments (${BACKEND})`, () => {
  it('adds comments on wells, in a project and a forecast, and lists them by well, project and forecast', async () => {
    const s = await setup();
    const f = (await postRecords(t, `/v1/projects/${s.p}/forecasts`, s.headers, [{ name: 'F' }])).body.results[0]!.id!;
    const r = await write('POST', '/v1/well-comments', s.headers, [
      { well: s.companyWells[0], text: 'company note' },
      { well: s.projectWells[0], project: s.p, text: 'in P' },
      { well: s.projectWells[1], forecast: f, text: 'in F' },
      { well: s.projectWells[0], project: s.q, text: 'not in Q' },
      { well: MISSING, text: 'nobody' },
      { well: s.projectWells[0], text: '   ' },
      { well: s.companyWells[0], forecast: f, text: 'not in F' },
    ]);
    expect(r.results.map((x) => x.code)).toEqual([201, 201, 201, 404, 404, 400, 404]);
    expect(r.results[2]).toMatchObject({ well: s.projectWells[1], project: s.p, forecast: f, text: 'in F' });
    expect(r.results[3]!.errors![0]).toMatchObject({ field: 'project' });
    const all = WellComment.array().parse(await get(s.headers, '/v1/well-comments'));
    expect(all.map((c) => c.text)).toEqual(['company note', 'in P', 'in F']);
    expect(all[0]!.createdBy).toMatch(/.+/);
    const byProject = WellComment.array().parse(
      await get(s.headers, `/v1/well-comments?project=${s.p}&sort=-createdAt`),
    );
    expect(byProject.map((c) => c.text).sort()).toEqual(['in F', 'in P']);
    expect(WellComment.array().parse(await get(s.headers, `/v1/well-comments?forecast=${f}`))).toHaveLength(1);
    expect(WellComment.array().parse(await get(s.headers, `/v1/well-comments?well=${s.companyWells[0]}`))).toHaveLength(
      1,
    );
    const head = await t.app.request('/v1/well-comments?take=1', { method: 'HEAD', headers: s.headers });
    expect(head.headers.get('x-query-count')).toBe('3');
    const page = await send(t, 'GET', '/v1/well-comments?take=1&skip=1', s.headers);
    expect((page.body as unknown[]).length).toBe(1);
    const bad = await send(t, 'GET', '/v1/well-comments?well=nope', s.headers);
    expect(ErrorEnvelope.parse(bad.body).details?.[0]).toMatchObject({ field: 'query.well' });
    const other = await signedIn(t, 'Other');
    expect(await get<unknown[]>(other.headers, '/v1/well-comments')).toEqual([]);
    expect(
      (await write('POST', '/v1/well-comments', other.headers, [{ well: s.companyWells[0], text: 'x' }])).results[0]!
        .code,
    ).toBe(404);
    expect((await t.app.request('/v1/well-comments')).status).toBe(401);
  });
});

describe(`custom column labels (${BACKEND})`, () => {
  it('lists every custom field of a collection labelled by its name until a label is set for the company or a project', async () => {
    const s = await setup();
    const wellsCols = CustomColumn.array().parse(await get(s.headers, '/v1/custom-columns/wells'));
    expect(wellsCols).toHaveLength(35 + 20 + 20 + 5);
    expect(wellsCols.find((c) => c.headerName === 'customDate19')).toEqual({
      headerName: 'customDate19',
      headerType: 'date',
      headerLabel: 'customDate19',
    });
    expect(CustomColumn.array().parse(await get(s.headers, '/v1/custom-columns/daily-productions'))).toHaveLength(5);
    const monthly = CustomColumn.array().parse(await get(s.headers, '/v1/custom-columns/monthly-productions'));
    expect(monthly.map((c) => c.headerType)).toEqual(Array(20).fill('number'));

    const set = await write('PUT', '/v1/custom-columns/wells', s.headers, [
      { headerName: 'customNumber0', headerLabel: 'Net acres' },
      { headerName: 'customBool1', headerLabel: 'Operated' },
      { headerName: 'api14', headerLabel: 'No' },
      { headerName: 'customNumber0', headerLabel: 'Twice' },
    ]);
    expect(set.results.map((x) => x.code)).toEqual([200, 200, 400, 409]);
    expect(set.results[0]).toMatchObject({
      headerName: 'customNumber0',
      headerType: 'number',
      headerLabel: 'Net acres',
    });
    expect(set.results[2]!.errors![0]).toMatchObject({ field: 'headerName', rule: 'custom field', value: 'api14' });
    const project = await write('PUT', `/v1/projects/${s.p}/custom-columns/wells`, s.headers, [
      { headerName: 'customNumber0', headerLabel: 'Net acres (P)' },
    ]);
    expect(project.results[0]).toMatchObject({ headerLabel: 'Net acres (P)' });
    const label = (cols: CustomColumn[], n: string) => cols.find((c) => c.headerName === n)!.headerLabel;
    const inP = CustomColumn.array().parse(await get(s.headers, `/v1/projects/${s.p}/custom-columns/wells`));
    expect([label(inP, 'customNumber0'), label(inP, 'customBool1')]).toEqual(['Net acres (P)', 'Operated']);
    const inQ = CustomColumn.array().parse(await get(s.headers, `/v1/projects/${s.q}/custom-columns/wells`));
    expect(label(inQ, 'customNumber0')).toBe('Net acres');
    // null resets to the default.
    await write('PUT', '/v1/custom-columns/wells', s.headers, { headerName: 'customBool1', headerLabel: null });
    expect(label(CustomColumn.array().parse(await get(s.headers, '/v1/custom-columns/wells')), 'customBool1')).toBe(
      'customBool1',
    );
    const daily = await write('PUT', '/v1/custom-columns/daily-productions', s.headers, [
      { headerName: 'customNumber5', headerLabel: 'x' },
    ]);
    expect(daily.results[0]!.code).toBe(400);

    const badCollection = await send(t, 'GET', '/v1/custom-columns/forecasts', s.headers);
    expect(ErrorEnvelope.parse(badCollection.body).details?.[0]).toMatchObject({
      field: 'path.collection',
      rule: 'enum',
    });
    const other = await signedIn(t, 'Other');
    await get(other.headers, `/v1/projects/${s.p}/custom-columns/wells`, 404);
    expect(
      label(CustomColumn.array().parse(await get(other.headers, '/v1/custom-columns/wells')), 'customNumber0'),
    ).toBe('customNumber0');
    expect((await t.app.request('/v1/custom-columns/wells')).status).toBe(401);
  });
});
