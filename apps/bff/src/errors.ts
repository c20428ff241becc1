import type { ErrorDetail } from '@econ/contract';
import {
  hasLoneSurrogate,
  MAX_JSON_DEPTH,
  mayHoldSurrogateEscape,
  nestingDepth,
  strictUtf8,
  stringPathWhere,
} from '@econ/server-kit/jsonBody';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** The one error type of the BFF's own routes; answered as `{name, message, details?}`. */
export class BffError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    name: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = name;
  }
}

/** Validates a body with a contract schema or throws a 400 naming field, rule and value. */
export function parseBody<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const details: ErrorDetail[] = r.error.issues.map((i) => {
    const field = i.path.map(String).join('.');
    let value: unknown = input;
    for (const p of i.path)
      value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[p] : undefined;
    const d: ErrorDetail = { field, rule: i.code, message: field ? `${field}: ${i.message}` : i.message };
    if (value !== undefined && !/password/i.test(field)) d.value = value;
    return d;
  });
  throw new BffError(400, 'ValidationError', details[0]?.message ?? 'Invalid request', details);
}

const bodyError = (rule: string, message: string) =>
  new BffError(400, 'ValidationError', message, [{ field: '', rule, message }]);

/**
 * Reads a JSON body. Refused with a 400 naming the rule: bytes that are not UTF-8 (never stored
 * with U+FFFD in their place), nesting deeper than 64 levels (a value that deep would overflow the
 * stack where it is echoed), malformed JSON, and a NUL character in any string (PostgreSQL text
 * cannot hold one).
 */
export async function readJson(c: Context): Promise<unknown> {
  if (!/^application\/json/i.test(c.req.header('content-type') ?? '')) {
    throw new BffError(415, 'UnsupportedMediaType', 'Content-Type must be application/json');
  }
  const text = strictUtf8(await c.req.arrayBuffer());
  if (text === undefined) throw bodyError('utf-8', 'The body is not valid UTF-8');
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw bodyError(`max depth ${MAX_JSON_DEPTH}`, `The body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bodyError('json', 'Malformed JSON in request body');
  }
  const nul = stringPathWhere(value, (s) => s.includes('\u0000'));
  if (nul !== undefined) {
    const message = `${nul || 'the body'} holds a NUL character`;
    throw new BffError(400, 'ValidationError', message, [{ field: nul, rule: 'no NUL', message }]);
  }
  const lone = mayHoldSurrogateEscape(text) ? stringPathWhere(value, hasLoneSurrogate) : undefined;
  if (lone !== undefined) {
    const message = `${lone || 'the body'} holds a lone surrogate escape (\\ud800–\\udfff without its pair): not a Unicode character`;
    throw new BffError(400, 'ValidationError', message, [{ field: lone, rule: 'unicode', message }]);
  }
  return value;
}

/** The `:id` of a route: one holding a NUL names nothing (PostgreSQL text cannot hold it), so a 404. */
export function idParam(c: Context, what: string): string {
  const id = c.req.param('id') ?? '';
  if (id.includes('\u0000')) throw new BffError(404, 'NotFound', `No ${what} with that id`);
  return id;
}

export function onError(err: Error, c: Context): Response {
  if (err instanceof BffError) {
    return c.json(
      { name: err.name, message: err.message, ...(err.details ? { details: err.details } : {}) },
      err.status,
    );
  }
  if (err instanceof HTTPException)
    return c.json({ name: 'Error', message: err.message }, err.status as ContentfulStatusCode);
  console.error('[bff] unexpected error', c.req.method, c.req.path, err);
  return c.json({ name: 'InternalError', message: 'Internal error in the console backend; this is a bug' }, 500);
}
