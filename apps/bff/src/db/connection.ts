import { fileURLToPath } from 'node:url';
import {
  type DatabaseTarget,
  type Database as KitDatabase,
  type Db as KitDb,
  openDatabase as kitOpen,
} from '@econ/server-kit/database';
import { sql } from 'drizzle-orm';
import * as schema from './schema';

export type Db = KitDb<typeof schema>;
export type Database = KitDatabase<typeof schema>;
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the BFF's own database (PGlite in its data folder by default, BFF_DATABASE_URL for a server). */
export const openDatabase = (target: DatabaseTarget): Promise<Database> => kitOpen(target, schema, MIGRATIONS_DIR);

/** Empties every table (tests only). */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(
    sql.raw('TRUNCATE user_preferences, audit_log, vault_credentials, login_failures, sessions, users CASCADE'),
  );
}
