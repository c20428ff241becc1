import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';

export interface WindowHit {
  count: number;
  limit: number;
  /** When the window ends. */
  resetAt: Date;
}

/**
 * Counts one hit of `key` in its fixed window and returns the new count. The counter lives in the
 * database (every replica shares it); the upsert takes a row lock, so concurrent hits are exact.
 */
export async function hitWindow(db: Db, key: string, limit: number, windowMs: number, now: Date): Promise<WindowHit> {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${start.toISOString()}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
    RETURNING count`);
  const row = (result as unknown as { rows: { count: number }[] }).rows[0];
  return { count: Number(row?.count ?? 0), limit, resetAt: new Date(start.getTime() + windowMs) };
}

/** Drops windows that ended before `before` (housekeeping; run periodically). */
export async function pruneWindows(db: Db, before: Date): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${before.toISOString()}`);
}
