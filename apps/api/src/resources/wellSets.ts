import { MultiStatus, ObjectId, pagingQuery, TAKE_MAX } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import type { Db } from '../db/connection';
import { notFound } from '../http/errors';
import { respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { newObjectId } from '../ids';
import { bulkResponse, markConflicts, type RecordFailure, readRecords, recordError, validateRecords } from './bulk';
import { tableList } from './listing';
import { LIST_HEADERS, ProjectParam, requireProject } from './projects';
import { projectWellIds } from './wells';

type SetTable = PgTable & {
  id: PgColumn;
  projectId: PgColumn;
  name: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};
type JoinTable = PgTable & { wellId: PgColumn };
interface BaseRow {
  id: string;
  projectId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A project resource that names a set of the project's wells (forecasts, scenarios): list with
 * paging, get one, create in bulk (207). `wells` defaults to every well of the project; a well
 * not in the project fails its record with 400; names are unique in the project (409).
 */
export interface WellSetResource<I extends { name: string; wells?: string[] | undefined }> {
  tag: string;
  segment: string;
  noun: string;
  input: z.ZodType<I>;
  output: z.ZodType;
  sortFields: readonly [string, ...string[]];
  writeMax: number;
  table: SetTable;
  join: JoinTable;
  /** The join table's column naming the parent (forecastId / scenarioId). */
  joinParent: PgColumn;
  joinRow(parentId: string, wellId: string): Record<string, string>;
  extraRow(input: I): Record<string, unknown>;
  extraOut(row: BaseRow & Record<string, unknown>): Record<string, unknown>;
}

async function wellIdsOf(db: Db, r: WellSetResource<never>, parentIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return out;
  const rows = (await db
    .select({ parent: r.joinParent, well: r.join.wellId })
    .from(r.join)
    .where(inArray(r.joinParent, parentIds))
    .orderBy(r.join.wellId)) as { parent: string; well: string }[];
  for (const row of rows) out.get(row.parent)?.push(row.well);
  return out;
}

export function registerWellSetRoutes<I extends { name: string; wells?: string[] | undefined }>(
  app: OpenAPIHono<AppEnv>,
  r: WellSetResource<I>,
): void {
  const json = (schema: z.ZodType, description: string) => ({
    description,
    content: { 'application/json': { schema } },
  });
  const anyR = r as unknown as WellSetResource<never>;
  const out = (row: BaseRow & Record<string, unknown>, wells: string[]) => ({
    id: row.id,
    project: row.projectId,
    name: row.name,
    ...r.extraOut(row),
    wells,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  const base = `/v1/projects/{projectId}/${r.segment}`;

  route(
    app,
    {
      method: 'get',
      path: base,
      tag: r.tag,
      auth: 'api',
      head: true,
      summary: `List the ${r.noun}s of a project`,
      params: ProjectParam,
      query: pagingQuery(r.sortFields, TAKE_MAX),
      responses: { 200: { ...json(z.array(r.output), `One page of ${r.noun}s`), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      const { projectId } = parseWith(ProjectParam, c.req.param(), 'path.');
      await requireProject(deps, c.get('auth').companyId, projectId);
      const cols = { id: r.table.id, name: r.table.name, createdAt: r.table.createdAt, updatedAt: r.table.updatedAt };
      const source = tableList(deps.db, r.table, eq(r.table.projectId, projectId), cols, (row: BaseRow) => row);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: r.sortFields, takeMax: TAKE_MAX },
        {
          count: source.count,
          async page(page, limit) {
            const rows = (await source.page(page, limit)) as (BaseRow & Record<string, unknown>)[];
            const wells = await wellIdsOf(
              deps.db,
              anyR,
              rows.map((x) => x.id),
            );
            return rows.map((row) => out(row, wells.get(row.id) ?? []));
          },
        },
      );
    },
  );

  const OneParams = ProjectParam.extend({ id: ObjectId });
  route(
    app,
    {
      method: 'get',
      path: `${base}/{id}`,
      tag: r.tag,
      auth: 'api',
      summary: `Get a ${r.noun}`,
      params: OneParams,
      responses: { 200: json(r.output, `The ${r.noun}`) },
    },
    async (c) => {
      const deps = c.get('deps');
      const { projectId, id } = parseWith(OneParams, c.req.param(), 'path.');
      await requireProject(deps, c.get('auth').companyId, projectId);
      const [row] = (await deps.db
        .select()
        .from(r.table as PgTable)
        .where(and(eq(r.table.id, id), eq(r.table.projectId, projectId)))
        .limit(1)) as (BaseRow & Record<string, unknown>)[];
      if (!row) throw notFound(`No ${r.noun} with id ${id} in project ${projectId}`);
      const wells = await wellIdsOf(deps.db, anyR, [row.id]);
      return c.json(out(row, wells.get(row.id) ?? []), 200);
    },
  );

  route(
    app,
    {
      method: 'post',
      path: base,
      tag: r.tag,
      auth: 'api',
      summary: `Create ${r.noun}s in a project`,
      description: `An array of up to ${r.writeMax} ${r.noun}s. Always 207, one result per record. \`wells\` defaults to every well of the project; names are unique in the project (409).`,
      params: ProjectParam,
      body: z.array(r.input).max(r.writeMax),
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c) => {
      const deps = c.get('deps');
      const { projectId } = parseWith(ProjectParam, c.req.param(), 'path.');
      await requireProject(deps, c.get('auth').companyId, projectId);
      const records = await readRecords(c, r.writeMax);
      const { parsed, failures } = validateRecords(r.input, records);
      // Wells must belong to the project.
      const allWells = await projectWellIds(deps.db, projectId);
      const inProject = new Set(allWells);
      for (const [i, input] of parsed) {
        const missing = (input.wells ?? []).filter((w) => !inProject.has(w));
        if (missing.length) {
          failures.set(
            i,
            recordError(
              i,
              400,
              'wells',
              'wells of the project',
              `wells not in project ${projectId}: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` (and ${missing.length - 10} more)` : ''}`,
              missing.slice(0, 10),
            ),
          );
          parsed.delete(i);
        }
      }
      const names = [...parsed.values()].map((p) => p.name);
      const taken = names.length
        ? ((await deps.db
            .select({ name: r.table.name })
            .from(r.table as PgTable)
            .where(and(eq(r.table.projectId, projectId), inArray(r.table.name, names)))) as { name: string }[])
        : [];
      const conflictOf = (p: I) => ({
        field: 'name',
        value: p.name,
        message: `A ${r.noun} named "${p.name}" already exists in the project`,
      });
      markConflicts(parsed, failures, (p) => p.name, new Set(taken.map((t) => t.name)), conflictOf);
      const now = deps.clock.now();
      const created = new Map<number, Record<string, unknown>>();
      for (const [i, input] of parsed) {
        const row = {
          id: newObjectId(deps.clock),
          projectId,
          name: input.name,
          ...r.extraRow(input),
          createdAt: now,
          updatedAt: now,
        };
        const wells = [...new Set(input.wells ?? allWells)].sort();
        // One record, one transaction: written whole or not at all.
        const ok = await deps.db.transaction(async (tx) => {
          const ins = await tx
            .insert(r.table)
            .values(row as never)
            .onConflictDoNothing()
            .returning({ id: r.table.id });
          if (ins.length === 0) return false;
          for (let k = 0; k < wells.length; k += 5000) {
            await tx.insert(r.join).values(wells.slice(k, k + 5000).map((w) => r.joinRow(row.id, w)) as never);
          }
          return true;
        });
        if (ok) created.set(i, out(row as BaseRow & Record<string, unknown>, wells));
        else
          failures.set(i, {
            code: 409,
            errors: recordError(i, 409, 'name', 'unique', conflictOf(input).message, input.name).errors,
          } satisfies RecordFailure);
      }
      return c.json(bulkResponse(records.length, created, failures), 207);
    },
  );
}
