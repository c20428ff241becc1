import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { econRuns } from './econ';

/**
 * Monthly exports of an econ run (issue 20, decision 045; the service's `POST …/monthly-exports`):
 * a saved selection of the run's monthly rows, read page by page from the run's stored results
 * (which a complete run never changes), so an export holds no copy of the rows. It goes with its run.
 */
export const econMonthlyExports = pgTable(
  'econ_monthly_exports',
  {
    id: text('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => econRuns.id, { onDelete: 'cascade' }),
    /** The filters the export was created with (`{well?, comboName?}`). */
    filters: jsonb('filters').$type<{ well?: string; comboName?: string }>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('econ_monthly_exports_run_idx').on(t.runId, t.id)],
);
