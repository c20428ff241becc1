import { ForecastConfiguration, ForecastRun, type ForecastRunWell } from '@econ/contract';
import { dailySum, dayIndexFromCivil, fromDayIndex, toSegment } from '@econ/decline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forecastRuns, jobChunks } from '../db/schema';
import { demoForecastParameters, demoHistories, demoWells } from '../demoData';
import { sender } from '../econRuns/testing';
import { claimChunk } from '../jobs/chunks';
import { STALE_AFTER_MS } from '../jobs/queue';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { KEPT_REASON } from './fitWell';
import { planForecastRun, processForecastChunk, runPendingForecastRuns } from './runner';
import { claimRun } from './store';

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** Monthly volumes of an Arps well from 2020-01 (qi BBL/d, nominal decline per year, b), 36 months. */
function arpsMonths(qi: number, D: number, b: number, months = 36) {
  return Array.from({ length: months }, (_, k) => {
    const y = 2020 + Math.floor(k / 12);
    const m = (k % 12) + 1;
    const day = dayIndexFromCivil(y, m, 1);
    const dt = (day - dayIndexFromCivil(2020, 1, 1)) / 365.25;
    const rate = qi / (1 + b * D * dt) ** (1 / b);
    const days = dayIndexFromCivil(m === 12 ? y + 1 : y, (m % 12) + 1, 1) - day;
    return { date: fromDayIndex(day), volume: rate * days };
  });
}

/**
 * Wells: A (declining oil and gas), B (no history), C (oil rising every month: no decline),
 * D (declining oil with best oil segments already stored), E (not in the forecast).
 */
async function fixture() {
  const s = await signedIn(t);
  const h = s.headers;
  const { body: pb } = await postRecords(t, '/v1/projects', h, [{ name: 'Fit' }]);
  const p = pb.results[0]!.id!;
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${p}/wells`,
    h,
    ['A', 'B', 'C', 'D', 'E'].map((wellName) => ({ wellName, chosenID: wellName, dataSource: 'internal' })),
  );
  const [a, b, c, d, e] = wb.results.map((r) => r.id!) as [string, string, string, string, string];
  const { body: fb } = await postRecords(t, `/v1/projects/${p}/forecasts`, h, [{ name: 'Auto', wells: [a, b, c, d] }]);
  const forecast = fb.results[0]!.id!;
  const oil = arpsMonths(1000, 1.2, 0.8);
  const gas = arpsMonths(3000, 0.9, 1.1);
  const records = [
    ...oil.map((o, k) => ({ well: a, date: o.date, oil: o.volume, gas: gas[k]!.volume })),
    ...oil.map((o, k) => ({ well: c, date: o.date, oil: 100 + 10 * k })),
    ...oil.map((o) => ({ well: d, date: o.date, oil: o.volume })),
  ];
  const prod = await send('POST', '/v1/monthly-productions', h, records);
  expect(prod.res.status).toBe(207);
  expect((prod.body as { failedCount: number }).failedCount).toBe(0);
  const base = `/v1/projects/${p}/forecasts/${forecast}`;
  const stored = [{ segmentType: 'flat', startDate: '2023-01-01', endDate: '2040-12-31', qStart: 55 }];
  const put = await send('POST', `${base}/parameters/${d}/oil/best`, h, stored);
  expect(put.res.status, JSON.stringify(put.body)).toBe(201);
  return { h, p, a, b, c, d, e, forecast, base, truthOil: { qi: 1000, D: 1.2, b: 0.8 } };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

async function start(s: Fixture, body: unknown) {
  const r = await send('POST', `${s.base}/run`, s.h, body);
  expect(r.res.status, JSON.stringify(r.body)).toBe(202);
  return { run: ForecastRun.parse(r.body), location: r.res.headers.get('location') };
}

async function wellsOf(s: Fixture, runId: string, query = '') {
  const r = await send('GET', `${s.base}/run/${runId}/wells${query}`, s.h);
  expect(r.res.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ForecastRunWell[];
}

describe(`forecast runs (${BACKEND})`, () => {
  it('fits each well and phase with history; skips wells without history and kept segments; fails a rising history with the reason', async () => {
    const s = await fixture();
    const { run, location } = await start(s, { settings: { phases: { oil: {}, gas: {} } } });
    expect(location).toBe(`${s.base}/run/${run.id}`);
    expect(run).toMatchObject({
      status: 'pending',
      forecast: s.forecast,
      configurationId: null,
      progress: { wellsTotal: 4, wellsDone: 0 },
      settings: { overwrite: false, resolution: 'monthly', years: 50 },
    });
    expect(await runPendingForecastRuns(t.deps, 'worker-1')).toBe(1);
    const done = ForecastRun.parse((await send('GET', location!, s.h)).body);
    expect(done).toMatchObject({
      status: 'complete',
      progress: { wellsTotal: 4, wellsDone: 4, wellsFitted: 1, wellsSkipped: 2, wellsFailed: 1 },
    });
    // D: oil kept (segments stored), gas has no history; C: oil refused, gas none.
    const wells = await wellsOf(s, run.id);
    expect(wells.map((w) => [w.wellName, w.status])).toEqual([
      ['A', 'fitted'],
      ['B', 'skipped'],
      ['C', 'failed'],
      ['D', 'skipped'],
    ]);
    const byName = Object.fromEntries(wells.map((w) => [w.wellName, w]));
    expect(byName.A!.phases.oil).toMatchObject({ status: 'fitted', segmentType: 'arps_modified', pointsUsed: 36 });
    expect(byName.A!.phases.oil!.r2).toBeGreaterThan(0.99);
    expect(byName.B!.phases.oil).toEqual({ status: 'skipped', reason: 'no oil history (monthly)' });
    expect(byName.C!.phases.oil!.status).toBe('failed');
    // Rising every month: the peak is the last month, too few points after it.
    expect(byName.C!.phases.oil!.reason).toMatch(/needs at least 3 producing points from the start; has \d\b/);
    expect(byName.D!.phases.oil).toEqual({ status: 'skipped', reason: KEPT_REASON });
    expect((await wellsOf(s, run.id, '?status=failed')).map((w) => w.wellName)).toEqual(['C']);
    const head = await t.app.request(`${s.base}/run/${run.id}/wells?status=fitted`, { method: 'HEAD', headers: s.h });
    expect(head.headers.get('x-query-count')).toBe('1');

    // A's oil is stored as the best series: modified Arps from the first month, near the truth.
    const params = await send('GET', `${s.base}/parameters/${s.a}/oil/best`, s.h);
    expect(params.res.status).toBe(200);
    const [seg] = (params.body as { segments: Record<string, unknown>[] }).segments;
    expect(seg).toMatchObject({ segmentType: 'arps_modified', startDate: '2020-01-01', endDate: '2072-12-01' });
    expect(seg!.b as number).toBeGreaterThan(0.7);
    expect(seg!.b as number).toBeLessThan(0.9);
    expect(seg!.realizedDEffSw).toBeCloseTo(0.08, 10);
    // D's stored oil is untouched.
    const kept = await send('GET', `${s.base}/parameters/${s.d}/oil/best`, s.h);
    expect((kept.body as { segments: { qStart: number }[] }).segments[0]!.qStart).toBe(55);
    // Water was not asked for: nothing stored.
    expect((await send('GET', `${s.base}/parameters/${s.a}/water/best`, s.h)).body).toMatchObject({ segments: [] });
  });

  it('overwrite replaces stored best segments; a named list fits only those wells', async () => {
    const s = await fixture();
    const { run } = await start(s, { wells: [s.d], settings: { overwrite: true, phases: { oil: { model: 'arps' } } } });
    expect(run.progress.wellsTotal).toBe(1);
    await runPendingForecastRuns(t.deps, 'worker-1');
    const [d] = await wellsOf(s, run.id);
    expect(d).toMatchObject({
      wellName: 'D',
      status: 'fitted',
      phases: { oil: { status: 'fitted', segmentType: 'arps' } },
    });
    const params = await send('GET', `${s.base}/parameters/${s.d}/oil/best`, s.h);
    const [view] = (params.body as { segments: Record<string, unknown>[] }).segments;
    expect(view!.segmentType).toBe('arps');
    // The fitted EUR is the volume of the stored segment (read back: the view adds d beside dEff).
    const { d: _nominal, ...stored } = view!;
    const seg = toSegment(stored as never);
    expect(d!.phases.oil!.eur).toBeCloseTo(dailySum(seg, 0, seg.end - seg.start), 3);
  });

  it('percentiles: P10, P50 and P90 series written beside best, their EURs ordered; cum regression fits too', async () => {
    const s = await fixture();
    const { run } = await start(s, {
      wells: [s.a],
      settings: { percentiles: true, phases: { oil: { regressionType: 'cum' }, gas: {} } },
    });
    await runPendingForecastRuns(t.deps, 'worker-1');
    const [a] = await wellsOf(s, run.id);
    for (const phase of ['oil', 'gas'] as const) {
      const r = a!.phases[phase]!;
      expect(r.status, JSON.stringify(r)).toBe('fitted');
      expect(r.eurP10!).toBeGreaterThanOrEqual(r.eurP50!);
      expect(r.eurP50!).toBeGreaterThanOrEqual(r.eurP90!);
      for (const series of ['p10', 'p50', 'p90', 'best']) {
        const got = await send('GET', `${s.base}/parameters/${s.a}/${phase}/${series}`, s.h);
        expect((got.body as { segments: unknown[] }).segments, `${phase} ${series}`).toHaveLength(1);
      }
    }
    // A history made of an exact curve: the cum fit's EUR is close to the rate fit's.
    const { run: byRate } = await start(s, { wells: [s.a], settings: { overwrite: true, phases: { oil: {} } } });
    await runPendingForecastRuns(t.deps, 'worker-1');
    const [rate] = await wellsOf(s, byRate.id);
    expect(Math.abs(a!.phases.oil!.eur! / rate!.phases.oil!.eur! - 1)).toBeLessThan(0.05);
  });

  it('a ratio phase: gas fitted as a ratio over oil, stored as a ratio forecast on oil', async () => {
    const s = await fixture();
    const { run } = await start(s, {
      wells: [s.a],
      settings: { phases: { oil: {}, gas: { forecastType: 'ratio', basePhase: 'oil' } } },
    });
    await runPendingForecastRuns(t.deps, 'worker-1');
    const [a] = await wellsOf(s, run.id);
    expect(a!.phases.gas).toMatchObject({ status: 'fitted', basePhase: 'oil' });
    const gas = await send('GET', `${s.base}/parameters/${s.a}/gas/best`, s.h);
    expect(gas.body).toMatchObject({ forecastType: 'ratio', basePhase: 'oil' });
    const bad = await send('POST', `${s.base}/run`, s.h, { settings: { phases: { gas: { forecastType: 'ratio' } } } });
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({
      details: [{ field: 'settings.phases.gas.basePhase', rule: 'required for ratio' }],
    });
  });

  it('recent weights apply to rate regression only: 400 naming the field with cum', async () => {
    const s = await fixture();
    const bad = await send('POST', `${s.base}/run`, s.h, {
      settings: { phases: { oil: { regressionType: 'cum', recentHalfLifeDays: 365 } } },
    });
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({
      details: [{ field: 'settings.phases.oil.recentHalfLifeDays', rule: 'not with regressionType cum' }],
    });
  });

  it('refuses a well outside the forecast, an unknown configuration and bad settings, naming the field; nothing queued', async () => {
    const s = await fixture();
    const outside = await send('POST', `${s.base}/run`, s.h, { wells: [s.a, s.e] });
    expect(outside.res.status).toBe(400);
    expect(outside.body).toMatchObject({ details: [{ field: 'wells[1]', rule: 'well of the forecast', value: s.e }] });
    const unknown = await send('POST', `${s.base}/run`, s.h, { configurationId: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body).toMatchObject({ details: [{ field: 'configurationId' }] });
    const bad = await send('POST', `${s.base}/run`, s.h, { settings: { phases: { oil: { bMin: 1.5, bMax: 1 } } } });
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({ details: [{ field: 'settings.phases.oil.bMin', rule: 'bMin ≤ bMax' }] });
    const list = await send('GET', `${s.base}/run`, s.h);
    expect(list.body).toEqual([]);
  });

  it('chunks: a stopping process leaves the rest to another; a silent planner’s run is planned again over the wells not done; every well once', async () => {
    const s = await fixture();
    const { run } = await start(s, {});
    const deps = { ...t.deps, config: { ...t.deps.config, runChunkWells: 1 } };
    // Plan (4 chunks of one well) and one chunk, then the process is stopping.
    let asked = 0;
    expect(await runPendingForecastRuns(deps, 'w1', () => ++asked > 2)).toBe(1);
    const mid = ForecastRun.parse((await send('GET', `${s.base}/run/${run.id}`, s.h)).body);
    expect(mid).toMatchObject({ status: 'running', progress: { wellsDone: 1 } });
    // A second process takes one more chunk, then its planner's heartbeat goes stale (every process gone):
    // the run is planned again over the two wells not done.
    const now = t.deps.clock.now();
    const chunk = await claimChunk(deps.db, forecastRuns, 'w2', now, new Date(now.getTime() - 1));
    await processForecastChunk(deps, chunk!, 'w2');
    t.clock.advance(STALE_AFTER_MS + 1000);
    const later = t.deps.clock.now();
    const again = await claimRun(deps.db, 'w3', later, new Date(later.getTime() - STALE_AFTER_MS));
    expect(again).toMatchObject({ id: run.id, attempts: 2 });
    await planForecastRun(deps, again!, 'w3');
    const left = await deps.db.select().from(jobChunks).where(eq(jobChunks.runId, run.id));
    expect(left.flatMap((c) => c.wellIds)).toHaveLength(2);
    expect(await runPendingForecastRuns(deps, 'w3')).toBe(0);
    const done = ForecastRun.parse((await send('GET', `${s.base}/run/${run.id}`, s.h)).body);
    expect(done).toMatchObject({ status: 'complete', progress: { wellsTotal: 4, wellsDone: 4 } });
    expect((await wellsOf(s, run.id)).map((w) => w.wellName)).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe(`forecast configurations (${BACKEND})`, () => {
  const path = '/v1/forecast-configurations';

  it('create, name taken, upsert by name, patch, list, get, delete; a run uses the configuration under the fields sent', async () => {
    const s = await fixture();
    const created = await send('POST', path, s.h, {
      name: 'Shale oil',
      settings: { years: 10, phases: { oil: { bMax: 1.5 } } },
    });
    expect(created.res.status).toBe(207);
    const [r0] = (created.body as { results: { code: number; id: string }[] }).results;
    expect(r0!.code).toBe(201);
    const again = await send('POST', path, s.h, [{ name: 'Shale oil' }, { name: 'Gas' }, { name: 'Gas' }]);
    const codes = (again.body as { results: { code: number; errors?: { location: string }[] }[] }).results;
    expect(codes.map((r) => r.code)).toEqual([409, 201, 409]);
    expect(codes[0]!.errors![0]!.location).toBe('[0].name');
    const upsert = await send('PUT', path, s.h, {
      name: 'Shale oil',
      settings: { years: 20, phases: { oil: { bMax: 1.5 } } },
    });
    expect((upsert.body as { results: { code: number; id: string }[] }).results[0]).toMatchObject({
      code: 200,
      id: r0!.id,
    });
    const patch = await send('PATCH', path, s.h, [
      { id: r0!.id, name: 'Shale oil v2' },
      { id: 'bbbbbbbbbbbbbbbbbbbbbbbb' },
    ]);
    expect((patch.body as { results: { code: number }[] }).results.map((r) => r.code)).toEqual([200, 404]);
    const got = ForecastConfiguration.parse((await send('GET', `${path}/${r0!.id}`, s.h)).body);
    expect(got).toMatchObject({ name: 'Shale oil v2', settings: { years: 20, overwrite: false } });
    expect(got.settings.phases.oil).toMatchObject({ bMax: 1.5, bMin: 0.01, model: 'arps_modified' });
    expect(got.settings.phases.gas).toBeUndefined();
    const list = await send('GET', `${path}?sort=name`, s.h);
    expect((list.body as { name: string }[]).map((c) => c.name)).toEqual(['Gas', 'Shale oil v2']);
    const bad = await send('POST', path, s.h, { name: 'X', settings: { years: 0 } });
    expect((bad.body as { results: { errors: { location: string }[] }[] }).results[0]!.errors[0]!.location).toBe(
      '[0].settings.years',
    );

    const { run } = await start(s, { configurationId: r0!.id, settings: { overwrite: true } });
    expect(run).toMatchObject({ configurationId: r0!.id, settings: { years: 20, overwrite: true } });
    expect(Object.keys(run.settings.phases)).toEqual(['oil']);

    const del = await t.app.request(`${path}/${r0!.id}`, { method: 'DELETE', headers: s.h });
    expect(del.status).toBe(204);
    expect(del.headers.get('x-delete-count')).toBe('1');
    expect((await send('GET', `${path}/${r0!.id}`, s.h)).res.status).toBe(404);
    // The run keeps its settings; its configuration link is cleared.
    const after = ForecastRun.parse((await send('GET', `${s.base}/run/${run.id}`, s.h)).body);
    expect(after).toMatchObject({ configurationId: null, settings: { years: 20 } });
  });

  it('configurations are the company’s own', async () => {
    const s = await fixture();
    const created = await send('POST', path, s.h, { name: 'Mine' });
    const id = (created.body as { results: { id: string }[] }).results[0]!.id;
    const other = await signedIn(t, 'Other Co');
    expect((await send('GET', `${path}/${id}`, other.headers)).res.status).toBe(404);
    expect((await send('GET', path, other.headers)).body).toEqual([]);
  });
});

describe(`the demo forecast (${BACKEND})`, () => {
  it('a run fits oil, gas and water of every demo well from its monthly history; without overwrite the wells with segments keep them', async () => {
    const s = await signedIn(t);
    const { body: pb } = await postRecords(t, '/v1/projects', s.headers, [{ name: 'Demo' }]);
    const p = pb.results[0]!.id!;
    const inputs = demoWells();
    const { body: wb } = await postRecords(t, `/v1/projects/${p}/wells`, s.headers, inputs);
    const wells = wb.results.map((r, i) => ({ id: r.id!, firstProdDate: inputs[i]!.firstProdDate! }));
    const monthly = demoHistories(wells).flatMap((h) => h.monthly);
    const prod = await send('POST', '/v1/monthly-productions', s.headers, monthly);
    expect((prod.body as { failedCount: number }).failedCount).toBe(0);
    const { body: fb } = await postRecords(t, `/v1/projects/${p}/forecasts`, s.headers, [{ name: 'Demo forecast' }]);
    const base = `/v1/projects/${p}/forecasts/${fb.results[0]!.id!}`;
    const put = await send('PUT', `${base}/parameters`, s.headers, demoForecastParameters(wells));
    expect((put.body as { failedCount: number }).failedCount).toBe(0);

    const kept = await send('POST', `${base}/run`, s.headers, {});
    await runPendingForecastRuns(t.deps, 'worker-1');
    const keptRun = ForecastRun.parse(
      (await send('GET', `${base}/run/${(kept.body as { id: string }).id}`, s.headers)).body,
    );
    // The six wells with segments keep all three phases; the six others are fitted.
    expect(keptRun.progress).toMatchObject({
      wellsTotal: 12,
      wellsDone: 12,
      wellsFitted: 6,
      wellsSkipped: 6,
      wellsFailed: 0,
    });

    const all = await send('POST', `${base}/run`, s.headers, { settings: { overwrite: true } });
    await runPendingForecastRuns(t.deps, 'worker-1');
    const id = (all.body as { id: string }).id;
    const run = ForecastRun.parse((await send('GET', `${base}/run/${id}`, s.headers)).body);
    expect(run.progress).toMatchObject({ wellsTotal: 12, wellsDone: 12, wellsFitted: 12, wellsFailed: 0 });
    const results = (await send('GET', `${base}/run/${id}/wells`, s.headers)).body as ForecastRunWell[];
    for (const w of results) {
      for (const phase of ['oil', 'gas', 'water'] as const) {
        expect(w.phases[phase], `${w.wellName} ${phase}`).toMatchObject({ status: 'fitted' });
        expect(w.phases[phase]!.r2!, `${w.wellName} ${phase}`).toBeGreaterThan(0.5);
      }
    }
  });
});
