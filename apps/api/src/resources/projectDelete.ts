import { ErrorEnvelope, ObjectId } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import type { Db } from '../db/connection';
import { econRuns, forecastRuns, forecasts, projects, wells } from '../db/schema';
import { deleteCountHeaders } from '../http/paging';
import { route } from '../http/route';
import { deleteScenarioRows } from '../scenarios/store';
import { requireProject } from './projectStore';

/*
 * `DELETE /v1/projects/{id}` (issue 21, decision 052): the project and everything in it, in one
 * transaction. The foreign keys that point at a project, a scenario or a forecast without
 * cascading (econ runs, forecast runs, scenarios, forecasts, wells) are deleted here in order; the
 * rest cascade: the project's econ models, type curves and their lookup tables, econ lookup
 * tables; a well's productions, forecast series, assignments, ownership qualifiers; a run's results
 * and monthly exports; a scenario's wells, assignments, qualifiers and combos. Exports
 * (`/v1/exports`) keep no foreign key and stay until they expire (their files are swept then).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Deletes a project (already checked to be the caller's) and what it holds; call it in a transaction. */
export async function deleteProjectRows(tx: Tx, projectId: string): Promise<number> {
  await tx.delete(econRuns).where(eq(econRuns.projectId, projectId));
  await tx.delete(forecastRuns).where(eq(forecastRuns.projectId, projectId));
  await deleteScenarioRows(tx, projectId);
  await tx.delete(forecasts).where(eq(forecasts.projectId, projectId));
  await tx.delete(wells).where(eq(wells.projectId, projectId));
  const deleted = await tx.delete(projects).where(eq(projects.id, projectId)).returning({ id: projects.id });
  return deleted.length;
}

export function registerProjectDeleteRoute(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'delete',
      path: '/v1/projects/{id}',
      tag: 'Projects',
      auth: 'api',
      summary: 'Delete a project and everything in it',
      description:
        'Deletes the project with its wells (their production, surveys and ownership qualifiers), forecasts, scenarios (assignments, qualifiers, combos), econ runs and results, forecast runs, type curves and lookup tables, econ lookup tables and the project econ models, in one transaction. Company econ models stay. 204 with `X-Delete-Count` (1); 404 for a project the company does not have.',
      params: z.object({ id: ObjectId }),
      responses: {
        204: { description: 'Deleted', headers: deleteCountHeaders('projects deleted') },
        404: { description: 'No such project', content: { 'application/json': { schema: ErrorEnvelope } } },
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { id } = input.params;
      await requireProject(deps, c.get('auth').companyId, id);
      const n = await deps.db.transaction((tx) => deleteProjectRows(tx, id));
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
