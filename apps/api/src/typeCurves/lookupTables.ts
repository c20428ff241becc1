import {
  ErrorEnvelope,
  LOOKUP_RULES_MAX,
  LOOKUP_TABLE_BATCH_MAX,
  LOOKUP_TABLE_SORT,
  LOOKUP_TABLE_TAKE_MAX,
  LookupTable,
  LookupTableInput,
  LookupTableListQuery,
  MultiStatus,
  ObjectId,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch } from '../http/batch';
import { invalid } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { oneObjectBody } from '../http/oneObjectBody';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { projectOfPath } from '../http/projectPath';
import { route } from '../http/route';
import {
  checkNewTables,
  checkUpserts,
  createLookupTable,
  insertCheckedTable,
  replaceLookupTableById,
} from './lookupTableService';
import {
  deleteLookupTable,
  lookupTableList,
  lookupTablesBase,
  lookupTableView,
  requireLookupTable,
  upsertLookupTableByName,
} from './lookupTableStore';

/*
 * V2 lookup tables under /v2/projects/{projectId}/type-curves/lookup-tables (spec parts 2.9, 4.4,
 * 7 and 8). Field rules live in the contract (`LookupTableInput`); what needs storage (type curves
 * of the project, unique names) is checked by `lookupTableService.ts`.
 */

const TAG = 'Type curves: lookup tables';
const BASE = '/v2/projects/{projectId}/type-curves/lookup-tables';
const Params = z.object({ projectId: ObjectId });
const IdParams = Params.extend({ id: ObjectId });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The 400 of an array sent to `POST /` or `PUT /{id}`, pointing to the batch route. */
const notOneTable = (batchHint: string) => (array: unknown[]) =>
  invalid(`This route takes one lookup table object, not an array: ${batchHint}`, [
    { field: '', rule: 'type object', value: `[array of ${array.length}]`, message: batchHint },
  ]);

/** The body of the `/batch` routes: only an array. */
const BATCH_RECORDS = {
  schema: LookupTableInput,
  max: LOOKUP_TABLE_BATCH_MAX,
  single: 'refuse',
  noun: 'lookup tables',
  hint: 'send an array of lookup tables (one table: POST / or PUT /{id})',
} as const;

const RULES_DOC = [
  `A table holds at most ${LOOKUP_RULES_MAX} rules. A rule's \`filter\` is stored and read as [] when absent;`,
  ' `typeCurve` must be a type curve of the project (404, "no type curve found"); it is absent on read once that',
  ' type curve was deleted. Removed rule fields `phase`, `resolution`, `applyNormalization`, `riskFactorOil`,',
  ' `riskFactorGas`, `riskFactorWater` and `fpdSource: schedule` are refused with 400;',
  ' riskFactorPeakOil/Gas/Water are numbers, 0 or more.',
].join('');

const BATCH_DOC = [
  `An array of 1 to ${LOOKUP_TABLE_BATCH_MAX} tables (the spec gives no number; the type-curve batch limit is used).`,
  ' Always 207 with one result per record, in order: `{status, code, id, name}` on success or',
  ' `{status, code, errors}`: 400 for a field rule, 404 for a rule naming a type curve not in the project,',
  ' 409 for a name collision. Each record is applied whole or not at all.',
].join('');

/** Registers the V2 lookup-table routes; called before the type-curve `/{id}` routes. */
export function registerLookupTableRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: BASE,
      tag: TAG,
      auth: 'api',
      head: true,
      summary: 'List lookup tables',
      description: `\`skip\`, \`take\` (default 25, at most ${LOOKUP_TABLE_TAKE_MAX}), \`sort\` (${LOOKUP_TABLE_SORT.join(', ')}, \`-\` for descending; \`id\` by default); \`Link\` header for paging. HEAD answers \`X-Query-Count\`.`,
      params: Params,
      query: LookupTableListQuery,
      responses: { 200: { ...json(z.array(LookupTable), 'One page of lookup tables'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const projectId = await projectOfPath(c);
      const deps = c.get('deps');
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: LOOKUP_TABLE_SORT, takeMax: LOOKUP_TABLE_TAKE_MAX },
        lookupTableList(deps.db, projectId, lookupTableView),
      );
    },
  );

  route(
    app,
    {
      method: 'post',
      path: `${BASE}/batch`,
      tag: TAG,
      auth: 'api',
      summary: 'Create lookup tables',
      description: `${BATCH_DOC} A name already used in the project, or by an earlier record of the batch, is a 409. A record carrying \`id\` is a 400 (ids are assigned). ${RULES_DOC}`,
      params: Params,
      records: BATCH_RECORDS,
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const deps = c.get('deps');
      const outcomes = await runBatch(deps, await input.records(), {
        parse: LookupTableInput,
        check: (batch) => checkNewTables(batch, deps.db, projectId),
        apply: async (t, _i, tx) => {
          const row = await insertCheckedTable(tx, projectId, t);
          return { code: 201, fields: { id: row.id, name: row.name } };
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );

  route(
    app,
    {
      method: 'put',
      path: `${BASE}/batch`,
      tag: TAG,
      auth: 'api',
      summary: 'Upsert lookup tables by name',
      description: `${BATCH_DOC} A table whose name exists in the project is replaced whole (200; id and createdAt kept), otherwise it is created (201). A name sent twice in the batch is a 409 for the later record. A record's \`id\`, if sent, must be the id of the stored table of that name (400 otherwise; rename with PUT /{id}). ${RULES_DOC}`,
      params: Params,
      records: BATCH_RECORDS,
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const deps = c.get('deps');
      const outcomes = await runBatch(deps, await input.records(), {
        parse: LookupTableInput,
        check: (batch) => checkUpserts(batch, deps.db, projectId),
        apply: async (t, _i, tx) => {
          const { row, created } = await upsertLookupTableByName(tx, projectId, t);
          return { code: created ? 201 : 200, fields: { id: row.id, name: row.name } };
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );

  route(
    app,
    {
      method: 'post',
      path: BASE,
      tag: TAG,
      auth: 'api',
      summary: 'Create a lookup table',
      description: `One table object; an array is a 400 pointing to \`POST /batch\`. 409 when the name is used in the project; a body \`id\` is a 400 (ids are assigned). ${RULES_DOC}`,
      params: Params,
      body: LookupTableInput,
      responses: {
        201: json(LookupTable, 'The stored table'),
        404: json(ErrorEnvelope, 'Project or a rule type curve not found'),
        409: json(ErrorEnvelope, 'Name already used in the project'),
      },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      await oneObjectBody(c, notOneTable(`send an array to POST ${lookupTablesBase(projectId)}/batch`));
      const row = await createLookupTable(c.get('deps'), projectId, await input.body());
      return c.json(lookupTableView(row), 201);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Get a lookup table',
      params: IdParams,
      responses: { 200: json(LookupTable, 'The table') },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const row = await requireLookupTable(c.get('deps').db, projectId, input.params.id);
      return c.json(lookupTableView(row), 200);
    },
  );

  route(
    app,
    {
      method: 'put',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Replace a lookup table',
      description: `One table object; replaces the table with this id whole (fields left out take their defaults). Rename allowed; a name used by another table is a 409. A body \`id\` differing from the path is a 400; a missing table is a 404. ${RULES_DOC}`,
      params: IdParams,
      body: LookupTableInput,
      responses: {
        200: json(LookupTable, 'The stored table'),
        404: json(ErrorEnvelope, 'Project, table or a rule type curve not found'),
        409: json(ErrorEnvelope, 'Name used by another table'),
      },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const { id } = input.params;
      await oneObjectBody(c, notOneTable('send one table; to upsert many by name use PUT /batch'));
      const row = await replaceLookupTableById(c.get('deps'), projectId, id, await input.body());
      return c.json(lookupTableView(row), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Delete a lookup table',
      description: '204 with `X-Delete-Count`: 1, or 0 when no table with this id is in the project.',
      params: IdParams,
      responses: {
        204: {
          description: 'Deleted (or nothing matched)',
          headers: deleteCountHeaders('tables deleted (0 or 1)'),
        },
      },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const n = await deleteLookupTable(c.get('deps').db, projectId, input.params.id);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
