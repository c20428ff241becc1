import { randomBytes } from 'node:crypto';
import { UserCreate, UserUpdate } from '@econ/contract';
import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { BffEnv } from '../appEnv';
import { createUser } from '../auth/accounts';
import { sessions, users } from '../db/schema';
import { BffError, idParam, parseBody, readJson } from '../errors';

const view = (r: typeof users.$inferSelect) => ({
  id: r.id,
  username: r.username,
  role: r.role,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Admins add and remove users and change roles (the role check is in the app's middleware). */
export function registerUserRoutes(app: Hono<BffEnv>): void {
  app.get('/bff/users', async (c) => {
    const rows = await c.get('deps').db.select().from(users).orderBy(asc(users.username));
    return c.json(rows.map(view), 200);
  });

  app.post('/bff/users', async (c) => {
    const deps = c.get('deps');
    const input = parseBody(UserCreate, await readJson(c));
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, input.username))
      .limit(1);
    if (taken) {
      throw new BffError(409, 'Conflict', `A user named "${input.username}" already exists`, [
        { field: 'username', rule: 'unique', value: input.username, message: 'username is taken' },
      ]);
    }
    return c.json(await createUser(deps, input), 201);
  });

  app.patch('/bff/users/:id', async (c) => {
    const deps = c.get('deps');
    const input = parseBody(UserUpdate, await readJson(c));
    const id = idParam(c, 'user');
    if (id === c.get('user')?.id && input.role !== 'admin') {
      throw new BffError(409, 'Conflict', 'You cannot remove your own admin role; ask another admin');
    }
    const [row] = await deps.db
      .update(users)
      .set({ role: input.role, updatedAt: deps.clock.now() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new BffError(404, 'NotFound', `No user with id ${id}`);
    // A role change takes effect at once: the user's sessions end.
    await deps.db.delete(sessions).where(eq(sessions.userId, id));
    return c.json(view(row), 200);
  });

  app.delete('/bff/users/:id', async (c) => {
    const deps = c.get('deps');
    const id = idParam(c, 'user');
    if (id === c.get('user')?.id) throw new BffError(409, 'Conflict', 'You cannot remove yourself; ask another admin');
    const [row] = await deps.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (!row) throw new BffError(404, 'NotFound', `No user with id ${id}`);
    return c.body(null, 204);
  });
}

export const newId = () => randomBytes(12).toString('hex');
