import type { EconOneLiner } from '@econ/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econRuns, econRunWells } from '../db/schema';
import { claimJob, failAbandonedJobs, finishJob, releaseJob, requeueOrphanedJobs } from '../jobs/queue';
import { type PackedMonthly, packedBytes } from './results';
import type { EconRunRow } from './store';

/*
 * The econ-run queue in storage: runs are claimed by any API process (FOR UPDATE SKIP LOCKED), their
 * wells' results stored in batches, and the run finished, released or failed (decision 017).
 */

export { MAX_ATTEMPTS, STALE_AFTER_MS } from '../jobs/queue';

/**
 * Takes the oldest pending run (or one whose worker went silent) for `workerId` (see
 * `jobs/queue.ts`). A run taken up again starts afresh: the results of the dead attempt are dropped.
 */
export async function claimRun(db: Db, workerId: string, now: Date, staleBefore: Date): Promise<EconRunRow | null> {
  const id = await claimJob(db, econRuns, workerId, now, staleBefore, sql`, wells_done = 0, wells_failed = 0`);
  if (!id) return null;
  await db.delete(econRunWells).where(eq(econRunWells.runId, id));
  const [row] = await db.select().from(econRuns).where(eq(econRuns.id, id));
  return row ?? null;
}

/** At the start of a PGlite process, every `running` run lost its worker: queued again at once. */
export const requeueOrphanedRuns = (db: Db, now: Date): Promise<number> => requeueOrphanedJobs(db, econRuns, now);

/** Fails the runs whose worker went silent and that have no attempts left. */
export const failAbandonedRuns = (db: Db, now: Date, staleBefore: Date): Promise<number> =>
  failAbandonedJobs(db, econRuns, 'run', now, staleBefore);

/** One computed (or refused) well, ready to store. */
export interface WellResultRecord {
  wellId: string;
  wellName: string;
  comboName: string;
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
            comboName: r.comboName,
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
  await finishJob(
    db,
    econRuns,
    runId,
    workerId,
    now,
    outcome.status === 'complete' ? { status: 'complete', extra: sql`, income_tax = ${outcome.incomeTax}` } : outcome,
  );
}

/** Hands a run this worker holds back to the queue (its process is stopping); it restarts afresh. */
export const releaseRun = (db: Db, runId: string, workerId: string, now: Date): Promise<void> =>
  releaseJob(db, econRuns, runId, workerId, now);
