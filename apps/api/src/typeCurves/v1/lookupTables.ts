import {
  type ErrorDetail,
  LookupTableInput,
  MultiStatus,
  ObjectId,
  pagingQuery,
  type RecordError,
  V1LookupTableInput,
  v1LookupField,
  v1LookupTableToV2,
  v2LookupTableToV1,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../appEnv';
import { lookupTables } from '../../db/schema';
import { notFound } from '../../http/errors';
import { failedResult, multiStatus, okResult } from '../../http/multiStatus';
import { respondList } from '../../http/paging';
import { parseWith, route } from '../../http/route';
import { zodDetails } from '../../http/zodDetails';
import { readRecords } from '../../resources/bulk';
import { tableList } from '../../resources/listing';
import { LIST_HEADERS, ProjectParam, projectOfPath, requireProject } from '../../resources/projects';
import {
  deleteLookupTable,
  existingTypeCurveIds,
  findLookupTable,
  insertLookupTable,
  type LookupTableRow,
  lookupTableView,
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

const toRecordErrors = (index: number, details: ErrorDetail[]): RecordError[] =>
  details.map((d) => ({
    name: 'ValidationError',
    message: d.message,
    location: `[${index}]${d.field ? `.${d.field}` : ''}`,
    field: d.field,
    rule: d.rule,
    ...(d.value === undefined ? {} : { value: d.value }),
    recordIndex: index,
  }));

/** A V1 record validated and converted to the V2 table, or its 400 details (named as V1 names them). */
export function parseV1LookupTable(
  raw: unknown,
): { ok: true; table: LookupTableInput } | { ok: false; details: ErrorDetail[] } {
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
  return { ok: true, table: v2.data };
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
      const [row] = await c
        .get('deps')
        .db.select({ n: count() })
        .from(lookupTables)
        .where(eq(lookupTables.projectId, projectId));
      const n = Number(row?.n ?? 0);
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
      const cols = {
        id: lookupTables.id,
        name: lookupTables.name,
        createdAt: lookupTables.createdAt,
        updatedAt: lookupTables.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: SORT, takeMax: TAKE_MAX },
        tableList(deps.db, lookupTables, eq(lookupTables.projectId, projectId), cols, v1View),
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
        body: z.array(V1LookupTableInput).max(BATCH_MAX),
        responses: { 207: json(MultiStatus, 'One result per record') },
      },
      async (c) => {
        const deps = c.get('deps');
        const projectId = await projectOfPath(c);
        const records = await readRecords(c, BATCH_MAX);
        const results = [];
        const seen = new Set<string>();
        for (const [i, raw] of records.entries()) {
          const parsed = parseV1LookupTable(raw);
          if (!parsed.ok) {
            results.push(failedResult(400, toRecordErrors(i, parsed.details)));
            continue;
          }
          const table = parsed.table;
          if (seen.has(table.name)) {
            results.push(
              failedResult(
                400,
                toRecordErrors(i, [
                  {
                    field: 'name',
                    rule: 'unique',
                    value: table.name,
                    message: `name "${table.name}" is used by an earlier record`,
                  },
                ]),
              ),
            );
            continue;
          }
          seen.add(table.name);
          const known = await existingTypeCurveIds(
            deps.db,
            projectId,
            table.rules.map((r) => r.typeCurve),
          );
          const missing = table.rules.flatMap((r, k) => (known.has(r.typeCurve) ? [] : [{ k, id: r.typeCurve }]));
          if (missing.length) {
            results.push(
              failedResult(
                400,
                toRecordErrors(
                  i,
                  missing.map(({ k, id }) => ({
                    field: `rules[${k}].typeCurve`,
                    rule: 'exists',
                    value: id,
                    message: `rules[${k}].typeCurve: no type curve was found with id ${id} in project ${projectId}`,
                  })),
                ),
              ),
            );
            continue;
          }
          if (method === 'post') {
            const row = await insertLookupTable(deps, projectId, table);
            results.push(
              row
                ? okResult(201, { id: row.id, name: row.name })
                : failedResult(
                    400,
                    toRecordErrors(i, [
                      {
                        field: 'name',
                        rule: 'unique',
                        value: table.name,
                        message: `A lookup table named "${table.name}" already exists in project ${projectId}`,
                      },
                    ]),
                  ),
            );
          } else {
            const { row, created } = await upsertLookupTableByName(deps, projectId, table);
            results.push(okResult(created ? 201 : 200, { id: row.id, name: row.name }));
          }
        }
        return c.json(multiStatus(results), 207);
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
    async (c) => {
      const { projectId, id } = parseWith(IdParams, c.req.param(), 'path.');
      await requireProject(c.get('deps'), c.get('auth').companyId, projectId);
      const row = await findLookupTable(c.get('deps').db, projectId, id);
      if (!row) throw notFound(`No lookup table with id ${id} in project ${projectId}`);
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
    async (c) => {
      const { projectId, id } = parseWith(IdParams, c.req.param(), 'path.');
      await requireProject(c.get('deps'), c.get('auth').companyId, projectId);
      const n = await deleteLookupTable(c.get('deps').db, projectId, id);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
