import {
  PRODUCTION_SUMMARY_FIELDS,
  RANGE_OPERATORS,
  type RangeOperator,
  WELL_HEADER_NAMES,
  WELL_RANGE_HEADERS,
  type Well,
  type WellDeleteFilter,
  type WellHeaderValues,
  type WellInput,
  type WellListQuery,
} from '@econ/contract';
import { and, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { wells } from '../db/schema';
import { invalid } from '../http/errors';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from './listing';
import { headerColumns, headerSql, headersOf, toWell, WELL_SORT_SQL, type WellRow } from './wellHeaderSql';
import { inProject } from './wellScope';

/*
 * The wells in storage: company wells (no project) and project wells. `chosenID` + `dataSource`
 * are unique in the company across both (decision 047).
 */

export { toWell, type WellRow };

/** A new well's production summary: none until production is written. */
const NO_PRODUCTION = Object.fromEntries(PRODUCTION_SUMMARY_FIELDS.map((f) => [f, null])) as Record<
  (typeof PRODUCTION_SUMMARY_FIELDS)[number],
  null
>;

const SQL_OPERATOR: Record<RangeOperator, (c: SQL | PgColumn, v: unknown) => SQL> = { gt, ge: gte, lt, le: lte };

/** The filters a well list query holds: equality on headers, ranges on number and date headers and the summary. */
function filtersOf(query: Partial<WellListQuery>): SQL[] {
  const out: SQL[] = [];
  for (const n of WELL_HEADER_NAMES) {
    const v = query[n];
    if (v !== undefined) out.push(eq(headerSql(n), v));
  }
  for (const n of WELL_RANGE_HEADERS) {
    for (const op of RANGE_OPERATORS) {
      const v = query[`${n}[${op}]`];
      if (v !== undefined) out.push(SQL_OPERATOR[op](headerSql(n), v));
    }
  }
  for (const f of PRODUCTION_SUMMARY_FIELDS) {
    for (const op of RANGE_OPERATORS) {
      const v = query[`${f}[${op}]`];
      if (v !== undefined) out.push(SQL_OPERATOR[op](wells[f], v));
    }
  }
  return out;
}

/** The wells in `scope` (`wellScope.ts`) as a list source, filtered and sorted by any header. */
export function wellList(db: Db, scope: SQL, query: Partial<WellListQuery> = {}): ListSource<Well> {
  return tableList(db, wells, and(scope, ...filtersOf(query)), WELL_SORT_SQL, toWell);
}

/** The well `id` in `scope`, or undefined. */
export async function findWell(db: Db, scope: SQL, id: string, lock = false): Promise<WellRow | undefined> {
  const q = db
    .select()
    .from(wells)
    .where(and(eq(wells.id, id), scope))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The wells in `scope` among `ids` (unknown ids left out), a thousand ids per query. */
export async function wellsIn(db: Db, scope: SQL, ids: readonly string[]): Promise<WellRow[]> {
  const unique = [...new Set(ids)];
  const out: WellRow[] = [];
  for (let k = 0; k < unique.length; k += 1000) {
    out.push(
      ...(await db
        .select()
        .from(wells)
        .where(and(scope, inArray(wells.id, unique.slice(k, k + 1000))))),
    );
  }
  return out;
}

/** The wells of the project among `ids`, in the order of `ids` (unknown ids left out). */
export async function wellsOfProject(db: Db, projectId: string, ids: readonly string[]): Promise<WellRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(wells)
    .where(and(inProject(projectId), inArray(wells.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every well id of the project (project wells and attached company wells), in id order. */
export async function projectWellIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db.select({ id: wells.id }).from(wells).where(inProject(projectId)).orderBy(sql`${wells.id}`);
  return rows.map((r) => r.id);
}

/** The natural key of a well in the company. */
export const wellKeyOf = (w: { chosenID: string; dataSource: string }) => `${w.chosenID}\u0000${w.dataSource}`;

/** The company's wells (of either kind) holding the keys ({@link wellKeyOf}) among those with a `chosenID` of `chosen`. */
export async function wellsByKey(db: Db, companyId: string, chosen: readonly string[]): Promise<Map<string, WellRow>> {
  const unique = [...new Set(chosen)];
  const out = new Map<string, WellRow>();
  for (let k = 0; k < unique.length; k += 1000) {
    const rows = await db
      .select()
      .from(wells)
      .where(and(eq(wells.companyId, companyId), inArray(wells.chosenId, unique.slice(k, k + 1000))));
    for (const r of rows) out.set(wellKeyOf({ chosenID: r.chosenId, dataSource: r.dataSource }), r);
  }
  return out;
}

/** The keys ({@link wellKeyOf}) the company's wells already hold among those with a `chosenID` of `chosen`. */
export async function takenWellKeys(db: Db, companyId: string, chosen: string[]): Promise<Set<string>> {
  return new Set((await wellsByKey(db, companyId, chosen)).keys());
}

/**
 * Inserts wells (into a project, or company wells when `projectId` is null) in one statement; each
 * is one row, written whole or not at all. Returns the stored well of each input, or undefined
 * where its key was taken meanwhile.
 */
export async function insertWells(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: string,
  projectId: string | null,
  inputs: WellInput[],
): Promise<(Well | undefined)[]> {
  const now = deps.clock.now();
  const rows = inputs.map(
    (w) =>
      ({
        id: newObjectId(deps.clock),
        companyId,
        projectId,
        ...(headerColumns(w) as Pick<WellRow, 'wellName' | 'chosenId' | 'dataSource' | 'headers'>),
        ...NO_PRODUCTION,
        createdAt: now,
        updatedAt: now,
      }) satisfies typeof wells.$inferInsert,
  );
  const inserted = await deps.db.insert(wells).values(rows).onConflictDoNothing().returning({ id: wells.id });
  const ids = new Set(inserted.map((r) => r.id));
  return rows.map((row) => (ids.has(row.id) ? toWell(row as WellRow) : undefined));
}

/**
 * Writes a stored well's headers: `values` are all of them (PUT replaces: a header not given is
 * cleared). The natural key must stay free (the caller checked it; the unique index holds it).
 */
export async function writeHeaders(db: Db, row: WellRow, values: WellHeaderValues, now: Date): Promise<WellRow> {
  const [stored] = await db
    .update(wells)
    .set({ ...(headerColumns(values) as Partial<WellRow>), updatedAt: now })
    .where(eq(wells.id, row.id))
    .returning();
  return stored!;
}

/** A stored well's headers with a patch applied: given headers replace, `null` clears. */
export function patched(row: WellRow, patch: Record<string, unknown>): WellHeaderValues {
  const out: Record<string, unknown> = { ...headersOf(row) };
  for (const [k, v] of Object.entries(patch)) {
    if (k === 'id' || v === undefined) continue;
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out as WellHeaderValues;
}

/**
 * Deletes the wells in `scope` that `where` selects, with everything that depends on them (the
 * foreign keys cascade: productions, forecast memberships and segments, scenario memberships and
 * assignments, type-curve rows, attachments, comments), in one statement. Returns how many.
 */
export async function deleteWells(db: Db, scope: SQL, where: SQL | undefined): Promise<number> {
  const gone = await db.delete(wells).where(and(scope, where)).returning({ id: wells.id });
  return gone.length;
}

/** Builds the `WHERE` of a well filter (`id`, `chosenID`, `dataSource`); undefined when none is given. */
export function wellFilterSql(f: WellDeleteFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.id?.length) where.push(inArray(wells.id, f.id));
  if (f.chosenID?.length) where.push(inArray(wells.chosenId, f.chosenID));
  if (f.dataSource?.length) where.push(inArray(wells.dataSource, f.dataSource));
  if (where.length === 0) {
    const message = 'name the wells: id, chosenID and/or dataSource';
    throw invalid(message, [{ field: 'query', rule: 'filter required', message }]);
  }
  return and(...where);
}

/** The company's wells among `ids`, by id. */
export async function wellsById(db: Db, companyId: string, ids: readonly string[]): Promise<Map<string, WellRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(wells)
    .where(and(eq(wells.companyId, companyId), inArray(wells.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
}
