/**
 * Gate benchmark (issue: target ratio >= 0.5): requests/s of an authenticated `GET /v1/projects`
 * (token verification, revocation and API-key check, then a page of 20 projects from storage)
 * against a bare Hono route, measured in the same run on the same machine, and their ratio.
 * A third figure, the same route without the gate, isolates what the gate itself costs.
 * The servers run in a child process; autocannon drives them from this one.
 *
 *   npm run bench:gate                     # PGlite
 *   BENCH_DATABASE_URL=postgres://... npm run bench:gate
 *   BENCH_SECONDS=10 npm run bench:gate
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { reportSummary } from '../summary';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/gate/server.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
});
const info = await new Promise<{
  apiUrl: string;
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

const apiUrl = `${info.apiUrl}/v1/projects`;
// Warm both (JIT, caches), then alternate so drift on a noisy machine hits both alike.
await measure(info.bareUrl, {}, 2);
await measure(apiUrl, info.headers, 2);
const ungatedUrl = `${info.ungatedUrl}/v1/projects`;
await measure(ungatedUrl, {}, 2);
const bare: Measure[] = [];
const api: Measure[] = [];
const ungated: Measure[] = [];
for (let round = 0; round < 2; round++) {
  bare.push(await measure(info.bareUrl, {}, seconds / 2));
  api.push(await measure(apiUrl, info.headers, seconds / 2));
  ungated.push(await measure(ungatedUrl, {}, seconds / 2));
}
child.kill('SIGTERM');

const avg = (ms: Measure[], k: keyof Measure) => ms.reduce((s, m) => s + m[k], 0) / ms.length;
const bareRps = avg(bare, 'rps');
const apiRps = avg(api, 'rps');
const failures = api.reduce((s, m) => s + m.non2xx, 0);
const ungatedRps = avg(ungated, 'rps');
const ratio = apiRps / bareRps;
console.log(`gate benchmark (${info.storage}, ${connections} connections, ${seconds}s each)`);
console.log(
  `  bare Hono route            ${bareRps.toFixed(0).padStart(7)} req/s   p99 ${avg(bare, 'p99').toFixed(1)} ms`,
);
console.log(
  `  authenticated GET /v1/projects ${apiRps.toFixed(0).padStart(7)} req/s   p99 ${avg(api, 'p99').toFixed(1)} ms`,
);
console.log(
  `  same route, no gate        ${ungatedRps.toFixed(0).padStart(7)} req/s   p99 ${avg(ungated, 'p99').toFixed(1)} ms`,
);
console.log(`  ratio authenticated / bare Hono: ${ratio.toFixed(3)} (target >= 0.5)`);
console.log(`  ratio authenticated / no gate:   ${(apiRps / ungatedRps).toFixed(3)} (the gate's own cost)`);
if (failures) console.log(`  WARNING: ${failures} non-2xx answers`);
reportSummary({
  bench: `gate (${info.storage})`,
  figure: `authenticated GET /v1/projects ${apiRps.toFixed(0)} req/s`,
  baseline: `bare Hono route ${bareRps.toFixed(0)} req/s`,
  ratio,
  target: '≥ 0.5',
  met: ratio >= 0.5,
  note: `without the gate ${ungatedRps.toFixed(0)} req/s`,
});
process.exit(failures ? 1 : 0);
