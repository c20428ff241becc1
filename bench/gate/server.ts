/**
 * The servers of the gate benchmark, in one child process: the API (on PGlite in a temporary
 * folder, or BENCH_DATABASE_URL) seeded with a company, a v2 credential and 20 projects, and a
 * bare Hono app, and the project routes without the gate. Prints one JSON line with their URLs and the request headers, then serves.
 */
import { serve } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { AppEnv } from '../../apps/api/src/appEnv';
import { onError } from '../../apps/api/src/http/onError';
import { registerProjectRoutes } from '../../apps/api/src/resources/projects';
import { openBenchApi } from '../benchApi';

const listen = (fetch: (r: Request) => Response | Promise<Response>) =>
  new Promise<string>((resolve) => {
    serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`));
  });

const { deps, database, app, call, headers, close, companyId, credentialId } = await openBenchApi('gate');
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
ungated.use('*', async (c, next) => {
  c.set('deps', deps);
  c.set('auth', { companyId, credentialId, version: 'v2' });
  await next();
});
registerProjectRoutes(ungated);

const apiUrl = await listen(app.fetch);
const ungatedUrl = await listen(ungated.fetch);
const bareUrl = await listen(bare.fetch);
console.log(JSON.stringify({ apiUrl, ungatedUrl, bareUrl, headers, storage: database.kind }));
process.on('SIGTERM', () => {
  void close().finally(() => process.exit(0));
});
