/**
 * Production benchmark (issue 17 follow-up; targets: import ratio ≥ 0.3, one well's read < 50 ms).
 *
 * a. Import: BENCH_WELLS wells (default 20; full size 1 000, ≈ 11 M rows) × BENCH_YEARS (10) years
 *    of daily production, made by the demo history generator (apps/api/src/demo), POSTed to the
 *    API over HTTP 20 000 records a request, one request in flight (the next body is built while
 *    one is in flight). On PostgreSQL, against the baseline of the same run: a bare `COPY` (psql
 *    `\copy … FROM pstdin`, CSV made on the fly by the same generator) of the same rows into a table
 *    `LIKE daily_productions INCLUDING ALL` (same key and index; no foreign keys). On PGlite the
 *    same import (BENCH_PGLITE_WELLS, default BENCH_WELLS) beside it. The API process's RSS is
 *    sampled every 500 ms over the import.
 * b. Read: one well's whole daily history, `GET /v1/daily-productions?well=ID&take=20000`, timed in
 *    the API process (`app.request` to the last byte; no socket), split into the store's page (query
 *    and row mapping) and its JSON; the baseline is the bare SELECT of the same rows, same driver.
 *
 * PostgreSQL: BENCH_DATABASE_URL, or a throwaway server started with .ci/start-postgres.sh.
 *
 *   npm run bench:productions
 *   BENCH_WELLS=200 npm run bench:productions
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PRODUCTION_WRITE_MAX } from '@econ/contract';
import { scaleHistory } from '../../apps/api/src/demo/scaleWells';
import { secondHalfGrowth } from '../rssGrowth';
import { reportSummary } from '../summary';

const WELLS = Number(process.env.BENCH_WELLS ?? 20);
const PGLITE_WELLS = Number(process.env.BENCH_PGLITE_WELLS ?? WELLS);
const YEARS = Number(process.env.BENCH_YEARS ?? 10);
const ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 20);
const DAYS = Math.round(YEARS * 365.25);
const IMPORT_TARGET = 0.3;
const READ_TARGET_MS = 50;

interface Server {
  child: ChildProcess;
  url: string;
  headers: Record<string, string>;
  projectId: string;
  companyId: string;
  wellIds: string[];
  storage: string;
}
interface Stat {
  median: number;
  p95: number;
}
interface ReadTimes {
  rows: number;
  bytes: number;
  route: Stat;
  page: Stat;
  json: Stat;
  select: Stat;
}

function startServer(wells: number, databaseUrl?: string): Promise<Server> {
  const env = { ...process.env };
  if (databaseUrl) env.BENCH_DATABASE_URL = databaseUrl;
  else delete env.BENCH_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/productions/server.ts', String(wells)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env,
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve({ child, ...(JSON.parse(line) as Omit<Server, 'child'>) });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Resident memory of a process, MB (Linux /proc). */
const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;

/** The daily records of the wells, well after well, as the generator makes them. */
function* records(wellIds: string[]) {
  for (const [i, id] of wellIds.entries()) yield* scaleHistory(id, i, DAYS).daily;
}

/** POSTs every record, 20 000 a request, one in flight; rows/s and the API's RSS samples. */
async function importThroughApi(s: Server) {
  const post = async (body: string, n: number) => {
    const res = await fetch(`${s.url}/v1/projects/${s.projectId}/daily-productions`, {
      method: 'POST',
      headers: { ...s.headers, 'content-type': 'application/json' },
      body,
    });
    const out = (await res.json()) as { successCount: number; failedCount: number; results: unknown[] };
    if (res.status !== 207 || out.successCount !== n) {
      throw new Error(`import: ${res.status} ${out.failedCount} failed, e.g. ${JSON.stringify(out.results?.[0])}`);
    }
  };
  function* bodies() {
    let batch: unknown[] = [];
    for (const r of records(s.wellIds)) {
      batch.push(r);
      if (batch.length === PRODUCTION_WRITE_MAX) {
        yield { body: JSON.stringify(batch), n: batch.length };
        batch = [];
      }
    }
    if (batch.length) yield { body: JSON.stringify(batch), n: batch.length };
  }
  const pid = s.child.pid!;
  const rssBefore = rssMb(pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 500);
  let rows = 0;
  const t0 = performance.now();
  let inFlight: Promise<void> | undefined;
  for (const { body, n } of bodies()) {
    await inFlight;
    inFlight = post(body, n);
    rows += n;
  }
  await inFlight;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  samples.push(rssMb(pid));
  return { rows, seconds, rate: rows / seconds, rssBefore, samples };
}

/**
 * The same rows through psql's `\copy … FROM pstdin` (CSV) into a table like daily_productions: its
 * key and indexes (the baseline), or with its foreign key to wells too (`withForeignKey`: the
 * table the API writes, so the cost no statement can avoid).
 */
async function copyBaseline(url: string, s: Server, withForeignKey = false) {
  const psql = (command: string) =>
    execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `SET client_min_messages = warning; ${command}`]);
  psql('DROP TABLE IF EXISTS bench_copy');
  psql(
    `CREATE TABLE bench_copy (LIKE daily_productions INCLUDING ALL${withForeignKey ? ', FOREIGN KEY (well_id) REFERENCES wells (id) ON DELETE CASCADE' : ''})`,
  );
  const now = new Date().toISOString();
  const t0 = performance.now();
  const child = spawn(
    'psql',
    [
      url,
      '-v',
      'ON_ERROR_STOP=1',
      '-q',
      '-c',
      '\\copy bench_copy (well_id, company_id, date, oil, gas, water, choke, hours_on, created_at, updated_at) FROM pstdin WITH (FORMAT csv)',
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  let rows = 0;
  let chunk: string[] = [];
  const flush = async () => {
    if (!child.stdin!.write(chunk.join(''))) await new Promise((r) => child.stdin!.once('drain', r));
    chunk = [];
  };
  for (const r of records(s.wellIds)) {
    chunk.push(
      `${r.well},${s.companyId},${r.date},${r.oil},${r.gas},${r.water},${r.choke},${r.hoursOn},${now},${now}\n`,
    );
    rows++;
    if (chunk.length === PRODUCTION_WRITE_MAX) await flush();
  }
  await flush();
  child.stdin!.end();
  if ((await done) !== 0) throw new Error('psql \\copy failed');
  const seconds = (performance.now() - t0) / 1000;
  const counted = Number(execFileSync('psql', [url, '-tAc', 'SELECT count(*) FROM bench_copy']).toString().trim());
  if (counted !== rows) throw new Error(`COPY wrote ${counted} rows of ${rows}`);
  psql('DROP TABLE bench_copy');
  return { rows, seconds, rate: rows / seconds };
}

function readTimes(s: Server): Promise<ReadTimes> {
  return new Promise((resolve, reject) => {
    s.child.once('message', (m: { read?: ReadTimes; error?: string }) =>
      m.read ? resolve(m.read) : reject(new Error(m.error)),
    );
    s.child.send({ read: s.wellIds[0], rounds: ROUNDS });
  });
}

const k = (n: number) => `${(n / 1000).toFixed(1)} k rows/s`;
const ms = (x: Stat) => `${x.median.toFixed(1)} ms (p95 ${x.p95.toFixed(1)})`;

async function runEngine(wells: number, databaseUrl?: string) {
  const s = await startServer(wells, databaseUrl);
  try {
    console.log(`\n${s.storage}: ${wells} wells × ${DAYS} days = ${((wells * DAYS) / 1e6).toFixed(2)} M daily rows`);
    const imported = await importThroughApi(s);
    const growth = secondHalfGrowth(imported.samples);
    const max = Math.max(...imported.samples);
    console.log(
      `  API import (HTTP POST, 20 000 records a request, one in flight): ${imported.rows} rows in ${imported.seconds.toFixed(1)} s = ${k(imported.rate)}`,
    );
    const every = Math.max(1, Math.floor(imported.samples.length / 12));
    console.log(
      `  API RSS: ${imported.rssBefore.toFixed(0)} MB before, max ${max.toFixed(0)} MB, samples ${imported.samples
        .filter((_, i) => i % every === 0)
        .map((x) => x.toFixed(0))
        .join(
          ' / ',
        )} MB; second half ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % (${imported.samples.length < 40 ? 'too short a run to judge: GC swings dominate' : Math.abs(growth) <= 0.1 ? 'flat' : 'GROWING'})`,
    );
    const copy = databaseUrl ? await copyBaseline(databaseUrl, s) : undefined;
    if (copy) {
      console.log(
        `  bare COPY of the same rows (psql \\copy, CSV): ${copy.rows} rows in ${copy.seconds.toFixed(1)} s = ${k(copy.rate)}`,
      );
      const ratio = imported.rate / copy.rate;
      console.log(
        `  ratio API / COPY = ${ratio.toFixed(3)} (target ≥ ${IMPORT_TARGET}: ${ratio >= IMPORT_TARGET ? 'met' : 'NOT met'})`,
      );
      const own = await copyBaseline(databaseUrl!, s, true);
      console.log(
        `  bare COPY into a table with the production table's foreign key to wells too: ${k(own.rate)} (COPY with it / without = ${(own.rate / copy.rate).toFixed(3)}; API / it = ${(imported.rate / own.rate).toFixed(3)})`,
      );
    }
    const read = await readTimes(s);
    console.log(
      `  read one well (${read.rows} rows, ${(read.bytes / 1e6).toFixed(2)} MB JSON), ${ROUNDS} rounds, in process: route ${ms(read.route)}; ` +
        `store page ${ms(read.page)} + JSON ${ms(read.json)}; bare SELECT ${ms(read.select)}`,
    );
    const readRatio = read.select.median / read.route.median;
    console.log(
      `  ratio bare SELECT / route = ${readRatio.toFixed(3)}; route < ${READ_TARGET_MS} ms: ${read.route.median < READ_TARGET_MS ? 'met' : 'NOT met'}`,
    );
    return { storage: s.storage, imported, growth, max, copy, read };
  } finally {
    s.child.kill('SIGTERM');
  }
}

let pgState: string | undefined;
let stateDir: string | undefined;
let url = process.env.BENCH_DATABASE_URL;
if (!url) {
  stateDir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const stateFile = join(stateDir, 'state');
  url = execFileSync('bash', ['.ci/start-postgres.sh'], { env: { ...process.env, PG_TEST_STATE: stateFile } })
    .toString()
    .trim();
  pgState = readFileSync(stateFile, 'utf8').trim();
}
try {
  console.log(`production benchmark: ${YEARS} years of daily production per well; reads of one well ×${ROUNDS}`);
  const pg = await runEngine(WELLS, url);
  const lite = await runEngine(PGLITE_WELLS);
  const ratio = pg.imported.rate / pg.copy!.rate;
  console.log(
    `\nimport: PostgreSQL ${k(pg.imported.rate)} vs COPY ${k(pg.copy!.rate)} (ratio ${ratio.toFixed(3)}); PGlite ${k(lite.imported.rate)}`,
  );
  reportSummary({
    bench: `productions import (PostgreSQL, ${(pg.imported.rows / 1e6).toFixed(2)} M rows)`,
    figure: `API POST ${k(pg.imported.rate)}, API RSS max ${pg.max.toFixed(0)} MB (2nd half ${(pg.growth * 100).toFixed(1)} %); PGlite ${k(lite.imported.rate)}`,
    baseline: `bare COPY ${k(pg.copy!.rate)}`,
    ratio,
    target: `≥ ${IMPORT_TARGET}`,
    met: ratio >= IMPORT_TARGET,
  });
  for (const e of [pg, lite]) {
    reportSummary({
      bench: `productions read one well (${e.storage}, ${e.read.rows} rows)`,
      figure: `GET daily-productions ${e.read.route.median.toFixed(1)} ms in process`,
      baseline: `bare SELECT ${e.read.select.median.toFixed(1)} ms`,
      ratio: e.read.select.median / e.read.route.median,
      target: `< ${READ_TARGET_MS} ms`,
      met: e.read.route.median < READ_TARGET_MS,
    });
  }
} finally {
  // stop-postgres.sh removes the server's folder; the state file's folder is ours.
  if (pgState) execFileSync('bash', ['.ci/stop-postgres.sh', pgState]);
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
process.exit(0);
