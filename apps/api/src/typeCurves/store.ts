import type { ForecastSeries, TypeCurve } from '@econ/contract';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/pgErrors';
import { forecasts, lookupTables, typeCurves } from '../db/schema';
import { notFound } from '../http/errors';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { scopedTableList } from '../resources/listing';
import { requireProject } from '../resources/projectStore';

/* Storage shared by the type-curve routes (V1 and V2: one row per type curve, ids unchanged). */

export type TypeCurveRow = typeof typeCurves.$inferSelect;

/** The columns a type-curve write sets (everything but id, project and the timestamps). */
export type TypeCurveValues = Pick<TypeCurveRow, 'name' | 'forecastId' | 'forecastSeries' | 'wells' | 'excludedWells'>;

/** The V2 path prefix of a project's type curves. */
export const v2Base = (projectId: string) => `/v2/projects/${projectId}/type-curves`;

/** A stored type curve as V2 returns it: never null, a field it lacks is left out (spec part 2.9). */
export function typeCurveView(r: TypeCurveRow): TypeCurve {
  const out: TypeCurve = {
    id: r.id,
    name: r.name,
    project: r.projectId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.forecastId !== null) out.forecast = r.forecastId;
  if (r.forecastSeries !== null) out.forecastSeries = r.forecastSeries as ForecastSeries;
  if (r.wells !== null) out.wells = r.wells;
  if (r.excludedWells !== null) out.excludedWells = r.excludedWells;
  return out;
}

/** A table of named rows of a project: type curves, lookup tables. */
type ProjectTable = PgTable & Record<'id' | 'projectId' | 'name' | 'createdAt' | 'updatedAt', PgColumn>;

/** The rows of a project in `table` as a list source, sorted by `id`, `name`, `createdAt` or `updatedAt`. */
export function projectList<R extends { id: string }, T>(
  db: Db,
  table: ProjectTable,
  projectId: string,
  view: (row: R) => T,
): ListSource<T> {
  const { id, name, createdAt, updatedAt } = table;
  return scopedTableList(db, table, table.projectId, projectId, { id, name, createdAt, updatedAt }, view);
}

/** The type curves of a project as a list source. */
export const typeCurveList = <T>(db: Db, projectId: string, view: (row: TypeCurveRow) => T): ListSource<T> =>
  projectList(db, typeCurves, projectId, view);

/** The type curve with this id in the project, or undefined. */
export async function findTypeCurve(db: Db, projectId: string, id: string): Promise<TypeCurveRow | undefined> {
  const [row] = await db
    .select()
    .from(typeCurves)
    .where(and(eq(typeCurves.id, id), eq(typeCurves.projectId, projectId)))
    .limit(1);
  return row;
}

/** The type curve, in a project of the caller's company, or 404 (the project's or the curve's). */
export async function requireTypeCurve(
  deps: Deps,
  companyId: string,
  projectId: string,
  id: string,
): Promise<TypeCurveRow> {
  await requireProject(deps, companyId, projectId);
  const row = await findTypeCurve(deps.db, projectId, id);
  if (!row) throw notFound(`No type curve with id ${id} in project ${projectId}`);
  return row;
}

/** Whether a type curve of the project other than `exceptId` has this name. */
export async function typeCurveNameUsed(db: Db, projectId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: typeCurves.id })
    .from(typeCurves)
    .where(
      and(
        eq(typeCurves.projectId, projectId),
        eq(typeCurves.name, name),
        exceptId ? ne(typeCurves.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The type of the forecast with this id in the project, or undefined when it is not there. */
export async function forecastTypeOf(
  db: Db,
  projectId: string,
  forecastId: string,
): Promise<(typeof forecasts.$inferSelect)['type'] | undefined> {
  const [row] = await db
    .select({ type: forecasts.type })
    .from(forecasts)
    .where(and(eq(forecasts.id, forecastId), eq(forecasts.projectId, projectId)))
    .limit(1);
  return row?.type;
}

/** Creates a type curve; undefined when its name is used in the project (also under a race). */
export async function insertTypeCurve(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  values: TypeCurveValues,
): Promise<TypeCurveRow | undefined> {
  const now = deps.clock.now();
  try {
    const [row] = await deps.db
      .insert(typeCurves)
      .values({ id: newObjectId(deps.clock), projectId, ...values, createdAt: now, updatedAt: now })
      .returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) return undefined;
    throw e;
  }
}

/**
 * Sets the fields of the type curve with this id: the stored row, `missing` when no such type
 * curve is in the project, `conflict` when the name is used by another one.
 */
export async function updateTypeCurve(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  id: string,
  values: TypeCurveValues,
): Promise<TypeCurveRow | 'missing' | 'conflict'> {
  try {
    const [row] = await deps.db
      .update(typeCurves)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(and(eq(typeCurves.id, id), eq(typeCurves.projectId, projectId)))
      .returning();
    return row ?? 'missing';
  } catch (e) {
    if (isUniqueViolation(e)) return 'conflict';
    throw e;
  }
}

/** Which type curves a delete names: those with one of `ids` or one of `names` (at least one value). */
export interface TypeCurveFilter {
  ids?: readonly string[];
  names?: readonly string[];
}

/**
 * Deletes type curves of a project (their fits, normalization and multipliers go with them by
 * cascade) and unlinks the lookup-table rules that point to them (write rule 4), in one transaction.
 */
export async function deleteTypeCurves(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  { ids = [], names = [] }: TypeCurveFilter,
): Promise<number> {
  const where = or(
    ids.length ? inArray(typeCurves.id, [...ids]) : undefined,
    names.length ? inArray(typeCurves.name, [...names]) : undefined,
  );
  if (!where) return 0;
  return deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(typeCurves)
      .where(and(eq(typeCurves.projectId, projectId), where))
      .returning({ id: typeCurves.id });
    if (deleted.length === 0) return 0;
    const gone = new Set(deleted.map((d) => d.id));
    const pointing = or(
      ...[...gone].map((id) => sql`${lookupTables.rules} @> ${JSON.stringify([{ typeCurve: id }])}::jsonb`),
    );
    const tables = await tx
      .select({ id: lookupTables.id, rules: lookupTables.rules })
      .from(lookupTables)
      .where(and(eq(lookupTables.projectId, projectId), pointing));
    const now = deps.clock.now();
    for (const table of tables) {
      const rules = (table.rules as Record<string, unknown>[]).map((rule) => {
        if (typeof rule.typeCurve !== 'string' || !gone.has(rule.typeCurve)) return rule;
        const { typeCurve: _gone, ...rest } = rule;
        return rest;
      });
      await tx.update(lookupTables).set({ rules, updatedAt: now }).where(eq(lookupTables.id, table.id));
    }
    return deleted.length;
  });
}
