import { sql } from 'drizzle-orm';
import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Binary columns (packed results, encrypted ZIPs). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at` and `updated_at`, both required: most tables have them. */
export const stamps = () => ({
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * The columns of a job table (econ runs, forecast runs; `jobs/queue.ts`): its status, attempts,
 * the worker holding it and its last sign of life, when it started and finished, and why it failed.
 */
export const jobColumns = () => ({
  status: text('status', { enum: ['pending', 'running', 'complete', 'failed'] })
    .notNull()
    .default(sql`'pending'`),
  /** Attempts to process the job (a job whose worker died is taken up again, at most MAX_ATTEMPTS times). */
  attempts: integer('attempts').notNull().default(0),
  /** The process holding it, and its last sign of life (a silent worker's job is taken up again). */
  workerId: text('worker_id'),
  heartbeatAt: ts('heartbeat_at'),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  error: text('error'),
});
