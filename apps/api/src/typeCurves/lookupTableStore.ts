import type { LookupRule, LookupTable, LookupTableInput } from '@econ/contract';
import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/pgErrors';
import { lookupTables, typeCurves } from '../db/schema';
import { notFound } from '../http/errors';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { projectList } from './store';

/*
 * Storage of the type-curve lookup tables (spec parts 2.9 and 4.4), shared by the V2 routes and
 * the V1 routes. A table is one row; its rules are one jsonb array, stored as validated by the
 * contract (`filter` always an array, no removed field). Every write is one statement, so a table
 * is written whole or not at all; name collisions are caught by `lookup_tables_project_name_uq`.
 */

export type LookupTableRow = typeof lookupTables.$inferSelect;

/** The name of the unique index on (project, name). */
export const LOOKUP_TABLE_NAME_INDEX = 'lookup_tables_project_name_uq';

/** The V2 path prefix of a project's lookup tables. */
export const lookupTablesBase = (projectId: string) => `/v2/projects/${projectId}/type-curves/lookup-tables`;

/**
 * One stored rule as V2 returns it: `filter` is [] when absent, null or missing keys are left out,
 * and `typeCurve` is absent once its type curve was deleted (write rule 4).
 */
export function lookupRuleView(stored: unknown): LookupRule {
  const r = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { filter: Array.isArray(r.filter) ? r.filter : [] };
  for (const [k, v] of Object.entries(r)) {
    if (k !== 'filter' && v !== null && v !== undefined) out[k] = v;
  }
  return out as LookupRule;
}

/** A stored lookup table as V2 returns it (contract `LookupTable`; never null). */
export function lookupTableView(row: LookupTableRow): LookupTable {
  return {
    id: row.id,
    name: row.name,
    caseInsensitiveMatching: row.caseInsensitiveMatching,
    tags: row.tags ?? [],
    rules: Array.isArray(row.rules) ? row.rules.map(lookupRuleView) : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A rule naming a type curve that is not in the project: its index and the id. */
export interface MissingTypeCurve {
  ruleIndex: number;
  typeCurve: string;
}

/** The rules of `rules` whose `typeCurve` is not in `known`, in rule order. */
export function rulesWithUnknownTypeCurve(
  rules: readonly { typeCurve?: string }[],
  known: ReadonlySet<string>,
): MissingTypeCurve[] {
  const out: MissingTypeCurve[] = [];
  rules.forEach((r, ruleIndex) => {
    if (r.typeCurve !== undefined && !known.has(r.typeCurve)) out.push({ ruleIndex, typeCurve: r.typeCurve });
  });
  return out;
}

/** The ids among `ids` that are type curves of the project. */
export async function existingTypeCurveIds(db: Db, projectId: string, ids: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: typeCurves.id })
    .from(typeCurves)
    .where(and(eq(typeCurves.projectId, projectId), inArray(typeCurves.id, wanted)));
  return new Set(rows.map((r) => r.id));
}

/** The columns a write sets from a validated table (everything but id, project and createdAt). */
const contentOf = (input: LookupTableInput) => ({
  name: input.name,
  caseInsensitiveMatching: input.caseInsensitiveMatching,
  tags: input.tags,
  rules: input.rules,
});

/** The lookup tables of a project as a list source. */
export const lookupTableList = <T>(db: Db, projectId: string, view: (row: LookupTableRow) => T): ListSource<T> =>
  projectList(db, lookupTables, projectId, view);

/** The 404 of a lookup table not in the project. */
export const lookupTableMissing = (projectId: string, id: string) =>
  notFound(`No lookup table with id ${id} in project ${projectId}`);

/** The table with this id in the project, or 404. */
export async function requireLookupTable(db: Db, projectId: string, id: string): Promise<LookupTableRow> {
  const row = await findLookupTable(db, projectId, id);
  if (!row) throw lookupTableMissing(projectId, id);
  return row;
}

/** The table with this id in the project, or undefined. */
export async function findLookupTable(db: Db, projectId: string, id: string): Promise<LookupTableRow | undefined> {
  const [row] = await db
    .select()
    .from(lookupTables)
    .where(and(eq(lookupTables.projectId, projectId), eq(lookupTables.id, id)))
    .limit(1);
  return row;
}

/** The table with this name in the project, other than `exceptId`, or undefined. */
export async function findLookupTableByName(
  db: Db,
  projectId: string,
  name: string,
  exceptId?: string,
): Promise<LookupTableRow | undefined> {
  const [row] = await db
    .select()
    .from(lookupTables)
    .where(
      and(
        eq(lookupTables.projectId, projectId),
        eq(lookupTables.name, name),
        exceptId === undefined ? undefined : ne(lookupTables.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** The stored names among `names` in the project. */
export async function takenLookupTableNames(db: Db, projectId: string, names: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ name: lookupTables.name })
    .from(lookupTables)
    .where(and(eq(lookupTables.projectId, projectId), inArray(lookupTables.name, wanted)));
  return new Set(rows.map((r) => r.name));
}

/** Creates a table; undefined when its name is already used in the project (also under a race). */
export async function insertLookupTable(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  input: LookupTableInput,
): Promise<LookupTableRow | undefined> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(lookupTables)
    .values({ id: newObjectId(deps.clock), projectId, ...contentOf(input), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Creates the table or, when its name exists in the project, replaces that table whole (id and
 * createdAt kept). `created` tells which happened.
 */
export async function upsertLookupTableByName(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  input: LookupTableInput,
): Promise<{ row: LookupTableRow; created: boolean }> {
  const now = deps.clock.now();
  const content = contentOf(input);
  const [out] = await deps.db
    .insert(lookupTables)
    .values({ id: newObjectId(deps.clock), projectId, ...content, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lookupTables.projectId, lookupTables.name],
      set: {
        caseInsensitiveMatching: content.caseInsensitiveMatching,
        tags: content.tags,
        rules: content.rules,
        updatedAt: now,
      },
    })
    .returning({ ...getTableColumns(lookupTables), created: sql<boolean>`(xmax = 0)` });
  if (!out) throw new Error(`upsert of lookup table "${input.name}" returned no row`);
  const { created, ...row } = out;
  return { row, created };
}

/**
 * Replaces the table with this id whole (rename allowed): the stored row, `missing` when no such
 * table is in the project, `conflict` when the new name belongs to another table.
 */
export async function replaceLookupTable(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  id: string,
  input: LookupTableInput,
): Promise<LookupTableRow | 'missing' | 'conflict'> {
  try {
    const [row] = await deps.db
      .update(lookupTables)
      .set({ ...contentOf(input), updatedAt: deps.clock.now() })
      .where(and(eq(lookupTables.projectId, projectId), eq(lookupTables.id, id)))
      .returning();
    return row ?? 'missing';
  } catch (err) {
    if (isUniqueViolation(err, LOOKUP_TABLE_NAME_INDEX)) return 'conflict';
    throw err;
  }
}

/** Deletes the table with this id in the project; the number deleted (0 or 1). */
export async function deleteLookupTable(db: Db, projectId: string, id: string): Promise<number> {
  const rows = await db
    .delete(lookupTables)
    .where(and(eq(lookupTables.projectId, projectId), eq(lookupTables.id, id)))
    .returning({ id: lookupTables.id });
  return rows.length;
}
