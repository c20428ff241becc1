import { sql } from 'drizzle-orm';
import { customType, integer, type PgColumn, text, timestamp } from 'drizzle-orm/pg-core';

/** Binary columns (packed results, encrypted ZIPs). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The database's `to_char` format of an ISO 8601 timestamp in UTC, as `Date.toISOString` writes it. */
export const ISO_TIMESTAMP_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A timestamp column read as its ISO 8601 text, formatted by the database: a hot list reads its
 * rows' stamps without a `Date` parsed and formatted again per value (issue 23's gate target).
 */
export const isoText = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_TIMESTAMP_FORMAT)})`;

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
