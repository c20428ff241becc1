import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ForecastParameterMultiStatus, ForecastVolumes } from '@econ/contract';
import { fromDayIndex, toDayIndex } from '@econ/decline';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import type { ExportStore } from './fileStore';
import { FolderStore } from './folderStore';
import {
  type ExportProgress,
  forecastVolumeFileName,
  forecastWellsOf,
  writeForecastVolumeExport,
} from './forecastVolumeFiles';

let t: TestApi;
let root: string;
let duck: Awaited<ReturnType<DuckDBInstance['connect']>>;
beforeAll(async () => {
  t = await createTestApi();
  root = await mkdtemp(join(tmpdir(), 'export-files-'));
  duck = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(async () => {
  duck.closeSync();
  await rm(root, { recursive: true, force: true });
  await t.close();
});
beforeEach(() => t.reset());

let store: FolderStore;
beforeEach(() => {
  store = new FolderStore(root);
});
/** A fresh export id (24 hex digits, as the service makes them). */
const newExportId = () => randomBytes(12).toString('hex');

const EXP = { segmentType: 'exp_dec', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 100, d: 0.36525 };
const FLAT = { segmentType: 'flat', startDate: '2026-01-01', endDate: '2026-01-31', qStart: 50 };
/** 2 MCF/BBL over Dec 2025 – Feb 2026; oil ends 2026-01-31, so February's gas is zero (left out). */
const RATIO = { segmentType: 'flat', startDate: '2025-12-01', endDate: '2026-02-28', qStart: 2 };
const NAMES = ['Puits 0 – é', 'W 1', 'W 2'];

async function setup() {
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }]);
  const project = pb.results[0]!.id!;
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${project}/wells`,
    headers,
    NAMES.map((wellName, i) => ({ wellName, chosenID: `W-${i}`, dataSource: 'di' })),
  );
  const ids = wb.results.map((r) => r.id!);
  const names = new Map(ids.map((id, i) => [id, NAMES[i]!]));
  const wells = [...ids].sort();
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [
    { name: 'Det' },
    { name: 'Prob', type: 'probabilistic' },
  ]);
  const [forecast, probabilistic] = fb.results.map((r) => r.id!) as [string, string];
  const write = async (records: unknown[], f = forecast) => {
    const res = await t.app.request(`/v1/projects/${project}/forecasts/${f}/parameters`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(records),
    });
    const out = ForecastParameterMultiStatus.parse(await res.json());
    expect(out.failedCount, JSON.stringify(out.results)).toBe(0);
  };
  /** The engine's series as the volumes route reports them (every well: at most 25 per page). */
  const volumes = async (f: string, resolution: 'daily' | 'monthly') => {
    const res = await t.app.request(`/v1/projects/${project}/forecasts/${f}/${resolution}-volumes?take=25`, {
      headers,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as unknown[]).map((x) => ForecastVolumes.parse(x));
  };
  return { project, wells, names, forecast, probabilistic, write, volumes };
}

const rate = (well: string, phase: string, segments: unknown[], series = 'best') => ({
  well,
  forecastType: 'rate',
  phase,
  series,
  segments,
});
const ratio = (well: string, phase: string, basePhase: string, segments: unknown[], series = 'best') => ({
  well,
  forecastType: 'ratio',
  phase,
  basePhase,
  series,
  segments,
});

interface Row {
  wellId: string;
  wellName: string;
  phase: string;
  series: string;
  date: string;
  volume: number;
  forecastId: string;
  projectId: string;
}

/** 'YYYY-MM-01' + n months. */
const addMonths = (first: string, n: number) => {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

/** The rows the export must hold, from the volumes route: every positive volume, in route order. */
function expectedRows(
  pages: ForecastVolumes[],
  names: Map<string, string>,
  resolution: 'daily' | 'monthly',
  project: string,
  forecast: string,
): Row[] {
  const rows: Row[] = [];
  for (const w of pages) {
    for (const p of w.phases) {
      for (const s of p.series) {
        s.volumes.forEach((volume, i) => {
          if (!(volume > 0)) return;
          const date = resolution === 'daily' ? fromDayIndex(toDayIndex(s.startDate) + i) : addMonths(s.startDate, i);
          rows.push({
            wellId: w.well,
            wellName: names.get(w.well)!,
            phase: p.phase,
            series: s.series,
            date,
            volume,
            forecastId: forecast,
            projectId: project,
          });
        });
      }
    }
  }
  return rows;
}

const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** A file read back by hyparquet, dates as 'YYYY-MM-DD'. */
async function readHyparquet(path: string): Promise<Row[]> {
  const rows = await parquetReadObjects({ file: arrayBufferOf(await readFile(path)) });
  return rows.map((r) => ({ ...r, date: (r.date as Date).toISOString().slice(0, 10) }) as Row);
}

/** A file read back by DuckDB (in file order), dates as 'YYYY-MM-DD'. */
async function readDuckDb(path: string): Promise<Row[]> {
  const reader = await duck.runAndReadAll(
    `SELECT wellId, wellName, phase, series, CAST(date AS VARCHAR) AS date, volume, forecastId, projectId FROM read_parquet('${path}')`,
  );
  return reader.getRowObjectsJS() as unknown as Row[];
}

async function exportOf(
  s: Awaited<ReturnType<typeof setup>>,
  forecastId: string,
  resolution: 'daily' | 'monthly',
  rowsPerFile = 5_000_000,
  rowGroupSize?: number,
) {
  const exportId = newExportId();
  const progress: ExportProgress[] = [];
  const files = await writeForecastVolumeExport({
    db: t.deps.db,
    projectId: s.project,
    forecastId,
    resolution,
    store,
    exportId,
    rowsPerFile,
    rowGroupSize,
    onProgress: (p) => {
      progress.push(p);
    },
  });
  return { files, progress, paths: files.map((f) => join(root, exportId, f.name)) };
}

/** Every file read back by both readers: the same rows each, concatenated in file order. */
async function readBack(paths: string[]): Promise<Row[]> {
  const all: Row[] = [];
  for (const path of paths) {
    const a = await readHyparquet(path);
    const b = await readDuckDb(path);
    expect(b).toEqual(a);
    all.push(...a);
  }
  return all;
}

describe(`forecast volume Parquet files (${BACKEND})`, () => {
  it('daily: one row per well, phase, series and day with production, equal to the engine’s series', async () => {
    const s = await setup();
    await s.write([
      rate(s.wells[0]!, 'oil', [EXP, FLAT]),
      rate(s.wells[0]!, 'oil', [FLAT], 'p10'),
      ratio(s.wells[0]!, 'gas', 'oil', [RATIO]),
      rate(s.wells[1]!, 'water', [FLAT]),
      // a ratio whose base phase has no segments: no volumes, no rows
      ratio(s.wells[1]!, 'gas', 'oil', [RATIO]),
    ]);
    const { files, paths, progress } = await exportOf(s, s.forecast, 'daily');
    const rows = await readBack(paths);
    const expected = expectedRows(await s.volumes(s.forecast, 'daily'), s.names, 'daily', s.project, s.forecast);
    // 396 oil days, 31 p10 days, 62 gas days (February's zero gas left out), 31 water days
    expect(expected).toHaveLength(396 + 31 + 62 + 31);
    expect(rows).toEqual(expected);

    // hand-checked values: the first oil day, the first ratio day (2 × oil on day 334 of 2025)
    const first = rows.find((r) => r.phase === 'gas')!;
    expect(rows[0]!.wellName).toBe(s.names.get(s.wells[0]!));
    expect(rows[0]).toMatchObject({ phase: 'oil', series: 'best', date: '2025-01-01', volume: 100 });
    expect(first.date).toBe('2025-12-01');
    expect(Math.abs(first.volume - 2 * 100 * Math.exp(-0.001 * 334)) / first.volume).toBeLessThan(1e-12);
    expect(rows.filter((r) => r.phase === 'gas').map((r) => r.date)).not.toContain('2026-02-01');
    expect(rows.every((r) => r.volume > 0)).toBe(true);

    expect(files).toEqual([
      { name: forecastVolumeFileName('daily', s.forecast, 1), rows: 520, bytes: expect.any(Number) },
    ]);
    expect(files[0]!.bytes).toBe((await stat(paths[0]!)).size);
    expect(progress.at(-1)).toEqual({ rowsWritten: 520, filesDone: 1 });
  });

  it('monthly: each month’s sum dated the first of the month; a probabilistic forecast exports every series', async () => {
    const s = await setup();
    await s.write(
      [
        rate(s.wells[0]!, 'oil', [EXP, FLAT], 'p10'),
        rate(s.wells[0]!, 'oil', [EXP], 'p50'),
        rate(s.wells[0]!, 'oil', [FLAT], 'p90'),
        rate(s.wells[0]!, 'oil', [EXP, FLAT]),
        // the ratio's p50 multiplies the base's p50, its best the base's best
        ratio(s.wells[0]!, 'gas', 'oil', [RATIO], 'p50'),
        ratio(s.wells[0]!, 'gas', 'oil', [RATIO]),
        rate(s.wells[2]!, 'water', [{ ...FLAT, startDate: '2026-01-15' }]),
      ],
      s.probabilistic,
    );
    const { files, paths } = await exportOf(s, s.probabilistic, 'monthly');
    const rows = await readBack(paths);
    const expected = expectedRows(
      await s.volumes(s.probabilistic, 'monthly'),
      s.names,
      'monthly',
      s.project,
      s.probabilistic,
    );
    expect(rows).toEqual(expected);
    expect(new Set(rows.map((r) => r.series))).toEqual(new Set(['best', 'p10', 'p50', 'p90']));
    expect(rows.every((r) => r.date.endsWith('-01'))).toBe(true);
    // a partial month is the sum of its days, not scaled: 17 days of 50 in January 2026
    expect(rows.find((r) => r.phase === 'water')).toMatchObject({ date: '2026-01-01', volume: 17 * 50 });
    // oil best, 2026-01: flat 50 for 31 days
    expect(rows.find((r) => r.phase === 'oil' && r.series === 'best' && r.date === '2026-01-01')?.volume).toBe(1550);
    // gas best over Dec 2025 (2 × December's oil), Jan 2026 (2 × 1550); February has no oil: left out
    expect(rows.filter((r) => r.phase === 'gas' && r.series === 'best').map((r) => r.date)).toEqual([
      '2025-12-01',
      '2026-01-01',
    ]);
    expect(files).toHaveLength(1);
  });

  it('splits a large export into files of rowsPerFile rows, in row groups, reporting progress after each group', async () => {
    const s = await setup();
    await s.write([
      rate(s.wells[0]!, 'oil', [EXP, FLAT]),
      ratio(s.wells[0]!, 'gas', 'oil', [RATIO]),
      rate(s.wells[1]!, 'oil', [EXP]),
    ]);
    const { files, paths, progress } = await exportOf(s, s.forecast, 'daily', 150, 40);
    const total = 396 + 62 + 365;
    expect(files.map((f) => f.rows)).toEqual([...Array(Math.floor(total / 150)).fill(150), total % 150]);
    expect(files.map((f) => f.name)).toEqual(files.map((_, i) => forecastVolumeFileName('daily', s.forecast, i + 1)));
    for (const [i, f] of files.entries()) expect(f.bytes).toBe((await stat(paths[i]!)).size);

    const meta = parquetMetadata(arrayBufferOf(await readFile(paths[0]!)));
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([40, 40, 40, 30]);
    const groupsOf = (rows: number) => [...Array(Math.floor(rows / 40)).fill(40), ...(rows % 40 ? [rows % 40] : [])];
    const last = parquetMetadata(arrayBufferOf(await readFile(paths.at(-1)!)));
    expect(last.row_groups.map((g) => Number(g.num_rows))).toEqual(groupsOf(total % 150));

    expect(await readBack(paths)).toEqual(
      expectedRows(await s.volumes(s.forecast, 'daily'), s.names, 'daily', s.project, s.forecast),
    );
    // one report per row group; rows grow by at most a group; files count the finished ones
    // (and a last one when the last file is done)
    expect(progress).toHaveLength(files.reduce((n, f) => n + groupsOf(f.rows).length, 0) + 1);
    progress.slice(0, -1).forEach((p, i) => {
      const before = progress[i - 1] ?? { rowsWritten: 0, filesDone: 0 };
      expect(p.rowsWritten - before.rowsWritten).toBeGreaterThan(0);
      expect(p.rowsWritten - before.rowsWritten).toBeLessThanOrEqual(40);
      expect(p.filesDone).toBe(Math.floor(p.rowsWritten / 150));
    });
    expect(progress.at(-1)).toEqual({ rowsWritten: total, filesDone: files.length });
  });

  it('reads the forecast’s wells a batch at a time, in id order, each with its phases in phase order', async () => {
    const s = await setup();
    await s.write([
      rate(s.wells[2]!, 'water', [FLAT]),
      rate(s.wells[2]!, 'oil', [FLAT]),
      rate(s.wells[0]!, 'gas', [FLAT]),
      ratio(s.wells[1]!, 'gas', 'oil', [RATIO]),
    ]);
    const seen = [];
    for await (const w of forecastWellsOf(t.deps.db, s.forecast, 2)) seen.push(w);
    expect(seen.map((w) => [w.id, w.name, w.phases.map((p) => p.phase)])).toEqual([
      [s.wells[0], s.names.get(s.wells[0]!), ['gas']],
      [s.wells[1], s.names.get(s.wells[1]!), ['gas']],
      [s.wells[2], s.names.get(s.wells[2]!), ['oil', 'water']],
    ]);
    expect(seen[1]!.phases[0]).toMatchObject({ forecastType: 'ratio', basePhase: 'oil', series: { best: [RATIO] } });
    // another forecast's wells are not read
    const other = [];
    for await (const w of forecastWellsOf(t.deps.db, s.probabilistic, 1)) other.push(w);
    expect(other.every((w) => w.phases.length === 0)).toBe(true);
  });

  it('writes proper Parquet types: DATE, UTF8 strings dictionary-encoded, DOUBLE volumes, SNAPPY', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0]!, 'oil', [EXP, FLAT])]);
    const { paths } = await exportOf(s, s.forecast, 'monthly');
    const described = (
      await duck.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${paths[0]}')`)
    ).getRowObjectsJS();
    expect(described.map((d) => [d.column_name, d.column_type])).toEqual([
      ['wellId', 'VARCHAR'],
      ['wellName', 'VARCHAR'],
      ['phase', 'VARCHAR'],
      ['series', 'VARCHAR'],
      ['date', 'DATE'],
      ['volume', 'DOUBLE'],
      ['forecastId', 'VARCHAR'],
      ['projectId', 'VARCHAR'],
    ]);
    const schema = (
      await duck.runAndReadAll(
        `SELECT name, type, converted_type, logical_type FROM parquet_schema('${paths[0]}') WHERE name <> 'schema'`,
      )
    ).getRowObjectsJS();
    for (const col of schema) {
      if (col.name === 'date') expect(col).toMatchObject({ type: 'INT32', converted_type: 'DATE' });
      else if (col.name === 'volume') expect(col).toMatchObject({ type: 'DOUBLE' });
      else expect(col).toMatchObject({ type: 'BYTE_ARRAY', converted_type: 'UTF8' });
    }
    const chunks = (
      await duck.runAndReadAll(`SELECT path_in_schema, compression, encodings FROM parquet_metadata('${paths[0]}')`)
    ).getRowObjectsJS();
    expect(chunks).toHaveLength(8);
    const stats = (
      await duck.runAndReadAll(
        `SELECT path_in_schema AS col, stats_min_value AS min, stats_max_value AS max FROM parquet_metadata('${paths[0]}')`,
      )
    ).getRowObjectsJS();
    const bounds = Object.fromEntries(stats.map((x) => [String(x.col), [x.min, x.max]]));
    // min/max where they let a reader skip row groups (wellId: rows are sorted by well), none elsewhere
    expect(bounds.wellId).toEqual([s.wells[0], s.wells[0]]);
    expect(bounds.date).toEqual(['2025-01-01', '2026-01-01']);
    // volumes: January 2026 (31 × 50) to January 2025 (Σ of 31 days of 100·e^(−0.001·i))
    expect(Number(bounds.volume![0])).toBe(1550);
    const january2025 = (100 * (1 - Math.exp(-0.031))) / (1 - Math.exp(-0.001));
    expect(Math.abs(Number(bounds.volume![1]) - january2025) / january2025).toBeLessThan(1e-12);
    expect(bounds.wellName).toEqual([null, null]);
    for (const c of chunks) {
      expect(c.compression).toBe('SNAPPY');
      if (!['date', 'volume'].includes(String(c.path_in_schema)))
        expect(String(c.encodings)).toContain('RLE_DICTIONARY');
    }
  });

  it('a forecast without volumes gives one readable file with no rows', async () => {
    const s = await setup();
    const { files, paths, progress } = await exportOf(s, s.forecast, 'daily');
    expect(files).toEqual([
      { name: forecastVolumeFileName('daily', s.forecast, 1), rows: 0, bytes: expect.any(Number) },
    ]);
    expect(await readBack(paths)).toEqual([]);
    expect(progress).toEqual([{ rowsWritten: 0, filesDone: 1 }]);
    const [n] = (
      await duck.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM read_parquet('${paths[0]}')`)
    ).getRowObjectsJS();
    expect(n).toEqual({ n: 0 });
  });

  it('fails with the store’s error when the store fails, while reading or before, leaving no file', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0]!, 'oil', [EXP, FLAT])]);
    const run = (failing: ExportStore, exportId = newExportId()) =>
      writeForecastVolumeExport({
        db: t.deps.db,
        projectId: s.project,
        forecastId: s.forecast,
        resolution: 'daily',
        store: failing,
        exportId,
        rowsPerFile: 100,
        rowGroupSize: 10,
        onProgress: () => undefined,
      });
    const midway: ExportStore = {
      size: (key) => store.size(key),
      read: (key, range) => store.read(key, range),
      deletePrefix: (prefix) => store.deletePrefix(prefix),
      listExportIds: () => store.listExportIds(),
      async put(_key, body) {
        for await (const _ of body) throw new Error('bucket unavailable');
        return 0;
      },
    };
    await expect(run(midway)).rejects.toThrow('bucket unavailable');
    // FolderStore refuses a key it would never make, before reading a byte: no hang, its error
    await expect(run(store, '../outside')).rejects.toThrow(/Invalid export store key/);
    // and a FolderStore that fails midway leaves no partial file behind
    const exportId = newExportId();
    let calls = 0;
    await expect(
      writeForecastVolumeExport({
        db: t.deps.db,
        projectId: s.project,
        forecastId: s.forecast,
        resolution: 'daily',
        store,
        exportId,
        rowsPerFile: 100,
        rowGroupSize: 10,
        onProgress: () => {
          calls++;
          if (calls === 15) throw new Error('cancelled');
        },
      }),
    ).rejects.toThrow('cancelled');
    const left = await readdir(join(root, exportId));
    expect(left.filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(left).toHaveLength(1); // part-0001 (100 rows) was complete
  });
});
