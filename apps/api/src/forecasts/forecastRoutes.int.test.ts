import {
  AriesForecast,
  ErrorEnvelope,
  ForecastOutput,
  ForecastParameterMultiStatus,
  ForecastPatchResult,
  ForecastVolumes,
  MultiStatus,
} from '@econ/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { econRuns, forecastRuns, forecastSeries, typeCurves } from '../db/schema';
import { postRecords, send, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EXP = { segmentType: 'exp_dec', startDate: '2027-01-01', endDate: '2031-12-31', qStart: 500, dEff: 0.3 };
const FLAT = { segmentType: 'flat', startDate: '2032-01-01', endDate: '2032-03-15', qStart: 20 };
const MOD = {
  segmentType: 'arps_modified',
  startDate: '2027-01-01',
  endDate: '2076-12-31',
  qStart: 900,
  b: 1.1,
  dEff: 0.7,
  realizedDEffSw: 0.06,
};

async function setup(name = 'Acme Energy') {
  const { headers } = await signedIn(t, name);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, project2] = pb.results.map((r) => r.id!) as [string, string];
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${project}/wells`,
    headers,
    Array.from({ length: 3 }, (_, i) => ({
      wellName: `W ${i}`,
      chosenID: `W-${i}`,
      dataSource: 'di',
      ...(i === 0 ? { api14: '42123456780000' } : {}),
    })),
  );
  const wells = wb.results.map((r) => r.id!).sort() as [string, string, string];
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [
    { name: 'Det one', wells: [wells[0], wells[1]] },
    { name: 'Prob', type: 'probabilistic' },
  ]);
  const [forecast, probabilistic] = fb.results.map((r) => r.id!) as [string, string];
  const write = async (records: unknown[], f = forecast, p = project) => {
    const res = await t.app.request(`/v1/projects/${p}/forecasts/${f}/parameters`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(records),
    });
    const out = ForecastParameterMultiStatus.parse(await res.json());
    expect(out.failedCount, JSON.stringify(out.results)).toBe(0);
  };
  const call = (method: string, path: string, body?: unknown, h: Record<string, string> = headers) =>
    send(t, method, path, h, body);
  return { headers, project, project2, wells, forecast, probabilistic, write, call };
}

const rate = (well: string, phase: string, segments: unknown[], series = 'best') => ({
  well,
  forecastType: 'rate',
  phase,
  series,
  segments,
});

describe(`PATCH /v1/projects/{p}/forecasts/{id} (${BACKEND})`, () => {
  it('renames and answers the service result; a name taken in the project is a 409 naming it', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/forecasts`;
    const ok = await s.call('PATCH', `${base}/${s.forecast}`, { name: 'Renamed' });
    expect(ok.res.status).toBe(200);
    expect(ForecastPatchResult.parse(ok.body)).toEqual({
      status: 'OK',
      code: 200,
      forecastId: s.forecast,
      name: 'Renamed',
      errors: [],
    });
    expect(((await s.call('GET', `${base}/${s.forecast}`)).body as { name: string }).name).toBe('Renamed');
    // Its own name again is fine.
    expect((await s.call('PATCH', `${base}/${s.forecast}`, { name: 'Renamed' })).res.status).toBe(200);

    const taken = await s.call('PATCH', `${base}/${s.forecast}`, { name: 'Prob' });
    expect(taken.res.status).toBe(409);
    const r = ForecastPatchResult.parse(taken.body);
    expect(r).toMatchObject({ status: 'Conflict', code: 409, forecastId: s.forecast, name: 'Prob' });
    expect(r.errors[0]).toMatchObject({ location: 'name', field: 'name', rule: 'unique', value: 'Prob' });
    expect(r.errors[0]!.message).toContain('"Prob"');
  });

  it('400 naming the field, 401 without credentials, 404 for another company’s forecast', async () => {
    const s = await setup();
    const path = `/v1/projects/${s.project}/forecasts/${s.forecast}`;
    for (const body of [{ name: '' }, {}, { name: 'x', extra: 1 }, { name: 'a'.repeat(201) }]) {
      const bad = await s.call('PATCH', path, body);
      expect(bad.res.status).toBe(400);
      expect(JSON.stringify(ErrorEnvelope.parse(bad.body).details)).toMatch(/name|extra/);
    }
    expect((await t.app.request(path, { method: 'PATCH', body: '{"name":"x"}' })).status).toBe(401);
    const other = await setup('Other Co');
    const foreign = await other.call('PATCH', path, { name: 'Mine' });
    expect(foreign.res.status).toBe(404);
    expect((await s.call('GET', path)).body).toMatchObject({ name: 'Det one' });
  });
});

describe(`DELETE /v1/projects/{p}/forecasts/{id} (${BACKEND})`, () => {
  it('deletes the forecast with its segments, runs and wells; type curves and finished econ runs lose the link', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0], 'oil', [EXP, FLAT]), rate(s.wells[1], 'gas', [MOD])]);
    const db = t.deps.db;
    const now = t.clock.now();
    const { body: sb } = await postRecords(t, `/v1/projects/${s.project}/scenarios`, s.headers, [{ name: 'S' }]);
    const scenario = sb.results[0]!.id!;
    await db.insert(typeCurves).values({
      id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
      projectId: s.project,
      name: 'TC',
      forecastId: s.forecast,
      createdAt: now,
      updatedAt: now,
    });
    const run = { projectId: s.project, scenarioId: scenario, runDate: now, createdAt: now, updatedAt: now };
    await db
      .insert(econRuns)
      .values({ ...run, id: 'aaaaaaaaaaaaaaaaaaaaaaa2', forecastId: s.forecast, status: 'complete' });
    await db.insert(forecastRuns).values({
      id: 'aaaaaaaaaaaaaaaaaaaaaaa3',
      projectId: s.project,
      forecastId: s.forecast,
      status: 'complete',
      settings: {},
      wellIds: [],
      createdAt: now,
      updatedAt: now,
    });

    const res = await s.call('DELETE', `/v1/projects/${s.project}/forecasts/${s.forecast}`);
    expect(res.res.status).toBe(204);
    expect(res.res.headers.get('X-Delete-Count')).toBe('1');
    expect((await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.forecast}`)).res.status).toBe(404);
    const [series] = await db
      .select({ n: count() })
      .from(forecastSeries)
      .where(eq(forecastSeries.forecastId, s.forecast));
    expect(series!.n).toBe(0);
    expect(await db.select().from(forecastRuns).where(eq(forecastRuns.id, 'aaaaaaaaaaaaaaaaaaaaaaa3'))).toEqual([]);
    const [tc] = await db.select().from(typeCurves).where(eq(typeCurves.id, 'aaaaaaaaaaaaaaaaaaaaaaa1'));
    expect(tc!.forecastId).toBeNull();
    const [er] = await db.select().from(econRuns).where(eq(econRuns.id, 'aaaaaaaaaaaaaaaaaaaaaaa2'));
    expect(er!.forecastId).toBeNull();
    // The other forecast and the wells stay.
    expect((await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.probabilistic}`)).res.status).toBe(200);
    expect((await s.call('GET', `/v1/projects/${s.project}/wells/${s.wells[0]}`)).res.status).toBe(200);
  });

  it('409 naming the pending or running jobs that use the forecast, and nothing deleted', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0], 'oil', [EXP])]);
    const now = t.clock.now();
    const { body: sb } = await postRecords(t, `/v1/projects/${s.project}/scenarios`, s.headers, [{ name: 'S' }]);
    await t.deps.db.insert(econRuns).values({
      id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
      projectId: s.project,
      scenarioId: sb.results[0]!.id!,
      runDate: now,
      forecastId: s.forecast,
      status: 'running',
      createdAt: now,
      updatedAt: now,
    });
    await t.deps.db.insert(forecastRuns).values({
      id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
      projectId: s.project,
      forecastId: s.forecast,
      status: 'pending',
      settings: {},
      wellIds: [],
      createdAt: now,
      updatedAt: now,
    });
    const res = await s.call('DELETE', `/v1/projects/${s.project}/forecasts/${s.forecast}`);
    expect(res.res.status).toBe(409);
    const e = ErrorEnvelope.parse(res.body);
    expect(e.message).toContain('forecast run bbbbbbbbbbbbbbbbbbbbbbb2');
    expect(e.message).toContain('econ run bbbbbbbbbbbbbbbbbbbbbbb1');
    expect((await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.forecast}`)).res.status).toBe(200);
  });

  it('404 for an unknown or another company’s forecast, 400 for a malformed id, 401 without credentials', async () => {
    const s = await setup();
    const other = await setup('Other Co');
    const path = `/v1/projects/${s.project}/forecasts/${s.forecast}`;
    expect((await other.call('DELETE', path)).res.status).toBe(404);
    expect((await s.call('DELETE', `/v1/projects/${s.project}/forecasts/ffffffffffffffffffffffff`)).res.status).toBe(
      404,
    );
    expect((await s.call('DELETE', `/v1/projects/${s.project2}/forecasts/${s.forecast}`)).res.status).toBe(404);
    expect((await s.call('DELETE', `/v1/projects/${s.project}/forecasts/nope`)).res.status).toBe(400);
    expect((await t.app.request(path, { method: 'DELETE' })).status).toBe(401);
    expect((await s.call('GET', path)).res.status).toBe(200);
  });
});

describe(`POST /v1/projects/{p}/forecasts/{id}/wells (${BACKEND})`, () => {
  it('adds wells of the project: 201 added, 200 already there, 404 not in the project, one result per id', async () => {
    const s = await setup();
    const { body: ob } = await postRecords(t, `/v1/projects/${s.project2}/wells`, s.headers, [
      { wellName: 'Elsewhere', chosenID: 'E-1', dataSource: 'di' },
    ]);
    const elsewhere = ob.results[0]!.id!;
    const path = `/v1/projects/${s.project}/forecasts/${s.forecast}/wells`;
    const res = await s.call('POST', path, { wellIds: [s.wells[2], s.wells[0], elsewhere, s.wells[2]] });
    expect(res.res.status).toBe(207);
    const out = MultiStatus.parse(res.body);
    expect(out.results.map((r) => r.code)).toEqual([201, 200, 404, 200]);
    expect(out.results[0]).toMatchObject({ status: 'Created', wellId: s.wells[2], forecastId: s.forecast });
    expect(out.results[2]!.errors![0]).toMatchObject({
      field: 'wellIds',
      rule: 'well of the project',
      value: elsewhere,
    });
    expect(out).toMatchObject({ successCount: 3, failedCount: 1 });
    const got = (await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.forecast}`)).body as { wells: string[] };
    expect(got.wells).toEqual([...s.wells].sort());
  });

  it('400 naming wellIds (missing, empty, over 100, malformed), 404 for another company’s forecast', async () => {
    const s = await setup();
    const path = `/v1/projects/${s.project}/forecasts/${s.forecast}/wells`;
    const many = Array.from({ length: 101 }, () => s.wells[0]);
    for (const body of [{}, { wellIds: [] }, { wellIds: many }, { wellIds: ['x'] }, { wellIds: 'a' }]) {
      const bad = await s.call('POST', path, body);
      expect(bad.res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(ErrorEnvelope.parse(bad.body).details)).toContain('wellIds');
    }
    expect((await s.call('POST', path, { wellIds: Array.from({ length: 100 }, () => s.wells[0]) })).res.status).toBe(
      207,
    );
    const other = await setup('Other Co');
    expect((await other.call('POST', path, { wellIds: [other.wells[0]] })).res.status).toBe(404);
  });
});

describe(`forecast outputs and volumes for clients (${BACKEND})`, () => {
  it('GET …/forecasts/outputs/{id} reads one element of the outputs list; 404 otherwise', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0], 'oil', [EXP, FLAT]), rate(s.wells[1], 'gas', [MOD])]);
    const list = (await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.forecast}/outputs`)).body as unknown[];
    for (const element of list) {
      const o = ForecastOutput.parse(element);
      const one = await s.call('GET', `/v1/projects/${s.project}/forecasts/outputs/${o.id}`);
      expect(one.res.status).toBe(200);
      expect(one.body).toEqual(element);
    }
    const missing = `${s.forecast}:${s.wells[0]}:water`;
    expect((await s.call('GET', `/v1/projects/${s.project}/forecasts/outputs/${missing}`)).res.status).toBe(404);
    const id = `${s.forecast}:${s.wells[0]}:oil`;
    expect((await s.call('GET', `/v1/projects/${s.project2}/forecasts/outputs/${id}`)).res.status).toBe(404);
    const bad = await s.call('GET', `/v1/projects/${s.project}/forecasts/outputs/${s.forecast}`);
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('path.id');
    const other = await setup('Other Co');
    expect((await other.call('GET', `/v1/projects/${s.project}/forecasts/outputs/${id}`)).res.status).toBe(404);
  });

  it('daily volumes take up to 200 wells a page; volume rows carry the forecast type at the top', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0], 'oil', [FLAT])]);
    const base = `/v1/projects/${s.project}/forecasts/${s.forecast}`;
    const daily = await s.call('GET', `${base}/daily-volumes?take=200`);
    expect(daily.res.status).toBe(200);
    expect(ForecastVolumes.parse((daily.body as unknown[])[0])).toMatchObject({ forecastType: 'deterministic' });
    const over = await s.call('GET', `${base}/daily-volumes?take=201`);
    expect(over.res.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain('take');
    const monthly = await s.call('GET', `${base}/monthly-volumes`);
    expect((monthly.body as { forecastType: string }[])[0]!.forecastType).toBe('deterministic');
    await s.write([rate(s.wells[0], 'oil', [FLAT], 'p50')], s.probabilistic);
    const prob = await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.probabilistic}/monthly-volumes`);
    expect((prob.body as { forecastType: string }[])[0]!.forecastType).toBe('probabilistic');
  });

  it('company-wide volumes: every forecast and well of the company’s projects, filtered, paged, the same values', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0], 'oil', [EXP, FLAT]), rate(s.wells[1], 'gas', [MOD])]);
    await s.write([rate(s.wells[2], 'water', [FLAT], 'p50')], s.probabilistic);
    const other = await setup('Other Co');
    await other.write([rate(other.wells[0], 'oil', [FLAT])]);
    for (const resolution of ['daily', 'monthly'] as const) {
      for (const path of [`/v1/forecasts/${resolution}-volumes`, `/v1/forecast-${resolution}-volumes`]) {
        const all = await s.call('GET', `${path}?take=200`);
        expect(all.res.status).toBe(200);
        const rows = (all.body as unknown[]).map((r) => ForecastVolumes.parse(r));
        expect(rows.map((r) => [r.forecast, r.well])).toEqual(
          [
            [s.forecast, s.wells[0]],
            [s.forecast, s.wells[1]],
            [s.probabilistic, s.wells[2]],
          ].sort((a, b) => (a.join() < b.join() ? -1 : 1)),
        );
        const per = await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.forecast}/${resolution}-volumes`);
        expect(rows.filter((r) => r.forecast === s.forecast)).toEqual(per.body);
        const head = await t.app.request(path, { method: 'HEAD', headers: s.headers });
        expect(head.headers.get('X-Query-Count')).toBe('3');
        const one = await s.call('GET', `${path}?forecast=${s.forecast}&well=${s.wells[1]}`);
        expect((one.body as ForecastVolumes[]).map((r) => r.well)).toEqual([s.wells[1]]);
        const byProject = await s.call('GET', `${path}?project=${s.project2}`);
        expect(byProject.body).toEqual([]);
        const page = await s.call('GET', `${path}?take=1&skip=1`);
        expect((page.body as unknown[]).length).toBe(1);
        expect(page.res.headers.get('Link')).toContain('rel="next"');
        expect((await s.call('GET', `${path}?take=201`)).res.status).toBe(400);
        const bad = await s.call('GET', `${path}?forecast=nope`);
        expect(bad.res.status).toBe(400);
        expect(JSON.stringify(bad.body)).toContain('forecast');
        expect((await t.app.request(path)).status).toBe(401);
      }
    }
  });
});

describe(`GET /v1/projects/{p}/forecasts/{id}/aries (${BACKEND})`, () => {
  it('writes each well’s segments as ARIES lines, one row per line', async () => {
    const s = await setup();
    await s.write([
      rate(s.wells[0], 'oil', [EXP, FLAT]),
      rate(s.wells[0], 'gas', [MOD]),
      {
        ...rate(s.wells[0], 'water', [{ ...FLAT, startDate: '2027-01-01', qStart: 0.5 }]),
        forecastType: 'ratio',
        basePhase: 'oil',
      },
    ]);
    const res = await s.call('GET', `/v1/projects/${s.project}/forecasts/${s.forecast}/aries`);
    expect(res.res.status).toBe(200);
    const rows = (res.body as unknown[]).map((r) => AriesForecast.parse(r));
    expect(rows.map((r) => r.well)).toEqual([s.wells[0], s.wells[1]]);
    expect(rows[1]!.forecast).toEqual([]);
    const lines = rows[0]!.forecast;
    expect(lines[0]).toEqual({
      PROPNUM: 'W-0',
      'WELL NAME': 'W 0',
      'CHOSEN ID': 'W-0',
      API10: '4212345678',
      API14: '42123456780000',
      SECTION: 4,
      SEQUENCE: 1,
      QUALIFIER: 'Det_one',
      KEYWORD: 'START',
      EXPRESSION: '01/2027',
    });
    expect(lines.map((l) => [l.SEQUENCE, l.KEYWORD, l.EXPRESSION])).toEqual([
      [1, 'START', '01/2027'],
      [2, 'OIL', '500 X B/D 01/2032 AD EXP 30'],
      [3, '"', '20 20 B/D 03/16/2032 AD FLAT 0'],
      [4, 'START', '01/2027'],
      [5, 'GAS', '900 X M/D 6 EXP B/1.1 70'],
      [6, '"', 'X X M/D 01/2077 AD EXP 6'],
      [7, 'START', '01/2027'],
      [8, 'WTR/OIL', '0.5 0.5 B/B 03/16/2032 AD FLAT 0'],
    ]);
  });

  it('applies pSeries, startDate, selectedIdKey, endingCondition, forecastUnit and qualifier; pages wells', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0], 'oil', [EXP], 'p10'), rate(s.wells[1], 'oil', [FLAT], 'p10')], s.probabilistic);
    const base = `/v1/projects/${s.project}/forecasts/${s.probabilistic}/aries`;
    const best = await s.call('GET', base);
    expect((best.body as AriesForecast[]).every((r) => r.forecast.length === 0)).toBe(true);
    const q =
      'pSeries=P10&startDate=2028-01-01&selectedIdKey=api14&endingCondition=years&forecastUnit=per_month&qualifier=CC25&take=1';
    const res = await s.call('GET', `${base}?${q}`);
    const [row] = res.body as AriesForecast[];
    // The exponential's rate 365 days in (D = −ln 0.7 / 365.25 per day), in BBL per month of 30.4375 days.
    const monthlyRate = +(500 * Math.exp((Math.log(0.7) * 365) / 365.25) * 30.4375).toPrecision(10);
    expect(row!.well).toBe(s.wells[0]);
    expect(row!.forecast.map((l) => [l.PROPNUM, l.QUALIFIER, l.KEYWORD, l.EXPRESSION])).toEqual([
      ['42123456780000', 'CC25', 'START', '01/2028'],
      ['42123456780000', 'CC25', 'OIL', `${monthlyRate} X B/M 4 YRS EXP 30`],
    ]);
    expect(res.res.headers.get('Link')).toContain('rel="next"');
    const head = await t.app.request(base, { method: 'HEAD', headers: s.headers });
    expect(head.headers.get('X-Query-Count')).toBe('3');
    const filtered = await s.call('GET', `${base}?well=${s.wells[1]}&pSeries=p10`);
    expect((filtered.body as AriesForecast[]).map((r) => r.forecast[1]!.EXPRESSION)).toEqual([
      '20 20 B/D 03/16/2032 AD FLAT 0',
    ]);
  });

  it('400 naming the query field, 404 for another company’s forecast, 401 without credentials', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/forecasts/${s.forecast}/aries`;
    for (const [q, field] of [
      ['pSeries=P99', 'pSeries'],
      ['take=1001', 'take'],
      ['startDate=2028-13-01', 'startDate'],
      ['endingCondition=ending_rate', 'endingCondition'],
      ['selectedIdKey=inptID', 'selectedIdKey'],
      ['qualifier=a%20b', 'qualifier'],
      ['well=nope', 'well'],
    ] as const) {
      const bad = await s.call('GET', `${base}?${q}`);
      expect(bad.res.status, q).toBe(400);
      expect(JSON.stringify(ErrorEnvelope.parse(bad.body).details), q).toContain(field);
    }
    expect((await s.call('GET', `${base}?take=1000`)).res.status).toBe(200);
    const other = await setup('Other Co');
    expect((await other.call('GET', base)).res.status).toBe(404);
    expect((await t.app.request(base)).status).toBe(401);
  });
});
