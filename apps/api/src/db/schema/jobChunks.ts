import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { stamps, ts } from './columns';

/**
 * The chunks of a running job (econ runs, forecast runs; `jobs/chunks.ts`, decision 055): the
 * run's wells split into parts that any API process claims (FOR UPDATE SKIP LOCKED), so a large
 * run is computed by every replica at once and a crashed process loses only its chunk. `queue`
 * names the job table (`econ_runs`, `forecast_runs`); the rows of a run are deleted when it ends.
 */
export const jobChunks = pgTable(
  'job_chunks',
  {
    queue: text('queue').notNull(),
    runId: text('run_id').notNull(),
    chunkNo: integer('chunk_no').notNull(),
    /** The run's attempt that planned the chunk: a chunk of an earlier plan is never stored. */
    plan: integer('plan').notNull(),
    /** The chunk's well ids, in the order they are computed. */
    wellIds: jsonb('well_ids').$type<string[]>().notNull(),
    status: text('status', { enum: ['pending', 'running', 'complete'] })
      .notNull()
      .default('pending'),
    workerId: text('worker_id'),
    heartbeatAt: ts('heartbeat_at'),
    attempts: integer('attempts').notNull().default(0),
    /** A fact the run's end reads over its chunks (econ runs: some well paid income tax). */
    flag: boolean('flag').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.queue, t.runId, t.chunkNo] }),
    index('job_chunks_claim_idx').on(t.queue, t.status, t.createdAt),
  ],
);
