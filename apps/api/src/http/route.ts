import { ErrorEnvelope } from '@econ/contract';
import { MAX_JSON_DEPTH, nestingDepth, strictUtf8 } from '@econ/server-kit/jsonBody';
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

type BodyRequest = { req: { header(n: string): string | undefined; arrayBuffer(): Promise<ArrayBuffer> } };

/** The body as text: a 400 when it is not UTF-8 (never stored with U+FFFD in place of the bytes sent). */
async function utf8Body(c: BodyRequest): Promise<string> {
  const text = strictUtf8(await c.req.arrayBuffer());
  if (text === undefined) {
    throw invalid('The body is not valid UTF-8', [
      { field: '', rule: 'utf-8', message: 'the body holds bytes that are not valid UTF-8' },
    ]);
  }
  return text;
}

/** Reads a JSON body: 415 for another content type, 400 for malformed JSON or bytes that are not UTF-8. */
export async function readJson(c: BodyRequest): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new DomainError(
      'UnsupportedMediaType',
      `Content-Type must be application/json (got ${type ? JSON.stringify(type) : 'none'})`,
    );
  }
  return parseJsonText(await utf8Body(c));
}

function parseJsonText(text: string): unknown {
  const depth = nestingDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    // Refused before parsing: a value this deep would overflow the stack wherever it is echoed or walked.
    throw invalid(`The body is nested deeper than ${MAX_JSON_DEPTH} levels`, [
      { field: '', rule: `max depth ${MAX_JSON_DEPTH}`, value: depth, message: 'the JSON body is nested too deep' },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw invalid(`Malformed JSON in request body: ${(e as Error).message}`, [
      { field: '', rule: 'json', message: 'the body is not valid JSON' },
    ]);
  }
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
