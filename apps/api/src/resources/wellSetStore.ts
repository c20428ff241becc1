import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import type { ListSource } from '../http/paging';
import { scopedTableList } from './listing';

/* Project resources that name a set of the project's wells (forecasts, scenarios), in storage. */

export type SetTable = PgTable & {
  id: PgColumn;
  projectId: PgColumn;
  name: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};
export type JoinTable = PgTable & { wellId: PgColumn };

export interface SetRow {
  id: string;
  projectId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  [column: string]: unknown;
}

/** Where a kind of well set lives: its table and the join table of its wells. */
export interface SetTables {
  table: SetTable;
  join: JoinTable;
  /** The join table's column naming the parent (forecastId / scenarioId). */
  joinParent: PgColumn;
  joinRow(parentId: string, wellId: string): Record<string, string>;
}

/** The wells of each set, in id order. */
export async function wellIdsOf(db: Db, t: SetTables, parentIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return out;
  const rows = (await db
    .select({ parent: t.joinParent, well: t.join.wellId })
    .from(t.join)
    .where(inArray(t.joinParent, parentIds))
    .orderBy(t.join.wellId)) as { parent: string; well: string }[];
  for (const row of rows) out.get(row.parent)?.push(row.well);
  return out;
}

/** The sets of the project as a list source of rows (their wells are read per page). */
export function setList(db: Db, t: SetTables, projectId: string): ListSource<SetRow> {
  const cols = { id: t.table.id, name: t.table.name, createdAt: t.table.createdAt, updatedAt: t.table.updatedAt };
  return scopedTableList(db, t.table, t.table.projectId, projectId, cols, (row: SetRow) => row);
}

/** A set of the project, or undefined. */
export async function findSet(db: Db, t: SetTables, projectId: string, id: string): Promise<SetRow | undefined> {
  const [row] = (await db
    .select()
    .from(t.table as PgTable)
    .where(and(eq(t.table.id, id), eq(t.table.projectId, projectId)))
    .limit(1)) as SetRow[];
  return row;
}

/** The names among `names` that sets of the project already use. */
export async function takenSetNames(db: Db, t: SetTables, projectId: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = (await db
    .select({ name: t.table.name })
    .from(t.table as PgTable)
    .where(and(eq(t.table.projectId, projectId), inArray(t.table.name, names)))) as { name: string }[];
  return new Set(rows.map((r) => r.name));
}

/**
 * Inserts one set and its wells (call it inside the record's transaction); false when its name
 * was taken meanwhile.
 */
export async function insertSet(db: Db, t: SetTables, row: SetRow, wells: readonly string[]): Promise<boolean> {
  const inserted = await db
    .insert(t.table)
    .values(row as never)
    .onConflictDoNothing()
    .returning({ id: t.table.id });
  if (inserted.length === 0) return false;
  for (let k = 0; k < wells.length; k += 5000) {
    await db.insert(t.join).values(wells.slice(k, k + 5000).map((w) => t.joinRow(row.id, w)) as never);
  }
  return true;
}
