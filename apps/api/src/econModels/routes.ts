import {
  ECON_MODEL_KINDS,
  ECON_MODEL_SORT,
  ECON_MODEL_SPECS,
  ECON_MODEL_WRITE_MAX,
  EconModelEnvelope,
  type EconModelKind,
  EconModelMultiStatus,
  type EconModelResult,
  escalationModelPaths,
  ObjectId,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { type RecordOutcome, runBatch } from '../http/batch';
import { conflict, invalid, notFound } from '../http/errors';
import { counted } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import { PRICE_DECK_ROUTES } from './priceDeckRoutes';
import { validateRecord } from './recordRules';
import {
  companyModelIds,
  copiedFromByName,
  deleteModel,
  type EconModelRow,
  findModel,
  type ModelScope,
  modelList,
  toDocument,
  visibleEscalationIds,
  writeModel,
} from './store';

type Scope = 'project' | 'company';

const SearchQuery = z.object({
  search: z
    .string()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .meta({ description: 'case-insensitive part of the name' }),
});

const NAME_FILTER_MAX = 100;
const NAME_FILTER_TEXT = `name takes at most ${NAME_FILTER_MAX} values`;

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** An econ-model record outcome as a result of its 207: `Created`/`OK`, or `Error` with its located errors. */
function econModelResult(o: RecordOutcome): EconModelResult {
  if (o.ok)
    return { status: o.code === 201 ? 'Created' : 'OK', code: o.code, ...(o.fields as { id: string; name: string }) };
  return { status: 'Error', code: o.code, errors: o.errors.map(({ recordIndex: _i, ...e }) => e) };
}

/**
 * The routes of a kind: its path segment, the kind its models are stored as, how a body's
 * functions are parsed and how a stored model reads. Every kind is served under its own name; the
 * deprecated `price-deck` serves pricing models in our old shape (priceDeckRoutes.ts).
 */
export interface KindRoutes {
  segment: string;
  kind: EconModelKind;
  title: string;
  /** Parses a body's functions into what is stored. */
  functions: z.ZodType;
  /** The request's functions for the OpenAPI document (default: `functions`). */
  documented?: z.ZodType;
  functionsView: z.ZodType;
  document: (row: EconModelRow) => Record<string, unknown>;
  /** Sends `Deprecation` and `Link` headers and documents the operations as deprecated. */
  deprecation?: MiddlewareHandler<AppEnv>;
}

export function registerEconModelRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const kind of ECON_MODEL_KINDS) {
    const spec = ECON_MODEL_SPECS[kind];
    const routes: KindRoutes = {
      segment: kind,
      kind,
      title: spec.title,
      functions: spec.functions,
      functionsView: spec.functionsView,
      document: (row) => toDocument(kind, row),
    };
    for (const scope of ['project', 'company'] as const) registerKind(app, routes, scope);
  }
  for (const scope of ['project', 'company'] as const) registerKind(app, PRICE_DECK_ROUTES, scope);
}

function registerKind(app: OpenAPIHono<AppEnv>, k: KindRoutes, scope: Scope): void {
  const { kind } = k;
  const spec = { title: k.title, functions: k.functions, functionsView: k.functionsView };
  const tag = `Econ models: ${spec.title}`;
  const base =
    scope === 'project' ? `/v1/projects/{projectId}/econ-models/${k.segment}` : `/v1/econ-models/${k.segment}`;
  const mw: MiddlewareHandler<AppEnv>[] = k.deprecation ? [k.deprecation] : [];
  const deprecated = k.deprecation ? { deprecated: true } : {};
  const Params = scope === 'project' ? z.object({ projectId: ObjectId }) : z.object({});
  const OneParams = Params.extend({ id: ObjectId });
  const Document = merged(EconModelEnvelope, spec.functionsView, false).meta({
    id: `EconModel_${k.segment}_${scope}`,
  });
  const Input = merged(
    z.object({
      name: z.string(),
      unique: z.boolean().optional(),
      tags: z.array(z.string()).optional(),
      copiedFrom: ObjectId.nullable().optional(),
    }),
    k.documented ?? spec.functions,
    true,
  ).meta({ id: `EconModelInput_${k.segment}_${scope}` });

  /** The company, the scope key and (project scope) the checked project of the validated path. */
  async function scopeOf(c: Context<AppEnv>, params: { projectId?: string; id?: string }): Promise<ModelScope> {
    const deps = c.get('deps');
    const companyId = c.get('auth').companyId;
    const projectId = params.projectId;
    if (scope === 'company' || projectId === undefined) {
      return { companyId, key: 'company', projectId: null, text: 'among the company models' };
    }
    await requireProject(deps, companyId, projectId);
    return { companyId, key: projectId, projectId, text: `in project ${projectId}` };
  }
  route(
    app,
    {
      method: 'get',
      path: base,
      tag,
      ...deprecated,
      auth: 'api',
      head: true,
      summary: `List ${spec.title} models (${scope})`,
      description:
        '`name` filters by exact name (repeatable); `skip`, `take` (at most 200), `sort`; `Link` header for paging.',
      params: Params,
      query: pagingQuery(ECON_MODEL_SORT, TAKE_MAX).extend({
        name: z
          .array(z.string())
          .max(NAME_FILTER_MAX, NAME_FILTER_TEXT)
          .optional()
          .meta({ description: 'exact names, repeatable' }),
        search: SearchQuery.shape.search,
      }),
      responses: { 200: { ...json(z.array(Document), 'One page of models'), headers: LIST_HEADERS } },
    },
    ...mw,
    async (c, input) => {
      const deps = c.get('deps');
      const s = await scopeOf(c, input.params);
      // The filters are read here; skip, take and sort by respondList, with the same pagingQuery
      // (an empty value is left out there, as every list does).
      const names = c.req.queries('name');
      if (names && names.length > NAME_FILTER_MAX) {
        throw invalid(NAME_FILTER_TEXT, [
          { field: 'query.name', rule: `max ${NAME_FILTER_MAX}`, value: names.length, message: NAME_FILTER_TEXT },
        ]);
      }
      const search = parseWith(SearchQuery, { search: c.req.query('search') }, 'query.').search;
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ECON_MODEL_SORT, takeMax: TAKE_MAX },
        modelList(deps.db, s, kind, { names, search }, k.document),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${base}/{id}`,
      tag,
      ...deprecated,
      auth: 'api',
      summary: `Get a ${spec.title} model (${scope})`,
      params: OneParams,
      responses: { 200: json(Document, 'The model') },
    },
    ...mw,
    async (c, input) => {
      const s = await scopeOf(c, input.params);
      const { id } = input.params;
      const row = await findModel(c.get('deps').db, s, kind, id);
      if (!row) throw notFound(`No ${spec.title} model with id ${id} ${s.text}`);
      return c.json(k.document(row), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${base}/{id}`,
      tag,
      ...deprecated,
      auth: 'api',
      summary: `Delete a ${spec.title} model (${scope})`,
      description: '204 with `X-Delete-Count` (0 when no such model). A probabilistic CAPEX model is read-only: 400.',
      params: OneParams,
      responses: {
        204: {
          description: 'Deleted',
          headers: deleteCountHeaders('models deleted'),
        },
      },
    },
    ...mw,
    async (c, input) => {
      const s = await scopeOf(c, input.params);
      const { id } = input.params;
      const deleted = await deleteModel(c.get('deps').db, s, kind, id);
      if (deleted === 'read-only') {
        throw invalid(`Model ${id} is a probabilistic CAPEX model: those are read-only`, [
          { field: 'path.id', rule: 'read-only model', value: id, message: 'probabilistic CAPEX models are read-only' },
        ]);
      }
      return c.body(null, 204, { 'X-Delete-Count': String(deleted) });
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: base,
        tag,
        ...deprecated,
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
        records: { schema: Input, max: ECON_MODEL_WRITE_MAX, single: 'wrap' },
        responses: { 207: json(EconModelMultiStatus, 'One result per record') },
      },
      ...mw,
      async (c, input) => {
        const deps = c.get('deps');
        const s = await scopeOf(c, input.params);
        const who = c.get('auth').credentialId;
        const nameTaken = (name: string, earlier: number | undefined) => ({
          field: 'name',
          rule: 'unique name',
          value: name,
          message:
            earlier === undefined
              ? `a model named "${name}" already exists ${s.text}`
              : `name "${name}" is used by an earlier record of this request`,
        });
        const outcomes = await runBatch(deps, await input.records(), {
          parse: (raw) => validateRecord(spec.functions, raw),
          check: async (batch) => {
            // copiedFrom must name a model of this kind in the company; a replaced model may keep
            // the copiedFrom it has, even when that source is gone since.
            const sources = [...new Set(batch.values().flatMap((v) => v.envelope.copiedFrom ?? []))];
            const known = await companyModelIds(deps.db, s.companyId, kind, sources);
            const kept =
              method === 'put'
                ? await copiedFromByName(
                    deps.db,
                    s,
                    kind,
                    batch.values().map((v) => v.envelope.name),
                  )
                : new Map<string, string | null>();
            for (const [i, v] of batch.pending()) {
              const from = v.envelope.copiedFrom;
              if (!from || known.has(from) || kept.get(v.envelope.name) === from) continue;
              batch.fail(i, 400, {
                field: 'copiedFrom',
                rule: 'existing model of the kind',
                value: from,
                message: `copiedFrom: no ${spec.title} model with id ${from} in the company`,
              });
            }
            // escalationModel ids must name an escalations model the model can see (decision 034).
            const refs = batch.pending().map(([i, v]) => [i, escalationModelPaths(v.functions)] as const);
            const visible = await visibleEscalationIds(deps.db, s, [
              ...new Set(refs.flatMap(([, paths]) => paths.map((p) => p.id))),
            ]);
            for (const [i, paths] of refs) {
              const missing = paths.filter((p) => !visible.has(p.id));
              if (missing.length === 0) continue;
              batch.fail(
                i,
                400,
                missing.map((p) => ({
                  field: p.path,
                  rule: 'existing escalations model',
                  value: p.id,
                  message: `${p.path}: no escalations model with id ${p.id} ${s.key === 'company' ? 'among the company models' : `in the company or project ${s.key}`}`,
                })),
              );
            }
            batch.unique(
              (v) => v.envelope.name,
              new Set(),
              (v, earlier) => nameTaken(v.envelope.name, earlier),
            );
          },
          apply: async (v, _i, tx) => {
            const name = v.envelope.name;
            const row = await writeModel(tx, s, kind, v, who, method === 'post' ? 'create' : 'upsert');
            if (row) return { code: row.inserted ? 201 : 200, fields: { id: row.id, name } };
            if (method === 'post')
              throw conflict(`a model named "${name}" already exists ${s.text}`, [nameTaken(name, undefined)]);
            const message = `"${name}" is a probabilistic CAPEX model: those are read-only`;
            throw invalid(message, [{ field: 'name', rule: 'read-only model', value: name, message }]);
          },
        });
        return c.json(EconModelMultiStatus.parse(counted(outcomes.map(econModelResult))), 207);
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
