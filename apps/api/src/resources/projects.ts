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
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import { projects } from '../db/schema';
import { notFound } from '../http/errors';
import { respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { newObjectId } from '../ids';
import { bulkResponse, markConflicts, readRecords, validateRecords } from './bulk';
import { tableList } from './listing';

type Row = typeof projects.$inferSelect;
export const toProject = (r: Row): Project => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The project, scoped to the caller's company, or 404. */
export async function requireProject(deps: Deps, companyId: string, projectId: string): Promise<Row> {
  const [row] = await deps.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(`No project with id ${projectId}`);
  return row;
}

export const ProjectParam = z.object({ projectId: ObjectId });

/** The `projectId` of the path, checked to be a project of the caller's company (400 for a bad id, 404). */
export async function projectOfPath(c: Context<AppEnv>): Promise<string> {
  const { projectId } = parseWith(ProjectParam, { projectId: c.req.param('projectId') }, 'path.');
  await requireProject(c.get('deps'), c.get('auth').companyId, projectId);
  return projectId;
}
const IdParam = z.object({ id: ObjectId });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
export const LIST_HEADERS = {
  Link: {
    description: 'paging: `<url>;rel="next",<url>;rel="prev",<url>;rel="first"`',
    schema: { type: 'string' as const },
  },
};

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
      const cols = {
        id: projects.id,
        name: projects.name,
        createdAt: projects.createdAt,
        updatedAt: projects.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: PROJECT_SORT, takeMax: TAKE_MAX },
        tableList(deps.db, projects, eq(projects.companyId, c.get('auth').companyId), cols, toProject),
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
    async (c) => {
      const { id } = parseWith(IdParam, c.req.param(), 'path.');
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
      body: z.array(ProjectInput).max(PROJECT_WRITE_MAX),
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      const records = await readRecords(c, PROJECT_WRITE_MAX);
      const { parsed, failures } = validateRecords(ProjectInput, records);
      const names = [...parsed.values()].map((p) => p.name);
      const taken = names.length
        ? await deps.db
            .select({ name: projects.name })
            .from(projects)
            .where(and(eq(projects.companyId, companyId), inArray(projects.name, names)))
        : [];
      markConflicts(
        parsed,
        failures,
        (p) => p.name,
        new Set(taken.map((t) => t.name)),
        (p) => ({
          field: 'name',
          value: p.name,
          message: `A project named "${p.name}" already exists`,
        }),
      );
      const now = deps.clock.now();
      const rows = [...parsed].map(([i, p]) => ({
        i,
        row: { id: newObjectId(deps.clock), companyId, name: p.name, createdAt: now, updatedAt: now },
      }));
      const inserted = rows.length
        ? await deps.db
            .insert(projects)
            .values(rows.map((r) => r.row))
            .onConflictDoNothing()
            .returning({ id: projects.id })
        : [];
      const insertedIds = new Set(inserted.map((r) => r.id));
      const created = new Map<number, Record<string, unknown>>();
      for (const { i, row } of rows) {
        if (insertedIds.has(row.id)) created.set(i, toProject(row));
        else
          markConflicts(
            new Map([[i, row]]),
            failures,
            () => '',
            new Set(['']),
            (p) => ({ field: 'name', value: p.name, message: `A project named "${p.name}" already exists` }),
          );
      }
      return c.json(bulkResponse(records.length, created, failures), 207);
    },
  );
}
