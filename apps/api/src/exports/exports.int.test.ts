import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ErrorEnvelope, ExportView } from '@econ/contract';
import { count } from 'drizzle-orm';
import { parquetMetadataAsync } from 'hyparquet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataExports } from '../db/schema';
import { readEnv } from '../env';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import type { FolderStore } from './folderStore';
import { configureExports, type EconMonthlyWriter, exportJobsIdle, exportRuntime } from './service';
import { exportFixture, gate, tempDataDir } from './testing';

let t: TestApi;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApi({ DATA_DIR: dataDir });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const exportCount = async () => (await t.deps.db.select({ n: count() }).from(dataExports))[0]!.n;
const storeRoot = () => (exportRuntime(t.deps).store as FolderStore).root;
const MISSING = 'ffffffffffffffffffffffff';

describe(`POST /v1/exports: validation (${BACKEND})`, () => {
  type Case = [
    what: string,
    patch: Record<string, unknown> | unknown[],
    field: string,
    rule: string,
    value: unknown,
    message: string,
  ];
  const cases: Case[] = [
    [
      'a missing exportType',
      { exportType: undefined },
      'exportType',
      'required',
      undefined,
      'exportType is required: one of econMonthlyExport, dailyForecastVolumeExport, monthlyForecastVolumeExport',
    ],
    [
      'an unknown exportType',
      { exportType: 'csvExport' },
      'exportType',
      'enum',
      'csvExport',
      'exportType must be one of econMonthlyExport, dailyForecastVolumeExport, monthlyForecastVolumeExport, econWorkbookExport (got "csvExport")',
    ],
    ['a numeric exportType', { exportType: 7 }, 'exportType', 'type string', 7, 'exportType must be a string'],
    [
      'a missing fileType',
      { fileType: undefined },
      'fileType',
      'required',
      undefined,
      'fileType is required: one of parquet',
    ],
    ['fileType csv', { fileType: 'csv' }, 'fileType', 'enum', 'csv', 'fileType must be one of parquet (got "csv")'],
    ['a missing projectId', { projectId: undefined }, 'projectId', 'required', undefined, 'projectId is required'],
    ['a malformed projectId', { projectId: 'p-1' }, 'projectId', 'format regex', 'p-1', '24-character hexadecimal id'],
    [
      'a missing forecastId (monthly)',
      { forecastId: undefined },
      'forecastId',
      'required',
      undefined,
      'forecastId is required',
    ],
    [
      'a missing forecastId (daily)',
      { exportType: 'dailyForecastVolumeExport', forecastId: undefined },
      'forecastId',
      'required',
      undefined,
      'forecastId is required',
    ],
    [
      'a missing scenarioId',
      { exportType: 'econMonthlyExport', forecastId: undefined, econRunId: MISSING },
      'scenarioId',
      'required',
      undefined,
      'scenarioId is required',
    ],
    [
      'a missing econRunId',
      { exportType: 'econMonthlyExport', forecastId: undefined, scenarioId: MISSING },
      'econRunId',
      'required',
      undefined,
      'econRunId is required',
    ],
    [
      'expirationHours 0',
      { expirationHours: 0 },
      'expirationHours',
      'min 1',
      0,
      'expirationHours must be an integer from 1 to 168',
    ],
    [
      'expirationHours 169',
      { expirationHours: 169 },
      'expirationHours',
      'max 168',
      169,
      'expirationHours must be an integer from 1 to 168',
    ],
    [
      'expirationHours 2.5',
      { expirationHours: 2.5 },
      'expirationHours',
      'type int',
      2.5,
      'expirationHours must be an integer from 1 to 168',
    ],
    [
      'expirationHours "24"',
      { expirationHours: '24' },
      'expirationHours',
      'type number',
      '24',
      'expirationHours must be an integer from 1 to 168',
    ],
    ['an unknown field', { format: 'csv' }, 'format', 'unknown field', 'csv', 'format is not a field of this resource'],
    [
      'forecastId on an econ export',
      { exportType: 'econMonthlyExport', scenarioId: MISSING, econRunId: MISSING },
      'forecastId',
      'unknown field',
      'FORECAST',
      'forecastId is not a field',
    ],
    [
      'scenarioId on a forecast export',
      { scenarioId: MISSING },
      'scenarioId',
      'unknown field',
      MISSING,
      'scenarioId is not a field',
    ],
    ['an array body', [{}], '', 'type object', [{}], 'expected object'],
  ];
  it.each(cases)(
    '400 for %s, naming field, rule and value; nothing is created',
    async (_, patch, field, rule, value, message) => {
      const s = await exportFixture(t);
      const body = Array.isArray(patch) ? patch : s.monthly(patch);
      const res = await s.post(body);
      expect(res.status).toBe(400);
      const err = ErrorEnvelope.parse(await res.json());
      const detail = err.details?.find((d) => d.field === field);
      expect(detail, JSON.stringify(err)).toBeDefined();
      expect(detail!.rule).toBe(rule);
      expect(detail!.value).toEqual(value === 'FORECAST' ? s.forecast : value);
      expect(detail!.message).toContain(message);
      expect(await exportCount()).toBe(0);
    },
  );

  it('415 for a body that is not JSON, 400 for malformed JSON', async () => {
    const s = await exportFixture(t);
    const text = await t.app.request('/v1/exports', {
      method: 'POST',
      headers: { ...s.headers, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    const bad = await t.app.request('/v1/exports', { method: 'POST', headers: s.headers, body: '{' });
    expect(bad.status).toBe(400);
  });

  it('401 without credentials', async () => {
    const res = await t.app.request('/v1/exports', { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });
});

describe(`POST /v1/exports: references (${BACKEND})`, () => {
  it('404 naming the project, forecast, scenario or run that is unknown or not in the project', async () => {
    const s = await exportFixture(t);
    const other = await exportFixture(t, { name: 'Other Co' });
    const run = await s.addRun('complete');
    const otherRun = await s.addRun('complete', s.otherScenario, s.otherProject);
    const econ = (patch: Record<string, unknown>) => ({
      exportType: 'econMonthlyExport',
      fileType: 'parquet',
      projectId: s.project,
      scenarioId: s.scenario,
      econRunId: run,
      ...patch,
    });
    const cases: [unknown, string][] = [
      [s.monthly({ projectId: MISSING }), `No project with id ${MISSING}`],
      [s.monthly({ projectId: other.project, forecastId: other.forecast }), `No project with id ${other.project}`],
      [s.monthly({ forecastId: MISSING }), `No forecast with id ${MISSING} in project ${s.project}`],
      [s.monthly({ forecastId: s.otherForecast }), `No forecast with id ${s.otherForecast} in project ${s.project}`],
      [econ({ projectId: MISSING }), `No project with id ${MISSING}`],
      [econ({ scenarioId: MISSING }), `No scenario with id ${MISSING} in project ${s.project}`],
      [econ({ scenarioId: s.otherScenario }), `No scenario with id ${s.otherScenario} in project ${s.project}`],
      [econ({ econRunId: MISSING }), `No econ run with id ${MISSING} of scenario ${s.scenario}`],
      [econ({ econRunId: otherRun }), `No econ run with id ${otherRun} of scenario ${s.scenario}`],
    ];
    for (const [body, message] of cases) {
      const res = await s.post(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(ErrorEnvelope.parse(await res.json()).message).toBe(message);
    }
    expect(await exportCount()).toBe(0);
  });

  it('409 for an econ run that is not complete, or complete without stored results', async () => {
    const s = await exportFixture(t);
    const econ = (econRunId: string) => ({
      exportType: 'econMonthlyExport',
      fileType: 'parquet',
      projectId: s.project,
      scenarioId: s.scenario,
      econRunId,
    });
    for (const status of ['pending', 'running', 'failed'] as const) {
      const run = await s.addRun(status);
      const res = await s.post(econ(run));
      expect(res.status).toBe(409);
      const err = ErrorEnvelope.parse(await res.json());
      expect(err.message).toBe(`Econ run ${run} is ${status}, not complete: export it once the run has completed`);
      expect(err.details![0]).toMatchObject({ field: 'econRunId', rule: 'run complete', value: run });
    }
    // A complete run must hold every well's results (here: 2 wells counted, none stored).
    const complete = await s.addRun('complete', s.scenario, s.project, 2);
    const res = await s.post(econ(complete));
    expect(res.status).toBe(409);
    expect(ErrorEnvelope.parse(await res.json()).message).toContain('has no monthly results stored');
    expect(await exportCount()).toBe(0);
  });

  it('a complete run is exported by the econ writer once there is one (the path is ready)', async () => {
    const s = await exportFixture(t);
    const seen: unknown[] = [];
    const writeEconMonthly: EconMonthlyWriter = async (o) => {
      seen.push({ scenarioId: o.scenarioId, econRunId: o.econRunId, projectId: o.projectId });
      const bytes = await o.store.put(
        `${o.exportId}/econ-monthly-${o.econRunId}-part-0001.parquet`,
        Readable.from([Buffer.from('PAR1-fake-PAR1')]),
      );
      return [{ name: `econ-monthly-${o.econRunId}-part-0001.parquet`, rows: 3, bytes }];
    };
    configureExports(t.deps, { writeEconMonthly });
    const run = await s.addRun('complete');
    const res = await s.post({
      exportType: 'econMonthlyExport',
      fileType: 'parquet',
      projectId: s.project,
      scenarioId: s.scenario,
      econRunId: run,
    });
    expect(res.status).toBe(201);
    const view = ExportView.parse(await res.json());
    expect(view).toMatchObject({ scenarioId: s.scenario, econRunId: run, status: 'complete', rowsWritten: 3 });
    expect(view.forecastId).toBeUndefined();
    expect(seen).toEqual([{ scenarioId: s.scenario, econRunId: run, projectId: s.project }]);
    const file = await t.app.request(view.fileUrls[0]!.replace(BASE_URL, ''));
    expect(await file.text()).toBe('PAR1-fake-PAR1');
  });
});

describe(`POST /v1/exports: files and links (${BACKEND})`, () => {
  it('201 with absolute signed links on PUBLIC_BASE_URL, valid 24 hours by default; the files are Parquet', async () => {
    const s = await exportFixture(t);
    const res = await s.post(s.monthly());
    expect(res.status).toBe(201);
    const view = ExportView.parse(await res.json());
    expect(res.headers.get('location')).toBe(`/v1/exports/${view.id}`);
    expect(view).toMatchObject({
      exportType: 'monthlyForecastVolumeExport',
      fileType: 'parquet',
      projectId: s.project,
      forecastId: s.forecast,
      status: 'complete',
      filesDone: 1,
      expiresAt: '2026-11-23T12:00:00.000Z',
      createdAt: '2026-11-22T12:00:00.000Z',
    });
    // 2 wells: oil has 13 months (2025 and January 2026), gas 1 (January 2026).
    expect(view.rowsWritten).toBe(2 * 14);
    expect(view.files).toHaveLength(1);
    const name = `monthly-forecast-volumes-${s.forecast}-part-0001.parquet`;
    const expires = Date.parse('2026-11-23T12:00:00Z') / 1000;
    expect(view.files[0]).toMatchObject({ name, rows: 28 });
    expect(view.fileUrls).toEqual([view.files[0]!.url]);
    expect(view.fileUrls[0]).toMatch(
      new RegExp(`^${BASE_URL}/downloads/exports/${view.id}/${name}\\?X-Expires=${expires}&X-Signature=[0-9a-f]{64}$`),
    );
    expect(readdirSync(join(storeRoot(), view.id))).toEqual([name]);
    const file = await t.app.request(view.fileUrls[0]!.replace(BASE_URL, ''));
    expect(file.status).toBe(200);
    const bytes = await file.arrayBuffer();
    expect(bytes.byteLength).toBe(view.files[0]!.bytes);
    const meta = await parquetMetadataAsync(bytes);
    expect(Number(meta.num_rows)).toBe(28);
  });

  it('expirationHours sets the expiry; a daily export has one row per producing day', async () => {
    const s = await exportFixture(t, { wellCount: 1 });
    t.clock.set('2026-11-22T12:00:00.750Z');
    const res = await s.post(s.monthly({ exportType: 'dailyForecastVolumeExport', expirationHours: 168 }));
    expect(res.status).toBe(201);
    const view = ExportView.parse(await res.json());
    // Links carry whole seconds: the expiry is counted from the whole second.
    expect(view.expiresAt).toBe('2026-11-29T12:00:00.000Z');
    expect(view.rowsWritten).toBe(365 + 31 + 31);
    expect(view.files[0]!.name).toBe(`daily-forecast-volumes-${s.forecast}-part-0001.parquet`);
  });

  it('splits a large export into several files of at most rowsPerFile rows (EXPORT_ROWS_PER_FILE)', async () => {
    expect(readEnv({ EXPORT_ROWS_PER_FILE: '10' }).exportRowsPerFile).toBe(10);
    expect(readEnv({}).exportRowsPerFile).toBe(5_000_000);
    const s = await exportFixture(t);
    configureExports(t.deps, { rowsPerFile: 10 });
    const view = ExportView.parse(await (await s.post(s.monthly())).json());
    expect(view.files.map((f) => f.rows)).toEqual([10, 10, 8]);
    expect(view.files.map((f) => f.name.slice(-12))).toEqual(['0001.parquet', '0002.parquet', '0003.parquet']);
    expect(view.fileUrls).toHaveLength(3);
    expect(view.filesDone).toBe(3);
    for (const url of view.fileUrls) {
      const res = await t.app.request(url.replace(BASE_URL, ''));
      expect(res.status).toBe(200);
    }
  });
});

describe(`Prefer: respond-async and GET /v1/exports/{id} (${BACKEND})`, () => {
  it('202 with Location at once; GET reports progress written by the generation, then the links', async () => {
    const s = await exportFixture(t);
    const hold = gate();
    const progressed = gate();
    const real = exportRuntime(t.deps).writeForecastVolumes;
    configureExports(t.deps, {
      writeForecastVolumes: async (o) => {
        await o.onProgress({ rowsWritten: 7, filesDone: 0 });
        progressed.open();
        await hold.promise;
        return real(o);
      },
    });
    const res = await s.post(s.monthly(), { prefer: 'wait=10, respond-async' });
    expect(res.status).toBe(202);
    expect(res.headers.get('preference-applied')).toBe('respond-async');
    const accepted = ExportView.parse(await res.json());
    expect(res.headers.get('location')).toBe(`/v1/exports/${accepted.id}`);
    expect(accepted).toMatchObject({ status: 'running', rowsWritten: 0, filesDone: 0, files: [], fileUrls: [] });

    await progressed.promise;
    t.clock.advance(1000);
    const running = ExportView.parse(await (await s.get(accepted.id)).json());
    expect(running).toMatchObject({ status: 'running', rowsWritten: 7, filesDone: 0, fileUrls: [] });
    expect(running.updatedAt).toBe('2026-11-22T12:00:00.000Z');

    hold.open();
    await exportJobsIdle(t.deps);
    const done = ExportView.parse(await (await s.get(accepted.id)).json());
    expect(done).toMatchObject({ status: 'complete', rowsWritten: 28, filesDone: 1 });
    expect(done.fileUrls).toHaveLength(1);
    expect(done.expiresAt).toBe(accepted.expiresAt);
  });

  it("404 for another company's export and an unknown id; 400 for a malformed id", async () => {
    const s = await exportFixture(t);
    const other = await exportFixture(t, { name: 'Other Co' });
    const view = ExportView.parse(await (await s.post(s.monthly())).json());
    expect((await s.get(view.id)).status).toBe(200);
    const foreign = await s.get(view.id, other.headers);
    expect(foreign.status).toBe(404);
    expect(ErrorEnvelope.parse(await foreign.json()).message).toBe(`No export with id ${view.id}`);
    expect((await s.get(MISSING)).status).toBe(404);
    const bad = await s.get('nope');
    expect(bad.status).toBe(400);
    expect(ErrorEnvelope.parse(await bad.json()).details![0]).toMatchObject({ field: 'path.id', value: 'nope' });
  });

  it('a failure in generation marks the export failed with a message; its files are removed; GET stays 200', async () => {
    const s = await exportFixture(t);
    configureExports(t.deps, {
      writeForecastVolumes: async (o) => {
        await o.store.put(`${o.exportId}/partial-part-0001.parquet`, Readable.from([Buffer.from([1, 2, 3])]));
        await o.onProgress({ rowsWritten: 5, filesDone: 1 });
        throw new Error('disk full');
      },
    });
    const sync = await s.post(s.monthly());
    expect(sync.status).toBe(500);
    const err = ErrorEnvelope.parse(await sync.json());
    const id = /Export ([0-9a-f]{24}) failed/.exec(err.message)![1]!;
    expect(err.message).toBe(
      `Export ${id} failed: Writing the files failed: disk full. GET /v1/exports/${id} shows it.`,
    );
    const failed = ExportView.parse(await (await s.get(id)).json());
    expect(failed).toMatchObject({ status: 'failed', error: 'Writing the files failed: disk full', fileUrls: [] });
    expect(readdirSync(storeRoot())).not.toContain(id);

    const async = await s.post(s.monthly(), { prefer: 'respond-async' });
    expect(async.status).toBe(202);
    const { id: asyncId } = ExportView.parse(await async.json());
    await exportJobsIdle(t.deps);
    const res = await s.get(asyncId);
    expect(res.status).toBe(200);
    expect(ExportView.parse(await res.json())).toMatchObject({
      status: 'failed',
      error: 'Writing the files failed: disk full',
    });
  });
});

describe('OpenAPI', () => {
  it('documents the export routes and the request body with its four types (the workbook is ours)', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { oneOf?: unknown[]; properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths['/v1/exports'] ?? {})).toEqual(['post', 'get', 'head']);
    expect(Object.keys(doc.paths['/v1/exports/{id}'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/downloads/exports/{exportId}/{fileName}'] ?? {})).toEqual(['get']);
    expect(doc.components.schemas.ExportRequest?.oneOf).toHaveLength(4);
    expect(JSON.stringify(doc.components.schemas.MonthlyForecastVolumeExportRequest)).toContain('parquet');
    const workbook = JSON.stringify(doc.components.schemas.EconWorkbookExportRequest);
    expect(workbook).toContain('xlsx');
    expect(workbook).toContain('comboName');
    expect(workbook).toContain('Ours, beside the three types of spec 4.2');
    expect(JSON.stringify(doc.paths['/downloads/exports/{exportId}/{fileName}'])).toContain(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(doc.components.schemas.Export?.properties?.fileUrls).toBeDefined();
  });
});
