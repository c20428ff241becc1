import {
  DAILY_PRESSURE_FIELDS,
  PRODUCTION_VOLUME_FIELDS,
  type ProductionFilter,
  type ProductionResolution,
} from '@econ/contract';
import { and, count, eq, gt, gte, inArray, lt, lte, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import { dailyProductions, monthlyProductions, wells } from '../db/schema';
import { ISO_TIMESTAMP_FORMAT } from '../db/schema/columns';
import type { ListSource } from '../http/paging';
import { inProject } from '../resources/wellScope';

/* Daily and monthly production in storage (decision 022): one row per well and date. */

type Table = typeof dailyProductions;
const TABLES: Record<ProductionResolution, Table> = {
  daily: dailyProductions,
  monthly: monthlyProductions as unknown as Table,
};

/** The measured columns of each resolution, by their field names (the same in records and rows). */
const COMMON = [...PRODUCTION_VOLUME_FIELDS, 'choke', 'operationalTag'] as const;
export const MEASURED: Record<ProductionResolution, readonly string[]> = {
  daily: [...COMMON, 'hoursOn', ...DAILY_PRESSURE_FIELDS],
  monthly: [...COMMON, 'daysOn'],
};

/** Where the records of a request may point: the caller's company, and a project when scoped to one. */
export interface ProductionScope {
  companyId: string;
  projectId?: string | undefined;
}

/** A well reference of a record: its id, or its chosenID and dataSource. */
export interface WellRef {
  well?: string | undefined;
  chosenID?: string | undefined;
  dataSource?: string | undefined;
}

export const refKey = (r: WellRef) =>
  r.well !== undefined ? `id:${r.well}` : `key:${r.chosenID}\u0000${r.dataSource}`;

/** The well id of each reference found in the scope, by {@link refKey}. */
export async function resolveWells(db: Db, scope: ProductionScope, refs: WellRef[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = [...new Set(refs.flatMap((r) => (r.well !== undefined ? [r.well] : [])))];
  const chosen = [...new Set(refs.flatMap((r) => (r.well === undefined && r.chosenID ? [r.chosenID] : [])))];
  const inScope = and(eq(wells.companyId, scope.companyId), scope.projectId ? inProject(scope.projectId) : undefined);
  for (let k = 0; k < ids.length; k += 5000) {
    const rows = await db
      .select({ id: wells.id })
      .from(wells)
      .where(and(inScope, inArray(wells.id, ids.slice(k, k + 5000))));
    for (const r of rows) out.set(`id:${r.id}`, r.id);
  }
  for (let k = 0; k < chosen.length; k += 5000) {
    const rows = await db
      .select({ id: wells.id, chosenID: wells.chosenId, dataSource: wells.dataSource })
      .from(wells)
      .where(and(inScope, inArray(wells.chosenId, chosen.slice(k, k + 5000))));
    for (const r of rows) out.set(refKey(r), r.id);
  }
  return out;
}

/** A record to write: its well (resolved) and its validated fields. */
export interface WrittenRecord {
  wellId: string;
  record: Record<string, unknown>;
}

/** The custom numbers a record gives (absent and null ones left out), as the `custom` jsonb text, or null. */
function customOf(record: Record<string, unknown>): string | null {
  let out: Record<string, unknown> | undefined;
  for (const k in record) {
    if (!k.startsWith('customNumber')) continue;
    const v = record[k];
    if (v === undefined || v === null) continue;
    out ??= {};
    out[k] = v;
  }
  return out ? JSON.stringify(out) : null;
}

/** Rows per statement of the list deletes (two parameters a row). */
const CHUNK = 1000;

/** The PostgreSQL type of each written column's array parameter. */
function pgType(field: string): string {
  if (field === 'wellId' || field === 'companyId' || field === 'operationalTag') return 'text';
  if (field === 'date') return 'date';
  if (field === 'createdAt' || field === 'updatedAt') return 'timestamptz';
  if (field === 'custom') return 'jsonb';
  return 'float8';
}

/**
 * Writes records in one statement whatever their number: each column is one array parameter
 * spread by `unnest` (decision 022), so neither the statement's text nor its parameters grow with
 * the records; a measured column no record gives is left to its default (null). `create` inserts (a
 * taken (well, date) is left alone), `upsert` replaces the measured fields of a taken one. Returns,
 * per written record, `well\u0000date` and whether it was new.
 *
 * A `create` first inserts without returning the rows, under a savepoint: when every record was
 * inserted (the usual import) that is all; when some (well, date) were taken, it is rolled back and
 * run again returning the rows written, to tell which.
 */
export async function writeRecords(
  db: Db,
  resolution: ProductionResolution,
  scope: { companyId: string; now: Date },
  records: readonly WrittenRecord[],
  mode: 'create' | 'upsert',
): Promise<Map<string, boolean>> {
  const written = new Map<string, boolean>();
  if (records.length === 0) return written;
  const t = TABLES[resolution];
  const name = (f: string) => `"${(t as unknown as Record<string, PgColumn>)[f]!.name}"`;
  const stamp = scope.now.toISOString();
  const columns: [string, unknown[]][] = [
    ['wellId', records.map((r) => r.wellId)],
    ['companyId', records.map(() => scope.companyId)],
    ['date', records.map((r) => r.record.date)],
  ];
  for (const f of MEASURED[resolution]) {
    if (records.some((r) => r.record[f] !== null && r.record[f] !== undefined)) {
      columns.push([f, records.map((r) => r.record[f] ?? null)]);
    }
  }
  const custom = records.map((r) => customOf(r.record));
  if (custom.some((c) => c !== null)) columns.push(['custom', custom]);
  columns.push(['createdAt', records.map(() => stamp)], ['updatedAt', records.map(() => stamp)]);

  const names = sql.raw(columns.map(([f]) => name(f)).join(', '));
  const arrays = sql.join(
    columns.map(([f, values]) => sql`${sql.param(values)}::${sql.raw(pgType(f))}[]`),
    sql`, `,
  );
  const insert = sql`insert into ${t} (${names}) select * from unnest(${arrays})`;
  const returning = sql`returning well_id, date::text as date, (xmax = 0) as inserted`;
  const rowsOf = (result: unknown) => (result as { rows: { well_id: string; date: string; inserted: boolean }[] }).rows;

  if (mode === 'upsert') {
    // Every measured column is replaced (one the records leave out becomes null), as PUT replaces.
    // (`excluded` holds the default, null, for a column the insert leaves out.)
    const replaced = [...MEASURED[resolution], 'custom', 'updatedAt'];
    const set = replaced.map((f) => `${name(f)} = excluded.${name(f)}`).join(', ');
    const result = await db.execute(
      sql`${insert} on conflict (well_id, date) do update set ${sql.raw(set)} ${returning}`,
    );
    for (const r of rowsOf(result)) written.set(`${r.well_id}\u0000${r.date}`, r.inserted);
    return written;
  }
  const all = await db
    .transaction(async (sp) => {
      const result = await sp.execute(sql`${insert} on conflict do nothing`);
      // node-postgres names it rowCount, PGlite affectedRows.
      const r = result as unknown as { rowCount?: number | null; affectedRows?: number };
      const count = r.rowCount ?? r.affectedRows ?? 0;
      if (count !== records.length) sp.rollback();
      return true;
    })
    .catch((e: unknown) => {
      if (e instanceof TransactionRollbackError) return false;
      throw e;
    });
  if (all) {
    for (const r of records) written.set(`${r.wellId}\u0000${r.record.date}`, true);
    return written;
  }
  const result = await db.execute(sql`${insert} on conflict do nothing ${returning}`);
  for (const r of rowsOf(result)) written.set(`${r.well_id}\u0000${r.date}`, true);
  return written;
}

function filterWhere(resolution: ProductionResolution, scope: ProductionScope, f: ProductionFilter): SQL | undefined {
  const t = TABLES[resolution];
  return and(
    eq(t.companyId, scope.companyId),
    scope.projectId
      ? inArray(t.wellId, sql`(select ${wells.id} from ${wells} where ${inProject(scope.projectId)})`)
      : undefined,
    f.well?.length ? inArray(t.wellId, f.well) : undefined,
    f.startDate ? gte(t.date, f.startDate) : undefined,
    f.endDate ? lte(t.date, f.endDate) : undefined,
    f['date[gt]'] ? gt(t.date, f['date[gt]']) : undefined,
    f['date[ge]'] ? gte(t.date, f['date[ge]']) : undefined,
    f['date[lt]'] ? lt(t.date, f['date[lt]']) : undefined,
    f['date[le]'] ? lte(t.date, f['date[le]']) : undefined,
  );
}

/** An ISO 8601 timestamp (as `Date.toISOString` writes it), made by the database. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', ${ISO_TIMESTAMP_FORMAT})`;

/**
 * The records of the scope matching the filter, by well then date (`-well,date` reverses both), as
 * clients read them: the well, the date, the measured fields that are not null, custom numbers,
 * stamps. A page reads only the measured columns that hold a value in it (a first, cheap pass
 * counts them): most are null, and every value read costs, most of all on PGlite (decision 022).
 */
export function productionList(
  db: Db,
  resolution: ProductionResolution,
  scope: ProductionScope,
  filter: ProductionFilter,
): ListSource<Record<string, unknown>> {
  const t = TABLES[resolution];
  const where = filterWhere(resolution, scope, filter);
  const columns = t as unknown as Record<string, PgColumn>;
  const measured = [...MEASURED[resolution], 'custom'];
  return {
    async page(page, limit) {
      const dir = sql.raw(page.sort.startsWith('-') ? 'desc' : 'asc');
      const window = sql`from ${t} where ${where} order by well_id ${dir}, date ${dir} offset ${page.skip} limit ${limit}`;
      const counted = await db.execute(
        sql`select ${sql.raw(measured.map((f, i) => `count("${columns[f]!.name}") as c${i}`).join(', '))} from (select * ${window}) p`,
      );
      const counts = (counted as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
      const present = measured.filter((_, i) => Number(counts[`c${i}`]) > 0);
      const selected = [
        'well_id as "well"',
        'date::text as "date"',
        ...present.map((f) => `"${columns[f]!.name}" as "${f}"`),
        `${iso('created_at')} as "createdAt"`,
        `${iso('updated_at')} as "updatedAt"`,
      ].join(', ');
      const result = await db.execute(sql`select ${sql.raw(selected)} ${window}`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return rows.map((r) => {
        const out: Record<string, unknown> = { well: r.well, date: r.date };
        for (const f of present) {
          const v = r[f];
          if (v === null || v === undefined) continue;
          if (f === 'custom') Object.assign(out, typeof v === 'string' ? JSON.parse(v) : v);
          else out[f] = v;
        }
        out.createdAt = r.createdAt;
        out.updatedAt = r.updatedAt;
        return out;
      });
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(t).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/** Deletes the records of the scope matching the filter; the number deleted. */
export async function deleteProductions(
  db: Db,
  resolution: ProductionResolution,
  scope: ProductionScope,
  filter: ProductionFilter,
): Promise<number> {
  const t = TABLES[resolution];
  const rows = await db
    .delete(t)
    .where(filterWhere(resolution, scope, filter))
    .returning({ wellId: t.wellId });
  return rows.length;
}

/**
 * Updates the fields a record gives of one stored (well, date): a measured field sent as null is
 * cleared, one left out is kept; custom numbers are merged (null removes one). False when no such
 * record is stored.
 */
export async function patchRow(
  db: Db,
  resolution: ProductionResolution,
  wellId: string,
  record: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const t = TABLES[resolution];
  const set: Record<string, unknown> = { updatedAt: now };
  for (const f of MEASURED[resolution]) if (record[f] !== undefined) set[f] = record[f];
  const custom = Object.entries(record).filter(([k, v]) => /^customNumber\d+$/.test(k) && v !== undefined);
  if (custom.length) {
    const merged = JSON.stringify(Object.fromEntries(custom.filter(([, v]) => v !== null)));
    const removed = custom.filter(([, v]) => v === null).map(([k]) => k);
    const kept = removed.reduce(
      (acc, key) => sql`(${acc} - ${key}::text)`,
      sql`(coalesce(${t.custom}, '{}'::jsonb) || ${merged}::jsonb)`,
    );
    set.custom = sql`nullif(${kept}, '{}'::jsonb)`;
  }
  const rows = await db
    .update(t)
    .set(set as never)
    .where(and(eq(t.wellId, wellId), eq(t.date, record.date as string)))
    .returning({ wellId: t.wellId });
  return rows.length > 0;
}

/** The wells of the scope that have records matching the filter. */
export async function wellsWithProduction(
  db: Db,
  resolution: ProductionResolution,
  scope: ProductionScope,
  filter: ProductionFilter,
): Promise<string[]> {
  const t = TABLES[resolution];
  const rows = await db
    .selectDistinct({ wellId: t.wellId })
    .from(t)
    .where(filterWhere(resolution, scope, filter));
  return rows.map((r) => r.wellId);
}

/** Deletes the listed (well, date) records (wells already checked to be in the scope); the number deleted. */
export async function deleteProductionKeys(
  db: Db,
  resolution: ProductionResolution,
  keys: readonly { wellId: string; date: string }[],
): Promise<number> {
  const t = TABLES[resolution];
  let n = 0;
  for (let k = 0; k < keys.length; k += CHUNK) {
    const part = keys.slice(k, k + CHUNK);
    const rows = await db
      .delete(t)
      .where(
        sql`(${t.wellId}, ${t.date}) in (${sql.join(
          part.map((p) => sql`(${p.wellId}, ${p.date}::date)`),
          sql`, `,
        )})`,
      )
      .returning({ wellId: t.wellId });
    n += rows.length;
  }
  return n;
}
