import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { stamps } from './columns';
import { wells } from './resources';

/* Company-wide records of issue 21 (decision 053): tags, ownership qualifiers, the user directory. */

/** Tags (`/v1/tags`): a name unique in the company and a description. */
export const tags = pgTable(
  'tags',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...stamps(),
  },
  (t) => [uniqueIndex('tags_company_name_uq').on(t.companyId, t.name)],
);

/**
 * Ownership qualifiers (`/v1/ownership-qualifiers`): a well's ownership (the ownership-reversion
 * model's `ownership` object) under a qualifier key, one per well and key. They go with the well.
 */
export const ownershipQualifiers = pgTable(
  'ownership_qualifiers',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    qualifierKey: text('qualifier_key').notNull(),
    ownership: jsonb('ownership').notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('ownership_qualifiers_well_key_uq').on(t.wellId, t.qualifierKey),
    index('ownership_qualifiers_company_idx').on(t.companyId, t.id),
  ],
);

/**
 * The company's user directory (`/v1/users/roles`): the people who use the company's data, kept by
 * the operator (admin routes) or the console backend, which owns the sign-ins. Emails are unique
 * in the company.
 */
export const companyUsers = pgTable(
  'company_users',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('company_users_company_email_uq').on(t.companyId, t.email)],
);

/** A user's roles on one resource (`company`, a project, …): `roles` is a list of role names. */
export const userResourceRoles = pgTable(
  'user_resource_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => companyUsers.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resourceType, t.resourceId] })],
);
