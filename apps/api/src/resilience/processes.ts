import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newServerDatabase, testBackend } from '@econ/test-kit/database';
import { type Launch, launchApiProcess, type Proc } from '@econ/test-kit/processes';
import { inject } from 'vitest';
import { ManualClock } from '../clock';
import { type Database, openDatabase } from '../db/connection';
import { ADMIN_TOKEN, type TestApi } from '../test/harness';

/**
 * The API's side of the resilience tests (the process helpers themselves are in
 * `@econ/test-kit/processes` and `/http`): storage per test (a PGlite folder, or a new database on
 * the server of TEST_DATABASE_URL), direct database access while no API holds it, the real API on
 * that storage, and the fixtures of `test/fixtures.ts` over HTTP.
 */

/** The fixtures' admin token (`test/fixtures.ts` sends it). */
export const ADMIN = ADMIN_TOKEN;
export const BACKEND = testBackend();

/** Where one test's API keeps its data: a folder (always: exports, lock) and, on PostgreSQL, a database. */
export interface Storage {
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
  /** Opens the database from this process (PGlite: only while no API holds the folder). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * New storage for one test. On PGlite the folder starts as a copy of the run's migrated template
 * (a first start that migrates takes seconds) unless `empty` is set.
 */
export async function newStorage(opts: { backend?: 'pglite' | 'postgres'; empty?: boolean } = {}): Promise<Storage> {
  const backend = opts.backend ?? BACKEND;
  const dataDir = mkdtempSync(join(tmpdir(), 'api-resilience-'));
  if (backend === 'pglite' && !opts.empty) {
    const seeded = await openDatabase({
      kind: 'pglite',
      dataDir: join(dataDir, 'pglite'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    await seeded.close();
  }
  const server = backend === 'postgres' ? await newServerDatabase('r') : undefined;
  const databaseUrl = server?.url;
  return {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    open: () =>
      openDatabase(
        databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      ),
    async drop() {
      await server?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` on the storage's database from this process and closes it. */
export async function withDb<T>(storage: Storage, fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await storage.open();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** Starts the real API (`apps/api/src/main.ts`) on the storage, on 127.0.0.1 (port 0 unless given). */
export function startApi(storage: Storage, env: Record<string, string> = {}): Promise<Proc> {
  return launchApi(storage, env).ready;
}

/** Starts the real API without waiting for it. */
export function launchApi(storage: Storage, env: Record<string, string> = {}): Launch {
  return launchApiProcess({ ...storage.env, API_ADMIN_TOKEN: ADMIN, ...env });
}

/**
 * A `TestApi` look-alike whose `app.request` goes over HTTP to `base` (a full URL is fetched as
 * is), so the fixtures of `test/fixtures.ts` (signedIn, postRecords, econRunFixture…) work
 * against a real process. `base` may change (a restarted process).
 */
export function httpApi(base: () => string): TestApi {
  const request = (path: string, init?: RequestInit) => fetch(/^https?:/.test(path) ? path : `${base()}${path}`, init);
  return {
    app: { request },
    clock: new ManualClock(new Date().toISOString()),
  } as unknown as TestApi;
}
