import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Database, DatabaseTarget } from './database';

/** Which storage a test run uses: `pglite` (always) or `postgres` (when TEST_DATABASE_URL is set). */
export const testBackend = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB_BACKEND === 'postgres' ? 'postgres' : 'pglite';

/** Runs `run` on a client of its own, connected to `url` (e.g. to create or drop a database). */
export async function pgAdmin<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file: on PostgreSQL a new database (dropped at close) on the
 * server of TEST_DATABASE_URL; on PGlite a copy of the migrated template dumped by the run's
 * global setup.
 */
export async function openTestDatabase<S extends Record<string, unknown>>(
  open: (target: DatabaseTarget) => Promise<Database<S>>,
  opts: { templateFile: () => string; prefix: string },
): Promise<Database<S>> {
  if (testBackend() === 'pglite') {
    return open({ kind: 'pglite', loadDataDir: new Blob([readFileSync(opts.templateFile())]) });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL');
  const name = `${opts.prefix}_${randomBytes(6).toString('hex')}`;
  await pgAdmin(url, (c) => c.query(`CREATE DATABASE ${name}`));
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await open({ kind: 'postgres', url: dbUrl.toString(), poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await pgAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
