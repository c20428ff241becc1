import type { ErrorDetail } from '@econ/contract';
import { decodeJsonBody } from '@econ/server-kit/jsonBody';
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

/**
 * Reads a JSON body. Refused with a 400 naming the rule: bytes that are not UTF-8, nesting deeper
 * than 64 levels, malformed JSON, a lone surrogate escape and a NUL character in any string
 * (PostgreSQL text cannot hold one); see `decodeJsonBody`.
 */
export async function readJson(c: Context): Promise<unknown> {
  if (!/^application\/json/i.test(c.req.header('content-type') ?? '')) {
    throw new BffError(415, 'UnsupportedMediaType', 'Content-Type must be application/json');
  }
  const body = decodeJsonBody(await c.req.arrayBuffer(), { refuseNul: true });
  if (!body.ok) throw new BffError(400, 'ValidationError', body.problem.message, [body.problem.detail]);
  return body.value;
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
