import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ECON_MONTHLY_COLUMNS, type EconMonthlyRow, EconRun, ExportView } from '@econ/contract';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPendingEconRuns } from '../econRuns/runner';
import { econRunFixture, sender } from '../econRuns/testing';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { econMonthlyColumns } from './econMonthlyFiles';
import { FolderStore } from './folderStore';
import { configureExports } from './service';

let t: TestApi;
let root: string;
let duck: Awaited<ReturnType<DuckDBInstance['connect']>>;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'econ-monthly-'));
  t = await createTestApi({ DATA_DIR: root });
  duck = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(async () => {
  duck.closeSync();
  await t.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => t.reset());

type Row = Record<string, unknown>;
const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** A complete run of the reference scenario (wells A, B with forecasts; C without). */
async function completeRun() {
  const send = sender(t);
  const s = await econRunFixture(t);
  const r = await send('POST', s.runs, s.h, { forecast: s.forecast });
  const run = EconRun.parse(r.body);
  await runPendingEconRuns(t.deps, 'worker-1');
  const monthly = (await send('GET', `${s.runs}/${run.id}/monthly?take=5000`, s.h)).body as EconMonthlyRow[];
  return { ...s, send, run, monthly };
}

async function exportRun(s: Awaited<ReturnType<typeof completeRun>>) {
  const res = await s.send('POST', '/v1/exports', s.h, {
    exportType: 'econMonthlyExport',
    fileType: 'parquet',
    projectId: s.p,
    scenarioId: s.scenario,
    econRunId: s.run.id,
  });
  expect(res.res.status, JSON.stringify(res.body)).toBe(201);
  return ExportView.parse(res.body);
}

async function download(url: string): Promise<Buffer> {
  const res = await t.app.request(url.replace(BASE_URL, ''));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe(`econ monthly export (${BACKEND})`, () => {
  it('one row per well and month with every monthly column, equal to the monthly route, read by hyparquet and DuckDB', async () => {
    const s = await completeRun();
    // A and B: 60 months each; C (no forecast, nothing to earn or spend) one month: maxCumCashFlow stops at once.
    expect(s.monthly.length).toBe(121);
    const view = await exportRun(s);
    expect(view).toMatchObject({ status: 'complete', rowsWritten: s.monthly.length });
    expect(view.fileUrls).toHaveLength(1);
    const bytes = await download(view.fileUrls[0]!);
    const file = arrayBufferOf(bytes);
    const meta = parquetMetadata(file);
    const schema = meta.schema.slice(1);
    expect(schema.map((e) => e.name)).toEqual(econMonthlyColumns(false).map((c) => c.name));
    expect(schema.find((e) => e.name === 'date')).toMatchObject({ type: 'INT32', converted_type: 'DATE' });
    expect(schema.find((e) => e.name === 'wellId')).toMatchObject({ type: 'BYTE_ARRAY', converted_type: 'UTF8' });
    expect(schema.find((e) => e.name === 'bfit')).toMatchObject({ type: 'DOUBLE' });

    const rows = (await parquetReadObjects({ file })).map(
      (r) => ({ ...r, date: (r.date as Date).toISOString().slice(0, 10) }) as Row,
    );
    const path = join(root, 'downloaded.parquet');
    await writeFile(path, bytes);
    const viaDuck = (
      await duck.runAndReadAll(
        `SELECT * REPLACE (CAST(date AS VARCHAR) AS date) FROM read_parquet('${path}') ORDER BY wellId, date`,
      )
    ).getRowObjectsJS() as Row[];
    expect(viaDuck).toEqual(rows);

    // Every value equals the API's monthly rows.
    expect(rows).toHaveLength(s.monthly.length);
    rows.forEach((row, i) => {
      const api = s.monthly[i]!;
      expect(row.wellId).toBe(api.well);
      expect(row.date).toBe(api.date);
      for (const c of ECON_MONTHLY_COLUMNS) expect(row[c], `${c} of row ${i}`).toBe(api[c]);
      expect(row).toMatchObject({ econRunId: s.run.id, scenarioId: s.scenario, projectId: s.p });
    });
    expect(new Set(rows.map((r) => r.wellName))).toEqual(new Set(['A', 'B', 'C']));
  });

  it('splits into several files at rowsPerFile, rows in well and month order across them', async () => {
    const s = await completeRun();
    configureExports(t.deps, { store: new FolderStore(join(root, 'split')), rowsPerFile: 50 });
    const view = await exportRun(s);
    expect(view.fileUrls).toHaveLength(Math.ceil(s.monthly.length / 50));
    const all: Row[] = [];
    for (const url of view.fileUrls) {
      const rows = await parquetReadObjects({ file: arrayBufferOf(await download(url)) });
      expect(rows.length).toBeLessThanOrEqual(50);
      all.push(...rows);
    }
    expect(all.map((r) => `${r.wellId} ${(r.date as Date).toISOString().slice(0, 10)}`)).toEqual(
      s.monthly.map((r) => `${r.well} ${r.date}`),
    );
  });
});
