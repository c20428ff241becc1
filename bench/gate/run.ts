/**
 * Gate benchmark (issue 23's targets): requests/s and p99 of an authenticated `GET /v1/projects`
 * (token check, the credential's state read on every request so a revocation holds at once, then
 * a page of 20 projects) against a minimal handler that runs the same SQL in a bare Hono route of
 * the same process kind, measured in the same run, alternating rounds:
 *   - authenticated ≥ 0.8 × the minimal handler's requests/s, on PostgreSQL (PGlite reported beside);
 *   - authenticated p99 ≤ 1.2 × the minimal handler's p99.
 * Also printed: a bare Hono route that touches no database, and the same route without the gate.
 * The servers run in a child process (PostgreSQL: BENCH_DATABASE_URL, else a throwaway server from
 * `.ci/start-postgres.sh`; then PGlite); autocannon drives them from this one.
 *
 *   npm run bench:gate
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench:gate
 *   BENCH_GATE_STORAGE=postgres npm run bench:gate    # one storage only (postgres | pglite)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { reportSummary } from '../summary';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const storages = (process.env.BENCH_GATE_STORAGE ?? 'postgres,pglite').split(',');

interface Measure {
  rps: number;
  p99: number;
  non2xx: number;
}
const measure = (url: string, headers: Record<string, string>, duration: number): Promise<Measure> =>
  new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration }, (err, r) => {
      if (err) reject(err);
      else resolve({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx });
    });
  });
const avg = (ms: Measure[], k: keyof Measure) => ms.reduce((s, m) => s + m[k], 0) / ms.length;

async function bench(databaseUrl: string | undefined): Promise<{ ok: boolean; failures: number }> {
  const env = { ...process.env };
  if (databaseUrl) env.BENCH_DATABASE_URL = databaseUrl;
  else delete env.BENCH_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/gate/server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  const info = await new Promise<{
    apiUrl: string;
    minimalUrl: string;
    ungatedUrl: string;
    bareUrl: string;
    headers: Record<string, string>;
    storage: string;
  }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const targets = {
    api: { url: `${info.apiUrl}/v1/projects`, headers: info.headers },
    minimal: { url: `${info.minimalUrl}/v1/projects`, headers: {} },
    ungated: { url: `${info.ungatedUrl}/v1/projects`, headers: {} },
    bare: { url: info.bareUrl, headers: {} },
  };
  const results: Record<keyof typeof targets, Measure[]> = { api: [], minimal: [], ungated: [], bare: [] };
  // Warm all (JIT, caches, prepared statements), then alternate so drift on a noisy machine hits all alike.
  for (const t of Object.values(targets)) await measure(t.url, t.headers, 2);
  for (let round = 0; round < 3; round++)
    for (const [name, t] of Object.entries(targets))
      results[name as keyof typeof targets].push(await measure(t.url, t.headers, seconds / 3));
  child.kill('SIGTERM');

  const line = (label: string, ms: Measure[]) =>
    console.log(
      `  ${label.padEnd(34)} ${avg(ms, 'rps').toFixed(0).padStart(7)} req/s   p99 ${avg(ms, 'p99').toFixed(1)} ms`,
    );
  console.log(`gate benchmark (${info.storage}, ${connections} connections, ${seconds}s each, 3 alternating rounds)`);
  line('authenticated GET /v1/projects', results.api);
  line('minimal handler, same SQL', results.minimal);
  line('same route, no gate', results.ungated);
  line('bare Hono route, no database', results.bare);
  const ratio = avg(results.api, 'rps') / avg(results.minimal, 'rps');
  const p99Ratio = avg(results.api, 'p99') / avg(results.minimal, 'p99');
  const primary = info.storage === 'postgres';
  const met = ratio >= 0.8 && p99Ratio <= 1.2;
  console.log(
    `  ratio authenticated / minimal handler: ${ratio.toFixed(3)} (target ≥ 0.8${primary ? '' : ', set on PostgreSQL'})`,
  );
  console.log(
    `  p99 authenticated / minimal handler:   ${p99Ratio.toFixed(3)} (target ≤ 1.2${primary ? '' : ', set on PostgreSQL'})`,
  );
  console.log(
    `  ratio authenticated / no gate:         ${(avg(results.api, 'rps') / avg(results.ungated, 'rps')).toFixed(3)} (the gate's own cost)`,
  );
  const failures = Object.values(results)
    .flat()
    .reduce((s, m) => s + m.non2xx, 0);
  if (failures) console.log(`  WARNING: ${failures} non-2xx answers`);
  reportSummary({
    bench: `gate (${info.storage})`,
    figure: `authenticated GET /v1/projects ${avg(results.api, 'rps').toFixed(0)} req/s, p99 ${avg(results.api, 'p99').toFixed(1)} ms`,
    baseline: `minimal handler, same SQL ${avg(results.minimal, 'rps').toFixed(0)} req/s, p99 ${avg(results.minimal, 'p99').toFixed(1)} ms`,
    ratio,
    target: primary ? '≥ 0.8, p99 ≤ 1.2×' : 'reported beside PostgreSQL',
    ...(primary ? { met } : {}),
    note: `p99 ratio ${p99Ratio.toFixed(2)}; no gate ${avg(results.ungated, 'rps').toFixed(0)} req/s; bare Hono ${avg(results.bare, 'rps').toFixed(0)} req/s`,
  });
  return { ok: met || !primary, failures };
}

let stopPostgres = () => {};
let failures = 0;
try {
  for (const storage of storages) {
    let url: string | undefined;
    if (storage === 'postgres') {
      url = process.env.BENCH_DATABASE_URL;
      if (!url) {
        const state = join(mkdtempSync(join(tmpdir(), 'bench-gate-pg-')), 'state');
        url = execFileSync('bash', ['.ci/start-postgres.sh'], { env: { ...process.env, PG_TEST_STATE: state } })
          .toString()
          .trim()
          .split('\n')
          .at(-1)!;
        stopPostgres = () => execFileSync('bash', ['.ci/stop-postgres.sh', readFileSync(state, 'utf8').trim()]);
      }
    } else if (storage !== 'pglite') throw new Error(`BENCH_GATE_STORAGE: postgres or pglite (got ${storage})`);
    failures += (await bench(url)).failures;
  }
} finally {
  stopPostgres();
}
process.exit(failures ? 1 : 0);
