import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econRuns, forecastRuns, forecasts, projects, wells } from '../db/schema';
import { deleteRunChunks } from '../jobs/chunks';
import { deleteScenarioRows } from '../scenarios/store';

/*
 * `DELETE /v1/projects/{id}` (issue 21, decision 052): the project and everything in it, in one
 * transaction. The foreign keys that point at a project, a scenario or a forecast without
 * cascading (econ runs and their chunks, forecast runs and theirs, scenarios, forecasts, wells) are deleted here in order; the
 * rest cascade: the project's econ models, type curves and their lookup tables, econ lookup
 * tables; a well's productions, forecast series, assignments, ownership qualifiers; a run's results
 * and monthly exports; a scenario's wells, assignments, qualifiers and combos. Exports
 * (`/v1/exports`) keep no foreign key and stay until they expire (their files are swept then).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Deletes a project (already checked to be the caller's) and what it holds; call it in a transaction. */
export async function deleteProjectRows(tx: Tx, projectId: string): Promise<number> {
  for (const runs of [econRuns, forecastRuns])
    await deleteRunChunks(tx, runs, sql`SELECT id FROM ${runs} WHERE project_id = ${projectId}`);
  await tx.delete(econRuns).where(eq(econRuns.projectId, projectId));
  await tx.delete(forecastRuns).where(eq(forecastRuns.projectId, projectId));
  await deleteScenarioRows(tx, projectId);
  await tx.delete(forecasts).where(eq(forecasts.projectId, projectId));
  await tx.delete(wells).where(eq(wells.projectId, projectId));
  const deleted = await tx.delete(projects).where(eq(projects.id, projectId)).returning({ id: projects.id });
  return deleted.length;
}
