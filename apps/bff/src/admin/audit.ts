import { randomBytes } from 'node:crypto';
import { count, desc } from 'drizzle-orm';
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { BffEnv } from '../appEnv';
import { auditLog } from '../db/schema';
import { parseBody } from '../errors';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Records every write through the console (who, when, method, path, status) after it is answered. */
export function auditWrites(): MiddlewareHandler<BffEnv> {
  return async (c, next) => {
    await next();
    if (!WRITE.has(c.req.method)) return;
    const deps = c.get('deps');
    const user = c.get('user');
    await deps.db.insert(auditLog).values({
      id: randomBytes(12).toString('hex'),
      at: deps.clock.now(),
      userId: user?.id ?? null,
      username: user?.username ?? null,
      method: c.req.method,
      // PostgreSQL text cannot hold NUL: a path that carried one (`%00`) is recorded with `\0`.
      path: c.req.path.replaceAll('\u0000', '\\0'),
      status: c.res.status,
    });
  };
}

const AuditQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(500, 'take must be at most 500').default(100),
});

export function registerAuditRoutes(app: Hono<BffEnv>): void {
  app.get('/bff/audit', async (c) => {
    const deps = c.get('deps');
    const q = parseBody(AuditQuery, c.req.query());
    const [total] = await deps.db.select({ n: count() }).from(auditLog);
    const rows = await deps.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(q.skip)
      .limit(q.take);
    c.header('X-Query-Count', String(total?.n ?? 0));
    return c.json(rows.map((r) => ({ ...r, at: r.at.toISOString() })));
  });
}
