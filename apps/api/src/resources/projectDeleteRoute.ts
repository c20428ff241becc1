import { ErrorEnvelope, ObjectId } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { deleteCountHeaders } from '../http/paging';
import { route } from '../http/route';
import { deleteProjectRows } from './projectDelete';
import { requireProject } from './projectStore';

/** `DELETE /v1/projects/{id}` (issue 21, decision 052): see `projectDelete.ts`. */
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
