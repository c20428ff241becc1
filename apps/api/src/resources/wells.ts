import {
  MultiStatus,
  ObjectId,
  TAKE_MAX_LARGE,
  WELL_SORT,
  WELL_WRITE_MAX,
  Well,
  WellInput,
  WellListQuery,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch, twice } from '../http/batch';
import { notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { route } from '../http/route';
import { requireProject } from './projectStore';
import { findWell, insertWells, takenWellKeys, toWell, wellKeyOf, wellList } from './wellStore';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const keyTaken = (w: { chosenID: string; dataSource: string }) => ({
  field: 'chosenID',
  rule: 'unique',
  value: w.chosenID,
  message: `A well with chosenID "${w.chosenID}" and dataSource "${w.dataSource}" already exists in the company`,
});

export function registerWellRoutes(app: OpenAPIHono<AppEnv>): void {
  const tag = 'Wells';
  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/wells',
      tag,
      auth: 'api',
      head: true,
      summary: 'List the wells of a project',
      params: ProjectParam,
      description:
        'Sort by `wellName`, `chosenID`, `api14`, the stamps or a production summary field; filter by a range of a production summary field: `cumOil[ge]=50000`, `lastProdDateMonthly[lt]=2024-01-01` (operators `gt`, `ge`, `lt`, `le`; a well without production matches no range).',
      query: WellListQuery,
      responses: { 200: { ...json(z.array(Well), 'One page of wells'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      return respondList(c, deps.config.publicBaseUrl, { sortFields: WELL_SORT, takeMax: TAKE_MAX_LARGE }, () =>
        wellList(deps.db, projectId, input.query),
      );
    },
  );

  const WellParams = ProjectParam.extend({ id: ObjectId });
  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/wells/{id}',
      tag,
      auth: 'api',
      summary: 'Get a well of a project',
      params: WellParams,
      responses: { 200: json(Well, 'The well') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, id } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const row = await findWell(deps.db, projectId, id);
      if (!row) throw notFound(`No well with id ${id} in project ${projectId}`);
      return c.json(toWell(row), 200);
    },
  );

  route(
    app,
    {
      method: 'post',
      path: '/v1/projects/{projectId}/wells',
      tag,
      auth: 'api',
      summary: 'Create wells in a project',
      description: `An array of up to ${WELL_WRITE_MAX} wells. Always 207, one result per record; \`chosenID\` + \`dataSource\` are unique in the company (409).`,
      params: ProjectParam,
      records: { schema: WellInput, max: WELL_WRITE_MAX, single: 'wrap', noun: 'wells' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      const { projectId } = input.params;
      await requireProject(deps, companyId, projectId);
      const outcomes = await runBatch(deps, await input.records(), {
        parse: WellInput,
        check: async (batch) => {
          const taken = await takenWellKeys(
            deps.db,
            companyId,
            batch.values().map((w) => w.chosenID),
          );
          batch.unique(wellKeyOf, taken, (w, earlier) => twice(keyTaken(w), earlier));
        },
        applyAll: async (batch) => {
          const pending = batch.pending();
          const stored = await insertWells(
            deps,
            companyId,
            projectId,
            pending.map(([, w]) => w),
          );
          pending.forEach(([i, w], k) => {
            const well = stored[k];
            if (well) batch.succeed(i, { code: 201, fields: well });
            else batch.fail(i, 409, keyTaken(w));
          });
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );
}
