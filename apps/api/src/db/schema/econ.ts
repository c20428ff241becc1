import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { bytea, jobColumns, stamps, ts } from './columns';
import { forecasts, projects, scenarios, wells } from './resources';

/* Econ models (spec parts 2.1–2.7), their assignments in scenarios, and econ runs with their per-well results. */

/**
 * Econ models of every kind (spec parts 2.1–2.7). `scope` is the project id for project models and
 * `company` for company models; names are unique per company, scope and kind. `functions` holds
 * the kind's validated econ function objects (read-only fields are computed on read).
 */
export const econModels = pgTable(
  'econ_models',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    scope: text('scope').notNull(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    tags: jsonb('tags').notNull(),
    unique: boolean('unique').notNull(),
    copiedFrom: text('copied_from'),
    /** Probabilistic CAPEX: read-only through the API (spec part 2.7). */
    readOnly: boolean('read_only').notNull().default(false),
    functions: jsonb('functions').notNull(),
    createdBy: text('created_by').notNull(),
    lastUpdatedBy: text('last_updated_by').notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('econ_models_scope_name_uq').on(t.companyId, t.scope, t.kind, t.name),
    index('econ_models_scope_idx').on(t.companyId, t.scope, t.kind, t.id),
  ],
);

/**
 * Scenario assignments (issue 8): which econ model of each kind applies to a well of a scenario,
 * per qualifier. The primary key makes it one model per kind, well and qualifier in a scenario:
 * assigning another model of the kind replaces the row. Rows go with the scenario, the well or the model.
 */
export const scenarioAssignments = pgTable(
  'scenario_assignments',
  {
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    qualifierName: text('qualifier_name').notNull(),
    econModelId: text('econ_model_id')
      .notNull()
      .references(() => econModels.id, { onDelete: 'cascade' }),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.scenarioId, t.wellId, t.kind, t.qualifierName] }),
    index('scenario_assignments_model_idx').on(t.econModelId, t.scenarioId, t.qualifierName),
  ],
);

export const econRuns = pgTable(
  'econ_runs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id),
    ...jobColumns(),
    runDate: ts('run_date').notNull(),
    /** The forecast whose best series the run reads (null for runs made before runs were computed here). */
    forecastId: text('forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    /** Qualifier per econ model kind (a run of one combo, `default`). */
    qualifiers: jsonb('qualifiers').notNull().default(sql`'{}'::jsonb`),
    /**
     * The combos the run computes, `[{comboName, qualifiers: {kind: qualifierName}}]` (decision 044);
     * empty for a run of one combo named `default` with `qualifiers`.
     */
    combos: jsonb('combos').notNull().default(sql`'[]'::jsonb`),
    wellsTotal: integer('wells_total').notNull().default(0),
    wellsDone: integer('wells_done').notNull().default(0),
    wellsFailed: integer('wells_failed').notNull().default(0),
    incomeTax: boolean('income_tax').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    index('econ_runs_scenario_idx').on(t.scenarioId, t.id),
    index('econ_runs_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The result of one well of an econ run: its one-liner (JSON, with sortable copies of the figures
 * lists sort by) and its monthly rows packed column by column as float64 (`monthly`: months ×
 * columns values, the run's column list in `columns`), months consecutive from `first_month`.
 */
export const econRunWells = pgTable(
  'econ_run_wells',
  {
    runId: text('run_id')
      .notNull()
      .references(() => econRuns.id, { onDelete: 'cascade' }),
    /** The combo of the run these results are of (`default` for a run of one combo). */
    comboName: text('combo_name').notNull().default('default'),
    wellId: text('well_id').notNull(),
    wellName: text('well_name').notNull(),
    status: text('status', { enum: ['complete', 'failed'] }).notNull(),
    oneLiner: jsonb('one_liner').notNull(),
    firstDiscountNpv: doublePrecision('first_discount_npv'),
    secondDiscountNpv: doublePrecision('second_discount_npv'),
    bfit: doublePrecision('bfit'),
    irr: doublePrecision('irr'),
    econLimitDate: date('econ_limit_date', { mode: 'string' }),
    firstMonth: date('first_month', { mode: 'string' }),
    months: integer('months').notNull(),
    /** Names of the packed columns, in order. */
    columns: jsonb('columns').notNull(),
    monthly: bytea('monthly').notNull(),
    /**
     * The row's id as the service's clients address a one-liner (`…/one-liners/{id}`): 24 hex
     * characters derived from run, combo and well (decision 045; `resultRowId` computes the same).
     */
    id: text('id').notNull().generatedAlwaysAs(sql`substr(md5(run_id || '/' || combo_name || '/' || well_id), 1, 24)`),
  },
  (t) => [primaryKey({ columns: [t.runId, t.comboName, t.wellId] }), index('econ_run_wells_id_idx').on(t.runId, t.id)],
);

/**
 * Qualifiers of a scenario (issue 20): the named alternatives of each econ model kind
 * (`default` always exists; names in assignments exist too). PUT renames a qualifier here and in
 * the assignments; DELETE drops it and its assignments.
 */
export const scenarioQualifiers = pgTable(
  'scenario_qualifiers',
  {
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.scenarioId, t.kind, t.name] })],
);

/**
 * Saved combos of a scenario (issue 20; service-shapes.md "Econ runs and results"): under a saved
 * name, a list of combos, each a qualifier per assumption, `selected` for the runs that take the
 * saved set.
 */
export const scenarioCombos = pgTable(
  'scenario_combos',
  {
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    savedName: text('saved_name').notNull(),
    combos: jsonb('combos').notNull(),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.scenarioId, t.savedName] })],
);
