/**
 * Scale and kill test of chunked runs (issue 23, decision 055), on PostgreSQL.
 *
 *   npm run test:scale                      20,000 wells (about 12 minutes on 2 cores)
 *   SCALE_WELLS=2000 npm run test:scale     a quicker pass
 *
 * 1. `npm run cli -- seed --wells N` (monthly histories and forecasts) into a PostgreSQL
 *    (BENCH_DATABASE_URL, or a throwaway one started with `.ci/start-postgres.sh`), then a scenario
 *    of every well with pricing, expenses, taxes and dates assigned.
 * 2. One econ run on ONE API process, timed from the POST to `complete`.
 * 3. The same run on TWO API processes sharing the database: both must compute chunks, every well
 *    once; the wall time is printed against one process's.
 * 4. Kill -9 of one of two processes mid-run (JOB_CHUNK_STALE_SECONDS=5): the run must complete on
 *    the other, every well once.
 * Exits 1 when a check fails. The figures are printed, not asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { econModelExample, type MultiStatus } from '@econ/contract';
import { finished, type Proc, REPO, spawnScript, startApiProcess } from '@econ/test-kit/processes';
import { type SQL, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { createApp } from '../../apps/api/src/app';
import { createDeps } from '../../apps/api/src/bootstrap';
import { readEnv } from '../../apps/api/src/env';

const WELLS = Number(process.env.SCALE_WELLS ?? 20_000);
const STALE_SECONDS = 5;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const seconds = (ms: number) => (ms / 1000).toFixed(1);

// The database: the caller's, or a throwaway Debian PostgreSQL.
let stopPostgres = () => {};
let url = process.env.BENCH_DATABASE_URL;
if (!url) {
  const state = join(mkdtempSync(join(tmpdir(), 'scale-pg-')), 'state');
  url = execFileSync('bash', [join(REPO, '.ci/start-postgres.sh')], {
    env: { ...process.env, PG_TEST_STATE: state },
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1)!;
  stopPostgres = () => {
    execFileSync('bash', [join(REPO, '.ci/stop-postgres.sh'), readFileSync(state, 'utf8').trim()]);
  };
}
const dataDir = mkdtempSync(join(tmpdir(), 'scale-api-'));
const env = { DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_BASE_URL: 'http://127.0.0.1' };
const procs = new Set<Proc>();

try {
  // 1. Seed through the operator CLI, as the issue asks.
  const zip = join(dataDir, 'scale.zip');
  const t0 = performance.now();
  const seeded = await finished(
    spawnScript('apps/api/src/cli.ts', ['seed', '--wells', String(WELLS), '--out', zip], { ...process.env, ...env }),
  );
  if (seeded.code !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
  const seed = JSON.parse(seeded.stdout) as { projectId: string; forecastId: string; apiKey: string };
  console.log(`seeded ${WELLS} wells with monthly histories and forecasts in ${seconds(performance.now() - t0)} s`);

  // The in-process app (no workers: the API processes compute) for the client calls and the checks.
  const { deps, database } = await createDeps(readEnv(env));
  const app = createApp(deps);
  const file = JSON.parse(strFromU8(unzipSync(new Uint8Array(readFileSync(zip)))['api-credentials.json']!)) as {
    clientId: string;
    clientSecret: string;
  };
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const token = (await post('/v1/oauth/token', { grant_type: 'client_credentials', ...file })) as {
    access_token: string;
  };
  const h = { authorization: `Bearer ${token.access_token}`, 'x-api-key': seed.apiKey, 'x-backend-version': 'v2' };
  const p = seed.projectId;
  const s = ((await post(`/v1/projects/${p}/scenarios`, [{ name: 'Scale' }], h)) as unknown as MultiStatus).results[0]!
    .id!;
  for (const kind of ['date-settings', 'pricing', 'expenses', 'production-taxes', 'general-options'] as const) {
    const made = (await post(
      `/v1/projects/${p}/econ-models/${kind}`,
      [{ name: `Scale ${kind}`, ...(econModelExample(kind) as Record<string, unknown>) }],
      h,
    )) as unknown as MultiStatus;
    const id = made.results[0]!.id;
    if (!id) throw new Error(`${kind}: ${JSON.stringify(made.results[0])}`);
    await post(`/v1/projects/${p}/econ-models/${kind}/${id}/assignments`, [{ scenario: s, allWells: true }], h);
  }

  const query = async <T>(q: SQL) => ((await deps.db.execute(q)) as unknown as { rows: T[] }).rows;

  /** Starts `n` API processes, POSTs a run, calls `during` once per second; returns the run id and wall time. */
  async function run(n: number, extraEnv: Record<string, string> = {}, during?: (runId: string) => Promise<void>) {
    const started: Proc[] = [];
    for (let k = 0; k < n; k++) {
      const proc = await startApiProcess({ ...env, ...extraEnv });
      procs.add(proc);
      started.push(proc);
    }
    const r0 = performance.now();
    const made = (await post(`/v1/projects/${p}/scenarios/${s}/econ-runs`, { forecast: seed.forecastId }, h)) as {
      id: string;
    };
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const [row] = await query<{ status: string; error: string | null }>(
        sql`SELECT status, error FROM econ_runs WHERE id = ${made.id}`,
      );
      if (row?.status === 'complete' || row?.status === 'failed') {
        if (row.status === 'failed') throw new Error(`run ${made.id} failed: ${row.error}`);
        break;
      }
      await during?.(made.id);
    }
    const ms = performance.now() - r0;
    for (const proc of started) {
      await proc.stop();
      procs.delete(proc);
    }
    return { runId: made.id, ms, procs: started };
  }

  async function wellsOnce(runId: string, what: string) {
    const [c] = await query<{ rows: string; wells: string }>(
      sql`SELECT count(*) AS rows, count(DISTINCT well_id) AS wells FROM econ_run_wells WHERE run_id = ${runId}`,
    );
    check(
      Number(c!.rows) === WELLS && Number(c!.wells) === WELLS,
      `${what}: ${c!.rows} results of ${c!.wells} wells (${WELLS} expected, each once)`,
    );
  }
  const byWorker = (runId: string) =>
    query<{ worker_id: string; chunks: string; wells: string }>(
      sql`SELECT worker_id, count(*) AS chunks, sum(jsonb_array_length(well_ids)) AS wells
       FROM job_chunks WHERE queue = 'econ_runs' AND run_id = ${runId} GROUP BY worker_id ORDER BY worker_id`,
    );

  // 2. One process.
  console.log('one API process:');
  const one = await run(1);
  await wellsOnce(one.runId, 'one process');
  console.log(`  wall time ${seconds(one.ms)} s`);

  // 3. Two processes.
  console.log('two API processes:');
  const two = await run(2);
  await wellsOnce(two.runId, 'two processes');
  const workers = await byWorker(two.runId);
  for (const w of workers) console.log(`  ${w.worker_id}: ${w.chunks} chunks, ${w.wells} wells`);
  check(workers.length === 2 && workers.every((w) => Number(w.chunks) > 0), 'both processes computed chunks');
  console.log(`  wall time ${seconds(two.ms)} s: ${(one.ms / two.ms).toFixed(2)}× one process`);

  // 4. Kill -9 of one process mid-run.
  console.log(`kill -9 of one of two processes mid-run (chunks stale after ${STALE_SECONDS} s):`);
  let killed = false;
  const kill = await run(2, { JOB_CHUNK_STALE_SECONDS: String(STALE_SECONDS) }, async (runId) => {
    if (killed) return;
    const [progress] = await query<{ done: number }>(sql`SELECT wells_done AS done FROM econ_runs WHERE id = ${runId}`);
    const running = await query<{ worker_id: string }>(
      sql`SELECT DISTINCT worker_id FROM job_chunks
        WHERE queue = 'econ_runs' AND run_id = ${runId} AND worker_id IS NOT NULL`,
    );
    if ((progress?.done ?? 0) >= WELLS / 4 && running.length === 2) {
      const victim = [...procs].at(-1)!;
      await victim.kill9();
      procs.delete(victim);
      killed = true;
      console.log(`  killed one process at ${progress!.done} wells done`);
    }
  });
  check(killed, 'a process was killed mid-run');
  await wellsOnce(kill.runId, 'after the kill');
  const [retaken] = await query<{ n: string }>(
    sql`SELECT count(*) AS n FROM job_chunks WHERE queue = 'econ_runs' AND run_id = ${kill.runId} AND attempts > 1`,
  );
  console.log(`  ${retaken!.n} chunk(s) taken over from the killed process; wall time ${seconds(kill.ms)} s`);
  await database.close();
} catch (e) {
  failures.push((e as Error).message);
  console.error(e);
} finally {
  for (const proc of procs) await proc.kill9();
  stopPostgres();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failures.length ? `FAILED: ${failures.length} check(s)` : 'scale and kill tests passed');
process.exit(failures.length ? 1 : 0);
