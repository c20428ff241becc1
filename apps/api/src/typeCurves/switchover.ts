import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../appEnv';
import { switchovers } from '../db/schema';
import { DomainError, gone } from '../http/errors';

/*
 * The V1 → V2 type-curve switch-over (spec part 9.4). V2 answers only from SWITCHOVER_AT; V1 only
 * before it, every V1 answer carrying `Sunset`. The move is one-way: the first request that sees
 * the clock at or past the instant records it in the database (shared by every replica), and from
 * then on V1 stays gone, even if a clock or the configuration later says otherwise.
 */

export const SWITCHOVER_NAME = 'type-curves-v2';

/** Per Deps: whether the switch-over is known to have happened (one-way, so safe to cache). */
const switched = new WeakMap<Deps, true>();

/** Whether the type-curve routes are on V2 now; records the switch-over the first time it is seen. */
export async function isSwitchedOver(deps: Deps): Promise<boolean> {
  if (switched.has(deps)) return true;
  const now = deps.clock.now();
  if (now.getTime() >= deps.config.switchoverAt.getTime()) {
    await deps.db.insert(switchovers).values({ name: SWITCHOVER_NAME, at: now }).onConflictDoNothing();
    switched.set(deps, true);
    return true;
  }
  const rows = await deps.db.select().from(switchovers);
  if (rows.some((r) => r.name === SWITCHOVER_NAME)) {
    switched.set(deps, true);
    return true;
  }
  return false;
}

/** The `Sunset` value: the switch-over instant as an HTTP-date (RFC 9745, e.g. `Sat, 07 Nov 2026 00:00:00 GMT`). */
export const sunsetHeader = (deps: Deps): string => deps.config.switchoverAt.toUTCString();

/**
 * Middleware for the V2 type-curve routes: before the switch-over they are not turned on yet (404
 * saying when they will be and that V1 is the route until then).
 */
export function v2Only(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    if (!(await isSwitchedOver(deps))) {
      throw new DomainError(
        'NotFound',
        `The V2 type-curve routes are turned on at ${deps.config.switchoverAt.toISOString()}; until then use the V1 routes under /v1/projects/{projectId}/type-curves`,
      );
    }
    await next();
  };
}

/**
 * Middleware for the V1 type-curve routes: before the switch-over they answer with `Sunset`; from
 * it on every one of them (any method, with or without a V1 route) is 410 naming the V2 route to
 * use (`v2RouteOf` maps the request), with a `Link: <…>; rel="successor-version"` to its path and
 * the `Sunset` date (now past).
 */
export function v1Only(v2RouteOf: (method: string, path: string) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    if (await isSwitchedOver(deps)) {
      const v2 = v2RouteOf(c.req.method, c.req.path);
      c.header('Sunset', sunsetHeader(deps));
      // The path comes from the request: percent-encode what may not stand in a header or a Link target.
      const successor = v2.match(/\/v2\/\S+/)?.[0]?.replace(/[^\w\-.~!$&'()*+,;=:@/%]/gu, encodeLinkChar);
      if (successor) c.header('Link', `<${deps.config.publicBaseUrl}${successor}>; rel="successor-version"`);
      throw gone(`The V1 type-curve routes stopped responding at ${deps.config.switchoverAt.toISOString()}: use ${v2}`);
    }
    await next();
    c.header('Sunset', sunsetHeader(deps));
  };
}

/** `%XX` bytes of one character (U+FFFD for a lone surrogate). */
function encodeLinkChar(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch {
    return '%EF%BF%BD';
  }
}
