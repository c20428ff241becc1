import { MultiStatus, ScenarioWells } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPendingEconRuns } from '../econRuns/runner';
import { econRunFixture, sender } from '../econRuns/testing';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* Scenario rename, delete and well list (issue 21, decision 052). */

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const codes = (body: unknown) => MultiStatus.parse(body).results.map((r) => r.code);
const rowCount = async (table: string, where = 'true') =>
  Number(
    (
      (await t.deps.db.execute(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe(`PUT and DELETE /v1/projects/{p}/scenarios (${BACKEND})`, () => {
  it('renames by id, creates without id, refuses a used name (409 naming it) and an unknown id (404)', async () => {
    const s = await econRunFixture(t, { assign: false });
    const base = `/v1/projects/${s.p}/scenarios`;
    await postRecords(t, base, s.h, [{ name: 'Other' }]);
    const r = await send('PUT', base, s.h, [
      { id: s.scenario, name: 'Renamed' },
      { name: 'Fresh' },
      { id: s.scenario, name: 'Other' },
      { id: 'ffffffffffffffffffffffff', name: 'X' },
      { name: 'Fresh' },
      { id: 'nope', name: 'Y' },
    ]);
    expect(r.res.status).toBe(207);
    expect(codes(r.body)).toEqual([200, 201, 409, 404, 409, 400]);
    const errs = MultiStatus.parse(r.body).results.map((x) => x.errors?.[0]);
    expect(errs[2]).toMatchObject({ location: '[2].name', value: 'Other', rule: 'unique' });
    expect(errs[5]).toMatchObject({ location: '[5].id' });
    const got = (await send('GET', `${base}/${s.scenario}`, s.h)).body as { name: string };
    expect(got.name).toBe('Renamed');
    const fresh = MultiStatus.parse(r.body).results[1]!.id!;
    const wells = (await send('GET', `${base}/${fresh}/well-assignments`, s.h)).body;
    expect(ScenarioWells.parse(wells).wells).toEqual([s.a, s.b, s.c].sort());
    // Renaming a scenario to its own name is fine.
    expect(codes((await send('PUT', base, s.h, { id: s.scenario, name: 'Renamed' })).body)).toEqual([200]);
  });

  it('deletes by name or id with runs, results, assignments, qualifiers and combos; other scenarios stay', async () => {
    const s = await econRunFixture(t);
    const base = `/v1/projects/${s.p}/scenarios`;
    await send('POST', `${base}/${s.scenario}/qualifiers`, s.h, [{ econModel: 'Pricing', name: 'low' }]);
    await send('POST', `${base}/${s.scenario}/combos`, s.h, {
      savedName: 'set',
      combos: [{ comboName: 'base', qualifiers: [] }],
    });
    expect((await send('POST', s.runs, s.h, { forecast: s.forecast })).res.status).toBe(202);
    await runPendingEconRuns(t.deps);
    expect(await rowCount('econ_run_wells')).toBeGreaterThan(0);
    const { body: kb } = await postRecords(t, base, s.h, [{ name: 'Keep' }]);
    const keep = kb.results[0]!.id!;

    const none = await send('DELETE', base, s.h);
    expect(none.res.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('query.name');
    const d = await send('DELETE', `${base}?name=S&id=${s.scenario}`, s.h);
    expect(d.res.status).toBe(204);
    expect(d.res.headers.get('X-Delete-Count')).toBe('1');
    for (const table of [
      'econ_runs',
      'econ_run_wells',
      'scenario_assignments',
      'scenario_qualifiers',
      'scenario_combos',
    ]) {
      expect(await rowCount(table), table).toBe(0);
    }
    expect(await rowCount('scenario_wells', `scenario_id = '${keep}'`)).toBe(3);
    expect((await send('GET', `${base}/${keep}`, s.h)).res.status).toBe(200);
    expect((await send('DELETE', `${base}?id=${s.scenario}`, s.h)).res.headers.get('X-Delete-Count')).toBe('0');
  });

  it('401 without credentials; 404 for another company, whose scenarios stay', async () => {
    const s = await econRunFixture(t, { assign: false });
    const base = `/v1/projects/${s.p}/scenarios`;
    expect((await t.app.request(`${base}?name=S`, { method: 'DELETE' })).status).toBe(401);
    const other = await signedIn(t, 'Other Co');
    expect((await send('DELETE', `${base}?name=S`, other.headers)).res.status).toBe(404);
    expect((await send('PUT', base, other.headers, { id: s.scenario, name: 'Z' })).res.status).toBe(404);
    expect((await send('GET', `${base}/${s.scenario}/well-assignments`, other.headers)).res.status).toBe(404);
    expect(await rowCount('scenarios')).toBe(1);
  });
});

describe(`/v1/projects/{p}/scenarios/{s}/well-assignments (${BACKEND})`, () => {
  it('adds project wells (POST and PUT both add), 404 per id outside the project, removes with their assignments', async () => {
    const s = await econRunFixture(t);
    const base = `/v1/projects/${s.p}/scenarios/${s.scenario}/well-assignments`;
    const { body: ob } = await postRecords(t, '/v1/projects', s.h, [{ name: 'Other project' }]);
    const { body: wb } = await postRecords(t, `/v1/projects/${ob.results[0]!.id}/wells`, s.h, [
      { wellName: 'Far', chosenID: 'FAR', dataSource: 'internal' },
    ]);
    const far = wb.results[0]!.id!;

    const removed = await send('DELETE', `${base}?wells=${s.a},${s.b}&wells=${far}`, s.h);
    expect(removed.res.status).toBe(204);
    expect(removed.res.headers.get('X-Delete-Count')).toBe('2');
    expect(ScenarioWells.parse((await send('GET', base, s.h)).body).wells).toEqual([s.c]);
    expect(await rowCount('scenario_assignments', `well_id in ('${s.a}', '${s.b}')`)).toBe(0);
    expect(await rowCount('scenario_assignments', `well_id = '${s.c}'`)).toBeGreaterThan(0);

    const post = await send('POST', base, s.h, [s.a, far]);
    expect(post.res.status).toBe(207);
    expect(MultiStatus.parse(post.body).results).toMatchObject([
      { code: 201, well: s.a, chosenID: s.a },
      { code: 404, well: far, errors: [{ rule: 'well of the project', location: '[1]' }] },
    ]);
    const put = await send('PUT', base, s.h, [s.b, s.a]);
    expect(codes(put.body)).toEqual([201, 201]);
    expect(ScenarioWells.parse((await send('GET', base, s.h)).body).wells).toEqual([s.a, s.b, s.c].sort());
  });

  it('refuses bad bodies and queries naming the field; 404 for an unknown scenario; 401', async () => {
    const s = await econRunFixture(t, { assign: false });
    const base = `/v1/projects/${s.p}/scenarios/${s.scenario}/well-assignments`;
    const bad = await send('POST', base, s.h, ['nope']);
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('"field":"[0]"');
    expect((await send('POST', base, s.h, [])).res.status).toBe(400);
    expect((await send('POST', base, s.h, { wells: [s.a] })).res.status).toBe(400);
    const noWells = await send('DELETE', base, s.h);
    expect(noWells.res.status).toBe(400);
    expect(JSON.stringify(noWells.body)).toContain('query.wells');
    const tooMany = Array.from({ length: 2501 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    expect((await send('DELETE', `${base}?wells=${tooMany}`, s.h)).res.status).toBe(400);
    const unknown = `/v1/projects/${s.p}/scenarios/ffffffffffffffffffffffff/well-assignments`;
    expect((await send('GET', unknown, s.h)).res.status).toBe(404);
    expect((await send('POST', unknown, s.h, [s.a])).res.status).toBe(404);
    expect((await t.app.request(base)).status).toBe(401);
  });
});
