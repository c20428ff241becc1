import { boolean, doublePrecision, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps, ts } from './columns';
import { forecasts, projects, wells } from './resources';

/* Type curves (spec part 2.9), their fits, normalizations and multipliers, lookup tables, and the V1→V2 switch-over. */

/**
 * Type curves (spec part 2.9). One row serves V1 and V2: ids are unchanged across the switch-over.
 * `wells` and `excludedWells` are ordered id lists (null when never sent: the key is left out on
 * read); `v1RegressionType` keeps the V1 curve-level field for the V1 routes.
 */
export const typeCurves = pgTable(
  'type_curves',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    forecastId: text('forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    forecastSeries: text('forecast_series', { enum: ['best', 'P10', 'P50', 'P90'] }),
    wells: jsonb('wells').$type<string[]>(),
    excludedWells: jsonb('excluded_wells').$type<string[]>(),
    v1RegressionType: text('v1_regression_type'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('type_curves_project_name_uq').on(t.projectId, t.name),
    index('type_curves_project_idx').on(t.projectId, t.id),
  ],
);

/** The fit of one phase of a type curve (spec part 2.9): the contract's stored `Fit`. */
export const typeCurveFits = pgTable(
  'type_curve_fits',
  {
    typeCurveId: text('type_curve_id')
      .notNull()
      .references(() => typeCurves.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    fit: jsonb('fit').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeCurveId, t.phase] })],
);

/** The normalization document of a type curve (spec part 2.9): all three phases. */
export const typeCurveNormalizations = pgTable('type_curve_normalizations', {
  typeCurveId: text('type_curve_id')
    .primaryKey()
    .references(() => typeCurves.id, { onDelete: 'cascade' }),
  document: jsonb('document').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Per-well normalization multipliers of a type curve and phase, from the last application of its
 * normalization. Never exposed (spec part 4.4 write rule 3); deleted when the phase is left empty.
 */
export const typeCurveMultipliers = pgTable(
  'type_curve_multipliers',
  {
    typeCurveId: text('type_curve_id')
      .notNull()
      .references(() => typeCurves.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    eur: doublePrecision('eur'),
    peak: doublePrecision('peak'),
    appliedAt: ts('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeCurveId, t.phase, t.wellId] })],
);

/**
 * Type-curve lookup tables (spec parts 2.9 and 4.4). `rules` holds the validated V2 rules; a rule
 * whose type curve is deleted loses its `typeCurve` key (write rule 4).
 */
export const lookupTables = pgTable(
  'lookup_tables',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    caseInsensitiveMatching: boolean('case_insensitive_matching').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    rules: jsonb('rules').notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('lookup_tables_project_name_uq').on(t.projectId, t.name),
    index('lookup_tables_project_idx').on(t.projectId, t.id),
  ],
);

/**
 * One-way switches the service has passed, shared by every replica: a row for `type-curves-v2`
 * once the clock reached SWITCHOVER_AT. Once present, V1 type-curve routes stay gone.
 */
export const switchovers = pgTable('switchovers', {
  name: text('name').primaryKey(),
  at: ts('at').notNull(),
});
