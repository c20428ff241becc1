import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import { jobChunks } from '../db/schema';
import { MAX_ATTEMPTS } from './queue';

/*
 * The chunks of a run (decision 055): the process that claims a run from its queue (`queue.ts`)
 * plans it, splitting its wells into chunks stored in `job_chunks`; then every API process claims
 * chunks of running runs (FOR UPDATE SKIP LOCKED), computes them and stores each chunk's results
 * with its completion and the run's progress in one transaction. A chunk whose process went silent
 * is taken by another (after `jobChunkStaleMs`); the completion of the last chunk ends the run, in
 * the same transaction. A complete run keeps its chunks (who computed what); a failed or deleted
 * run's are dropped. Completions of one run are serialized by a lock on the run's row, so
 * exactly one of them sees no chunk left.
 */

/** A claimed chunk. */
export interface Chunk {
  runId: string;
  chunkNo: number;
  /** The run's attempt that planned it. */
  plan: number;
  wellIds: string[];
  attempts: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The queue name of a job table's chunks: the table's name. */
const queueOf = (table: PgTable) => getTableName(table);

/**
 * Splits `wellIds` into chunks of `size` for the run's attempt `plan`, replacing any chunks it had;
 * returns how many.
 */
export async function planChunks(
  db: Db,
  table: PgTable,
  runId: string,
  plan: number,
  wellIds: readonly string[],
  size: number,
  now: Date,
): Promise<number> {
  const queue = queueOf(table);
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM ${jobChunks} WHERE queue = ${queue} AND run_id = ${runId}`);
    const rows = [];
    for (let at = 0, no = 0; at < wellIds.length; at += size, no++)
      rows.push({
        queue,
        runId,
        chunkNo: no,
        plan,
        wellIds: wellIds.slice(at, at + size),
        createdAt: now,
        updatedAt: now,
      });
    for (let at = 0; at < rows.length; at += 1000) await tx.insert(jobChunks).values(rows.slice(at, at + 1000));
    return rows.length;
  });
}

/**
 * Takes the next chunk of a running run of this queue for `workerId`: a pending one, or one whose
 * worker went silent before `staleBefore` with attempts left (oldest run first, in chunk order).
 */
export async function claimChunk(
  db: Db,
  table: PgTable,
  workerId: string,
  now: Date,
  staleBefore: Date,
): Promise<Chunk | null> {
  const queue = queueOf(table);
  const at = now.toISOString();
  const rows = await db.execute(sql`
    UPDATE ${jobChunks} SET status = 'running', worker_id = ${workerId}, heartbeat_at = ${at},
      attempts = attempts + 1, updated_at = ${at}
    WHERE (queue, run_id, chunk_no) = (
      SELECT c.queue, c.run_id, c.chunk_no FROM ${jobChunks} c
      JOIN ${table} r ON r.id = c.run_id AND r.status = 'running'
      WHERE c.queue = ${queue}
        AND (c.status = 'pending'
          OR (c.status = 'running' AND c.heartbeat_at < ${staleBefore.toISOString()} AND c.attempts < ${MAX_ATTEMPTS}))
      ORDER BY c.created_at, c.run_id, c.chunk_no
      LIMIT 1
      FOR UPDATE OF c SKIP LOCKED
    )
    RETURNING run_id, chunk_no, plan, well_ids, attempts`);
  const row = rowsOf<{
    run_id: string;
    chunk_no: number;
    plan: number;
    well_ids: string[] | string;
    attempts: number;
  }>(rows)[0];
  if (!row) return null;
  const wellIds = typeof row.well_ids === 'string' ? (JSON.parse(row.well_ids) as string[]) : row.well_ids;
  return { runId: row.run_id, chunkNo: row.chunk_no, plan: row.plan, wellIds, attempts: row.attempts };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Stores a chunk this worker holds, in one transaction: locks the run's row (completions of a run
 * take turns; the run must still be running on the attempt that planned the chunk), marks the chunk complete (with `flag`), runs `write` (the results and the run's
 * progress), and when no chunk of the run is left ends the run complete (`finishExtra` gets
 * whether any chunk was flagged and gives extra `SET` clauses); the complete chunks stay as the
 * record of which process computed which wells until the run is deleted. Returns
 * `lost` (nothing written) when the run is no longer running or the chunk no longer this worker's.
 */
export async function storeChunk(
  db: Db,
  table: PgTable,
  chunk: Chunk,
  workerId: string,
  now: Date,
  write: (tx: Tx) => Promise<void>,
  options: { flag?: boolean; finishExtra?: (anyFlag: boolean) => SQL } = {},
): Promise<'stored' | 'finished' | 'lost'> {
  const queue = queueOf(table);
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const run = rowsOf(
      await tx.execute(sql`
        SELECT id FROM ${table} WHERE id = ${chunk.runId} AND status = 'running' AND attempts = ${chunk.plan}
        FOR UPDATE`),
    );
    if (run.length === 0) return 'lost';
    const held = rowsOf(
      await tx.execute(sql`
        UPDATE ${jobChunks} SET status = 'complete', flag = ${options.flag ?? false}, heartbeat_at = ${at}, updated_at = ${at}
        WHERE queue = ${queue} AND run_id = ${chunk.runId} AND chunk_no = ${chunk.chunkNo}
          AND worker_id = ${workerId} AND status = 'running'
        RETURNING chunk_no`),
    );
    if (held.length === 0) return 'lost';
    await write(tx);
    const [left] = rowsOf<{ left: number | string; flagged: boolean | null }>(
      await tx.execute(sql`
        SELECT count(*) FILTER (WHERE status <> 'complete') AS left, bool_or(flag) AS flagged
        FROM ${jobChunks} WHERE queue = ${queue} AND run_id = ${chunk.runId}`),
    );
    if (Number(left?.left ?? 0) > 0) {
      await tx.execute(sql`UPDATE ${table} SET heartbeat_at = ${at}, updated_at = ${at} WHERE id = ${chunk.runId}`);
      return 'stored';
    }
    const extra = options.finishExtra?.(left?.flagged === true) ?? sql``;
    await tx.execute(sql`
      UPDATE ${table} SET status = 'complete', worker_id = ${workerId}, finished_at = ${at}, updated_at = ${at},
        heartbeat_at = ${at} ${extra}
      WHERE id = ${chunk.runId}`);
    return 'finished';
  });
}

/** Ends a running run complete at once (it has no wells to compute) and drops its chunks. */
export async function finishEmptyRun(
  db: Db,
  table: PgTable,
  runId: string,
  workerId: string,
  now: Date,
  extra = sql``,
) {
  const at = now.toISOString();
  await db.execute(sql`
    UPDATE ${table} SET status = 'complete', worker_id = ${workerId}, finished_at = ${at}, updated_at = ${at},
      heartbeat_at = ${at} ${extra}
    WHERE id = ${runId} AND status = 'running'`);
}

/** Fails a running run with the reason (whichever process finds it) and drops its chunks. */
export async function failChunkedRun(db: Db, table: PgTable, runId: string, error: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE ${table} SET status = 'failed', finished_at = ${at}, updated_at = ${at}, error = ${error}
      WHERE id = ${runId} AND status = 'running'`);
    await tx.execute(sql`DELETE FROM ${jobChunks} WHERE queue = ${queueOf(table)} AND run_id = ${runId}`);
  });
}

/**
 * Fails the runs of which a chunk's workers went silent MAX_ATTEMPTS times (`noun` names the run
 * in the error), and drops the chunks of deleted runs and the unfinished chunks of ended runs.
 */
export async function failAbandonedChunks(
  db: Db,
  table: PgTable,
  noun: string,
  now: Date,
  staleBefore: Date,
): Promise<number> {
  const queue = queueOf(table);
  const at = now.toISOString();
  const failed = rowsOf(
    await db.execute(sql`
      UPDATE ${table} SET status = 'failed', finished_at = ${at}, updated_at = ${at},
        error = ${`a part of the ${noun} was interrupted ${MAX_ATTEMPTS} times (its API process stopped); start it again`}
      WHERE status = 'running' AND id IN (
        SELECT run_id FROM ${jobChunks}
        WHERE queue = ${queue} AND status = 'running' AND heartbeat_at < ${staleBefore.toISOString()}
          AND attempts >= ${MAX_ATTEMPTS})
      RETURNING id`),
  );
  await db.execute(sql`
    DELETE FROM ${jobChunks} c WHERE c.queue = ${queue}
      AND NOT EXISTS (
        SELECT 1 FROM ${table} r WHERE r.id = c.run_id AND (r.status = 'running' OR c.status = 'complete'))`);
  return failed.length;
}

/**
 * At the start of the only process a database can have (PGlite): every running chunk lost its
 * worker and is pending again (the run goes on); a running run that has no chunks yet (its
 * planner stopped) is queued again. Returns the runs queued again.
 */
export async function requeueOrphanedChunkedRuns(db: Db, table: PgTable, now: Date): Promise<number> {
  const queue = queueOf(table);
  const at = now.toISOString();
  await db.execute(sql`
    UPDATE ${jobChunks} SET status = 'pending', worker_id = NULL, updated_at = ${at}
    WHERE queue = ${queue} AND status = 'running'`);
  const rows = await db.execute(sql`
    UPDATE ${table} r SET status = 'pending', worker_id = NULL, updated_at = ${at}
    WHERE r.status = 'running'
      AND NOT EXISTS (SELECT 1 FROM ${jobChunks} c WHERE c.queue = ${queue} AND c.run_id = r.id)
    RETURNING id`);
  return rowsOf(rows).length;
}

/** Drops the chunks of the runs `runIds` selects (deleting them); call it in their transaction. */
export async function deleteRunChunks(tx: Tx, table: PgTable, runIds: SQL): Promise<void> {
  await tx.execute(sql`DELETE FROM ${jobChunks} WHERE queue = ${queueOf(table)} AND run_id IN (${runIds})`);
}
