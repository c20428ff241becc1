import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';

/*
 * The job queues in storage (econ runs, forecast runs): a job table has `status` (pending, running,
 * complete, failed), `worker_id`, `heartbeat_at`, `attempts`, `started_at`, `finished_at`, `error`
 * and the stamps. Any API process claims the oldest pending job (FOR UPDATE SKIP LOCKED: each is
 * taken by one of them only) and plans it into chunks every process computes (`chunks.ts`,
 * decision 055); a job whose planner went silent is taken up again, and after MAX_ATTEMPTS it is
 * failed (decision 017).
 */

/** A job whose worker shows no sign of life for this long is taken up again (or failed). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** Attempts before a job whose worker keeps dying is failed. */
export const MAX_ATTEMPTS = 3;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Takes the oldest pending job (or a running one whose worker went silent before `staleBefore`
 * and has attempts left) for `workerId`, in one statement; `reset` is the extra `SET` of a fresh
 * attempt (for example the progress counters). Returns its id.
 */
export async function claimJob(
  db: Db,
  table: PgTable,
  workerId: string,
  now: Date,
  staleBefore: Date,
  reset: SQL = sql``,
): Promise<string | null> {
  const at = now.toISOString();
  const rows = await db.execute(sql`
    UPDATE ${table} SET status = 'running', worker_id = ${workerId}, heartbeat_at = ${at},
      started_at = COALESCE(started_at, ${at}), attempts = attempts + 1, updated_at = ${at} ${reset}
    WHERE id = (
      SELECT id FROM ${table}
      WHERE status = 'pending'
        OR (status = 'running' AND heartbeat_at < ${staleBefore.toISOString()} AND attempts < ${MAX_ATTEMPTS})
      ORDER BY created_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return rowsOf<{ id: string }>(rows)[0]?.id ?? null;
}

/** Fails the jobs whose worker went silent and that have no attempts left; `noun` names them in the error. */
export async function failAbandonedJobs(
  db: Db,
  table: PgTable,
  noun: string,
  now: Date,
  staleBefore: Date,
): Promise<number> {
  const at = now.toISOString();
  const rows = await db.execute(sql`
    UPDATE ${table} SET status = 'failed', finished_at = ${at}, updated_at = ${at},
      error = ${`the ${noun} was interrupted `} || attempts || ' times (its API process stopped); start it again'
    WHERE status = 'running' AND heartbeat_at < ${staleBefore.toISOString()} AND attempts >= ${MAX_ATTEMPTS}
    RETURNING id`);
  return rowsOf(rows).length;
}
