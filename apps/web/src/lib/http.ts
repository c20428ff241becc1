import type { ErrorDetail } from '@econ/contract';
import type { z } from 'zod';

/**
 * An error answer of the BFF or the API: status, name, message and the field details (if any);
 * `body` is the whole answer, for routes whose errors take another shape (forecast parameters).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

let csrfToken: string | undefined;
/** The CSRF token of the current session (from sign-in or GET /bff/session), sent on every write. */
export const setCsrfToken = (token: string | undefined) => {
  csrfToken = token;
};

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** fetch for console paths: same-origin cookie, CSRF header on writes, errors thrown as HttpError. */
export async function http(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (WRITE.has((init.method ?? 'GET').toUpperCase()) && csrfToken) headers.set('x-csrf-token', csrfToken);
  const res = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  if (res.ok) return res;
  const body = (await res.json().catch(() => ({}))) as { name?: string; message?: string; details?: ErrorDetail[] };
  throw new HttpError(
    res.status,
    body.name ?? 'Error',
    body.message ?? `Request failed (${res.status})`,
    body.details ?? [],
    body,
  );
}

export async function getJson<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  return schema.parse(await (await http(path)).json());
}

export async function sendJson(path: string, method: string, body?: unknown): Promise<Response> {
  return http(path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/** `rel` → URL from a `Link` header (`<url>;rel="next",<url>;rel="prev",<url>;rel="first"`). */
export function parseLink(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header?.split(',') ?? []) {
    const m = /<([^>]+)>\s*;\s*rel="([^"]+)"/.exec(part);
    if (m) out[m[2]!] = m[1]!;
  }
  return out;
}

export interface Page<T> {
  items: T[];
  total: number;
  hasNext: boolean;
}

/** One page of an API list through the BFF, with its total from `HEAD` (`X-Query-Count`). */
export async function getPage<S extends z.ZodType>(path: string, schema: S): Promise<Page<z.output<S>>> {
  // A refusal is read from the GET: the HEAD answer has no body to carry its message.
  const [got, counted] = await Promise.allSettled([http(path), http(path, { method: 'HEAD' })]);
  if (got.status === 'rejected') throw got.reason;
  if (counted.status === 'rejected') throw counted.reason;
  const [res, head] = [got.value, counted.value];
  const items = (schema.array() as z.ZodArray<S>).parse(await res.json());
  return {
    items,
    total: Number(head.headers.get('x-query-count') ?? items.length),
    hasNext: 'next' in parseLink(res.headers.get('link')),
  };
}
