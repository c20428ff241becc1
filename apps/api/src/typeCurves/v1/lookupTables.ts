import {
  LookupTableInput,
  MultiStatus,
  ObjectId,
  pagingQuery,
  V1LookupTableInput,
  v1LookupField,
  v1LookupTableToV2,
  v2LookupTableToV1,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../appEnv';
import { type Parsed, runBatch } from '../../http/batch';
import { invalid } from '../../http/errors';
import { multiStatus } from '../../http/multiStatus';
import { LIST_HEADERS, respondList } from '../../http/paging';
import { ProjectParam, projectOfPath } from '../../http/projectPath';
import { route } from '../../http/route';
import { zodDetails } from '../../http/zodDetails';
import { requireProject } from '../../resources/projectStore';
import {
  deleteLookupTable,
  existingTypeCurveIds,
  insertLookupTable,
  type LookupTableRow,
  lookupTableList,
  lookupTableView,
  requireLookupTable,
  upsertLookupTableByName,
} from '../lookupTableStore';

/*
 * V1 lookup tables (spec part 4.5) under /v1/projects/{projectId}/type-curves/lookup-tables, until
 * the switch-over. Stored as V2 tables (V1 rule fields mapped by v1LookupTableToV2 in the contract);
 * every batch failure is a 400, as in V1.
 */

const tag = 'Type curves (V1, until the switch-over)';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const base = '/v1/projects/{projectId}/type-curves/lookup-tables';
const IdParams = ProjectParam.extend({ id: ObjectId });
const SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
const TAKE_MAX = 2500;
const BATCH_MAX = 100;

const v1View = (row: LookupTableRow) =>
  v2LookupTableToV1(lookupTableView(row) as ReturnType<typeof lookupTableView> & { rules: Record<string, unknown>[] });

/** A V1 record validated and converted to the V2 table, or its 400 details (named as V1 names them). */
export function parseV1LookupTable(raw: unknown): Parsed<LookupTableInput> {
  const v1 = V1LookupTableInput.safeParse(raw);
  if (!v1.success) return { ok: false, details: zodDetails(v1.error, raw) };
  const v2 = LookupTableInput.safeParse(v1LookupTableToV2(raw as Record<string, unknown>));
  if (!v2.success) {
    const details = zodDetails(v2.error, raw).map((d) => {
      const field = v1LookupField(d.field);
      return { ...d, field, message: d.message.replace(d.field, field) };
    });
    return { ok: false, details };
  }
  return { ok: true, value: v2.data };
}

export function registerV1LookupTableRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: `${base}/head`,
      tag,
      auth: 'api',
      summary: 'Count the lookup tables of a project (V1; removed in V2: use HEAD /)',
      params: ProjectParam,
      responses: { 200: { ...json(z.object({ count: z.number().int() }), 'The count'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const projectId = await projectOfPath(c);
      const n = await lookupTableList(c.get('deps').db, projectId, (r) => r).count();
      c.header('X-Query-Count', String(n));
      return c.json({ count: n }, 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: base,
      tag,
      auth: 'api',
      head: true,
      summary: 'List the lookup tables of a project (V1)',
      params: ProjectParam,
      query: pagingQuery(SORT, TAKE_MAX),
      responses: { 200: { ...json(z.array(z.record(z.string(), z.unknown())), 'One page'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      const projectId = await projectOfPath(c);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: SORT, takeMax: TAKE_MAX },
        lookupTableList(deps.db, projectId, v1View),
      );
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: base,
        tag,
        auth: 'api',
        summary: method === 'post' ? 'Create lookup tables (V1)' : 'Upsert lookup tables by name (V1)',
        description:
          'An array of V1 lookup tables; 207 with one result per record, every failure a 400 (a used name on POST, a rule naming no type curve of the project, a bad field).',
        params: ProjectParam,
        records: { schema: V1LookupTableInput, max: BATCH_MAX, single: 'wrap', noun: 'lookup tables' },
        responses: { 207: json(MultiStatus, 'One result per record') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const projectId = await projectOfPath(c);
        const outcomes = await runBatch(deps, await input.records(), {
          parse: parseV1LookupTable,
          check: async (batch) => {
            // V1 reports every failure as a 400.
            batch.unique(
              (t) => t.name,
              new Set(),
              (t) => ({
                field: 'name',
                rule: 'unique',
                value: t.name,
                message: `name "${t.name}" is used by an earlier record`,
              }),
              400,
            );
            const known = await existingTypeCurveIds(
              deps.db,
              projectId,
              batch.values().flatMap((t) => t.rules.map((r) => r.typeCurve)),
            );
            for (const [i, table] of batch.pending()) {
              const missing = table.rules.flatMap((r, k) => (known.has(r.typeCurve) ? [] : [{ k, id: r.typeCurve }]));
              if (missing.length === 0) continue;
              batch.fail(
                i,
                400,
                missing.map(({ k, id }) => ({
                  field: `rules[${k}].typeCurve`,
                  rule: 'exists',
                  value: id,
                  message: `rules[${k}].typeCurve: no type curve was found with id ${id} in project ${projectId}`,
                })),
              );
            }
          },
          apply: async (table, _i, tx) => {
            if (method === 'put') {
              const { row, created } = await upsertLookupTableByName(tx, projectId, table);
              return { code: created ? 201 : 200, fields: { id: row.id, name: row.name } };
            }
            const row = await insertLookupTable(tx, projectId, table);
            if (row) return { code: 201, fields: { id: row.id, name: row.name } };
            const message = `A lookup table named "${table.name}" already exists in project ${projectId}`;
            throw invalid(message, [{ field: 'name', rule: 'unique', value: table.name, message }]);
          },
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }

  route(
    app,
    {
      method: 'get',
      path: `${base}/{id}`,
      tag,
      auth: 'api',
      summary: 'Get a lookup table (V1)',
      params: IdParams,
      responses: { 200: json(z.record(z.string(), z.unknown()), 'The V1 lookup table') },
    },
    async (c, input) => {
      const { projectId, id } = input.params;
      await requireProject(c.get('deps'), c.get('auth').companyId, projectId);
      const row = await requireLookupTable(c.get('deps').db, projectId, id);
      return c.json(v1View(row), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${base}/{id}`,
      tag,
      auth: 'api',
      summary: 'Delete a lookup table (V1)',
      description: '204 with X-Delete-Count (0 when nothing matched).',
      params: IdParams,
      responses: { 204: { description: 'Deleted; the count is in X-Delete-Count' } },
    },
    async (c, input) => {
      const { projectId, id } = input.params;
      await requireProject(c.get('deps'), c.get('auth').companyId, projectId);
      const n = await deleteLookupTable(c.get('deps').db, projectId, id);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
