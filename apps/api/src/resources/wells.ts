import {
  MultiStatus,
  ObjectId,
  pagingQuery,
  TAKE_MAX_LARGE,
  WELL_SORT,
  WELL_WRITE_MAX,
  Well,
  WellInput,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { wells } from '../db/schema';
import { notFound } from '../http/errors';
import { respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { newObjectId } from '../ids';
import { bulkResponse, markConflicts, readRecords, validateRecords } from './bulk';
import { tableList } from './listing';
import { LIST_HEADERS, ProjectParam, requireProject } from './projects';

type Row = typeof wells.$inferSelect;

const optional = <K extends string, V>(key: K, v: V | null): Partial<Record<K, V>> =>
  v === null ? {} : ({ [key]: v } as Record<K, V>);

export const toWell = (r: Row): Well => ({
  id: r.id,
  project: r.projectId,
  wellName: r.wellName,
  chosenID: r.chosenId,
  dataSource: r.dataSource as Well['dataSource'],
  ...optional('api14', r.api14),
  ...optional('county', r.county),
  ...optional('state', r.state),
  ...optional('firstProdDate', r.firstProdDate),
  ...optional('perfLateralLength', r.perfLateralLength),
  ...optional('lateralLength', r.lateralLength),
  ...optional('measuredDepth', r.measuredDepth),
  ...optional('trueVerticalDepth', r.trueVerticalDepth),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const keyOf = (w: { chosenID: string; dataSource: string }) => `${w.chosenID}\u0000${w.dataSource}`;
const conflictOf = (w: { chosenID: string; dataSource: string }) => ({
  field: 'chosenID',
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
      query: pagingQuery(WELL_SORT, TAKE_MAX_LARGE),
      responses: { 200: { ...json(z.array(Well), 'One page of wells'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      const { projectId } = parseWith(ProjectParam, c.req.param(), 'path.');
      await requireProject(deps, c.get('auth').companyId, projectId);
      const cols = {
        id: wells.id,
        wellName: wells.wellName,
        chosenID: wells.chosenId,
        api14: wells.api14,
        createdAt: wells.createdAt,
        updatedAt: wells.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: WELL_SORT, takeMax: TAKE_MAX_LARGE },
        tableList(deps.db, wells, eq(wells.projectId, projectId), cols, toWell),
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
    async (c) => {
      const deps = c.get('deps');
      const { projectId, id } = parseWith(WellParams, c.req.param(), 'path.');
      await requireProject(deps, c.get('auth').companyId, projectId);
      const [row] = await deps.db
        .select()
        .from(wells)
        .where(and(eq(wells.id, id), eq(wells.projectId, projectId)))
        .limit(1);
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
      body: z.array(WellInput).max(WELL_WRITE_MAX),
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      const { projectId } = parseWith(ProjectParam, c.req.param(), 'path.');
      await requireProject(deps, companyId, projectId);
      const records = await readRecords(c, WELL_WRITE_MAX);
      const { parsed, failures } = validateRecords(WellInput, records);
      const chosen = [...new Set([...parsed.values()].map((w) => w.chosenID))];
      const taken = chosen.length
        ? await deps.db
            .select({ chosenID: wells.chosenId, dataSource: wells.dataSource })
            .from(wells)
            .where(and(eq(wells.companyId, companyId), inArray(wells.chosenId, chosen)))
        : [];
      markConflicts(parsed, failures, keyOf, new Set(taken.map(keyOf)), conflictOf);
      const now = deps.clock.now();
      const rows = [...parsed].map(([i, w]) => ({
        i,
        w,
        row: {
          id: newObjectId(deps.clock),
          companyId,
          projectId,
          wellName: w.wellName,
          chosenId: w.chosenID,
          dataSource: w.dataSource,
          api14: w.api14 ?? null,
          county: w.county ?? null,
          state: w.state ?? null,
          firstProdDate: w.firstProdDate ?? null,
          perfLateralLength: w.perfLateralLength ?? null,
          lateralLength: w.lateralLength ?? null,
          measuredDepth: w.measuredDepth ?? null,
          trueVerticalDepth: w.trueVerticalDepth ?? null,
          createdAt: now,
          updatedAt: now,
        } satisfies typeof wells.$inferInsert,
      }));
      const inserted = rows.length
        ? await deps.db
            .insert(wells)
            .values(rows.map((r) => r.row))
            .onConflictDoNothing()
            .returning({ id: wells.id })
        : [];
      const insertedIds = new Set(inserted.map((r) => r.id));
      const created = new Map<number, Record<string, unknown>>();
      for (const { i, w, row } of rows) {
        if (insertedIds.has(row.id)) created.set(i, toWell(row));
        else markConflicts(new Map([[i, w]]), failures, () => '', new Set(['']), conflictOf);
      }
      return c.json(bulkResponse(records.length, created, failures), 207);
    },
  );
}

/** Every well id of the project, in id order. */
export async function projectWellIds(db: AppEnv['Variables']['deps']['db'], projectId: string): Promise<string[]> {
  const rows = await db
    .select({ id: wells.id })
    .from(wells)
    .where(eq(wells.projectId, projectId))
    .orderBy(sql`${wells.id}`);
  return rows.map((r) => r.id);
}
