import type { ErrorEnvelope } from '@econ/contract';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, STATUS_OF } from './errors';

/** The JSON error envelope `{name, message, details?}` with its status. */
export function errorResponse(c: Context, status: ContentfulStatusCode, body: ErrorEnvelope): Response {
  return c.json(body, status);
}

const NAME_OF_STATUS: Record<number, string> = {
  400: 'ValidationError',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
};

/**
 * The one error mapper of the app: domain errors and Hono's own HTTP errors become the error
 * envelope; anything else is a bug, logged with a request id and answered 500 without detail.
 */
export function onError(err: Error, c: Context): Response {
  if (err instanceof DomainError) {
    const body: ErrorEnvelope = { name: err.kind, message: err.message };
    if (err.details?.length) body.details = err.details;
    return errorResponse(c, STATUS_OF[err.kind], body);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    let message = err.message || 'Request failed';
    if (status === 400 && /json/i.test(message)) message = 'Malformed JSON in request body';
    return errorResponse(c, status, { name: NAME_OF_STATUS[status] ?? 'Error', message });
  }
  const requestId = c.get('requestId' as never) ?? 'unknown';
  console.error(`[api] request ${String(requestId)} ${c.req.method} ${c.req.path} failed:`, err);
  return errorResponse(c, 500, {
    name: 'InternalError',
    message: `Internal error (request id ${String(requestId)}); this is a bug, please report it`,
  });
}
