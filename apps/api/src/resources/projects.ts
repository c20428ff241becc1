import {
  MultiStatus,
  ObjectId,
  PROJECT_SORT,
  PROJECT_WRITE_MAX,
  Project,
  ProjectInput,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch, twice } from '../http/batch';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { insertProjects, projectList, requireProject, takenProjectNames, toProject } from './projectStore';

const IdParam = z.object({ id: ObjectId });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const nameTaken = (name: string) => ({
  field: 'name',
  rule: 'unique',
  value: name,
  message: `A project named "${name}" already exists`,
});

export function registerProjectRoutes(app: OpenAPIHono<AppEnv>): void {
  const tag = 'Projects';
  route(
    app,
    {
      method: 'get',
      path: '/v1/projects',
      tag,
      auth: 'api',
      head: true,
      summary: 'List projects',
      query: pagingQuery(PROJECT_SORT, TAKE_MAX),
      responses: { 200: { ...json(z.array(Project), 'One page of projects'), headers: LIST_HEADERS } },
    },
    (c) => {
      const deps = c.get('deps');
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: PROJECT_SORT, takeMax: TAKE_MAX },
        projectList(deps.db, c.get('auth').companyId),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{id}',
      tag,
      auth: 'api',
      summary: 'Get a project',
      params: IdParam,
      responses: { 200: json(Project, 'The project'), 404: json(z.object({}), 'No such project') },
    },
    async (c, input) => {
      const { id } = input.params;
      return c.json(toProject(await requireProject(c.get('deps'), c.get('auth').companyId, id)), 200);
    },
  );

  route(
    app,
    {
      method: 'post',
      path: '/v1/projects',
      tag,
      auth: 'api',
      summary: 'Create projects',
      description: `An array of up to ${PROJECT_WRITE_MAX} projects (a single object is taken as an array of one). Always 207: one result per record, in order; names are unique in the company (409).`,
      records: { schema: ProjectInput, max: PROJECT_WRITE_MAX, single: 'wrap', noun: 'projects' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      const outcomes = await runBatch(deps, await input.records(), {
        parse: ProjectInput,
        check: async (batch) => {
          const taken = await takenProjectNames(
            deps.db,
            companyId,
            batch.values().map((p) => p.name),
          );
          batch.unique(
            (p) => p.name,
            taken,
            (p, earlier) => twice(nameTaken(p.name), earlier),
          );
        },
        applyAll: async (batch) => {
          const pending = batch.pending();
          const stored = await insertProjects(
            deps,
            companyId,
            pending.map(([, p]) => p),
          );
          pending.forEach(([i, p], k) => {
            const project = stored[k];
            if (project) batch.succeed(i, { code: 201, fields: project });
            else batch.fail(i, 409, nameTaken(p.name));
          });
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );
}
