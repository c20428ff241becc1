import { randomBytes } from 'node:crypto';
import { AuditQuery } from '@econ/contract';
import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Hono, MiddlewareHandler } from 'hono';
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

/** The day after a `YYYY-MM-DD` day, at 00:00 UTC. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The filter of an audit query: its user, action (method) and UTC days, both ends included. */
function auditFilter(q: AuditQuery): SQL | undefined {
  return and(
    q.user ? eq(auditLog.username, q.user) : undefined,
    q.action ? eq(auditLog.method, q.action) : undefined,
    q.from ? gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(auditLog.at, dayAfter(q.to)) : undefined,
  );
}

export function registerAuditRoutes(app: Hono<BffEnv>): void {
  /** One page of the log, newest first, filtered by `user`, `action`, `from` and `to`; the total in X-Query-Count. */
  app.get('/bff/audit', async (c) => {
    const deps = c.get('deps');
    const q = parseBody(AuditQuery, c.req.query());
    const where = auditFilter(q);
    const [total] = await deps.db.select({ n: count() }).from(auditLog).where(where);
    const rows = await deps.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(q.skip)
      .limit(q.take);
    c.header('X-Query-Count', String(total?.n ?? 0));
    return c.json(rows.map((r) => ({ ...r, at: r.at.toISOString() })));
  });

  /** The usernames the log holds, A to Z (the user filter's choices). */
  app.get('/bff/audit/users', async (c) => {
    const rows = await c
      .get('deps')
      .db.selectDistinct({ username: auditLog.username })
      .from(auditLog)
      .where(isNotNull(auditLog.username))
      .orderBy(asc(auditLog.username));
    return c.json(rows.map((r) => r.username));
  });
}
