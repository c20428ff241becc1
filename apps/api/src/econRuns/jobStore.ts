import type { EconOneLiner } from '@econ/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econRuns, econRunWells } from '../db/schema';
import { type PackedMonthly, packedBytes } from './results';
import type { EconRunRow } from './store';

/*
 * The econ-run queue in storage: runs are claimed by any API process (FOR UPDATE SKIP LOCKED), their
 * wells' results stored in batches, and the run finished, released or failed (decision 017).
 */

/** A run whose worker shows no sign of life for this long is taken up again (or failed). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** Attempts before a run whose worker keeps dying is failed. */
export const MAX_ATTEMPTS = 3;

/**
 * Takes the oldest pending run (or a running one whose worker went silent before `staleBefore`
 * and has attempts left) for `workerId`, in one statement: `FOR UPDATE SKIP LOCKED` lets several
 * API processes poll the same table and each run is taken by one of them only.
 */
export async function claimRun(db: Db, workerId: string, now: Date, staleBefore: Date): Promise<EconRunRow | null> {
  const rows = await db.execute(sql`
    UPDATE econ_runs SET status = 'running', worker_id = ${workerId}, heartbeat_at = ${now.toISOString()},
      started_at = COALESCE(started_at, ${now.toISOString()}), attempts = attempts + 1,
      wells_done = 0, wells_failed = 0, updated_at = ${now.toISOString()}
    WHERE id = (
      SELECT id FROM econ_runs
      WHERE status = 'pending'
        OR (status = 'running' AND heartbeat_at < ${staleBefore.toISOString()} AND attempts < ${MAX_ATTEMPTS})
      ORDER BY created_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!id) return null;
  // A run taken up again starts afresh: the results of the dead attempt are dropped.
  await db.delete(econRunWells).where(eq(econRunWells.runId, id));
  const [row] = await db.select().from(econRuns).where(eq(econRuns.id, id));
  return row ?? null;
}

/**
 * At the start of the only process a database can have (PGlite), every `running` run lost its
 * worker: queued again at once (its attempt counted), rather than after STALE_AFTER_MS.
 */
export async function requeueOrphanedRuns(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(econRuns)
    .set({ status: 'pending', workerId: null, updatedAt: now })
    .where(eq(econRuns.status, 'running'))
    .returning({ id: econRuns.id });
  return rows.length;
}

/** Fails the runs whose worker went silent and that have no attempts left. */
export async function failAbandonedRuns(db: Db, now: Date, staleBefore: Date): Promise<number> {
  const rows = await db.execute(sql`
    UPDATE econ_runs SET status = 'failed', finished_at = ${now.toISOString()}, updated_at = ${now.toISOString()},
      error = 'the run was interrupted ' || attempts || ' times (its API process stopped); start it again'
    WHERE status = 'running' AND heartbeat_at < ${staleBefore.toISOString()} AND attempts >= ${MAX_ATTEMPTS}
    RETURNING id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/** One computed (or refused) well, ready to store. */
export interface WellResultRecord {
  wellId: string;
  wellName: string;
  oneLiner: EconOneLiner;
  monthly: PackedMonthly;
}

/**
 * Stores a batch of wells' results and advances the run's progress and heartbeat, in one
 * transaction, provided the run is still this worker's (false: another worker took it over).
 */
export async function storeWellResults(
  db: Db,
  runId: string,
  workerId: string,
  now: Date,
  results: readonly WellResultRecord[],
): Promise<boolean> {
  const failed = results.filter((r) => r.oneLiner.status === 'failed').length;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(econRuns)
      .set({
        wellsDone: sql`${econRuns.wellsDone} + ${results.length}`,
        wellsFailed: sql`${econRuns.wellsFailed} + ${failed}`,
        heartbeatAt: now,
        updatedAt: now,
      })
      .where(and(eq(econRuns.id, runId), eq(econRuns.workerId, workerId), eq(econRuns.status, 'running')))
      .returning({ id: econRuns.id });
    if (updated.length === 0) return false;
    if (results.length > 0) {
      await tx.insert(econRunWells).values(
        results.map((r) => {
          const o = r.oneLiner;
          const ok = o.status === 'complete';
          return {
            runId,
            wellId: r.wellId,
            wellName: r.wellName,
            status: o.status,
            oneLiner: o,
            firstDiscountNpv: ok ? o.firstDiscountNpv : null,
            secondDiscountNpv: ok ? o.secondDiscountNpv : null,
            bfit: ok ? o.bfit : null,
            irr: ok ? o.irr : null,
            econLimitDate: ok ? o.econLimitDate : null,
            firstMonth: r.monthly.firstMonth,
            months: r.monthly.months,
            columns: r.monthly.columns,
            monthly: packedBytes(r.monthly.data),
          };
        }),
      );
    }
    return true;
  });
}

/** Ends a run this worker holds: complete, or failed with the reason. */
export async function finishRun(
  db: Db,
  runId: string,
  workerId: string,
  now: Date,
  outcome: { status: 'complete'; incomeTax: boolean } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(econRuns)
    .set({
      status: outcome.status,
      finishedAt: now,
      updatedAt: now,
      heartbeatAt: now,
      ...(outcome.status === 'complete' ? { incomeTax: outcome.incomeTax } : { error: outcome.error }),
    })
    .where(and(eq(econRuns.id, runId), eq(econRuns.workerId, workerId)));
}

/** Hands a run this worker holds back to the queue (its process is stopping); it restarts afresh. */
export async function releaseRun(db: Db, runId: string, workerId: string, now: Date): Promise<void> {
  await db
    .update(econRuns)
    .set({ status: 'pending', workerId: null, updatedAt: now })
    .where(and(eq(econRuns.id, runId), eq(econRuns.workerId, workerId), eq(econRuns.status, 'running')));
}
