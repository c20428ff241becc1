import {
  ECON_MONTHLY_RESULT_COLUMNS,
  EconMonthlyExportPage,
  EconMonthlyRow,
  EconOneLinerRow,
  EconRun,
  ErrorEnvelope,
  MonthlyEconResults,
  MonthlyExportCreated,
  ScenarioAssignmentGridRow,
} from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { runPendingEconRuns } from './runner';
import { resultRowId } from './serviceShapes';
import { econRunFixture, sender } from './testing';

/*
 * The service's result routes (issue 20, decision 045): the company's runs, a one-liner by id,
 * monthly results by column name, monthly exports and the assignment grid's service shape, read
 * as a client written for the service reads them.
 */

let t: TestApi;
let send: ReturnType<typeof sender>;
type Setup = Awaited<ReturnType<typeof econRunFixture>>;

beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const setup = (opts?: Parameters<typeof econRunFixture>[1]) => econRunFixture(t, opts);

/** Starts a run and, unless `pending`, completes it. */
async function run(s: Setup, body: Record<string, unknown> = {}, pending = false): Promise<EconRun> {
  const r = await send('POST', s.runs, s.h, { forecast: s.forecast, ...body });
  expect(r.res.status, JSON.stringify(r.body)).toBe(202);
  if (!pending) await runPendingEconRuns(t.deps, 'worker-1');
  return EconRun.parse(r.body);
}

const allMonthly = async (s: Setup, id: string) =>
  ((await send('GET', `${s.runs}/${id}/monthly?take=5000`, s.h)).body as unknown[]).map((x) => EconMonthlyRow.parse(x));

const detailOf = (body: unknown) => ErrorEnvelope.parse(body).details![0]!;

describe(`the service's econ-run result routes (${BACKEND})`, () => {
  it('GET /v1/econ-runs lists the company’s runs across projects with filters, paging and counts; /{id} is 404 for another company', async () => {
    const s = await setup();
    const done = await run(s);
    const pending = await run(s, {}, true);
    const other = await setup();
    const theirs = await run(other, {}, true);

    const list = await send('GET', '/v1/econ-runs?sort=-createdAt', s.h);
    expect(list.res.status).toBe(200);
    const ids = (list.body as unknown[]).map((x) => EconRun.parse(x).id);
    expect(ids.sort()).toEqual([done.id, pending.id].sort());
    const by = async (q: string) => ((await send('GET', `/v1/econ-runs?${q}`, s.h)).body as EconRun[]).map((r) => r.id);
    expect(await by('status=complete')).toEqual([done.id]);
    expect(await by(`project=${s.p}&scenario=${s.scenario}&status=pending`)).toEqual([pending.id]);
    expect(await by(`project=${other.p}`)).toEqual([]);

    const page = await send('GET', '/v1/econ-runs?take=1', s.h);
    expect((page.body as unknown[]).length).toBe(1);
    expect(page.res.headers.get('link')).toBe(
      `<${BASE_URL}/v1/econ-runs?skip=1&take=1>;rel="next",<${BASE_URL}/v1/econ-runs?skip=0&take=1>;rel="first"`,
    );
    const head = await t.app.request('/v1/econ-runs?status=pending', { method: 'HEAD', headers: s.h });
    expect(head.headers.get('x-query-count')).toBe('1');

    expect(EconRun.parse((await send('GET', `/v1/econ-runs/${done.id}`, s.h)).body)).toMatchObject({
      id: done.id,
      project: s.p,
      scenario: s.scenario,
      status: 'complete',
    });
    const foreign = await send('GET', `/v1/econ-runs/${theirs.id}`, s.h);
    expect(foreign.res.status).toBe(404);
    expect(ErrorEnvelope.parse(foreign.body).message).toBe(`No econ run with id ${theirs.id}`);

    const bad = await send('GET', '/v1/econ-runs?status=done', s.h);
    expect(bad.res.status).toBe(400);
    expect(detailOf(bad.body)).toMatchObject({ field: 'query.status', value: 'done' });
    expect(detailOf((await send('GET', '/v1/econ-runs/nope', s.h)).body)).toMatchObject({
      field: 'path.id',
      value: 'nope',
    });
    expect((await t.app.request('/v1/econ-runs')).status).toBe(401);
  });

  it('one-liner rows carry a stable id and the figures in output; one is read by its id', async () => {
    const category = { prmsClass: 'reserves', prmsCategory: 'proved', prmsSubCategory: 'producing' };
    const s = await setup({ models: { 'reserves-categories': { reservesCategory: category } } });
    const r = await run(s, { combos: [{ comboName: 'Base' }, { comboName: 'High' }] });
    const list = await send('GET', `${s.runs}/${r.id}/one-liners?sort=wellName&take=200`, s.h);
    const rows = (list.body as unknown[]).map((x) => EconOneLinerRow.parse(x));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.id).toBe(resultRowId(r.id, row.comboName, row.well));
    expect(new Set(rows.map((x) => x.id)).size).toBe(6);

    const a = rows.find((x) => x.wellName === 'A' && x.comboName === 'Base')!;
    if (a.status !== 'complete') throw new Error('A is complete');
    // Our flat fields stay; output holds the same figures under the service's keys.
    expect(a.output).toMatchObject({
      abandonmentDate: a.econLimitDate,
      beforeIncomeTaxCashFlow: a.bfit,
      firstDiscountCashFlow: a.firstDiscountNpv,
      secondDiscountCashFlow: a.secondDiscountNpv,
      totalRevenue: a.revenue,
      netIncome: a.bfit + a.capex,
      oilWellHeadEur: a.eur.oil,
      grossOilWellHeadVolume: a.remaining!.oil,
      netOilSalesVolume: a.netVolume.oil,
      discountTableCashFlow_1: a.npv[0]!.npv,
      irr: a.irr,
      wellLife: a.wellLife,
    });
    expect(a).toMatchObject({
      econPRMSResourcesClass: 'reserves',
      econPRMSReservesCategory: 'proved',
      econPRMSReservesSubCategory: 'producing',
    });
    // A client flattening `output` into the row gets the service's keys beside ours.
    const flat = { ...a, ...a.output };
    expect(flat).toMatchObject({ id: a.id, well: s.a, comboName: 'Base', beforeIncomeTaxCashFlow: a.bfit });

    const one = await send('GET', `${s.runs}/${r.id}/one-liners/${a.id}`, s.h);
    expect(one.res.status).toBe(200);
    expect(EconOneLinerRow.parse(one.body)).toEqual(a);
    // combo-names is still its own route (registered first).
    expect((await send('GET', `${s.runs}/${r.id}/one-liners/combo-names`, s.h)).body).toEqual(['Base', 'High']);
    const missing = await send('GET', `${s.runs}/${r.id}/one-liners/ffffffffffffffffffffffff`, s.h);
    expect(missing.res.status).toBe(404);
    expect(ErrorEnvelope.parse(missing.body).message).toBe(
      `No one-liner with id ffffffffffffffffffffffff in econ run ${r.id}`,
    );
    expect(detailOf((await send('GET', `${s.runs}/${r.id}/one-liners/x1`, s.h)).body)).toMatchObject({
      field: 'path.oneLinerId',
      value: 'x1',
    });
    // Another project's path does not reach the run.
    const other = await setup();
    const foreign = await send(
      'GET',
      `/v1/projects/${other.p}/scenarios/${other.scenario}/econ-runs/${r.id}/one-liners/${a.id}`,
      other.h,
    );
    expect(foreign.res.status).toBe(404);
  });

  it('monthly-econ-results: asked columns by the service’s names, per combo and well, paged by well', async () => {
    const s = await setup();
    const r = await run(s);
    const ours = await allMonthly(s, r.id);
    const url = `${s.runs}/${r.id}/monthly-econ-results`;
    const cols = 'gross_oil_well_head_volume,oil_price,input_oil_price,net_income,after_income_tax_cash_flow';
    const res = await send('GET', `${url}?columns=${cols}`, s.h);
    expect(res.res.status, JSON.stringify(res.body)).toBe(200);
    const body = MonthlyEconResults.parse(res.body);
    expect(body).toMatchObject({ scenario_id: s.scenario, scenario_name: 'S' });
    expect(body.combos.map((c) => c.combo_name)).toEqual(['default']);
    const wells = body.combos[0]!.wells;
    expect(wells.map((w) => w.well_id)).toEqual([s.a, s.b, s.c].sort());
    const a = wells.find((w) => w.well_id === s.a)!;
    expect(a.well_chosen_id).toBe('A');
    expect(Object.keys(a.columns)).toEqual(['date', ...cols.split(',')]);
    const mine = ours.filter((x) => x.well === s.a);
    expect(a.columns.date).toEqual(mine.map((x) => x.date));
    expect(a.columns.gross_oil_well_head_volume).toEqual(mine.map((x) => x.grossOilVolume));
    expect(a.columns.input_oil_price).toEqual(mine.map((x) => x.oilPrice));
    expect(a.columns.oil_price).toEqual(mine.map((x) => x.oilPrice + x.oilDifferential));
    expect(a.columns.net_income).toEqual(mine.map((x) => x.bfit + x.capex));
    // No income tax: AFIT is BFIT (as in the Parquet export).
    expect(a.columns.after_income_tax_cash_flow).toEqual(mine.map((x) => x.bfit));

    // Paged by well: take 2 then the rest, with Link.
    const first = await send('GET', `${url}?columns=net_income&take=2`, s.h);
    expect(MonthlyEconResults.parse(first.body).combos[0]!.wells).toHaveLength(2);
    expect(first.res.headers.get('link')).toContain(`${url}?skip=2&take=2&columns=net_income>;rel="next"`);
    const second = await send('GET', `${url}?columns=net_income&skip=2&take=2`, s.h);
    expect(MonthlyEconResults.parse(second.body).combos[0]!.wells.map((w) => w.well_id)).toEqual([
      [s.a, s.b, s.c].sort()[2],
    ]);
    expect(second.res.headers.get('link')).not.toContain('rel="next"');
    const oneWell = MonthlyEconResults.parse((await send('GET', `${url}?columns=days&well=${s.b}`, s.h)).body);
    expect(oneWell.combos[0]!.wells.map((w) => w.well_id)).toEqual([s.b]);

    // Bad input: a 400 naming the field, the rule and the value.
    const none = await send('GET', url, s.h);
    expect(none.res.status).toBe(400);
    expect(detailOf(none.body)).toMatchObject({ field: 'query.columns', rule: 'required' });
    const unknown = await send('GET', `${url}?columns=net_income,gross_oil_wellhead_volume`, s.h);
    expect(unknown.res.status).toBe(400);
    const d = detailOf(unknown.body);
    expect(d).toMatchObject({
      field: 'query.columns',
      rule: 'monthly result column',
      value: 'gross_oil_wellhead_volume',
    });
    expect(d.message).toContain('did you mean "gross_oil_well_head_volume"?');
    for (const c of ECON_MONTHLY_RESULT_COLUMNS) expect(d.message).toContain(c.column);
    expect(detailOf((await send('GET', `${url}?columns=days&take=201`, s.h)).body)).toMatchObject({
      field: 'query.take',
      value: '201',
    });
  });

  it('monthly exports: POST [] answers {id}; GET pages every row with output by Link; filters; 404 and 400', async () => {
    const s = await setup();
    const r = await run(s, { combos: [{ comboName: 'Base' }, { comboName: 'High' }] });
    const ours = await allMonthly(s, r.id);
    const exportsUrl = `${s.runs}/${r.id}/monthly-exports`;
    const created = await send('POST', exportsUrl, s.h, []);
    expect(created.res.status, JSON.stringify(created.body)).toBe(200);
    const { id } = MonthlyExportCreated.parse(created.body);

    const rows: EconMonthlyExportPage['results'] = [];
    let next: string | null = `${exportsUrl}/${id}?take=47&concurrency=10`;
    while (next) {
      const page = await send('GET', next, s.h);
      expect(page.res.status, JSON.stringify(page.body)).toBe(200);
      const body = EconMonthlyExportPage.parse(page.body);
      expect(body.status).toBe('completed');
      rows.push(...body.results);
      next = /<([^>]+)>;rel="next"/.exec(page.res.headers.get('link') ?? '')?.[1]?.replace(BASE_URL, '') ?? null;
    }
    expect(rows).toHaveLength(ours.length);
    expect(rows.map((x) => [x.comboName, x.well, x.date])).toEqual(ours.map((x) => [x.comboName, x.well, x.date]));
    rows.forEach((x, i) => {
      const o = ours[i]!;
      expect(x.output).toMatchObject({
        grossOilWellHeadVolume: o.grossOilVolume,
        netOilSalesVolume: o.netOilVolume,
        oilPrice: o.oilPrice + o.oilDifferential,
        inputOilPrice: o.oilPrice,
        totalRevenue: o.totalRevenue,
        totalCapex: o.capex,
        beforeIncomeTaxCashFlow: o.bfit,
        firstDiscountCashFlow: o.firstDiscountCashFlow,
        wiOil: o.workingInterest,
      });
      expect(Object.keys(x.output)).toHaveLength(ECON_MONTHLY_RESULT_COLUMNS.length);
    });

    // An export of one well of one combo (filters in the query, no body at all).
    const narrow = await t.app.request(`${exportsUrl}?well=${s.a}&comboName=High`, { method: 'POST', headers: s.h });
    const narrowId = MonthlyExportCreated.parse(await narrow.json()).id;
    const only = EconMonthlyExportPage.parse((await send('GET', `${exportsUrl}/${narrowId}?take=2000`, s.h)).body);
    expect(only.results).toHaveLength(60);
    expect(new Set(only.results.map((x) => `${x.comboName}/${x.well}`))).toEqual(new Set([`High/${s.a}`]));

    // HEAD on the collection counts the rows an export with the same filters pages; GET there is a 405.
    const count = async (query: string) => {
      const res = await t.app.request(`${exportsUrl}${query}`, { method: 'HEAD', headers: s.h });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      return Number(res.headers.get('x-query-count'));
    };
    expect(await count('')).toBe(ours.length);
    expect(await count(`?well=${s.a}&comboName=High&skip=0&take=25`)).toBe(60);
    expect(await count('?comboName=Nobody')).toBe(0);
    const get = await t.app.request(exportsUrl, { headers: s.h });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('HEAD, POST');
    expect(((await get.json()) as { name: string }).name).toBe('MethodNotAllowed');
    expect((await t.app.request(`${exportsUrl}?well=x`, { method: 'HEAD', headers: s.h })).status).toBe(400);

    const missing = await send('GET', `${exportsUrl}/ffffffffffffffffffffffff`, s.h);
    expect(missing.res.status).toBe(404);
    expect(detailOf((await send('GET', `${exportsUrl}/${id}?take=2001`, s.h)).body)).toMatchObject({
      field: 'query.take',
      value: '2001',
    });
    expect(detailOf((await send('GET', `${exportsUrl}/${id}?concurrency=11`, s.h)).body)).toMatchObject({
      field: 'query.concurrency',
      value: '11',
    });
    expect(detailOf((await send('POST', `${exportsUrl}?well=x`, s.h, [])).body)).toMatchObject({
      field: 'query.well',
      value: 'x',
    });
    // Another run's export is not found under this run.
    const r2 = await run(s);
    expect((await send('GET', `${s.runs}/${r2.id}/monthly-exports/${id}`, s.h)).res.status).toBe(404);
  });

  it('results of a run that is not complete are 409 on every service route', async () => {
    const s = await setup();
    const r = await run(s, {}, true);
    const base = `${s.runs}/${r.id}`;
    for (const [method, url] of [
      ['GET', `${base}/one-liners/ffffffffffffffffffffffff`],
      ['GET', `${base}/monthly-econ-results?columns=days`],
      ['POST', `${base}/monthly-exports`],
      ['HEAD', `${base}/monthly-exports`],
      ['GET', `${base}/monthly-exports/ffffffffffffffffffffffff`],
    ] as const) {
      const res = await send(method, url, s.h, method === 'POST' ? [] : undefined);
      expect(res.res.status, url).toBe(409);
    }
  });

  it('the assignment grid also reads in the service’s shape: wellId and assumptions', async () => {
    const s = await setup();
    const grid = await send(
      'GET',
      `/v1/projects/${s.p}/scenarios/${s.scenario}/assignments/econ-models?sort=wellName`,
      s.h,
    );
    expect(grid.res.status).toBe(200);
    const rows = (grid.body as unknown[]).map((x) => ScenarioAssignmentGridRow.parse(x));
    const a = rows[0]!;
    expect(a.wellId).toBe(s.a);
    expect(a.wellId).toBe(a.well);
    const pricing = a.assumptions.find((x) => x.model === 'pricing')!;
    expect(pricing.assignments).toEqual([{ qualifierName: 'default', econModelId: a.assignments.pricing.default!.id }]);
    expect(a.assumptions.find((x) => x.model === 'dates')!.assignments).toHaveLength(1);
    expect(a.assumptions.find((x) => x.model === 'capex')!.assignments).toEqual([]);
    expect(a.assumptions.map((x) => x.model)).toContain('ownershipReversion');
  });

  it('documents the routes and their schemas in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const run = '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}';
    expect(Object.keys(doc.paths['/v1/econ-runs']!).sort()).toEqual(['get', 'head']);
    expect(doc.paths['/v1/econ-runs/{id}']!.get!.responses!['404']).toBeDefined();
    expect(doc.paths[`${run}/one-liners/{oneLinerId}`]!.get).toBeDefined();
    expect(doc.paths[`${run}/monthly-econ-results`]!.get!.responses!['409']).toBeDefined();
    expect(Object.keys(doc.paths[`${run}/monthly-exports`]!).sort()).toEqual(['head', 'post']);
    expect(doc.paths[`${run}/monthly-exports/{exportId}`]!.get).toBeDefined();
    expect(Object.keys(doc.components.schemas.EconOneLinerOutput!.properties!)).toEqual(
      expect.arrayContaining(['beforeIncomeTaxCashFlow', 'firstDiscountCashFlow', 'irr', 'discountTableCashFlow_16']),
    );
    expect(Object.keys(doc.components.schemas.EconMonthlyExportOutput!.properties!)).toContain('netIncome');
    expect(doc.components.schemas.ServiceAssignmentFields!.properties).toHaveProperty('assumptions');
    expect(doc.components.schemas.EconOneLinerServiceFields!.properties).toHaveProperty('output');
  });
});
