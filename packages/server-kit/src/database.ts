import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** A drizzle handle with the same API on PGlite and on a PostgreSQL server. */
export type Db<S extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, S>;

export interface Database<S extends Record<string, unknown>> {
  db: Db<S>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Opens PGlite (embedded, in `dataDir` or in memory) or a PostgreSQL server with one drizzle
 * schema, and applies the generated migrations in `migrationsDir` (idempotent). PGlite's own `pg`
 * adapter is not used: it crashes with drizzle.
 */
export async function openDatabase<S extends Record<string, unknown>>(
  target: DatabaseTarget,
  schema: S,
  migrationsDir: string,
): Promise<Database<S>> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection the server drops (a restart, an administrator) must not crash the process:
    // the pool discards it and opens a new one for the next query.
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db<S>;
    await migratePg(db as never, { migrationsFolder: migrationsDir });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db<S>;
  await migratePglite(db as never, { migrationsFolder: migrationsDir });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
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
