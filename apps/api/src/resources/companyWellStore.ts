import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import {
  forecastPhases,
  forecastSeries,
  forecasts,
  forecastWells,
  projectCompanyWells,
  scenarioAssignments,
  scenarios,
  scenarioWells,
  typeCurveMultipliers,
  typeCurves,
  wells,
} from '../db/schema';
import { attachedTo } from './wellScope';

/* Company wells attached to projects (decision 047). */

/** Which of `wellIds` are attached to the project already. */
export async function attachedIds(db: Db, projectId: string, wellIds: readonly string[]): Promise<Set<string>> {
  if (wellIds.length === 0) return new Set();
  const rows = await db
    .select({ id: projectCompanyWells.wellId })
    .from(projectCompanyWells)
    .where(and(eq(projectCompanyWells.projectId, projectId), inArray(projectCompanyWells.wellId, [...wellIds])));
  return new Set(rows.map((r) => r.id));
}

/** Attaches company wells to a project in one statement; returns those attached now (not before). */
export async function attach(db: Db, projectId: string, wellIds: readonly string[]): Promise<Set<string>> {
  if (wellIds.length === 0) return new Set();
  const rows = await db
    .insert(projectCompanyWells)
    .values(wellIds.map((wellId) => ({ projectId, wellId })))
    .onConflictDoNothing()
    .returning({ id: projectCompanyWells.wellId });
  return new Set(rows.map((r) => r.id));
}

/** A forecast, scenario or type curve: a parent owned by a project. */
type Parent = { id: PgColumn; projectId: PgColumn } & PgTable;
/** The rows holding a well inside a project: (table, its well column, its parent column, the parent table). */
const PROJECT_MEMBERSHIPS: [PgTable, PgColumn, PgColumn, Parent][] = [
  [forecastWells, forecastWells.wellId, forecastWells.forecastId, forecasts],
  [forecastPhases, forecastPhases.wellId, forecastPhases.forecastId, forecasts],
  [forecastSeries, forecastSeries.wellId, forecastSeries.forecastId, forecasts],
  [scenarioWells, scenarioWells.wellId, scenarioWells.scenarioId, scenarios],
  [scenarioAssignments, scenarioAssignments.wellId, scenarioAssignments.scenarioId, scenarios],
  [typeCurveMultipliers, typeCurveMultipliers.wellId, typeCurveMultipliers.typeCurveId, typeCurves],
];

/**
 * Detaches the company wells of the project that `where` selects, first taking them out of the
 * project's forecasts (memberships and segments), scenarios (memberships and assignments) and type
 * curves; their productions and other projects are untouched. Call in a transaction. Returns how many.
 */
export async function detach(db: Db, projectId: string, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({ id: wells.id })
    .from(wells)
    .where(and(attachedTo(projectId), where));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  for (let k = 0; k < ids.length; k += 1000) {
    const part = ids.slice(k, k + 1000);
    for (const [table, wellColumn, parentColumn, parent] of PROJECT_MEMBERSHIPS) {
      await db
        .delete(table)
        .where(
          and(
            inArray(wellColumn, part),
            inArray(parentColumn, sql`(select ${parent.id} from ${parent} where ${parent.projectId} = ${projectId})`),
          ),
        );
    }
    await db
      .delete(projectCompanyWells)
      .where(and(eq(projectCompanyWells.projectId, projectId), inArray(projectCompanyWells.wellId, part)));
  }
  return ids.length;
}
