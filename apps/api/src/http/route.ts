import { ErrorEnvelope } from '@econ/contract';
import { decodeJsonBody } from '@econ/server-kit/jsonBody';
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { DomainError, invalid } from './errors';
import { clip, summarize, zodDetails } from './zodDetails';

/** `head`: a HEAD-only route (Hono dispatches HEAD to the path's GET handler; a GET there is a 405). */
type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec {
  method: Method;
  /** OpenAPI form: `/v1/projects/{projectId}`. */
  path: string;
  summary: string;
  tag: string;
  /** `api` (Bearer + x-api-key), `admin` (Bearer API_ADMIN_TOKEN) or `none`. */
  auth: 'api' | 'admin' | 'none';
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Whether the body may be left out (default: required). */
  bodyRequired?: boolean;
  /** A bulk write's body: an array of records (documented as such; see {@link RecordsSpec}). */
  records?: RecordsSpec;
  responses: RouteConfig['responses'];
  /** Also document `HEAD` (answers `X-Query-Count`). */
  head?: boolean;
  /** Documented as deprecated (the route sends `Deprecation` and `Link` headers itself). */
  deprecated?: boolean;
}

/**
 * The body of a bulk write. The route checks the array's shape (an array, or one object when
 * `single` is `wrap`; 1 to `max` records: otherwise a 400 for the whole request); each record is
 * validated with `schema` by the batch pipeline (`batch.ts`), so one bad record fails only itself.
 */
export interface RecordsSpec {
  /** The contract schema of one record. */
  schema: z.ZodType;
  /** At most this many records per request. */
  max: number;
  /** `wrap`: one object is taken as an array of one; `refuse`: only an array (the V2 `/batch` routes). */
  single: 'wrap' | 'refuse';
  /** What the records are, in messages (default `records`). */
  noun?: string;
  /** What to send instead of a body that is not an array. */
  hint?: string;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A handler's validated input; each part is read and validated when first asked for. */
export interface RouteInput<S extends RouteSpec> {
  /** The path parameters, validated with `params` (a 400 names `path.<name>`). */
  readonly params: Out<S['params']>;
  /** The query, validated with `query` (a 400 names `query.<name>`); array fields take every value sent. */
  readonly query: Out<S['query']>;
  /** The JSON body, validated with `body` (415 for another content type, 400 naming the field). */
  body(): Promise<Out<S['body']>>;
  /** The records of a bulk write (`records`), the array's shape checked. */
  records(): Promise<unknown[]>;
}

export type RouteHandler<S extends RouteSpec> = (
  c: Context<AppEnv>,
  input: RouteInput<S>,
) => Response | Promise<Response>;

const honoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelope } },
});

/** The documented body of a bulk write: one record or an array of them, or only an array. */
function recordsBody(r: RecordsSpec): z.ZodType {
  const array = z.array(r.schema).min(1).max(r.max);
  return r.single === 'wrap' ? z.union([r.schema, array]) : array;
}

/**
 * Registers a route on the app and in its OpenAPI document. The handler gets the validated input
 * (`params`, `query`, `body()`, `records()`) as its second argument.
 */
export function route<const S extends RouteSpec>(
  app: OpenAPIHono<AppEnv>,
  spec: S,
  ...handlers: [...MiddlewareHandler<AppEnv>[], RouteHandler<S>]
): void {
  const body = spec.records ? recordsBody(spec.records) : spec.body;
  const responses: RouteConfig['responses'] = { ...spec.responses };
  if (spec.auth !== 'none' && !responses[401]) responses[401] = errorResponse('Missing or invalid credentials');
  if ((body || spec.query) && !responses[400])
    responses[400] = errorResponse('Invalid input: names the field, rule and value');
  const security =
    spec.auth === 'api' ? [{ bearer: [], apiKey: [] }] : spec.auth === 'admin' ? [{ adminToken: [] }] : [];
  const base = {
    path: spec.path,
    summary: spec.summary,
    tags: [spec.tag],
    security,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.deprecated ? { deprecated: true } : {}),
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(body
        ? { body: { required: spec.bodyRequired ?? true, content: { 'application/json': { schema: body } } } }
        : {}),
    },
  };
  app.openAPIRegistry.registerPath({ ...base, method: spec.method, responses });
  if (spec.head) {
    app.openAPIRegistry.registerPath({
      ...base,
      method: 'head',
      summary: `Count: ${spec.summary.toLowerCase()}`,
      responses: {
        200: {
          description: 'No body; the count is in `X-Query-Count`',
          headers: { 'X-Query-Count': { description: 'number of matching records', schema: { type: 'integer' } } },
        },
      },
    });
  }
  const handler = handlers.pop() as RouteHandler<S>;
  const run: Handler<AppEnv> =
    spec.method === 'head'
      ? (c) => {
          if (c.req.method !== 'HEAD') {
            // RFC 9110: a 405 lists the methods the path has.
            const methods = app.routes.filter((r) => r.path === honoPath(spec.path) && r.method !== 'ALL');
            const allow = new Set(['HEAD', ...methods.map((r) => r.method).filter((m) => m !== 'GET')]);
            c.header('Allow', [...allow].join(', '));
            throw new HTTPException(405, { message: `${c.req.method} is not served here; HEAD answers the count` });
          }
          return handler(c, routeInput(c, spec));
        }
      : (c) => handler(c, routeInput(c, spec));
  // Hono answers HEAD with the GET handler of the path: a HEAD-only route is a GET that refuses GET.
  const verb = spec.method === 'head' ? 'GET' : spec.method.toUpperCase();
  app.on([verb], [honoPath(spec.path)], ...(handlers as MiddlewareHandler<AppEnv>[]), run);
}

/** Whether a query field takes several values (`?id=a&id=b`). */
function takesArray(schema: z.ZodType): boolean {
  let def = schema._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  while (def.innerType || (def.type === 'pipe' && def.in)) {
    def = (def.innerType ?? def.in!)._zod.def as typeof def;
  }
  return def.type === 'array';
}

/** The raw query for `schema`: array fields get every value sent, others the first one. */
function rawQuery(c: Context<AppEnv>, schema: z.ZodObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = takesArray(field as z.ZodType) ? c.req.queries(key) : c.req.query(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function routeInput<S extends RouteSpec>(c: Context<AppEnv>, spec: S): RouteInput<S> {
  let params: unknown;
  let query: unknown;
  return {
    get params() {
      params ??= spec.params ? parseWith(spec.params, c.req.param(), 'path.') : undefined;
      return params as Out<S['params']>;
    },
    get query() {
      query ??= spec.query ? parseWith(spec.query, rawQuery(c, spec.query), 'query.') : undefined;
      return query as Out<S['query']>;
    },
    async body() {
      if (!spec.body) return undefined as Out<S['body']>;
      const raw = spec.bodyRequired === false ? await readOptionalJson(c) : await readJson(c);
      return parseWith(spec.body, raw) as Out<S['body']>;
    },
    records: () => {
      if (!spec.records) throw new Error(`route ${spec.method} ${spec.path} declares no records`);
      return readRecordArray(c, spec.records);
    },
  };
}

/** The array body of a bulk write, its shape checked against `r` (see {@link RecordsSpec}). */
export async function readRecordArray(c: BodyRequest, r: RecordsSpec): Promise<unknown[]> {
  const body = await readJson(c);
  const noun = r.noun ?? 'records';
  const records = Array.isArray(body)
    ? body
    : r.single === 'wrap' && body !== null && typeof body === 'object'
      ? [body]
      : undefined;
  if (!records) {
    const message = r.hint ?? `the body must be an array of ${noun}`;
    throw invalid(`The body must be an array of ${noun}`, [
      { field: '', rule: 'type array', value: clip(body), message },
    ]);
  }
  const limit =
    records.length === 0
      ? { rule: 'min 1', value: [], message: `The body must hold at least one of the ${noun}` }
      : records.length > r.max
        ? {
            rule: `max ${r.max}`,
            value: records.length,
            message: `At most ${r.max} ${noun} per request (got ${records.length})`,
          }
        : undefined;
  if (limit) throw invalid(limit.message, [{ field: '', ...limit }]);
  return records;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

type BodyRequest = { req: { header(n: string): string | undefined; arrayBuffer(): Promise<ArrayBuffer> } };

/**
 * Reads a JSON body: 415 for another content type; 400 for bytes that are not UTF-8, nesting
 * deeper than 64, malformed JSON or a lone surrogate escape (see `decodeJsonBody`).
 */
export async function readJson(c: BodyRequest): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new DomainError(
      'UnsupportedMediaType',
      `Content-Type must be application/json (got ${type ? JSON.stringify(type) : 'none'})`,
    );
  }
  const body = decodeJsonBody(await c.req.arrayBuffer());
  if (!body.ok) throw invalid(body.problem.message, [body.problem.detail]);
  return body.value;
}

/** Reads an optional JSON body: an empty body is `undefined`; otherwise as `readJson`. */
export async function readOptionalJson(c: BodyRequest): Promise<unknown> {
  const bytes = await c.req.arrayBuffer();
  const blank = new Uint8Array(bytes).every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09);
  if (blank) return undefined;
  return readJson({ req: { header: (n) => c.req.header(n), arrayBuffer: async () => bytes } });
}

/** Validates `input` with `schema` or throws a 400 naming each field, rule and value. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = zodDetails(parsed.error, input, prefix);
  throw invalid(summarize(details), details);
}
