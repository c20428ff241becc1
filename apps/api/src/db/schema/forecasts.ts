import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { forecasts, wells } from './resources';

/* Forecast parameters (spec part 2.8): per well and phase, and the segments of each series. */

/** How one well and phase of a forecast is forecast (spec part 2.8): shared by its series. */
export const forecastPhases = pgTable(
  'forecast_phases',
  {
    forecastId: text('forecast_id')
      .notNull()
      .references(() => forecasts.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    forecastType: text('forecast_type', { enum: ['rate', 'ratio'] }).notNull(),
    basePhase: text('base_phase', { enum: ['oil', 'gas', 'water'] }),
    dataFrequency: text('data_frequency', { enum: ['daily', 'monthly'] }).notNull(),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.forecastId, t.wellId, t.phase] })],
);

/** The segments of one well, phase and series of a forecast: the list of spec part 2.8, validated and canonical. */
export const forecastSeries = pgTable(
  'forecast_series',
  {
    forecastId: text('forecast_id')
      .notNull()
      .references(() => forecasts.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    series: text('series', { enum: ['p10', 'p50', 'p90', 'best'] }).notNull(),
    segments: jsonb('segments').notNull(),
    segmentsCount: integer('segments_count').notNull(),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.forecastId, t.wellId, t.phase, t.series] })],
);
