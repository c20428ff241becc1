import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OpenAPIHono } from '@hono/zod-openapi';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app';
import type { AppEnv, Deps } from '../appEnv';
import { createDeps } from '../bootstrap';
import { ManualClock } from '../clock';
import { type Database, openDatabase, truncateAll } from '../db/connection';
import { type ApiConfig, readEnv } from '../env';

export const BASE_URL = 'http://api.test';
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** Which storage this run tests: `pglite` (always) or `postgres` (when TEST_DATABASE_URL is set). */
export const BACKEND = (process.env.TEST_DB_BACKEND ?? 'pglite') as 'pglite' | 'postgres';

export interface TestApi {
  app: OpenAPIHono<AppEnv>;
  deps: Deps;
  clock: ManualClock;
  config: ApiConfig;
  /** Empties every table and recreates the signing key: each test starts clean. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<Database> {
  if (BACKEND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 20 });
    return {
      ...database,
      async close() {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
}

/** An API on a fresh database (one per test file), a manual clock and test configuration. */
export async function createTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const config = readEnv({
    PUBLIC_BASE_URL: BASE_URL,
    API_ADMIN_TOKEN: ADMIN_TOKEN,
    TOKEN_LEEWAY_SECONDS: '30',
    ...env,
  });
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const database = await openTestDatabase();
  let { deps } = await createDeps(config, { clock, database });
  let app = createApp(deps);
  const api: TestApi = {
    get app() {
      return app;
    },
    get deps() {
      return deps;
    },
    clock,
    config,
    async reset() {
      clock.set('2026-11-22T12:00:00Z');
      await truncateAll(database.db);
      ({ deps } = await createDeps(config, { clock, database }));
      app = createApp(deps);
    },
    close: () => database.close(),
  };
  return api;
}
