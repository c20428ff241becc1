import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { stamps, ts } from './columns';

/**
 * Exports (spec part 4.2): one row per `POST /v1/exports`. Progress is written here so any replica
 * answers `GET /v1/exports/{id}`; `files` is the list of generated files once complete.
 */
export const dataExports = pgTable(
  'exports',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** No foreign key: an export outlives a deleted project or forecast until it expires. */
    projectId: text('project_id').notNull(),
    exportType: text('export_type', {
      enum: [
        'econMonthlyExport',
        'dailyForecastVolumeExport',
        'monthlyForecastVolumeExport',
        'econWorkbookExport',
        // Made by the v2 export jobs only (decision 051).
        'forecastParametersExport',
        'econOneLinersExport',
      ],
    }).notNull(),
    fileType: text('file_type', { enum: ['parquet', 'xlsx'] }).notNull(),
    forecastId: text('forecast_id'),
    scenarioId: text('scenario_id'),
    econRunId: text('econ_run_id'),
    status: text('status', { enum: ['running', 'complete', 'failed', 'expired'] }).notNull(),
    rowsWritten: integer('rows_written').notNull().default(0),
    filesDone: integer('files_done').notNull().default(0),
    files: jsonb('files').$type<{ name: string; rows: number; bytes: number }[]>().notNull().default([]),
    expiresAt: ts('expires_at').notNull(),
    error: text('error'),
    ...stamps(),
  },
  (t) => [index('exports_company_idx').on(t.companyId, t.id), index('exports_expiry_idx').on(t.status, t.expiresAt)],
);
