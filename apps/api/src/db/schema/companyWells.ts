import { index, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { ts } from './columns';
import { forecasts, projects, wells } from './resources';

/* Company wells in projects, well comments and custom column labels (issue 21, decision 047). */

/** The company wells attached to a project (`/v1/projects/{p}/company-wells`). */
export const projectCompanyWells = pgTable(
  'project_company_wells',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.wellId] }), index('project_company_wells_well_idx').on(t.wellId)],
);

export const wellComments = pgTable(
  'well_comments',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    forecastId: text('forecast_id').references(() => forecasts.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('well_comments_company_idx').on(t.companyId, t.createdAt, t.id)],
);

/** Labels of custom fields, for the company (project null) or one project. */
export const customColumnLabels = pgTable(
  'custom_column_labels',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    headerName: text('header_name').notNull(),
    label: text('label').notNull(),
  },
  (t) => [
    unique('custom_column_labels_uq').on(t.companyId, t.projectId, t.collection, t.headerName).nullsNotDistinct(),
  ],
);
