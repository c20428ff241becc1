import { isPreferenceKey, PREFERENCES, type PreferenceKey } from '@econ/contract';
import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { BffEnv } from '../appEnv';
import { userPreferences } from '../db/schema';
import { BffError, parseBody, readJson } from '../errors';

/** The key of the path: one of the known preferences, else the route names nothing (404). */
function keyParam(c: Context<BffEnv>): PreferenceKey {
  const key = c.req.param('key') ?? '';
  if (!isPreferenceKey(key)) throw new BffError(404, 'NotFound', `No preference named "${key.slice(0, 100)}"`);
  return key;
}

/** The signed-in user (the gate has refused anyone else before a handler runs). */
const userId = (c: Context<BffEnv>) => c.get('user')!.id;

/**
 * The signed-in user's console preferences: read, save (replacing the value) and forget one key.
 * Every statement is scoped to the session's user, so no user reads or writes another's.
 */
export function registerPreferenceRoutes(app: Hono<BffEnv>): void {
  const where = (c: Context<BffEnv>, key: PreferenceKey) =>
    and(eq(userPreferences.userId, userId(c)), eq(userPreferences.key, key));

  app.get('/bff/preferences/:key', async (c) => {
    const key = keyParam(c);
    const [row] = await c.get('deps').db.select().from(userPreferences).where(where(c, key)).limit(1);
    return c.json({ key, value: row?.value ?? null, updatedAt: row?.updatedAt.toISOString() ?? null }, 200);
  });

  app.put('/bff/preferences/:key', async (c) => {
    const deps = c.get('deps');
    const key = keyParam(c);
    const { value } = parseBody(z.strictObject({ value: PREFERENCES[key] }), await readJson(c));
    const now = deps.clock.now();
    await deps.db
      .insert(userPreferences)
      .values({ userId: userId(c), key, value, updatedAt: now })
      .onConflictDoUpdate({ target: [userPreferences.userId, userPreferences.key], set: { value, updatedAt: now } });
    return c.json({ key, value, updatedAt: now.toISOString() }, 200);
  });

  app.delete('/bff/preferences/:key', async (c) => {
    const key = keyParam(c);
    await c.get('deps').db.delete(userPreferences).where(where(c, key));
    return c.body(null, 204);
  });
}
