import { fileURLToPath } from 'node:url';
import {
  type DatabaseTarget,
  type Database as KitDatabase,
  type Db as KitDb,
  openDatabase as kitOpen,
} from '@econ/server-kit/database';
import { sql } from 'drizzle-orm';
import * as schema from './schema';

/** The database handle every module uses: the same drizzle API on PGlite and on a PostgreSQL server. */
export type Db = KitDb<typeof schema>;
export type Database = KitDatabase<typeof schema>;
export type { DatabaseTarget };

/** Where the generated SQL migrations live. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the API's database and applies its migrations (idempotent). */
export const openDatabase = (target: DatabaseTarget): Promise<Database> => kitOpen(target, schema, MIGRATIONS_DIR);

/** Every table with rows of ours, children first: for resetting a test database. */
export const ALL_TABLES = [
  'scenario_assignments',
  'exports',
  'service_secrets',
  'switchovers',
  'lookup_tables',
  'type_curve_multipliers',
  'type_curve_normalizations',
  'type_curve_fits',
  'type_curves',
  'econ_run_wells',
  'econ_runs',
  'econ_models',
  'forecast_series',
  'forecast_phases',
  'scenario_wells',
  'scenarios',
  'forecast_wells',
  'daily_productions',
  'monthly_productions',
  'directional_surveys',
  'forecasts',
  'wells',
  'projects',
  'credentials',
  'companies',
  'signing_keys',
  'rate_limits',
] as const;

/** Empties every table (tests only). */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${ALL_TABLES.join(', ')} CASCADE`));
}
