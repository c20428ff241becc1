import { openTestDatabase as openKitTestDatabase, testBackend } from '@econ/test-kit/database';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { inject } from 'vitest';
import { createApp } from '../app';
import type { AppEnv, Deps } from '../appEnv';
import { createDeps } from '../bootstrap';
import { ManualClock } from '../clock';
import { openDatabase, truncateAll } from '../db/connection';
import { type ApiConfig, readEnv } from '../env';

export const BASE_URL = 'http://api.test';
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** Which storage this run tests: `pglite` (always) or `postgres` (when TEST_DATABASE_URL is set). */
export const BACKEND = testBackend();

export interface TestApi {
  app: OpenAPIHono<AppEnv>;
  deps: Deps;
  clock: ManualClock;
  config: ApiConfig;
  /** Empties every table and recreates the signing key: each test starts clean. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const openTestDatabase = () =>
  openKitTestDatabase(openDatabase, { templateFile: () => inject('pgliteTemplate'), prefix: 't' });

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
