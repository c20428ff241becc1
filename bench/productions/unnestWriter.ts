import type { ProductionResolution } from '@econ/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/connection';
import { dailyProductions, monthlyProductions } from '../../apps/api/src/db/schema';
import { MEASURED } from '../../apps/api/src/productions/store';

/*
 * A candidate for the production store's `writeRows` (create mode), measured by profile.ts
 * (decision 025): one statement per request whatever its size, the rows sent as one array
 * parameter per column and spread by `unnest`, so the statement's text and its parameters do not
 * grow with the rows (drizzle builds a 1000-row VALUES list value by value, which is where the
 * import's time went). Not used by the API; the lead applies it to productions/store.ts.
 */

const PG_TYPE: Record<string, string> = { operationalTag: 'text', custom: 'jsonb' };

/** Inserts the rows (as `rowOf` makes them), a taken (well, date) left alone; `well\u0000date` of each row written. */
export async function writeRowsUnnest(
  db: Db,
  resolution: ProductionResolution,
  rows: Record<string, unknown>[],
): Promise<Set<string>> {
  const table = resolution === 'daily' ? dailyProductions : monthlyProductions;
  const columns = table as unknown as Record<string, { name: string }>;
  const fields = ['wellId', 'companyId', 'date', ...MEASURED[resolution], 'custom', 'createdAt', 'updatedAt'];
  const typeOf = (f: string) =>
    f === 'wellId' || f === 'companyId'
      ? 'text'
      : f === 'date'
        ? 'date'
        : f === 'createdAt' || f === 'updatedAt'
          ? 'timestamptz'
          : (PG_TYPE[f] ?? 'float8');
  const arrays: SQL[] = fields.map((f) => {
    const values = rows.map((r) => {
      const v = r[f] ?? null;
      if (v instanceof Date) return v.toISOString();
      if (f === 'custom' && v !== null) return JSON.stringify(v);
      return v;
    });
    return sql`${sql.param(values)}::${sql.raw(typeOf(f))}[]`;
  });
  const names = sql.raw(fields.map((f) => `"${columns[f]!.name}"`).join(', '));
  const result = await db.execute(
    sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)}) on conflict do nothing returning well_id, date::text as date`,
  );
  const out = Array.isArray(result)
    ? result
    : (result as unknown as { rows: { well_id: string; date: string }[] }).rows;
  return new Set((out as { well_id: string; date: string }[]).map((r) => `${r.well_id}\u0000${r.date}`));
}
