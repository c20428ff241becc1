import { ErrorEnvelope } from '@econ/contract';
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Handler, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { DomainError, invalid } from './errors';
import { summarize, zodDetails } from './zodDetails';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

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
  responses: RouteConfig['responses'];
  /** Also document `HEAD` (answers `X-Query-Count`). */
  head?: boolean;
}

const honoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelope } },
});

/** Registers a route on the app and in its OpenAPI document; the handler does its own validation. */
export function route(
  app: OpenAPIHono<AppEnv>,
  spec: RouteSpec,
  ...handlers: [...MiddlewareHandler<AppEnv>[], Handler<AppEnv>]
): void {
  const responses: RouteConfig['responses'] = { ...spec.responses };
  if (spec.auth !== 'none' && !responses[401]) responses[401] = errorResponse('Missing or invalid credentials');
  if ((spec.body || spec.query) && !responses[400])
    responses[400] = errorResponse('Invalid input: names the field, rule and value');
  const security =
    spec.auth === 'api' ? [{ bearer: [], apiKey: [] }] : spec.auth === 'admin' ? [{ adminToken: [] }] : [];
  const base = {
    path: spec.path,
    summary: spec.summary,
    tags: [spec.tag],
    security,
    ...(spec.description ? { description: spec.description } : {}),
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.body
        ? { body: { required: spec.bodyRequired ?? true, content: { 'application/json': { schema: spec.body } } } }
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
  app.on([spec.method.toUpperCase()], [honoPath(spec.path)], ...(handlers as Handler<AppEnv>[]));
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Reads a JSON body: 415 for another content type, 400 for malformed JSON. */
export async function readJson(c: {
  req: { header(n: string): string | undefined; text(): Promise<string> };
}): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new DomainError(
      'UnsupportedMediaType',
      `Content-Type must be application/json (got ${type ? JSON.stringify(type) : 'none'})`,
    );
  }
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch (e) {
    throw invalid(`Malformed JSON in request body: ${(e as Error).message}`, [
      { field: '', rule: 'json', message: 'the body is not valid JSON' },
    ]);
  }
}

/** Reads an optional JSON body: an empty body is `undefined`; otherwise as `readJson`. */
export async function readOptionalJson(c: {
  req: { header(n: string): string | undefined; text(): Promise<string> };
}): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  return readJson({ req: { header: (n) => c.req.header(n), text: async () => text } });
}

/** Validates `input` with `schema` or throws a 400 naming each field, rule and value. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = zodDetails(parsed.error, input, prefix);
  throw invalid(summarize(details), details);
}
