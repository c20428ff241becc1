/**
 * Export benchmark (issue 7: target ratio >= 1.0, peak memory < 300 MB): rows per second and peak
 * memory of our forecast volume export writer, against DuckDB writing the same rows to Parquet,
 * measured in the same run on the same machine, and their ratio.
 *
 * Data: BENCH_WELLS wells (default 1 000) × 3 phases (oil and water rate, gas a ratio of oil) ×
 * 30 years of daily volumes: ~33 M rows. The wells' stored segments are generated in memory
 * (bench/export/wells.ts); building them is not timed. Each side runs in its own process:
 *
 *  - ours: `writeVolumeFiles`, the writer behind `writeForecastVolumeExport` (the export reads the
 *    same wells from the database a batch at a time; that read is not measured here): the decline
 *    engine computes each series' daily volumes, rows are gathered into 100 000-row groups and
 *    streamed through hyparquet-writer (SNAPPY, dictionary-encoded strings, DATE) into the
 *    FolderStore, a new file every 5 M rows. Timed: all of it. Peak memory: the process's maximum
 *    resident set (kernel high-water mark, which includes Node and tsx themselves).
 *  - DuckDB: the same rows, made by the same code (`wellRows`), appended to an in-memory DuckDB
 *    table through its appender by 2 048-row data chunks, then `COPY … TO (FORMAT parquet,
 *    COMPRESSION snappy, ROW_GROUP_SIZE 100000)`. Timed: appending and COPY. Its COPY alone (its
 *    native writer, multi-threaded, from a table already in memory) is printed too.
 *
 * Then both outputs are checked equal (row count, sum of volumes, and EXCEPT ALL both ways) with
 * DuckDB, unless BENCH_CHECK=0.
 *
 *   npm run bench:export
 *   BENCH_WELLS=100 npm run bench:export     # a quicker, smaller run (~3.3 M rows)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { reportSummary } from '../summary';
import { DAYS } from './wells';

const WELLS = Number(process.env.BENCH_WELLS ?? 1000);
const CHECK = process.env.BENCH_CHECK !== '0';
const TARGET_RATIO = 1.0;
const TARGET_MB = 300;

interface Result {
  rows: number;
  seconds: number;
  files: string[];
  startRssMb: number;
  sampledPeakRssMb: number;
  maxRssMb: number;
  bytes?: number;
  rssAtMb?: number[];
  rssMaxAfterGroupMb?: number;
  appendSeconds?: number;
  copySeconds?: number;
  threads?: number;
}

/** Runs one side in a child process and parses its JSON line. */
function side(mode: 'ours' | 'duckdb', dir: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/export/worker.ts', mode, dir, String(WELLS)],
      { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) reject(new Error(`bench export ${mode} exited with ${code}: ${out}`));
      else resolve(JSON.parse(line) as Result);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
try {
  console.log(
    `export benchmark: ${WELLS} wells × 3 phases × ${DAYS} days (30 years) daily volumes, ~${((WELLS * 3 * DAYS) / 1e6).toFixed(1)} M rows`,
  );
  const ours = await side('ours', dir);
  const duck = await side('duckdb', dir);
  if (ours.rows !== duck.rows) throw new Error(`row counts differ: ours ${ours.rows}, DuckDB ${duck.rows}`);

  const rate = (r: Result) => r.rows / r.seconds;
  const m = (n: number) => `${(n / 1e6).toFixed(2)} M rows/s`;
  const ratio = rate(ours) / rate(duck);
  const copyRate = duck.rows / duck.copySeconds!;
  console.log(
    `  ours   (writeVolumeFiles → hyparquet-writer → FolderStore, 1 thread): ${ours.rows} rows in ${ours.seconds.toFixed(1)} s = ${m(rate(ours))}; ` +
      `${ours.files.length} files, ${(ours.bytes! / 1e6).toFixed(0)} MB; ` +
      `peak RSS ${ours.maxRssMb.toFixed(0)} MB (sampled ${ours.sampledPeakRssMb.toFixed(0)} MB; ${ours.startRssMb.toFixed(0)} MB before the export)`,
  );
  console.log(
    `         RSS after 10 / 50 / 100 % of the row groups: ${ours.rssAtMb!.map((x) => x.toFixed(0)).join(' / ')} MB (highest after a group ${ours.rssMaxAfterGroupMb!.toFixed(0)} MB): flat, garbage collected as it goes`,
  );
  console.log(
    `  DuckDB (same rows → appender by data chunks → COPY TO parquet, snappy, ${duck.threads} threads): ${duck.seconds.toFixed(1)} s = ${m(rate(duck))} ` +
      `(append ${duck.appendSeconds!.toFixed(1)} s, COPY ${duck.copySeconds!.toFixed(1)} s); peak RSS ${duck.maxRssMb.toFixed(0)} MB`,
  );
  console.log(`  DuckDB COPY alone (table already in DuckDB): ${m(copyRate)}`);
  console.log(
    `  ratio ours / DuckDB = ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}); ` +
      `ours / DuckDB COPY alone = ${(rate(ours) / copyRate).toFixed(2)}; ` +
      `peak memory ${ours.maxRssMb.toFixed(0)} MB (target < ${TARGET_MB} MB: ${ours.maxRssMb < TARGET_MB ? 'met' : 'NOT met'})`,
  );
  reportSummary({
    bench: `export (${(ours.rows / 1e6).toFixed(1)} M rows)`,
    figure: `ours ${m(rate(ours))}, peak RSS ${ours.maxRssMb.toFixed(0)} MB`,
    baseline: `DuckDB appender + COPY ${m(rate(duck))}`,
    ratio,
    target: `≥ ${TARGET_RATIO}, < ${TARGET_MB} MB`,
    met: ratio >= TARGET_RATIO && ours.maxRssMb < TARGET_MB,
  });

  if (CHECK) {
    const conn = await (await DuckDBInstance.create(':memory:')).connect();
    const list = (files: string[]) => `[${files.map((f) => `'${f}'`).join(', ')}]`;
    const a = `read_parquet(${list(ours.files)})`;
    const b = `read_parquet(${list(duck.files)})`;
    const [row] = (
      await conn.runAndReadAll(`SELECT
        (SELECT count(*) FROM ${a})::BIGINT AS ours, (SELECT count(*) FROM ${b})::BIGINT AS duck,
        (SELECT sum(volume) FROM ${a}) AS ours_sum, (SELECT sum(volume) FROM ${b}) AS duck_sum,
        (SELECT count(*) FROM (SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b}))::BIGINT AS only_ours,
        (SELECT count(*) FROM (SELECT * FROM ${b} EXCEPT ALL SELECT * FROM ${a}))::BIGINT AS only_duck`)
    ).getRowObjectsJS();
    const same = row && row.ours === row.duck && row.only_ours === 0n && row.only_duck === 0n;
    console.log(
      `  check: ${same ? 'same rows' : 'DIFFERENT'} in both outputs (${row?.ours} rows, Σ volume ${Number(row?.ours_sum).toExponential(6)} vs ${Number(row?.duck_sum).toExponential(6)}; rows only in ours ${row?.only_ours}, only in DuckDB's ${row?.only_duck})`,
    );
    conn.closeSync();
    if (!same) process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
