/**
 * The servers of the gate benchmark, in one child process: the API (on PGlite in a temporary
 * folder, or BENCH_DATABASE_URL) seeded with a company, a v2 credential and 20 projects; the
 * minimal handler (issue 23's baseline): a bare Hono route that runs the same SQL as the
 * authenticated `GET /v1/projects` — the credential-state read and the page read — and nothing
 * else (on PostgreSQL through `pg` with named prepared statements, on PGlite through the same
 * drizzle queries); a bare Hono route that touches no database; and the project routes without the
 * gate. Prints one JSON line with their URLs and the request headers, then serves.
 */
import { serve } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import type { AppEnv } from '../../apps/api/src/appEnv';
import { companies, credentials, projects } from '../../apps/api/src/db/schema';
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

// The route's two statements, as drizzle builds them (the gate's credential state; the first page
// of the default size in the default order, one row more to know whether a next page exists).
const PAGE = 25;
const stateQuery = () =>
  deps.db
    .select({ status: credentials.status, companyId: credentials.companyId, apiKey: companies.apiKey })
    .from(credentials)
    .innerJoin(companies, eq(companies.id, credentials.companyId))
    .where(eq(credentials.id, credentialId))
    .limit(1);
const pageQuery = () =>
  deps.db
    .select()
    .from(projects)
    .where(eq(projects.companyId, companyId))
    .orderBy(asc(projects.id), asc(projects.id))
    .limit(PAGE + 1);

const minimal = new Hono();
if (process.env.BENCH_DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
  const state = stateQuery().toSQL();
  const page = pageQuery().toSQL();
  minimal.get('/v1/projects', async (c) => {
    const [s] = (await pool.query({ name: 'min_state', text: state.sql, values: state.params })).rows;
    if (s?.status !== 'active') return c.json({ message: 'revoked' }, 401);
    const rows = (await pool.query({ name: 'min_page', text: page.sql, values: page.params })).rows;
    return c.json(rows.slice(0, PAGE));
  });
} else {
  minimal.get('/v1/projects', async (c) => {
    const [s] = await stateQuery();
    if (s?.status !== 'active') return c.json({ message: 'revoked' }, 401);
    const rows = await pageQuery();
    return c.json(rows.slice(0, PAGE));
  });
}

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
const minimalUrl = await listen(minimal.fetch);
const ungatedUrl = await listen(ungated.fetch);
const bareUrl = await listen(bare.fetch);
console.log(JSON.stringify({ apiUrl, minimalUrl, ungatedUrl, bareUrl, headers, storage: database.kind }));
process.on('SIGTERM', () => {
  void close().finally(() => process.exit(0));
});
