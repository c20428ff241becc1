import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary columns (packed results, encrypted ZIPs). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at` and `updated_at`, both required: most tables have them. */
export const stamps = () => ({
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
