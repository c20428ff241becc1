import { sql } from 'drizzle-orm';

/** What a snapshot needs of a database: drizzle's `execute` (the API's and the BFF's alike). */
interface Executes {
  execute(query: ReturnType<typeof sql.raw>): Promise<unknown>;
}

const rowsOf = (r: unknown): Record<string, unknown>[] =>
  Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []);

/**
 * A digest of every table of ours (found in the catalog, so a table added later is covered
 * without editing this): per table, the md5 of its rows in a fixed order. Equal snapshots mean no
 * stored row changed. `exclude`: the tables that legitimately change on any request (each app's
 * suite names its own).
 */
export async function snapshot(db: Executes, exclude: readonly string[]): Promise<Record<string, string>> {
  const tables = rowsOf(
    await db.execute(
      sql.raw(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    ),
  )
    .map((r) => String(r.name))
    .filter((n) => !exclude.includes(n) && !n.startsWith('__drizzle'));
  if (tables.length === 0) return {};
  const query = tables
    .map(
      (n) =>
        `SELECT '${n}' AS name, count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${n}" t`,
    )
    .join(' UNION ALL ');
  const out: Record<string, string> = {};
  for (const r of rowsOf(await db.execute(sql.raw(query)))) out[String(r.name)] = `${r.n}:${r.digest}`;
  return out;
}

/** The tables whose digest differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
