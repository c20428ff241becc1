import { rm } from 'node:fs/promises';
import {
  ECON_MONTHLY_COLUMNS,
  ECON_ONE_LINER_RESULT_FIELDS,
  type EconMonthlyRow,
  type EconOneLinerRow,
  EconRun,
  ErrorEnvelope,
  ExportJobView,
  ForecastOutput,
  ForecastVolumes,
} from '@econ/contract';
import { segmentRate, toDayIndex, toSegment } from '@econ/decline';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPendingEconRuns } from '../econRuns/runner';
import { econRunFixture, sender } from '../econRuns/testing';
import { signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { FORECAST_PARAMETER_COLUMNS } from './forecastParameterFiles';
import { exportJobsIdle } from './service';
import { exportFixture, tempDataDir } from './testing';

let t: TestApi;
let root: string;
beforeAll(async () => {
  root = tempDataDir();
  t = await createTestApi({ DATA_DIR: root });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => t.reset());

type Row = Record<string, unknown>;
const send = (method: string, path: string, h: Record<string, string>, body?: unknown) =>
  sender(t)(method, path, h, body);

/** Starts a job, waits for it with the export runner the tests use, and reads it back. */
async function runJob(kind: string, h: Record<string, string>, body: unknown) {
  const started = await send('POST', `/v2/exports/${kind}`, h, body);
  expect(started.res.status, JSON.stringify(started.body)).toBe(201);
  const job = ExportJobView.parse(started.body);
  expect(job).toMatchObject({ kind, status: 'running' });
  expect(started.res.headers.get('Location')).toBe(`/v2/exports/${kind}/${job.id}`);
  await exportJobsIdle(t.deps);
  const done = await send('GET', `/v2/exports/${kind}/${job.id}`, h);
  expect(done.res.status).toBe(200);
  const view = ExportJobView.parse(done.body);
  expect(view.status, view.error).toBe('completed');
  expect(view.url).toBe(view.fileUrls[0]);
  return view;
}

/** Every row of a job's files, read back with hyparquet (dates as YYYY-MM-DD). */
async function rowsOf(view: ExportJobView): Promise<Row[]> {
  const out: Row[] = [];
  for (const url of view.fileUrls) {
    const res = await t.app.request(url.replace(BASE_URL, ''));
    expect(res.status).toBe(200);
    const file = await res.arrayBuffer();
    for (const r of await parquetReadObjects({ file })) {
      out.push(
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString().slice(0, 10) : v]),
        ),
      );
    }
  }
  return out;
}

const EXP = { segmentType: 'exp_dec', startDate: '2027-01-01', endDate: '2031-12-31', qStart: 500, dEff: 0.3 };
const MOD = {
  segmentType: 'arps_modified',
  startDate: '2032-01-01',
  endDate: '2060-12-31',
  qStart: 80,
  b: 1.1,
  dEff: 0.5,
  realizedDEffSw: 0.06,
};

describe(`v2 export jobs: forecasts (${BACKEND})`, () => {
  it('forecast-parameters: one row per well, phase, series and segment, equal to the outputs route', async () => {
    const s = await exportFixture(t);
    const put = await send('PUT', `/v1/projects/${s.project}/forecasts/${s.forecast}/parameters`, s.headers, [
      { well: s.wells[0], forecastType: 'rate', phase: 'water', series: 'best', segments: [EXP, MOD] },
      {
        well: s.wells[1],
        forecastType: 'ratio',
        basePhase: 'oil',
        phase: 'water',
        series: 'best',
        segments: [{ ...EXP, qStart: 0.5, dEff: 0.1 }],
      },
    ]);
    expect(put.res.status).toBe(207);
    const view = await runJob('forecast-parameters', s.headers, { projectId: s.project, forecastId: s.forecast });
    expect(view).toMatchObject({ projectId: s.project, forecastId: s.forecast });
    const rows = await rowsOf(view);
    expect(Object.keys(rows[0]!)).toEqual(FORECAST_PARAMETER_COLUMNS.map((c) => c.name));
    const outputs = (
      (await send('GET', `/v1/projects/${s.project}/forecasts/${s.forecast}/outputs?take=1000`, s.headers))
        .body as unknown[]
    ).map((o) => ForecastOutput.parse(o));
    const expected = outputs.flatMap((o) =>
      (['best', 'p10', 'p50', 'p90'] as const).flatMap((series) =>
        (o[series]?.segments ?? []).map((seg, i) => ({ o, series, seg, i })),
      ),
    );
    expect(rows).toHaveLength(expected.length);
    expect(view.rowsWritten).toBe(expected.length);
    for (const { o, series, seg, i } of expected) {
      const row = rows.find(
        (r) => r.wellId === o.well && r.phase === o.phase && r.series === series && r.segmentIndex === i,
      );
      expect(row, `${o.well} ${o.phase} ${series} ${i}`).toBeDefined();
      expect(row).toMatchObject({
        segmentType: seg.segmentType,
        startDate: seg.startDate,
        endDate: seg.endDate,
        switchDate: seg.switchDate ?? '',
        forecastType: o.phase === 'water' && o.well === s.wells[1] ? 'ratio' : 'rate',
        dataFrequency: o.data_freq,
        forecastId: s.forecast,
        projectId: s.project,
      });
      for (const k of ['qStart', 'qEnd', 'd', 'dEff', 'b', 'slope', 'realizedDEffSw', 'dSw'] as const) {
        expect(row![k], `${k}`).toEqual(seg[k] ?? Number.NaN);
      }
    }
    expect(rows.find((r) => r.basePhase === 'oil')).toMatchObject({ wellId: s.wells[1], phase: 'water' });
  });

  it('forecast-parameters: phases from a start date (cut with adjustParameters), series and wells', async () => {
    const s = await exportFixture(t);
    await send('PUT', `/v1/projects/${s.project}/forecasts/${s.forecast}/parameters`, s.headers, [
      { well: s.wells[0], forecastType: 'rate', phase: 'water', series: 'best', segments: [EXP, MOD] },
    ]);
    const body = (adjustParameters: boolean) => ({
      projectId: s.project,
      forecastId: s.forecast,
      fileType: 'parquet',
      phases: { water: { startDate: '2029-07-01' } },
      adjustParameters,
      options: { series: ['best'], wells: [s.wells[0]] },
    });
    const cut = await rowsOf(await runJob('forecast-parameters', s.headers, body(true)));
    expect(cut.map((r) => [r.phase, r.segmentType, r.startDate, r.endDate])).toEqual([
      ['water', 'exp_dec', '2029-07-01', '2031-12-31'],
      ['water', 'arps_modified', '2032-01-01', '2060-12-31'],
    ]);
    // The cut segment starts at the original's rate that day, with the same decline.
    const original = toSegment(EXP);
    const day = toDayIndex('2029-07-01') - original.start;
    expect(cut[0]!.qStart as number).toBeCloseTo(segmentRate(original, day), 9);
    expect(cut[0]!.dEff as number).toBeCloseTo(0.3, 12);
    const whole = await rowsOf(await runJob('forecast-parameters', s.headers, body(false)));
    expect(whole.map((r) => r.startDate)).toEqual(['2027-01-01', '2032-01-01']);
  });

  it('forecast-volumes: the forecast volume export narrowed to phases, wells and days, equal to the volumes route', async () => {
    const s = await exportFixture(t);
    const view = await runJob('forecast-volumes', s.headers, {
      projectId: s.project,
      forecastId: s.forecast,
      fileType: 'parquet',
      phases: ['oil'],
      wells: [s.wells[1]],
      forecast: { resolution: 'daily', start: '2025-03-01', end: '2025-03-31' },
      production: { resolution: 'monthly' },
      mergeForecastAndProduction: false,
    });
    const rows = await rowsOf(view);
    const api = ForecastVolumes.parse(
      (
        (
          await send(
            'GET',
            `/v1/projects/${s.project}/forecasts/${s.forecast}/daily-volumes?well=${s.wells[1]}&phase=oil`,
            s.headers,
          )
        ).body as unknown[]
      )[0],
    );
    const series = api.phases[0]!.series[0]!;
    const offset = toDayIndex('2025-03-01') - toDayIndex(series.startDate);
    expect(rows).toHaveLength(31);
    rows.forEach((r, i) => {
      expect(r).toMatchObject({ wellId: s.wells[1], phase: 'oil', series: 'best', forecastId: s.forecast });
      expect(r.volume).toBe(series.volumes[offset + i]);
    });
    expect(rows[0]!.date).toBe('2025-03-01');
    expect(rows.at(-1)!.date).toBe('2025-03-31');
  });
});

describe(`v2 export jobs: econ runs (${BACKEND})`, () => {
  async function completeRun() {
    const s = await econRunFixture(t);
    const r = await send('POST', s.runs, s.h, { forecast: s.forecast });
    const run = EconRun.parse(r.body);
    await runPendingEconRuns(t.deps, 'worker-1');
    return { ...s, run };
  }

  it('econ-monthly: the econ monthly export of a complete run, equal to the monthly route', async () => {
    const s = await completeRun();
    const monthly = (await send('GET', `${s.runs}/${s.run.id}/monthly?take=5000`, s.h)).body as EconMonthlyRow[];
    const view = await runJob('econ-monthly', s.h, {
      projectId: s.p,
      scenarioId: s.scenario,
      runId: s.run.id,
      fileType: 'parquet',
      timeZone: 'America/Chicago',
    });
    expect(view).toMatchObject({ scenarioId: s.scenario, runId: s.run.id });
    const rows = await rowsOf(view);
    expect(rows).toHaveLength(monthly.length);
    rows.forEach((row, i) => {
      expect(row.wellId).toBe(monthly[i]!.well);
      expect(row.date).toBe(monthly[i]!.date);
      for (const c of ECON_MONTHLY_COLUMNS) expect(row[c], c).toBe(monthly[i]![c]);
    });
  });

  it('econ-one-liners: one row per well and combo with every figure under the service’s columns', async () => {
    const s = await completeRun();
    const api = (await send('GET', `${s.runs}/${s.run.id}/one-liners?sort=well&take=1000`, s.h))
      .body as EconOneLinerRow[];
    const view = await runJob('econ-one-liners', s.h, { projectId: s.p, scenarioId: s.scenario, runId: s.run.id });
    const rows = await rowsOf(view);
    expect(rows.map((r) => r.wellId)).toEqual(api.map((o) => o.well));
    rows.forEach((row, i) => {
      const o = api[i]!;
      expect(row).toMatchObject({
        wellName: o.wellName,
        comboName: o.comboName,
        status: o.status,
        econRunId: s.run.id,
      });
      for (const f of ECON_ONE_LINER_RESULT_FIELDS) {
        const v = o.output?.[f.key];
        const expected = f.unit.startsWith('date') ? (v ?? '') : typeof v === 'number' ? v : Number.NaN;
        expect(row[f.column], f.column).toEqual(expected);
      }
    });
    expect(rows.some((r) => typeof r.npv === 'number' || typeof r.before_income_tax_cash_flow === 'number')).toBe(true);
  });

  it('409 for a run that is not complete; 404 for a run of another scenario', async () => {
    const s = await econRunFixture(t);
    const r = await send('POST', s.runs, s.h, { forecast: s.forecast });
    const run = EconRun.parse(r.body);
    const pending = await send('POST', '/v2/exports/econ-one-liners', s.h, {
      projectId: s.p,
      scenarioId: s.scenario,
      runId: run.id,
    });
    expect(pending.res.status).toBe(409);
    expect(JSON.stringify(pending.body)).toContain('not complete');
    const other = await send('POST', '/v2/exports/econ-monthly', s.h, {
      projectId: s.p,
      scenarioId: s.scenario,
      runId: 'ffffffffffffffffffffffff',
    });
    expect(other.res.status).toBe(404);
  });
});

describe(`v2 export jobs: rules (${BACKEND})`, () => {
  it('400 naming the field', async () => {
    const s = await exportFixture(t);
    const base = { projectId: s.project, forecastId: s.forecast };
    const cases: [string, unknown, string][] = [
      ['forecast-parameters', { forecastId: s.forecast }, 'projectId'],
      ['forecast-parameters', { ...base, fileType: 'csv' }, 'fileType'],
      ['forecast-parameters', { ...base, phases: { ngl: {} } }, 'phases'],
      ['forecast-parameters', { ...base, phases: { oil: { startDate: '2027-02-30' } } }, 'phases.oil.startDate'],
      ['forecast-parameters', { ...base, options: { series: ['p75'] } }, 'options.series'],
      ['forecast-volumes', { ...base, forecast: { resolution: 'weekly' } }, 'forecast.resolution'],
      ['forecast-volumes', { ...base, mergeForecastAndProduction: true }, 'mergeForecastAndProduction'],
      ['forecast-volumes', { ...base, phases: ['ngl'] }, 'phases'],
      ['forecast-volumes', { ...base, expirationHours: 0 }, 'expirationHours'],
      ['econ-monthly', { projectId: s.project, scenarioId: s.scenario, runId: 'x' }, 'runId'],
      ['econ-one-liners', { projectId: s.project, scenarioId: s.scenario }, 'runId'],
      ['econ-one-liners', { projectId: s.project, scenarioId: s.scenario, econRunId: s.forecast }, 'econRunId'],
    ];
    for (const [kind, body, field] of cases) {
      const res = await send('POST', `/v2/exports/${kind}`, s.headers, body);
      expect(res.res.status, `${kind} ${JSON.stringify(body)}`).toBe(400);
      expect(JSON.stringify(ErrorEnvelope.parse(res.body).details), field).toContain(field);
    }
  });

  it('404 for another company’s job or a job fetched under another kind; 404 for an unknown forecast; 401', async () => {
    const s = await exportFixture(t);
    const view = await runJob('forecast-volumes', s.headers, { projectId: s.project, forecastId: s.forecast });
    for (const kind of ['forecast-parameters', 'econ-monthly', 'econ-one-liners']) {
      const other = await send('GET', `/v2/exports/${kind}/${view.id}`, s.headers);
      expect(other.res.status, kind).toBe(404);
    }
    // A v1 export of the same machinery is that kind of job too.
    const v1 = await s.post(s.monthly());
    const v1Id = (await v1.json()) as { id: string };
    expect((await send('GET', `/v2/exports/forecast-volumes/${v1Id.id}`, s.headers)).res.status).toBe(200);
    const stranger = await signedIn(t, 'Other Co');
    expect((await send('GET', `/v2/exports/forecast-volumes/${view.id}`, stranger.headers)).res.status).toBe(404);
    const unknown = await send('POST', '/v2/exports/forecast-parameters', s.headers, {
      projectId: s.project,
      forecastId: s.otherForecast,
    });
    expect(unknown.res.status).toBe(404);
    expect((await t.app.request(`/v2/exports/forecast-volumes/${view.id}`)).status).toBe(401);
    expect((await send('GET', '/v2/exports/forecast-volumes/nope', s.headers)).res.status).toBe(400);
  });

  it('GET expirationHours makes the links valid that long from now, never past the files', async () => {
    const s = await exportFixture(t);
    const view = await runJob('forecast-volumes', s.headers, {
      projectId: s.project,
      forecastId: s.forecast,
      expirationHours: 2,
    });
    const expiry = (u: string) => Number(new URL(u).searchParams.get('X-Expires'));
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(expiry(view.url!)).toBe(Date.parse(view.expiresAt) / 1000);
    const one = ExportJobView.parse(
      (await send('GET', `/v2/exports/forecast-volumes/${view.id}?expirationHours=1`, s.headers)).body,
    );
    expect(expiry(one.url!)).toBe(now + 3600);
    const long = ExportJobView.parse(
      (await send('GET', `/v2/exports/forecast-volumes/${view.id}?expirationHours=100`, s.headers)).body,
    );
    expect(expiry(long.url!)).toBe(Date.parse(view.expiresAt) / 1000);
    const link = await t.app.request(one.url!.replace(BASE_URL, ''));
    expect(link.status).toBe(200);
    const bad = await send('GET', `/v2/exports/forecast-volumes/${view.id}?expirationHours=169`, s.headers);
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('expirationHours');
  });
});
