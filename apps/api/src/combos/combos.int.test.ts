import { EconOneLiner, type EconOneLinerComplete, EconRun, type QualifierView } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPendingEconRuns } from '../econRuns/runner';
import { econRunFixture, sender } from '../econRuns/testing';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/*
 * Scenario qualifiers and combos (issue 20; decision 044): the service's routes, and a run that
 * computes each combo with the models assigned under its qualifiers.
 */

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Results = { results: { code: number; errors?: { location: string; rule: string; value?: unknown }[] }[] };

/** The fixture, and a second pricing model (oil $35) assigned to every well under qualifier `low`. */
async function withLowPrice() {
  const s = await econRunFixture(t);
  const scenarioPath = `/v1/projects/${s.p}/scenarios/${s.scenario}`;
  const m = await send('POST', `/v1/projects/${s.p}/econ-models/pricing`, s.h, {
    name: 'Low oil',
    priceModel: {
      oil: { rows: [{ entireWellLife: 'Flat', price: 35 }] },
      gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3 }] },
      ngl: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] },
      dripCondensate: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] },
    },
  });
  const low = (m.body as { results: { id: string }[] }).results[0]!.id;
  const a = await send('POST', `/v1/projects/${s.p}/econ-models/pricing/${low}/assignments`, s.h, {
    scenario: s.scenario,
    qualifierName: 'low',
    allWells: true,
  });
  expect((a.body as Results).results[0]!.code).toBe(201);
  return { ...s, scenarioPath };
}

describe(`scenario qualifiers (${BACKEND})`, () => {
  it('lists default of every kind and those assignments name; adds, renames (assignments follow) and deletes', async () => {
    const s = await withLowPrice();
    const q = `${s.scenarioPath}/qualifiers`;
    const pricing = async () =>
      ((await send('GET', `${q}?econName=Pricing`, s.h)).body as QualifierView[]).map((x) => [x.name, x.wells]);
    expect(await pricing()).toEqual([
      ['default', 3],
      ['low', 3],
    ]);
    const all = (await send('GET', q, s.h)).body as QualifierView[];
    expect(all.filter((x) => x.name === 'default')).toHaveLength(17);
    expect(all.find((x) => x.kind === 'pricing' && x.name === 'low')).toMatchObject({ econModel: 'Pricing' });

    const added = await send('POST', q, s.h, [
      { econModel: 'pricing', name: 'high' },
      { econModel: 'Pricing', name: 'low' },
    ]);
    expect((added.body as Results).results.map((r) => r.code)).toEqual([201, 409]);
    const renamed = await send('PUT', q, s.h, { econModel: 'Pricing', name: 'low', newName: 'Low price' });
    expect((renamed.body as Results).results[0]!.code).toBe(200);
    expect(await pricing()).toEqual([
      ['default', 3],
      ['high', 0],
      ['Low price', 3],
    ]);
    const bad = await send('PUT', q, s.h, [
      { econModel: 'Pricing', name: 'default', newName: 'x' },
      { econModel: 'Pricing', name: 'nope', newName: 'y' },
      { econModel: 'Prices', name: 'high' },
    ]);
    expect((bad.body as Results).results.map((r) => [r.code, r.errors?.[0]?.location, r.errors?.[0]?.rule])).toEqual([
      [400, '[0].name', 'not default'],
      [404, '[1].name', 'qualifier of the scenario'],
      [400, '[2].econModel', 'econ model kind'],
    ]);

    const refused = await send('DELETE', `${q}?econNames=Pricing&qualifierNames=default`, s.h);
    expect(refused.res.status).toBe(400);
    const deleted = await send('DELETE', `${q}?econNames=Pricing&qualifierNames=Low price&qualifierNames=high`, s.h);
    expect(deleted.res.status).toBe(204);
    expect(deleted.res.headers.get('x-delete-count')).toBe('2');
    expect(await pricing()).toEqual([['default', 3]]);
  });
});

describe(`saved combos and runs of several combos (${BACKEND})`, () => {
  const cases = (selectedLow = true) => ({
    savedName: 'Price cases',
    combos: [
      { comboName: 'Base', qualifiers: [] },
      { comboName: 'Low price', selected: selectedLow, qualifiers: [{ assumption: 'Pricing', qualifierName: 'low' }] },
    ],
  });

  it('saves, lists, replaces and deletes combos; a qualifier the scenario lacks is a 400 naming it', async () => {
    const s = await withLowPrice();
    const path = `${s.scenarioPath}/combos`;
    const created = await send('POST', path, s.h, cases());
    expect((created.body as Results).results[0]!.code).toBe(201);
    expect((await send('POST', path, s.h, cases())).body).toMatchObject({ results: [{ code: 409 }] });
    const bad = await send('POST', path, s.h, {
      savedName: 'Bad',
      combos: [{ comboName: 'X', qualifiers: [{ assumption: 'capex', qualifierName: 'missing' }] }],
    });
    expect((bad.body as Results).results[0]!.errors).toEqual([
      expect.objectContaining({
        location: '[0].combos[0].qualifiers[0].qualifierName',
        rule: 'qualifier of the scenario',
        value: 'missing',
      }),
    ]);
    const twice = await send('POST', path, s.h, {
      savedName: 'Twice',
      combos: [
        { comboName: 'A', qualifiers: [] },
        { comboName: 'A', qualifiers: [] },
      ],
    });
    expect((twice.body as Results).results[0]!.errors?.[0]).toMatchObject({
      location: '[0].combos[1].comboName',
      rule: 'unique combo names',
    });
    const replaced = await send('PUT', path, s.h, cases(false));
    expect((replaced.body as Results).results[0]!.code).toBe(200);
    const listed = (await send('GET', path, s.h)).body as { savedName: string; combos: { selected: boolean }[] }[];
    expect(listed.map((x) => [x.savedName, x.combos.map((c) => c.selected)])).toEqual([['Price cases', [true, false]]]);
    const gone = await send('DELETE', `${path}?savedName=Price cases`, s.h);
    expect(gone.res.headers.get('x-delete-count')).toBe('1');
    expect((await send('GET', path, s.h)).body).toEqual([]);
  });

  it('a run of the saved set computes each selected combo: results carry comboName, oil at half price in Low price', async () => {
    const s = await withLowPrice();
    await send('POST', `${s.scenarioPath}/combos`, s.h, cases());
    const r = await send('POST', s.runs, s.h, { forecast: s.forecast, savedCombos: 'Price cases' });
    expect(r.res.status, JSON.stringify(r.body)).toBe(202);
    const run = EconRun.parse(r.body);
    expect(run.combos).toEqual([
      { comboName: 'Base', qualifiers: {} },
      { comboName: 'Low price', qualifiers: { pricing: 'low' } },
    ]);
    expect(run.progress.wellsTotal).toBe(6);
    await runPendingEconRuns(t.deps, 'worker-1');
    const base = `${s.runs}/${run.id}`;
    expect((await send('GET', `${base}/one-liners/combo-names`, s.h)).body).toEqual(['Base', 'Low price']);
    const lines = ((await send('GET', `${base}/one-liners?take=100&sort=well`, s.h)).body as unknown[]).map((x) =>
      EconOneLiner.parse(x),
    ) as EconOneLinerComplete[];
    expect(lines).toHaveLength(6);
    const of = (combo: string, well: string) => lines.find((l) => l.comboName === combo && l.well === well)!;
    // Well B: oil only, no expenses: revenue halves with the price.
    expect(of('Low price', s.b).revenue).toBeCloseTo(of('Base', s.b).revenue / 2, 6);
    expect(of('Low price', s.b).firstDiscountNpv).toBeLessThan(of('Base', s.b).firstDiscountNpv);
    const low = (await send('GET', `${base}/one-liners?comboName=Low price`, s.h)).body as EconOneLiner[];
    expect(low.map((l) => l.comboName)).toEqual(['Low price', 'Low price', 'Low price']);
    const rows = (await send('GET', `${base}/monthly?well=${s.b}&comboName=Low price&take=5`, s.h)).body as {
      comboName: string;
      oilPrice: number;
    }[];
    expect(rows.map((x) => [x.comboName, x.oilPrice])).toEqual(new Array(5).fill(['Low price', 35]));
  });

  it('combos of the run body; one of qualifiers, combos, savedCombos; an unknown saved set is 404', async () => {
    const s = await withLowPrice();
    const body = {
      forecast: s.forecast,
      combos: [{ comboName: 'Low', qualifiers: [{ assumption: 'pricing', qualifierName: 'low' }] }],
    };
    const r = await send('POST', s.runs, s.h, body);
    expect(r.res.status).toBe(202);
    const both = await send('POST', s.runs, s.h, { ...body, qualifiers: { pricing: 'low' } });
    expect(both.res.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('a run takes one of qualifiers, combos, savedCombos');
    const unknown = await send('POST', s.runs, s.h, { forecast: s.forecast, savedCombos: 'Nope' });
    expect(unknown.res.status).toBe(404);
    const missing = await send('POST', s.runs, s.h, {
      forecast: s.forecast,
      combos: [{ comboName: 'X', qualifiers: [{ assumption: 'Pricing', qualifierName: 'absent' }] }],
    });
    expect(missing.res.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('combos[0].qualifiers[0].qualifierName');
  });
});
