import type { Context } from 'hono';
import type { AppEnv } from '../appEnv';
import type { DomainError } from './errors';
import { readJson } from './route';

/**
 * The raw body of a route that takes one object (`POST /`, `PATCH|PUT /{id}`), read before
 * `input.body()` validates it: an array is refused with `refuse(array)`, a 400 pointing to the
 * batch route, before any field rule. The bytes are read once (Hono caches them); `input.body()`
 * parses them again with the route's schema.
 */
export async function oneObjectBody(c: Context<AppEnv>, refuse: (array: unknown[]) => DomainError): Promise<unknown> {
  const body = await readJson(c);
  if (Array.isArray(body)) throw refuse(body);
  return body;
}
