import { EconLookupTable, EconOneLiner, type EconOneLinerComplete, MultiStatus } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runModels } from '../econRuns/runModels';
import { runPendingEconRuns } from '../econRuns/runner';
import { econRunFixture, MODELS, sender } from '../econRuns/testing';
import { signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* Econ lookup tables and their scenario assignments (issue 21, decision 052). */

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const results = (body: unknown) => MultiStatus.parse(body).results;

async function setup() {
  const s = await econRunFixture(t);
  const cheap = await send('POST', `/v1/projects/${s.p}/econ-models/pricing`, s.h, {
    ...MODELS.pricing,
    name: 'Cheap',
    priceModel: { ...(MODELS.pricing!.priceModel as object), oil: { rows: [{ entireWellLife: 'Flat', price: 35 }] } },
  });
  const co = await send('POST', '/v1/econ-models/expenses', s.h, { name: 'Co LOE', ...MODELS.expenses });
  const tables = `/v1/projects/${s.p}/scenarios/lookup-tables`;
  const assign = `/v1/projects/${s.p}/scenarios/${s.scenario}/assignments/lookup-tables`;
  return { ...s, cheap: results(cheap.body)[0]!.id!, coExpenses: results(co.body)[0]!.id!, tables, assign };
}

const table = (cheap: string, extra: Record<string, unknown> = {}) => ({
  name: 'By well',
  configuration: { caseInsensitiveMatching: true, selectedHeaders: ['chosenID'], selectedAssumptions: ['Pricing'] },
  rules: [{ filter: { chosenID: 'b' }, Pricing: cheap }],
  ...extra,
});

describe(`econ lookup tables (${BACKEND})`, () => {
  it('GET …/scenarios/lookup-tables is the list, not a scenario id', async () => {
    const s = await setup();
    const r = await send('GET', s.tables, s.h);
    expect(r.res.status).toBe(200);
    expect(r.body).toEqual([]);
    expect((await t.app.request(s.tables, { method: 'HEAD', headers: s.h })).headers.get('X-Query-Count')).toBe('0');
  });

  it('creates, upserts by name, reads, lists, deletes; rules checked against the configuration and the models', async () => {
    const s = await setup();
    const created = await send('POST', s.tables, s.h, [
      table(s.cheap),
      table(s.cheap),
      table(s.cheap, { name: 'Bad header', rules: [{ filter: { basin: 'Delaware' }, Pricing: s.cheap }] }),
      table(s.cheap, { name: 'Wrong kind', rules: [{ filter: {}, Pricing: s.coExpenses }] }),
      table(s.cheap, { name: 'Not selected', rules: [{ filter: {}, expenses: s.coExpenses }] }),
      { name: 'No config' },
    ]);
    expect(created.res.status).toBe(207);
    const r = results(created.body);
    expect(r.map((x) => x.code)).toEqual([201, 409, 400, 400, 400, 400]);
    expect(r[2]!.errors![0]).toMatchObject({ location: '[2].rules[0].filter.basin', rule: 'selected header' });
    expect(r[3]!.errors![0]).toMatchObject({ location: '[3].rules[0].Pricing', rule: 'econ model of the assumption' });
    expect(r[4]!.errors![0]).toMatchObject({ location: '[4].rules[0].expenses', rule: 'selected assumption' });
    expect(r[5]!.errors![0]!.location).toBe('[5].configuration');
    const id = r[0]!.id!;

    const put = await send('PUT', s.tables, s.h, [
      table(s.cheap, {
        configuration: {
          selectedHeaders: ['chosenID', 'county'],
          selectedAssumptions: ['pricing', 'Expenses'],
        },
        rules: [{ filter: { county: ['Reeves', 'Loving'] }, expenses: s.coExpenses }],
      }),
      table(s.cheap, { name: 'Second' }),
    ]);
    expect(results(put.body).map((x) => [x.code, x.id === id])).toEqual([
      [200, true],
      [201, false],
    ]);
    const one = EconLookupTable.parse((await send('GET', `${s.tables}/${id}`, s.h)).body);
    expect(one.configuration).toEqual({
      caseInsensitiveMatching: false,
      selectedHeaders: ['chosenID', 'county'],
      selectedAssumptions: ['pricing', 'Expenses'],
    });
    const page = await send('GET', `${s.tables}?take=1&sort=name`, s.h);
    expect((page.body as { name: string }[]).map((x) => x.name)).toEqual(['By well']);
    expect(page.res.headers.get('Link')).toContain('rel="next"');
    expect(((await send('GET', `${s.tables}?name=Second`, s.h)).body as unknown[]).length).toBe(1);
    const d = await send('DELETE', `${s.tables}/${id}`, s.h);
    expect(d.res.headers.get('X-Delete-Count')).toBe('1');
    expect((await send('GET', `${s.tables}/${id}`, s.h)).res.status).toBe(404);
    expect((await send('DELETE', `${s.tables}/${id}`, s.h)).res.headers.get('X-Delete-Count')).toBe('0');
  });

  it('401, 404 for another company, 400 naming the path, record limit', async () => {
    const s = await setup();
    expect((await t.app.request(s.tables)).status).toBe(401);
    const other = await signedIn(t, 'Other Co');
    expect((await send('GET', s.tables, other.headers)).res.status).toBe(404);
    expect((await send('POST', s.tables, other.headers, table(s.cheap))).res.status).toBe(404);
    expect((await send('GET', s.assign, other.headers)).res.status).toBe(404);
    const bad = await send('GET', `${s.tables}/nope`, s.h);
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('path.id');
    const many = Array.from({ length: 101 }, (_, i) => table(s.cheap, { name: `T${i}` }));
    expect((await send('POST', s.tables, s.h, many)).res.status).toBe(400);
  });

  it("assigns tables to wells of the scenario; a run takes the matching rule's models over direct ones", async () => {
    const s = await setup();
    const id = results((await send('POST', s.tables, s.h, table(s.cheap))).body)[0]!.id!;
    const baseline = await send('POST', s.runs, s.h, { forecast: s.forecast });
    await runPendingEconRuns(t.deps);

    const bad = await send('PUT', s.assign, s.h, [
      { lookupTable: 'ffffffffffffffffffffffff', allWells: true },
      { lookupTable: id, wells: ['ffffffffffffffffffffffff'] },
      { lookupTable: id, wells: [s.a], allWells: true },
    ]);
    expect(results(bad.body).map((x) => [x.code, x.errors?.[0]?.location])).toEqual([
      [404, '[0].lookupTable'],
      [400, '[1].wells'],
      [400, '[2].wells'],
    ]);
    const ok = await send('PUT', s.assign, s.h, { lookupTable: id, allWells: true });
    expect(results(ok.body)[0]).toMatchObject({ code: 200, wells: 3 });
    expect((await send('GET', s.assign, s.h)).body).toEqual([
      { lookupTable: id, name: 'By well', qualifierName: 'default', wells: [], allWells: true },
    ]);

    const run = await send('POST', s.runs, s.h, { forecast: s.forecast });
    await runPendingEconRuns(t.deps);
    const lines = async (runId: string) =>
      ((await send('GET', `${s.runs}/${runId}/one-liners?take=100`, s.h)).body as unknown[]).map((x) =>
        EconOneLiner.parse(x),
      ) as EconOneLinerComplete[];
    const before = await lines((baseline.body as { id: string }).id);
    const after = await lines((run.body as { id: string }).id);
    const of = (ls: EconOneLinerComplete[], w: string) => ls.find((l) => l.well === w)!;
    // Well B (chosenID "B" matches "b" ignoring case) takes the $35 oil price; A keeps $70.
    expect(of(after, s.b).revenue).toBeCloseTo(of(before, s.b).revenue / 2, 6);
    expect(of(after, s.a).revenue).toBeCloseTo(of(before, s.a).revenue, 6);
    const models = await runModels(t.deps.db, { scenarioId: s.scenario, qualifiers: {} });
    expect(models.find((m) => m.id === s.cheap)?.wellIds).toEqual([s.b]);
    // Under another qualifier the table does not apply.
    const other = await runModels(t.deps.db, { scenarioId: s.scenario, qualifiers: { pricing: 'low' } });
    expect(other.find((m) => m.id === s.cheap)).toBeUndefined();

    // Only the wells named; the table's other wells lose it.
    await send('PUT', s.assign, s.h, { lookupTable: id, wells: [s.a, s.b] });
    expect(((await send('GET', `${s.assign}/${id}`, s.h)).body as { wells: string[] }[])[0]!.wells).toEqual(
      [s.a, s.b].sort(),
    );
    const un = await send('DELETE', `${s.assign}/${id}?qualifierName=default`, s.h);
    expect(un.res.headers.get('X-Delete-Count')).toBe('2');
    expect((await send('GET', `${s.assign}/${id}`, s.h)).body).toEqual([]);
    expect((await send('GET', `${s.assign}/ffffffffffffffffffffffff`, s.h)).res.status).toBe(404);
  });
});
