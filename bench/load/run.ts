/**
 * The loopback load test (issue 9, "Load"): the real API process (`apps/api/src/main.ts`, PGlite in a
 * temporary folder, or SOAK_DATABASE_URL) under autocannon, 64 connections for 60 s, on a mix of
 * authenticated reads and writes:
 *   - GET /v1/projects, GET /v1/projects/{p}/wells?take=200, GET /v1/projects/{p}/wells/{id}
 *   - POST /v1/projects/{p}/wells (one new well per request, a unique chosenID each)
 *   - PUT /v1/projects/{p}/forecasts/{f}/parameters (one record, rewritten)
 * A warm-up at the same load (SOAK_WARMUP_SECONDS, 15 s) comes first: the heap grows to its working
 * size there. It fails (exit 1) on any error, non-2xx answer or timeout, and on memory that does not
 * stay flat: RSS is sampled every 5 s, and over the second half of the run it may grow by at most
 * 10 % (a least-squares line through those samples; a leak keeps climbing, a warm heap levels off).
 * Prints p50/p99 latency, requests per second and the RSS samples.
 *
 *   npm run test:soak
 *   SOAK_SECONDS=20 SOAK_CONNECTIONS=32 npm run test:soak
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { strFromU8, unzipSync } from 'fflate';
import { secondHalfGrowth } from '../rssGrowth';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 64);
const WARMUP = Number(process.env.SOAK_WARMUP_SECONDS ?? 15);
const ADMIN = 'soak-admin-token-0123456789abcdef0123';
const dir = mkdtempSync(join(tmpdir(), 'soak-'));

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    API_ADMIN_TOKEN: ADMIN,
    ...(process.env.SOAK_DATABASE_URL ? { DATABASE_URL: process.env.SOAK_DATABASE_URL } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    if (m) resolve(m[1]!);
  });
  child.on('exit', (code) => reject(new Error(`the API exited with ${code} before listening:\n${out}`)));
});

/** Resident memory of the API process, MB (Linux /proc). */
const rssMb = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024;
};

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

try {
  const admin = { authorization: `Bearer ${ADMIN}` };
  const company = (await (
    await call('/admin/companies', { method: 'POST', headers: admin, json: { name: 'Soak' } })
  ).json()) as { id: string; apiKey: string };
  const cred = (await (
    await call('/admin/credentials', { method: 'POST', headers: admin, json: { companyId: company.id, version: 'v2' } })
  ).json()) as { download: { url: string } };
  const zip = unzipSync(
    new Uint8Array(await (await fetch(cred.download.url.replace(/^https?:\/\/[^/]+/, base))).arrayBuffer()),
  );
  const file = JSON.parse(strFromU8(zip['api-credentials.json']!)) as { clientId: string; clientSecret: string };
  const token = (await (
    await call('/v1/oauth/token', { method: 'POST', json: { grant_type: 'client_credentials', ...file } })
  ).json()) as { access_token: string };
  const headers = {
    authorization: `Bearer ${token.access_token}`,
    'x-api-key': company.apiKey,
    'x-backend-version': 'v2',
    'content-type': 'application/json',
  };
  const first = <T>(body: unknown) => (body as { results: T[] }).results[0]!;
  const projectId = first<{ id: string }>(
    await (await call('/v1/projects', { method: 'POST', headers, json: [{ name: 'Soak' }] })).json(),
  ).id;
  const wellIds = (
    (await (
      await call(`/v1/projects/${projectId}/wells`, {
        method: 'POST',
        headers,
        json: Array.from({ length: 50 }, (_, i) => ({
          wellName: `W ${i}`,
          chosenID: `W-${i}`,
          dataSource: 'internal',
        })),
      })
    ).json()) as { results: { id: string }[] }
  ).results.map((r) => r.id);
  const forecastId = first<{ id: string }>(
    await (
      await call(`/v1/projects/${projectId}/forecasts`, { method: 'POST', headers, json: [{ name: 'Soak' }] })
    ).json(),
  ).id;
  const parameters = JSON.stringify([
    {
      well: wellIds[0],
      forecastType: 'rate',
      phase: 'oil',
      series: 'best',
      segments: [{ segmentType: 'exp_dec', startDate: '2026-01-01', endDate: '2035-12-31', qStart: 500, dEff: 0.3 }],
    },
  ]);

  let n = 0;
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/v1/projects' },
    { method: 'GET', path: `/v1/projects/${projectId}/wells?take=200` },
    { method: 'GET', path: `/v1/projects/${projectId}/wells/${wellIds[7]}` },
    {
      method: 'POST',
      path: `/v1/projects/${projectId}/wells`,
      setupRequest: (req) => {
        n++;
        return {
          ...req,
          body: JSON.stringify([{ wellName: `L ${n}`, chosenID: `L-${n}-${process.pid}`, dataSource: 'internal' }]),
        };
      },
    },
    { method: 'PUT', path: `/v1/projects/${projectId}/forecasts/${forecastId}/parameters`, body: parameters },
  ];

  // SOAK_ONLY=3 keeps one request kind (0-based), to find which one is slow.
  if (process.env.SOAK_ONLY !== undefined)
    requests.splice(0, requests.length, requests[Number(process.env.SOAK_ONLY)]!);
  // Warm-up at the same load, then the measured run with RSS sampled every 5 s.
  await autocannon({ url: base, connections: CONNECTIONS, duration: WARMUP, headers, requests });
  const rssBefore = rssMb();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb()), 5000);
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, headers, requests });
  clearInterval(sampler);
  const rssAfter = rssMb();

  const bad = result.errors + result.timeouts + result.non2xx;
  const growth = secondHalfGrowth([...samples, rssAfter]);
  const flat = growth <= 0.1;
  console.log(
    `load test: ${CONNECTIONS} connections, ${SECONDS} s, ${process.env.SOAK_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  console.log(
    `  ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `  errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}: ${bad === 0 ? 'none' : 'FAIL'}`,
  );
  console.log(
    `  API RSS after warm-up ${rssBefore.toFixed(0)} MB, during ${samples.map((x) => x.toFixed(0)).join(' / ')} MB, after ${rssAfter.toFixed(0)} MB; second half ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %: ${flat ? 'flat' : 'GROWING'}`,
  );
  if (bad !== 0 || !flat) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
