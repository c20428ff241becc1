import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { stamps } from './columns';

/* The resources of spec part 2.10: projects, wells, forecasts and scenarios, with their well lists. */

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('projects_company_name_uq').on(t.companyId, t.name)],
);

export const wells = pgTable(
  'wells',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** Null for a company well (decision 047). */
    projectId: text('project_id').references(() => projects.id),
    wellName: text('well_name').notNull(),
    chosenId: text('chosen_id').notNull(),
    dataSource: text('data_source').notNull(),
    api14: text('api14'),
    county: text('county'),
    state: text('state'),
    firstProdDate: date('first_prod_date', { mode: 'string' }),
    perfLateralLength: doublePrecision('perf_lateral_length'),
    lateralLength: doublePrecision('lateral_length'),
    measuredDepth: doublePrecision('measured_depth'),
    trueVerticalDepth: doublePrecision('true_vertical_depth'),
    /** Every other header that is set, by name, as written (decision 047; `wellHeaderSql.ts`). */
    headers: jsonb('headers').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    // The production summary (decision 022), kept by the production writes in their transaction.
    firstProdDateDailyCalc: date('first_prod_date_daily_calc', { mode: 'string' }),
    lastProdDateDaily: date('last_prod_date_daily', { mode: 'string' }),
    firstProdDateMonthlyCalc: date('first_prod_date_monthly_calc', { mode: 'string' }),
    lastProdDateMonthly: date('last_prod_date_monthly', { mode: 'string' }),
    cumOil: doublePrecision('cum_oil'),
    cumGas: doublePrecision('cum_gas'),
    cumWater: doublePrecision('cum_water'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('wells_company_chosen_uq').on(t.companyId, t.chosenId, t.dataSource),
    index('wells_project_idx').on(t.projectId, t.id),
  ],
);

export const forecasts = pgTable(
  'forecasts',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['deterministic', 'probabilistic'] }).notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('forecasts_project_name_uq').on(t.projectId, t.name)],
);

export const forecastWells = pgTable(
  'forecast_wells',
  {
    forecastId: text('forecast_id')
      .notNull()
      .references(() => forecasts.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.forecastId, t.wellId] })],
);

export const scenarios = pgTable(
  'scenarios',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('scenarios_project_name_uq').on(t.projectId, t.name)],
);

export const scenarioWells = pgTable(
  'scenario_wells',
  {
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.scenarioId, t.wellId] })],
);
