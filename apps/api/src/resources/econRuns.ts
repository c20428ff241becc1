import { ECON_RUN_SORT, EconRun, ObjectId, pagingQuery, TAKE_MAX } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { econRuns, scenarios } from '../db/schema';
import { notFound } from '../http/errors';
import { respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { tableList } from './listing';
import { LIST_HEADERS, ProjectParam, requireProject } from './projects';

type Row = typeof econRuns.$inferSelect;
const toRun = (r: Row): EconRun => ({
  id: r.id,
  project: r.projectId,
  scenario: r.scenarioId,
  status: r.status,
  runDate: r.runDate.toISOString(),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** Econ runs of a scenario (read-only here; runs are produced by the economics engine). */
export function registerEconRunRoutes(app: OpenAPIHono<AppEnv>): void {
  const ScenarioParams = ProjectParam.extend({ scenarioId: ObjectId });
  const requireScenario = async (c: Context<AppEnv>) => {
    const deps = c.get('deps');
    const { projectId, scenarioId } = parseWith(ScenarioParams, c.req.param(), 'path.');
    await requireProject(deps, c.get('auth').companyId, projectId);
    const [s] = await deps.db
      .select({ id: scenarios.id })
      .from(scenarios)
      .where(and(eq(scenarios.id, scenarioId), eq(scenarios.projectId, projectId)))
      .limit(1);
    if (!s) throw notFound(`No scenario with id ${scenarioId} in project ${projectId}`);
    return { projectId, scenarioId };
  };

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs',
      tag: 'Econ runs',
      auth: 'api',
      head: true,
      summary: 'List the econ runs of a scenario',
      params: ScenarioParams,
      query: pagingQuery(ECON_RUN_SORT, TAKE_MAX),
      responses: { 200: { ...json(z.array(EconRun), 'One page of econ runs'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      const { scenarioId } = await requireScenario(c);
      const cols = {
        id: econRuns.id,
        runDate: econRuns.runDate,
        createdAt: econRuns.createdAt,
        updatedAt: econRuns.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ECON_RUN_SORT, takeMax: TAKE_MAX },
        tableList(deps.db, econRuns, eq(econRuns.scenarioId, scenarioId), cols, toRun),
      );
    },
  );

  const RunParams = ScenarioParams.extend({ id: ObjectId });
  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}',
      tag: 'Econ runs',
      auth: 'api',
      summary: 'Get an econ run',
      params: RunParams,
      responses: { 200: json(EconRun, 'The econ run') },
    },
    async (c) => {
      const deps = c.get('deps');
      const { scenarioId } = await requireScenario(c);
      const id = parseWith(RunParams, c.req.param(), 'path.').id;
      const [row] = await deps.db
        .select()
        .from(econRuns)
        .where(and(eq(econRuns.id, id), eq(econRuns.scenarioId, scenarioId)))
        .limit(1);
      if (!row) throw notFound(`No econ run with id ${id} in scenario ${scenarioId}`);
      return c.json(toRun(row), 200);
    },
  );
}
