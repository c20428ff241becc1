import { MultiStatus, ObjectId, pagingQuery, TAKE_MAX } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch, twice } from '../http/batch';
import { conflict, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { route } from '../http/route';
import { newObjectId } from '../ids';
import { requireProject } from './projectStore';
import { findSet, insertSet, type SetRow, type SetTables, setList, takenSetNames, wellIdsOf } from './wellSetStore';
import { projectWellIds } from './wellStore';

/**
 * A project resource that names a set of the project's wells (forecasts, scenarios): list with
 * paging, get one, create in bulk (207). `wells` defaults to every well of the project; a well
 * not in the project fails its record with 400; names are unique in the project (409).
 */
export interface WellSetResource<I extends { name: string; wells?: string[] | undefined }> extends SetTables {
  tag: string;
  segment: string;
  noun: string;
  input: z.ZodType<I>;
  output: z.ZodType;
  sortFields: readonly [string, ...string[]];
  writeMax: number;
  extraRow(input: I): Record<string, unknown>;
  extraOut(row: SetRow): Record<string, unknown>;
}

export function registerWellSetRoutes<I extends { name: string; wells?: string[] | undefined }>(
  app: OpenAPIHono<AppEnv>,
  r: WellSetResource<I>,
): void {
  const json = (schema: z.ZodType, description: string) => ({
    description,
    content: { 'application/json': { schema } },
  });
  const out = (row: SetRow, wells: string[]) => ({
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
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const source = setList(deps.db, r, projectId);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: r.sortFields, takeMax: TAKE_MAX },
        {
          count: source.count,
          async page(page, limit) {
            const rows = await source.page(page, limit);
            const wells = await wellIdsOf(
              deps.db,
              r,
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
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, id } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const row = await findSet(deps.db, r, projectId, id);
      if (!row) throw notFound(`No ${r.noun} with id ${id} in project ${projectId}`);
      const wells = await wellIdsOf(deps.db, r, [row.id]);
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
      records: { schema: r.input, max: r.writeMax, single: 'wrap', noun: `${r.noun}s` },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const allWells = await projectWellIds(deps.db, projectId);
      const inProject = new Set(allWells);
      const nameTaken = (p: I) => ({
        field: 'name',
        rule: 'unique',
        value: p.name,
        message: `A ${r.noun} named "${p.name}" already exists in the project`,
      });
      const outcomes = await runBatch(deps, await input.records(), {
        parse: r.input,
        check: async (batch) => {
          // Wells must belong to the project.
          for (const [i, p] of batch.pending()) {
            const missing = (p.wells ?? []).filter((w) => !inProject.has(w));
            if (missing.length === 0) continue;
            const more = missing.length > 10 ? ` (and ${missing.length - 10} more)` : '';
            batch.fail(i, 400, {
              field: 'wells',
              rule: 'wells of the project',
              value: missing.slice(0, 10),
              message: `wells not in project ${projectId}: ${missing.slice(0, 10).join(', ')}${more}`,
            });
          }
          const taken = await takenSetNames(
            deps.db,
            r,
            projectId,
            batch.values().map((p) => p.name),
          );
          batch.unique(
            (p) => p.name,
            taken,
            (p, earlier) => twice(nameTaken(p), earlier),
          );
        },
        apply: async (p, _i, tx) => {
          const now = tx.clock.now();
          const row: SetRow = {
            id: newObjectId(tx.clock),
            projectId,
            name: p.name,
            ...r.extraRow(p),
            createdAt: now,
            updatedAt: now,
          };
          const wells = [...new Set(p.wells ?? allWells)].sort();
          const nt = nameTaken(p);
          if (!(await insertSet(tx.db, r, row, wells))) throw conflict(nt.message, [nt]);
          return { code: 201, fields: out(row, wells) };
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );
}
