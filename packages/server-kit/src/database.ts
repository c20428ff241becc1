import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The advisory-lock key that serializes migrations of processes sharing a PostgreSQL database. */
const MIGRATION_LOCK = 7_305_482_010;

const BYTEA_OID = 17;

/** A bytea parameter in PostgreSQL's hex text format (`\x0a1b…`), through Node's native codec. */
export function byteaToHex(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

/** A bytea value from PostgreSQL's hex text format, through Node's native codec. */
export function byteaFromHex(text: string): Uint8Array {
  return Buffer.from(text.slice(2), 'hex');
}

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
    // Several processes may start at once on one database: drizzle's migrator takes no lock, so
    // each would apply the same migrations and all but one fail ("relation already exists"). A
    // session advisory lock on a connection of its own lets one migrate while the others wait and
    // then find nothing left to do (released by the server if the process dies holding it).
    const lock = new pg.Client({ connectionString: target.url });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db as never, { migrationsFolder: migrationsDir });
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    } finally {
      await lock.end().catch(() => {});
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    // PGlite's own bytea hex codec maps every byte through a JS string (~0.1 s for 1 MB); Node's
    // hex codec is native. Same text format, so stored values are unchanged.
    serializers: { [BYTEA_OID]: byteaToHex },
    parsers: { [BYTEA_OID]: byteaFromHex },
  });
  takeTurns(client);
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

/**
 * PGlite runs PostgreSQL on the event loop: a query is synchronous work behind promises that are
 * already resolved, and its lock hands over through microtasks. Without a break, every request
 * waiting for the database ran in one turn of the loop, and the loop only accepts one new
 * connection per turn (libuv ≥ 1.45): under load a burst of new connections waited for seconds
 * (the soak test's 10 s timeouts). Each top-level call now waits for the next turn first, so
 * sockets are read and connections accepted between any two queries; calls keep their order
 * (setImmediate and PGlite's lock are both first in, first out).
 */
function takeTurns(client: PGlite): void {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  };
  client.exec = async (...args: Parameters<PGlite['exec']>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = async <T>(callback: Parameters<PGlite['transaction']>[0]) => {
    await nextTurn();
    return (await transaction(callback)) as T;
  };
}
