/**
 * One measured side of the export benchmark, in its own process so each peak memory is its own.
 * Prints one JSON line.
 *
 *   worker.ts ours <dir> <wells>     our export writer (`writeVolumeFiles`: decline engine → row
 *                                    groups → hyparquet-writer → FolderStore), default files of
 *                                    5 M rows in 100 000-row groups, SNAPPY
 *   worker.ts duckdb <dir> <wells>   the same rows, made by the same code, appended to an in-memory
 *                                    DuckDB table by data chunks (2 048 rows), then
 *                                    `COPY v TO '<dir>/duckdb.parquet' (FORMAT parquet,
 *                                    COMPRESSION snappy, ROW_GROUP_SIZE 100000)`
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  DATE,
  DOUBLE,
  DuckDBDataChunk,
  DuckDBDateValue,
  DuckDBInstance,
  type DuckDBValue,
  VARCHAR,
} from '@duckdb/node-api';
import { FolderStore } from '../../apps/api/src/exports/folderStore';
import { wellRows, writeVolumeFiles } from '../../apps/api/src/exports/forecastVolumeFiles';
import { benchWells, FORECAST_ID, PROJECT_ID } from './wells';

const [mode, dir, wellCount] = process.argv.slice(2);
if (!dir || !wellCount || (mode !== 'ours' && mode !== 'duckdb')) {
  throw new Error('usage: worker.ts ours|duckdb <dir> <wells>');
}
const MB = 1024 * 1024;
/** The kernel's high-water mark of this process's resident set (bytes). */
const maxRss = () => process.resourceUsage().maxRSS * 1024;

/** Samples the RSS every 10 ms (when the event loop gets a turn); the kernel's maxRSS is exact. */
function sampler() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

// Not timed: the stored segments, as the database would hand them to the export.
const wells = benchWells(Number(wellCount));
global.gc?.();
const startRss = process.memoryUsage.rss();

if (mode === 'ours') {
  const store = new FolderStore(dir);
  const exportId = randomBytes(12).toString('hex');
  const sampled = sampler();
  const t0 = performance.now();
  let groups = 0;
  /** The RSS after each row group, to show it flat from the first groups to the last. */
  const rssAt: number[] = [];
  const files = await writeVolumeFiles({
    wells,
    projectId: PROJECT_ID,
    forecastId: FORECAST_ID,
    resolution: 'daily',
    store,
    exportId,
    rowsPerFile: 5_000_000,
    onProgress: () => {
      groups++;
      rssAt.push(process.memoryUsage.rss());
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const sampledPeak = sampled.stop();
  const rows = files.reduce((n, f) => n + f.rows, 0);
  console.log(
    JSON.stringify({
      rows,
      seconds,
      files: files.map((f) => join(dir, exportId, f.name)),
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      groups,
      rssMaxAfterGroupMb: Math.max(...rssAt) / MB,
      rssMaxGroup: rssAt.indexOf(Math.max(...rssAt)) + 1,
      rssAtMb: [0.1, 0.5, 1].map((f) => (rssAt[Math.max(0, Math.ceil(f * rssAt.length) - 1)] ?? 0) / MB),
      startRssMb: startRss / MB,
      sampledPeakRssMb: sampledPeak / MB,
      maxRssMb: maxRss() / MB,
    }),
  );
} else {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const [threads] = (await conn.runAndReadAll(`SELECT current_setting('threads')::INTEGER AS n`)).getRowsJS();
  await conn.run(
    'CREATE TABLE v (wellId VARCHAR, wellName VARCHAR, phase VARCHAR, series VARCHAR, date DATE, volume DOUBLE, forecastId VARCHAR, projectId VARCHAR)',
  );
  const appender = await conn.createAppender('v');
  const types = [VARCHAR, VARCHAR, VARCHAR, VARCHAR, DATE, DOUBLE, VARCHAR, VARCHAR];
  const SIZE = 2048;
  // DuckDB's DATE counts days from 1970-01-01, as wellRows' dates do; one value object per day.
  const dateValues = new Map<number, DuckDBDateValue>();
  const dateOf = (days: number) => {
    let v = dateValues.get(days);
    if (!v) {
      v = new DuckDBDateValue(days);
      dateValues.set(days, v);
    }
    return v;
  };
  const cols: DuckDBValue[][] = types.map(() => new Array<DuckDBValue>(SIZE));
  let k = 0;
  let rows = 0;
  const flush = () => {
    const chunk = DuckDBDataChunk.create(types, k);
    chunk.setColumns(k === SIZE ? cols : cols.map((c) => c.slice(0, k)));
    appender.appendDataChunk(chunk);
    rows += k;
    k = 0;
  };
  const sampled = sampler();
  const t0 = performance.now();
  for (const well of wells) {
    for (const { phase, series, dates, volumes } of wellRows(well.phases, 'daily')) {
      for (let i = 0; i < volumes.length; i++) {
        const v = volumes[i]!;
        if (!(v > 0)) continue;
        cols[0]![k] = well.id;
        cols[1]![k] = well.name;
        cols[2]![k] = phase;
        cols[3]![k] = series;
        cols[4]![k] = dateOf(dates[i]!);
        cols[5]![k] = v;
        cols[6]![k] = FORECAST_ID;
        cols[7]![k] = PROJECT_ID;
        if (++k === SIZE) flush();
      }
    }
  }
  if (k > 0) flush();
  appender.flushSync();
  appender.closeSync();
  const t1 = performance.now();
  const file = join(dir, 'duckdb.parquet');
  await conn.run(`COPY v TO '${file}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 100000)`);
  const t2 = performance.now();
  const sampledPeak = sampled.stop();
  conn.closeSync();
  db.closeSync();
  console.log(
    JSON.stringify({
      rows,
      seconds: (t2 - t0) / 1000,
      appendSeconds: (t1 - t0) / 1000,
      copySeconds: (t2 - t1) / 1000,
      threads: threads?.[0],
      files: [file],
      startRssMb: startRss / MB,
      sampledPeakRssMb: sampledPeak / MB,
      maxRssMb: maxRss() / MB,
    }),
  );
}
