import {
  ECON_MODEL_KINDS,
  ECON_MODEL_SORT,
  ECON_MODEL_SPECS,
  ECON_MODEL_WRITE_MAX,
  EconModelEnvelope,
  type EconModelKind,
  EconModelMultiStatus,
  type EconModelResult,
  ObjectId,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { econModels } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { newObjectId } from '../ids';
import { readRecords } from '../resources/bulk';
import { tableList } from '../resources/listing';
import { LIST_HEADERS, requireProject } from '../resources/projects';
import { type ValidRecord, validateRecord } from './records';

type Row = typeof econModels.$inferSelect;
type Scope = 'project' | 'company';

const SearchQuery = z.object({
  search: z
    .string()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .meta({ description: 'case-insensitive part of the name' }),
});

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The response document of a model: the envelope and the kind's functions with their computed fields. */
function toDocument(kind: EconModelKind, row: Row): Record<string, unknown> {
  return {
    id: row.id,
    copiedFrom: row.copiedFrom,
    name: row.name,
    tags: row.tags as string[],
    unique: row.unique,
    createdBy: row.createdBy,
    lastUpdatedBy: row.lastUpdatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(kind === 'capex' ? { probabilistic: row.readOnly } : {}),
    ...(ECON_MODEL_SPECS[kind].view(row.functions as never) as Record<string, unknown>),
  };
}

const failed = (code: 400 | 409, errors: EconModelResult['errors'] & object): EconModelResult => ({
  status: 'Error',
  code,
  errors,
});

const conflictError = (i: number, name: string, scopeText: string, twice: boolean) => ({
  name: 'Conflict',
  message: twice
    ? `name "${name}" is used by an earlier record of this request`
    : `a model named "${name}" already exists ${scopeText}`,
  location: `[${i}].name`,
  field: 'name',
  rule: 'unique name',
  value: name,
});

function multiStatus(results: EconModelResult[]) {
  const successCount = results.filter((r) => r.code < 300).length;
  return EconModelMultiStatus.parse({
    generalErrors: [],
    results,
    successCount,
    failedCount: results.length - successCount,
  });
}

export function registerEconModelRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const kind of ECON_MODEL_KINDS) {
    for (const scope of ['project', 'company'] as const) registerKind(app, kind, scope);
  }
}

function registerKind(app: OpenAPIHono<AppEnv>, kind: EconModelKind, scope: Scope): void {
  const spec = ECON_MODEL_SPECS[kind];
  const tag = `Econ models: ${spec.title}`;
  const base = scope === 'project' ? `/v1/projects/{projectId}/econ-models/${kind}` : `/v1/econ-models/${kind}`;
  const Params = scope === 'project' ? z.object({ projectId: ObjectId }) : z.object({});
  const OneParams = Params.extend({ id: ObjectId });
  const Document = merged(EconModelEnvelope, spec.functionsView, false).meta({ id: `EconModel_${kind}_${scope}` });
  const Input = merged(
    z.object({
      name: z.string(),
      unique: z.boolean().optional(),
      tags: z.array(z.string()).optional(),
      copiedFrom: ObjectId.nullable().optional(),
    }),
    spec.functions,
    true,
  ).meta({ id: `EconModelInput_${kind}_${scope}` });

  /** The company, the scope key and (project scope) the checked project. */
  async function scopeOf(
    c: Context<AppEnv>,
  ): Promise<{ companyId: string; key: string; projectId: string | null; text: string }> {
    const deps = c.get('deps');
    const companyId = c.get('auth').companyId;
    if (scope === 'company') return { companyId, key: 'company', projectId: null, text: 'among the company models' };
    const { projectId } = parseWith(z.object({ projectId: ObjectId }), c.req.param(), 'path.');
    await requireProject(deps, companyId, projectId);
    return { companyId, key: projectId, projectId, text: `in project ${projectId}` };
  }
  const scopeWhere = (s: { companyId: string; key: string }) =>
    and(eq(econModels.companyId, s.companyId), eq(econModels.scope, s.key), eq(econModels.kind, kind));

  route(
    app,
    {
      method: 'get',
      path: base,
      tag,
      auth: 'api',
      head: true,
      summary: `List ${spec.title} models (${scope})`,
      description:
        '`name` filters by exact name (repeatable); `skip`, `take` (at most 200), `sort`; `Link` header for paging.',
      params: Params,
      query: z.object({
        skip: z.coerce.number().int().min(0).default(0),
        take: z.coerce.number().int().min(1).max(TAKE_MAX).default(25),
        sort: z.enum(ECON_MODEL_SORT.flatMap((f) => [f, `-${f}`]) as [string, ...string[]]).default('id'),
        name: z.array(z.string()).optional(),
        search: SearchQuery.shape.search,
      }),
      responses: { 200: { ...json(z.array(Document), 'One page of models'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      const s = await scopeOf(c);
      const names = c.req.queries('name');
      if (names && names.length > 100) {
        throw invalid('name takes at most 100 values', [
          { field: 'query.name', rule: 'max 100', value: names.length, message: 'name takes at most 100 values' },
        ]);
      }
      const search = parseWith(SearchQuery, { search: c.req.query('search') }, 'query.').search;
      const filter = and(
        scopeWhere(s),
        names?.length ? inArray(econModels.name, names) : undefined,
        search ? ilike(econModels.name, `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
      );
      const cols = {
        id: econModels.id,
        name: econModels.name,
        createdAt: econModels.createdAt,
        updatedAt: econModels.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ECON_MODEL_SORT, takeMax: TAKE_MAX },
        tableList(deps.db, econModels, filter, cols, (row: Row) => toDocument(kind, row)),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${base}/{id}`,
      tag,
      auth: 'api',
      summary: `Get a ${spec.title} model (${scope})`,
      params: OneParams,
      responses: { 200: json(Document, 'The model') },
    },
    async (c) => {
      const s = await scopeOf(c);
      const { id } = parseWith(z.object({ id: ObjectId }), { id: c.req.param('id') }, 'path.');
      const [row] = await c
        .get('deps')
        .db.select()
        .from(econModels)
        .where(and(scopeWhere(s), eq(econModels.id, id)))
        .limit(1);
      if (!row) throw notFound(`No ${spec.title} model with id ${id} ${s.text}`);
      return c.json(toDocument(kind, row), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${base}/{id}`,
      tag,
      auth: 'api',
      summary: `Delete a ${spec.title} model (${scope})`,
      description: '204 with `X-Delete-Count` (0 when no such model). A probabilistic CAPEX model is read-only: 400.',
      params: OneParams,
      responses: {
        204: {
          description: 'Deleted',
          headers: { 'X-Delete-Count': { description: 'models deleted', schema: { type: 'integer' } } },
        },
      },
    },
    async (c) => {
      const s = await scopeOf(c);
      const { id } = parseWith(z.object({ id: ObjectId }), { id: c.req.param('id') }, 'path.');
      const db = c.get('deps').db;
      const [row] = await db
        .select({ readOnly: econModels.readOnly })
        .from(econModels)
        .where(and(scopeWhere(s), eq(econModels.id, id)))
        .limit(1);
      if (row?.readOnly) {
        throw invalid(`Model ${id} is a probabilistic CAPEX model: those are read-only`, [
          { field: 'path.id', rule: 'read-only model', value: id, message: 'probabilistic CAPEX models are read-only' },
        ]);
      }
      const deleted = await db
        .delete(econModels)
        .where(and(scopeWhere(s), eq(econModels.id, id), eq(econModels.readOnly, false)))
        .returning({ id: econModels.id });
      return c.body(null, 204, { 'X-Delete-Count': String(deleted.length) });
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
        summary:
          method === 'post'
            ? `Create ${spec.title} models (${scope})`
            : `Upsert ${spec.title} models by name (${scope})`,
        description: [
          `One object or an array of up to ${ECON_MODEL_WRITE_MAX}. Always 207 with one result per record, in order: \`{status: "Created", code: 201, id, name}\``,
          method === 'put' ? ', `{status: "OK", code: 200, id, name}` for a replaced model' : '',
          ` or \`{status: "Error", code: 400|409, errors: [{name, message, location}]}\`.`,
          method === 'post'
            ? ' A name that exists in the scope (or twice in the request) is a 409.'
            : ' A model with the same name in the scope is replaced whole (functions, tags, unique); a probabilistic CAPEX model is read-only (400).',
        ].join(''),
        params: Params,
        body: z.union([Input, z.array(Input).max(ECON_MODEL_WRITE_MAX)]),
        responses: { 207: json(EconModelMultiStatus, 'One result per record') },
      },
      async (c) => {
        const deps = c.get('deps');
        const s = await scopeOf(c);
        const records = await readRecords(c, ECON_MODEL_WRITE_MAX);
        const results: EconModelResult[] = [];
        const valid = new Map<number, ValidRecord>();
        records.forEach((record, i) => {
          const r = validateRecord(spec.functions, record, i);
          if (r.ok) valid.set(i, r.value);
          else results[i] = failed(400, r.errors);
        });
        // copiedFrom must name a model of this kind in the company.
        const sources = [
          ...new Set([...valid.values()].flatMap((v) => (v.envelope.copiedFrom ? [v.envelope.copiedFrom] : []))),
        ];
        const known = new Set(
          sources.length
            ? (
                await deps.db
                  .select({ id: econModels.id })
                  .from(econModels)
                  .where(
                    and(
                      eq(econModels.companyId, s.companyId),
                      eq(econModels.kind, kind),
                      inArray(econModels.id, sources),
                    ),
                  )
              ).map((r) => r.id)
            : [],
        );
        // A replaced model may keep the copiedFrom it has, even when that source is gone since.
        const names = [...valid.values()].map((v) => v.envelope.name);
        const kept = new Map(
          method === 'put' && names.length
            ? (
                await deps.db
                  .select({ name: econModels.name, copiedFrom: econModels.copiedFrom })
                  .from(econModels)
                  .where(and(scopeWhere(s), inArray(econModels.name, names)))
              ).map((r) => [r.name, r.copiedFrom])
            : [],
        );
        const seen = new Map<string, number>();
        for (const [i, v] of valid) {
          const from = v.envelope.copiedFrom;
          if (from && !known.has(from) && kept.get(v.envelope.name) !== from) {
            results[i] = failed(400, [
              {
                name: 'ValidationError',
                message: `copiedFrom: no ${spec.title} model with id ${from} in the company`,
                location: `[${i}].copiedFrom`,
                field: 'copiedFrom',
                rule: 'existing model of the kind',
                value: from,
              },
            ]);
            valid.delete(i);
          } else if (seen.has(v.envelope.name)) {
            results[i] = failed(409, [conflictError(i, v.envelope.name, s.text, true)]);
            valid.delete(i);
          } else seen.set(v.envelope.name, i);
        }
        const now = deps.clock.now();
        const who = c.get('auth').credentialId;
        for (const [i, v] of valid) {
          const values = {
            tags: v.envelope.tags,
            unique: v.envelope.unique,
            copiedFrom: v.envelope.copiedFrom ?? null,
            functions: v.functions,
            lastUpdatedBy: who,
            updatedAt: now,
          };
          const insert = deps.db.insert(econModels).values({
            id: newObjectId(deps.clock),
            companyId: s.companyId,
            scope: s.key,
            projectId: s.projectId,
            kind,
            name: v.envelope.name,
            createdBy: who,
            createdAt: now,
            ...values,
          });
          const row =
            method === 'post'
              ? (await insert.onConflictDoNothing().returning({ id: econModels.id, inserted: sql<boolean>`true` }))[0]
              : (
                  await insert
                    .onConflictDoUpdate({
                      target: [econModels.companyId, econModels.scope, econModels.kind, econModels.name],
                      set: values,
                      setWhere: eq(econModels.readOnly, false),
                    })
                    .returning({ id: econModels.id, inserted: sql<boolean>`(xmax = 0)` })
                )[0];
          if (row) {
            results[i] = {
              status: row.inserted ? 'Created' : 'OK',
              code: row.inserted ? 201 : 200,
              id: row.id,
              name: v.envelope.name,
            };
          } else if (method === 'post') {
            results[i] = failed(409, [conflictError(i, v.envelope.name, s.text, false)]);
          } else {
            results[i] = failed(400, [
              {
                name: 'ValidationError',
                message: `"${v.envelope.name}" is a probabilistic CAPEX model: those are read-only`,
                location: `[${i}].name`,
                field: 'name',
                rule: 'read-only model',
                value: v.envelope.name,
              },
            ]);
          }
        }
        return c.json(multiStatus(results), 207);
      },
    );
  }
}

/**
 * The envelope and a kind's functions as one object, for the OpenAPI document (handlers validate
 * each part with its own schema). An `allOf` of two objects, one of them strict, would describe
 * bodies no validator accepts (each part forbids the other's fields), so object parts are merged.
 */
function merged(envelope: z.ZodObject, functions: z.ZodType, strict: boolean): z.ZodType {
  if (!(functions instanceof z.ZodObject)) return envelope.and(functions);
  const shape = { ...envelope.shape, ...functions.shape };
  return strict ? z.strictObject(shape) : z.object(shape);
}
