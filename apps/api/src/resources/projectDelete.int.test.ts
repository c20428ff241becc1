import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPendingEconRuns } from '../econRuns/runner';
import { MODELS, sender } from '../econRuns/testing';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/*
 * DELETE /v1/projects/{id} (issue 21, decision 052): the project and everything in it go in one
 * transaction; every other project's rows stay. The check counts the rows of every table of the
 * schema, so a table added later that a project's data reaches is covered too.
 */

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;

/** Row counts of every table of the schema. */
async function tableCounts(): Promise<Record<string, number>> {
  const q = (sql: string) => t.deps.db.execute(sql) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
  const tables = (
    await q(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    )
  ).rows.map((r) => String(r.table_name));
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = Number((await q(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]!.n);
  return out;
}

/** Expects a 2xx and returns the first id the answer names. */
async function created(method: string, url: string, h: Headers, body?: unknown): Promise<string> {
  const r = await send(method, url, h, body);
  expect(r.res.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  const b = r.body as { id?: string; results?: { id?: string; code: number }[] };
  if (b.results) expect(b.results[0]!.code, JSON.stringify(b)).toBeLessThan(300);
  return (b.id ?? b.results?.[0]?.id)!;
}

/** A project with something in every table a project reaches. */
async function fullProject(h: Headers, name: string): Promise<string> {
  const p = await created('POST', '/v1/projects', h, [{ name }]);
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${p}/wells`,
    h,
    ['A', 'B'].map((w) => ({ wellName: w, chosenID: `${name}-${w}`, dataSource: 'internal' })),
  );
  const [a, b] = wb.results.map((r) => r.id!) as [string, string];
  await created('POST', `/v1/projects/${p}/monthly-productions`, h, [
    { well: a, date: '2025-01-01', oil: 100 },
    { well: a, date: '2025-02-01', oil: 90 },
  ]);
  await created('POST', `/v1/projects/${p}/daily-productions`, h, [{ well: b, date: '2025-01-01', oil: 5 }]);
  const forecast = await created('POST', `/v1/projects/${p}/forecasts`, h, [{ name: 'F' }]);
  const segments = [{ segmentType: 'flat', startDate: '2026-01-01', endDate: '2030-12-31', qStart: 50 }];
  const put = await send('PUT', `/v1/projects/${p}/forecasts/${forecast}/parameters`, h, [
    { well: a, forecastType: 'rate', phase: 'oil', series: 'best', segments },
  ]);
  expect(put.res.status).toBe(207);
  const scenario = await created('POST', `/v1/projects/${p}/scenarios`, h, [{ name: 'S' }]);
  for (const [kind, body] of Object.entries(MODELS)) {
    const m = await created('POST', `/v1/projects/${p}/econ-models/${kind}`, h, [{ name: `M ${kind}`, ...body }]);
    await created('POST', `/v1/projects/${p}/econ-models/${kind}/${m}/assignments`, h, [{ scenario, allWells: true }]);
  }
  const scenarioPath = `/v1/projects/${p}/scenarios/${scenario}`;
  await created('POST', `${scenarioPath}/qualifiers`, h, [{ econModel: 'Pricing', name: 'low' }]);
  await created('POST', `${scenarioPath}/combos`, h, {
    savedName: 'set',
    combos: [{ comboName: 'c', qualifiers: [] }],
  });
  await created('POST', `${scenarioPath}/econ-runs`, h, { forecast });
  await runPendingEconRuns(t.deps);
  const run = ((await send('GET', `${scenarioPath}/econ-runs`, h)).body as { id: string }[])[0]!.id;
  await created('POST', `${scenarioPath}/econ-runs/${run}/monthly-exports`, h, []);
  await created('POST', `/v1/projects/${p}/forecasts/${forecast}/run`, h, {});
  const tc = await created('POST', `/v2/projects/${p}/type-curves`, h, { name: 'TC', forecast, wells: [a, b] });
  await created('POST', `/v2/projects/${p}/type-curves/lookup-tables`, h, { name: 'LT', rules: [{ typeCurve: tc }] });
  const pricing = ((await send('GET', `/v1/projects/${p}/econ-models/pricing`, h)).body as { id: string }[])[0]!.id;
  const econLookup = await created('POST', `/v1/projects/${p}/scenarios/lookup-tables`, h, {
    name: 'ELT',
    configuration: { selectedHeaders: ['county'], selectedAssumptions: ['Pricing'] },
    rules: [{ filter: {}, Pricing: pricing }],
  });
  await created('PUT', `${scenarioPath}/assignments/lookup-tables`, h, { lookupTable: econLookup, allWells: true });
  await created('POST', '/v1/ownership-qualifiers', h, {
    well: a,
    qualifierKey: 'q',
    ownership: { initialOwnership: { workingInterest: 100, netRevenueInterest: 80 } },
  });
  return p;
}

describe(`DELETE /v1/projects/{id} (${BACKEND})`, () => {
  it('deletes the project and everything in it; other projects and company models stay', async () => {
    const s = await signedIn(t);
    const keep = await fullProject(s.headers, 'Keep');
    await created('POST', '/v1/econ-models/pricing', s.headers, [{ name: 'Company', ...MODELS.pricing }]);
    const before = await tableCounts();
    const gone = await fullProject(s.headers, 'Gone');
    const filled = await tableCounts();
    // The tables the new project filled (the test proves the delete for these).
    const grown = Object.keys(filled).filter((k) => filled[k]! > (before[k] ?? 0));
    expect(grown).toEqual(
      expect.arrayContaining([
        'projects',
        'wells',
        'monthly_productions',
        'daily_productions',
        'forecasts',
        'forecast_wells',
        'forecast_series',
        'forecast_runs',
        'scenarios',
        'scenario_wells',
        'scenario_assignments',
        'scenario_qualifiers',
        'scenario_combos',
        'econ_models',
        'econ_runs',
        'econ_run_wells',
        'econ_monthly_exports',
        'type_curves',
        'lookup_tables',
        'econ_lookup_tables',
        'scenario_lookup_assignments',
        'ownership_qualifiers',
      ]),
    );
    const d = await send('DELETE', `/v1/projects/${gone}`, s.headers);
    expect(d.res.status).toBe(204);
    expect(d.res.headers.get('X-Delete-Count')).toBe('1');
    expect(await tableCounts()).toEqual(before);
    expect((await send('GET', `/v1/projects/${gone}`, s.headers)).res.status).toBe(404);
    expect((await send('GET', `/v1/projects/${keep}/wells`, s.headers)).body).toHaveLength(2);
    expect((await send('DELETE', `/v1/projects/${gone}`, s.headers)).res.status).toBe(404);
  });

  it('404 for another company, whose project stays; 400 for a bad id; 401 without credentials', async () => {
    const s = await signedIn(t);
    const p = await created('POST', '/v1/projects', s.headers, [{ name: 'Mine' }]);
    const other = await signedIn(t, 'Other Co');
    expect((await send('DELETE', `/v1/projects/${p}`, other.headers)).res.status).toBe(404);
    const bad = await send('DELETE', '/v1/projects/nope', s.headers);
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('path.id');
    expect((await t.app.request(`/v1/projects/${p}`, { method: 'DELETE' })).status).toBe(401);
    expect((await send('GET', `/v1/projects/${p}`, s.headers)).res.status).toBe(200);
  });
});
