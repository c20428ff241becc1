import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { BffDeps, BffEnv, SessionUser } from '../appEnv';
import { loginFailures, sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'econ_session';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Starts a new session (a new token every sign-in: the id is rotated) and sets the cookie. */
export async function startSession(c: Context<BffEnv>, user: SessionUser): Promise<{ csrfToken: string }> {
  const deps = c.get('deps');
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  await deps.db
    .insert(sessions)
    .values({ id: sha256(token), userId: user.id, csrfToken, createdAt: now, lastSeenAt: now });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.config.secureCookies,
    path: '/',
  });
  return { csrfToken };
}

/** Deletes the caller's session on the server (the cookie, if replayed, no longer works). */
export async function dropSession(c: Context<BffEnv>): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token)
    await c
      .get('deps')
      .db.delete(sessions)
      .where(eq(sessions.id, sha256(token)));
}

/** Ends the session on the server and clears the cookie. */
export async function endSession(c: Context<BffEnv>): Promise<void> {
  await dropSession(c);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: c.get('deps').config.secureCookies });
}

/**
 * The session's user, or undefined. A session idle longer than SESSION_IDLE_MINUTES is deleted;
 * an active one has its last-seen time moved (at most once a minute, to spare writes).
 */
export async function readSession(
  c: Context<BffEnv>,
): Promise<{ user: SessionUser; sessionId: string; csrfToken: string } | undefined> {
  const deps = c.get('deps');
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) return undefined;
  const id = sha256(token);
  const [row] = await deps.db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      username: users.username,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return undefined;
  const now = deps.clock.now();
  if (now.getTime() - row.lastSeenAt.getTime() >= deps.config.sessionIdleMs) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { user: { id: row.userId, username: row.username, role: row.role }, sessionId: id, csrfToken: row.csrfToken };
}

/** Drops sessions idle for longer than the limit (housekeeping). */
export async function pruneSessions(deps: BffDeps): Promise<void> {
  await deps.db
    .delete(sessions)
    .where(lt(sessions.lastSeenAt, new Date(deps.clock.now().getTime() - deps.config.sessionIdleMs)));
}

/* ------------------------------------------------------- sign-in throttling */

/** Free attempts before each further failure doubles the wait (1 s, 2 s, 4 s … at most 15 min). */
const FREE_FAILURES = 5;
const MAX_WAIT_MS = 15 * 60 * 1000;
/** Failures are forgotten after this quiet time. */
const FORGET_MS = 15 * 60 * 1000;

const waitFor = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - FREE_FAILURES));

/** Milliseconds to wait before another attempt for any of these keys (0: go ahead). */
export async function loginDelay(deps: BffDeps, keys: string[]): Promise<number> {
  const now = deps.clock.now().getTime();
  let wait = 0;
  for (const key of keys) {
    const [row] = await deps.db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
    if (!row || now - row.lastFailureAt.getTime() > FORGET_MS + waitFor(row.count)) continue;
    wait = Math.max(wait, row.lastFailureAt.getTime() + waitFor(row.count) - now);
  }
  return Math.max(0, wait);
}

export async function recordLoginFailure(deps: BffDeps, keys: string[]): Promise<void> {
  const now = deps.clock.now();
  for (const key of keys) {
    const [row] = await deps.db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
    const stale = row && now.getTime() - row.lastFailureAt.getTime() > FORGET_MS + waitFor(row.count);
    await deps.db
      .insert(loginFailures)
      .values({ key, count: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: { count: stale ? 1 : (row?.count ?? 0) + 1, lastFailureAt: now },
      });
  }
}

export async function clearLoginFailures(deps: BffDeps, keys: string[]): Promise<void> {
  for (const key of keys) await deps.db.delete(loginFailures).where(and(eq(loginFailures.key, key)));
}
