/**
 * The servers of the gate benchmark, in one child process: the API (on PGlite in a temporary
 * folder, or BENCH_DATABASE_URL) seeded with a company, a v2 credential and 20 projects, and a
 * bare Hono app, and the project routes without the gate. Prints one JSON line with their URLs and the request headers, then serves.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { createApp } from '../../apps/api/src/app';
import type { AppEnv } from '../../apps/api/src/appEnv';
import { createDeps } from '../../apps/api/src/bootstrap';
import { readEnv } from '../../apps/api/src/env';
import { onError } from '../../apps/api/src/http/onError';
import { registerProjectRoutes } from '../../apps/api/src/resources/projects';

const listen = (fetch: (r: Request) => Response | Promise<Response>) =>
  new Promise<string>((resolve) => {
    serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`));
  });

const admin = 'bench-admin-token-0123456789abcdef';
const config = readEnv({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-gate-')),
  API_ADMIN_TOKEN: admin,
  PUBLIC_BASE_URL: 'http://127.0.0.1',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const { deps, database } = await createDeps(config);
const app = createApp(deps);
const call = async (path: string, body: unknown, headers: Record<string, string>) => {
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};
const adminHeaders = { authorization: `Bearer ${admin}` };
const company = await call('/admin/companies', { name: 'Bench' }, adminHeaders);
const cred = (await call('/admin/credentials', { companyId: company.id, version: 'v2' }, adminHeaders)) as {
  download: { url: string };
};
const zipRes = await app.request(new URL(cred.download.url).pathname);
const { unzipSync, strFromU8 } = await import('fflate');
const files = unzipSync(new Uint8Array(await zipRes.arrayBuffer()));
const file = JSON.parse(strFromU8(files['api-credentials.json']!)) as { clientId: string; clientSecret: string };
const token = (await call('/v1/oauth/token', { grant_type: 'client_credentials', ...file }, {})) as {
  access_token: string;
};
const headers = {
  authorization: `Bearer ${token.access_token}`,
  'x-api-key': String(company.apiKey),
  'x-backend-version': 'v2',
};
await call(
  '/v1/projects',
  Array.from({ length: 20 }, (_, i) => ({ name: `Project ${i}` })),
  { ...headers },
);

const bare = new Hono();
bare.get('/', (c) => c.json([{ id: '0', name: 'bare' }]));

// The same project routes without the gate: what the gate itself costs.
const ungated = new OpenAPIHono<AppEnv>();
ungated.onError(onError);
const credentialId = (cred as unknown as { credential: { id: string } }).credential.id;
ungated.use('*', async (c, next) => {
  c.set('deps', deps);
  c.set('auth', { companyId: String(company.id), credentialId, version: 'v2' });
  await next();
});
registerProjectRoutes(ungated);

const apiUrl = await listen(app.fetch);
const ungatedUrl = await listen(ungated.fetch);
const bareUrl = await listen(bare.fetch);
console.log(JSON.stringify({ apiUrl, ungatedUrl, bareUrl, headers, storage: database.kind }));
process.on('SIGTERM', () => process.exit(0));
