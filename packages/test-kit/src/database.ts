import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, type DatabaseTarget, openDatabase } from '@econ/server-kit/database';
import pg from 'pg';

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

/** A database of its own on the server of TEST_DATABASE_URL (`<prefix>_<random>`), and how to drop it. */
export async function newServerDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('a PostgreSQL test database needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await pgAdmin(server, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await pgAdmin(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
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
  const server = await newServerDatabase(opts.prefix);
  const database = await open({ kind: 'postgres', url: server.url, poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

/** A dump of a migrated in-memory PGlite: tests load copies of it in well under a second. */
export async function pgliteTemplate(schema: Record<string, unknown>, migrationsDir: string): Promise<Blob> {
  const database = await openDatabase({ kind: 'pglite' }, schema, migrationsDir);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  return dump;
}

/**
 * For a vitest global setup: the template of `pgliteTemplate` written to a file in a new temporary
 * folder (`prefix`), which `remove` deletes at the end of the run.
 */
export async function pgliteTemplateFile(
  schema: Record<string, unknown>,
  migrationsDir: string,
  prefix: string,
): Promise<{ file: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await (await pgliteTemplate(schema, migrationsDir)).arrayBuffer()));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
