import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { stamps } from './columns';
import { projects, scenarios, wells } from './resources';

/*
 * Econ lookup tables (issue 21, decision 052; service-shapes.md "Scenarios"): rules that pick econ
 * models for a well by its headers, and which wells of a scenario use which table. Not the
 * type-curve lookup tables of spec part 4.5 (`lookup_tables`).
 */

/**
 * A project's econ lookup table: `configuration` `{caseInsensitiveMatching, selectedHeaders,
 * selectedAssumptions}` and `rules` `[{filter: {header: value}, <assumption>: econModelId}]`, as
 * validated by the contract. Names are unique in the project; it goes with its project.
 */
export const econLookupTables = pgTable(
  'econ_lookup_tables',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    configuration: jsonb('configuration').notNull(),
    rules: jsonb('rules').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('econ_lookup_tables_project_name_uq').on(t.projectId, t.name)],
);

/**
 * The lookup table a well of a scenario uses under a qualifier (one per well and qualifier:
 * assigning another replaces it). Rows go with the scenario, the well or the table.
 */
export const scenarioLookupAssignments = pgTable(
  'scenario_lookup_assignments',
  {
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    qualifierName: text('qualifier_name').notNull(),
    lookupTableId: text('lookup_table_id')
      .notNull()
      .references(() => econLookupTables.id, { onDelete: 'cascade' }),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.scenarioId, t.wellId, t.qualifierName] }),
    index('scenario_lookup_assignments_table_idx').on(t.lookupTableId, t.scenarioId),
  ],
);
