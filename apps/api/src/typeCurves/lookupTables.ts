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
  type MultiStatusResult,
  ObjectId,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { lookupTables } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { failedResult, multiStatus, okResult } from '../http/multiStatus';
import { respondList } from '../http/paging';
import { parseWith, readJson, route } from '../http/route';
import { markConflicts, type RecordFailure, recordError } from '../resources/bulk';
import { tableList } from '../resources/listing';
import { LIST_HEADERS, projectOfPath } from '../resources/projects';
import { checkBatch, conflictOf, nameTaken, requireTypeCurves } from './lookupTableChecks';
import {
  deleteLookupTable,
  findLookupTable,
  findLookupTableByName,
  insertLookupTable,
  lookupTableView,
  replaceLookupTable,
  takenLookupTableNames,
  upsertLookupTableByName,
} from './lookupTableStore';
import { readBatchArray } from './store';

/*
 * V2 lookup tables under /v2/projects/{projectId}/type-curves/lookup-tables (spec parts 2.9, 4.4,
 * 7 and 8). Field rules live in the contract (`LookupTableInput`); this file checks what needs
 * storage (type curves of the project, unique names) and writes each table in one statement.
 */

const TAG = 'Type curves: lookup tables';
const BASE = '/v2/projects/{projectId}/type-curves/lookup-tables';
const Params = z.object({ projectId: ObjectId });
const IdParams = Params.extend({ id: ObjectId });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** One table body for `POST /` and `PUT /{id}`: an array is refused, pointing to the batch route. */
async function readOne(c: Context<AppEnv>, batchHint: string): Promise<LookupTableInput> {
  const body = await readJson(c);
  if (Array.isArray(body)) {
    throw invalid(`This route takes one lookup table object, not an array: ${batchHint}`, [
      { field: '', rule: 'type object', value: `[array of ${body.length}]`, message: batchHint },
    ]);
  }
  return parseWith(LookupTableInput, body);
}

/** The 207 body in input order. */
function batchResponse(
  count: number,
  done: Map<number, { code: 200 | 201; id: string; name: string }>,
  failures: Map<number, RecordFailure>,
): MultiStatus {
  const results: MultiStatusResult[] = [];
  for (let i = 0; i < count; i++) {
    const ok = done.get(i);
    const failed = failures.get(i);
    results.push(
      ok ? okResult(ok.code, { id: ok.id, name: ok.name }) : failedResult(failed?.code ?? 400, failed?.errors ?? []),
    );
  }
  return multiStatus(results);
}

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
      const cols = {
        id: lookupTables.id,
        name: lookupTables.name,
        createdAt: lookupTables.createdAt,
        updatedAt: lookupTables.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: LOOKUP_TABLE_SORT, takeMax: LOOKUP_TABLE_TAKE_MAX },
        tableList(deps.db, lookupTables, eq(lookupTables.projectId, projectId), cols, lookupTableView),
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
      body: z.array(LookupTableInput).max(LOOKUP_TABLE_BATCH_MAX),
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c) => {
      const projectId = await projectOfPath(c);
      const deps = c.get('deps');
      const records = await readBatchArray(
        c,
        LOOKUP_TABLE_BATCH_MAX,
        'lookup tables',
        'send an array of lookup tables (one table: POST / or PUT /{id})',
      );
      const { parsed, failures } = await checkBatch(c, projectId, records);
      for (const [i, t] of parsed) {
        if (t.id !== undefined) {
          failures.set(i, recordError(i, 400, 'id', 'not allowed on create', idOnCreateMessage, t.id));
          parsed.delete(i);
        }
      }
      const taken = await takenLookupTableNames(
        deps.db,
        projectId,
        [...parsed.values()].map((t) => t.name),
      );
      markConflicts(parsed, failures, (t) => t.name, taken, conflictOf(projectId));
      const done = new Map<number, { code: 201; id: string; name: string }>();
      for (const [i, t] of parsed) {
        const row = await insertLookupTable(deps, projectId, t);
        if (row) done.set(i, { code: 201, id: row.id, name: row.name });
        else markConflicts(new Map([[i, t]]), failures, () => '', new Set(['']), conflictOf(projectId));
      }
      return c.json(batchResponse(records.length, done, failures), 207);
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
      body: z.array(LookupTableInput).max(LOOKUP_TABLE_BATCH_MAX),
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c) => {
      const projectId = await projectOfPath(c);
      const deps = c.get('deps');
      const records = await readBatchArray(
        c,
        LOOKUP_TABLE_BATCH_MAX,
        'lookup tables',
        'send an array of lookup tables (one table: POST / or PUT /{id})',
      );
      const { parsed, failures } = await checkBatch(c, projectId, records);
      markConflicts(parsed, failures, (t) => t.name, new Set(), conflictOf(projectId));
      for (const [i, t] of parsed) {
        if (t.id === undefined) continue;
        const stored = await findLookupTableByName(deps.db, projectId, t.name);
        if (stored?.id !== t.id) {
          const message = stored
            ? `id ${t.id} is not the id of the lookup table named "${t.name}" (${stored.id}); PUT /batch matches by name, rename with PUT /{id}`
            : `no lookup table named "${t.name}" has id ${t.id}; PUT /batch matches by name, rename with PUT /{id}`;
          failures.set(i, recordError(i, 400, 'id', 'id of the table of that name', message, t.id));
          parsed.delete(i);
        }
      }
      const done = new Map<number, { code: 200 | 201; id: string; name: string }>();
      for (const [i, t] of parsed) {
        const { row, created } = await upsertLookupTableByName(deps, projectId, t);
        done.set(i, { code: created ? 201 : 200, id: row.id, name: row.name });
      }
      return c.json(batchResponse(records.length, done, failures), 207);
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
    async (c) => {
      const projectId = await projectOfPath(c);
      const deps = c.get('deps');
      const input = await readOne(c, `send an array to POST ${BASE.replace('{projectId}', projectId)}/batch`);
      if (input.id !== undefined) {
        throw invalid(`id: ${idOnCreateMessage}`, [
          { field: 'id', rule: 'not allowed on create', value: input.id, message: idOnCreateMessage },
        ]);
      }
      await requireTypeCurves(c, projectId, input);
      const row = await insertLookupTable(deps, projectId, input);
      if (!row) throw nameTaken(input.name, projectId);
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
    async (c) => {
      const projectId = await projectOfPath(c);
      const id = idOf(c);
      const row = await findLookupTable(c.get('deps').db, projectId, id);
      if (!row) throw notFound(`No lookup table with id ${id} in project ${projectId}`);
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
    async (c) => {
      const projectId = await projectOfPath(c);
      const deps = c.get('deps');
      const id = idOf(c);
      const input = await readOne(c, 'send one table; to upsert many by name use PUT /batch');
      if (input.id !== undefined && input.id !== id) {
        throw invalid(`id: the body id ${input.id} differs from the path id ${id}`, [
          { field: 'id', rule: 'equals path id', value: input.id, message: `the body id must be the path id ${id}` },
        ]);
      }
      if (!(await findLookupTable(deps.db, projectId, id))) {
        throw notFound(`No lookup table with id ${id} in project ${projectId}`);
      }
      await requireTypeCurves(c, projectId, input);
      if (await findLookupTableByName(deps.db, projectId, input.name, id)) throw nameTaken(input.name, projectId);
      const row = await replaceLookupTable(deps, projectId, id, input);
      if (row === 'missing') throw notFound(`No lookup table with id ${id} in project ${projectId}`);
      if (row === 'conflict') throw nameTaken(input.name, projectId);
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
          headers: { 'X-Delete-Count': { description: 'tables deleted (0 or 1)', schema: { type: 'integer' } } },
        },
      },
    },
    async (c) => {
      const projectId = await projectOfPath(c);
      const n = await deleteLookupTable(c.get('deps').db, projectId, idOf(c));
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}

const idOnCreateMessage = 'id is assigned by the service: leave it out (to replace a table use PUT /{id})';

const idOf = (c: Context<AppEnv>) => parseWith(z.object({ id: ObjectId }), { id: c.req.param('id') }, 'path.').id;
