import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { jobColumns, stamps } from './columns';
import { forecasts, projects } from './resources';

/* Auto-forecast (issue 18): saved fit settings, and forecast runs with their per-well results. */

/** Saved auto-forecast settings of a company (`/v1/forecast-configurations`); names unique per company. */
export const forecastConfigurations = pgTable(
  'forecast_configurations',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    settings: jsonb('settings').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('forecast_configurations_name_idx').on(t.companyId, t.name)],
);

/**
 * A forecast run: a job (claimed by any API process, like econ runs) fitting wells of a forecast.
 * `well_ids` are the wells to fit, fixed when the run is queued (every well of the forecast unless
 * the request named some).
 */
export const forecastRuns = pgTable(
  'forecast_runs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    forecastId: text('forecast_id')
      .notNull()
      .references(() => forecasts.id, { onDelete: 'cascade' }),
    configurationId: text('configuration_id').references(() => forecastConfigurations.id, { onDelete: 'set null' }),
    ...jobColumns(),
    /** The effective settings (validated ForecastSettings). */
    settings: jsonb('settings').notNull(),
    /** The wells to fit, fixed when the run is queued. */
    wellIds: jsonb('well_ids').notNull(),
    wellsTotal: integer('wells_total').notNull().default(0),
    wellsDone: integer('wells_done').notNull().default(0),
    wellsFitted: integer('wells_fitted').notNull().default(0),
    wellsSkipped: integer('wells_skipped').notNull().default(0),
    wellsFailed: integer('wells_failed').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('forecast_runs_forecast_idx').on(t.forecastId, t.id),
    index('forecast_runs_status_idx').on(t.status, t.createdAt),
  ],
);

/** What a run did to one well: per phase fitted, skipped or failed, with the reason and the fit's quality. */
export const forecastRunWells = pgTable(
  'forecast_run_wells',
  {
    runId: text('run_id')
      .notNull()
      .references(() => forecastRuns.id, { onDelete: 'cascade' }),
    wellId: text('well_id').notNull(),
    wellName: text('well_name').notNull(),
    status: text('status', { enum: ['fitted', 'skipped', 'failed'] }).notNull(),
    phases: jsonb('phases').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.wellId] })],
);
