import type { EconOneLiner } from '@econ/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econRuns, econRunWells } from '../db/schema';
import {
  type Chunk,
  claimChunk,
  failAbandonedChunks,
  failChunkedRun,
  finishEmptyRun,
  planChunks,
  requeueOrphanedChunkedRuns,
  storeChunk,
} from '../jobs/chunks';
import { claimJob, failAbandonedJobs } from '../jobs/queue';
import { type PackedMonthly, packedBytes } from './results';
import type { EconRunRow } from './store';

/*
 * The econ-run queue in storage: runs are claimed by any API process (FOR UPDATE SKIP LOCKED) and
 * planned into chunks of wells that every process computes (decision 055); each chunk's results are
 * stored with its completion, and the last one ends the run (decisions 017, 055).
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
  return (await runById(db, id)) ?? null;
}

/** Takes the next chunk of a running run for `workerId` (see `jobs/chunks.ts`). */
export const claimRunChunk = (db: Db, workerId: string, now: Date, staleBefore: Date): Promise<Chunk | null> =>
  claimChunk(db, econRuns, workerId, now, staleBefore);

/** A run's row, or undefined once it is deleted. */
export async function runById(db: Db, id: string): Promise<EconRunRow | undefined> {
  const [row] = await db.select().from(econRuns).where(eq(econRuns.id, id));
  return row;
}

/**
 * At the start of a PGlite process every running chunk lost its worker (pending again: the run
 * goes on), and a running run not planned yet is queued again at once.
 */
export const requeueOrphanedRuns = (db: Db, now: Date): Promise<number> =>
  requeueOrphanedChunkedRuns(db, econRuns, now);

/** Fails the runs whose planner, or a chunk's workers, went silent with no attempts left. */
export async function failAbandonedRuns(db: Db, now: Date, staleBefore: Date, chunkStaleBefore: Date) {
  return (
    (await failAbandonedJobs(db, econRuns, 'run', now, staleBefore)) +
    (await failAbandonedChunks(db, econRuns, 'run', now, chunkStaleBefore))
  );
}

/** Splits a claimed run's wells into chunks of `size`; a run without wells is complete at once. */
export async function planRun(db: Db, run: EconRunRow, workerId: string, wellIds: string[], size: number, now: Date) {
  if (wellIds.length === 0) return finishEmptyRun(db, econRuns, run.id, workerId, now);
  await planChunks(db, econRuns, run.id, run.attempts, wellIds, size, now);
}

/** One computed (or refused) well, ready to store. */
export interface WellResultRecord {
  wellId: string;
  wellName: string;
  comboName: string;
  oneLiner: EconOneLiner;
  monthly: PackedMonthly;
}

/**
 * Stores a chunk's wells' results and advances the run's progress, in one transaction, provided the
 * run is running and the chunk still this worker's (`lost`: another worker took it over). The last
 * chunk ends the run complete (`incomeTax` when any chunk's wells paid income tax).
 */
export async function storeWellResults(
  db: Db,
  chunk: Chunk,
  workerId: string,
  now: Date,
  results: readonly WellResultRecord[],
  incomeTax: boolean,
): Promise<'stored' | 'finished' | 'lost'> {
  const failed = results.filter((r) => r.oneLiner.status === 'failed').length;
  return storeChunk(
    db,
    econRuns,
    chunk,
    workerId,
    now,
    async (tx) => {
      await tx
        .update(econRuns)
        .set({
          wellsDone: sql`${econRuns.wellsDone} + ${results.length}`,
          wellsFailed: sql`${econRuns.wellsFailed} + ${failed}`,
        })
        .where(eq(econRuns.id, chunk.runId));
      if (results.length === 0) return;
      await tx.insert(econRunWells).values(
        results.map((r) => {
          const o = r.oneLiner;
          const ok = o.status === 'complete';
          return {
            runId: chunk.runId,
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
    },
    { flag: incomeTax, finishExtra: (any) => sql`, income_tax = ${any}` },
  );
}

/** Fails a running run with the reason (any process may). */
export const failRun = (db: Db, runId: string, error: string, now: Date): Promise<void> =>
  failChunkedRun(db, econRuns, runId, error, now);
