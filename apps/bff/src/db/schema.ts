import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Console users: local accounts with one role. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** scrypt hash (`scrypt$N$r$p$salt$hash`). */
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['admin', 'engineer', 'support'] }).notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Server-side sessions; the cookie holds a random token, the table its sha256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per key (`user:<name>` and `ip:<address>`), for slowing guessing down. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastFailureAt: ts('last_failure_at').notNull(),
});

/** The credential vault: secrets sealed with AES-256-GCM (key from BFF_SECRET_KEY or the key file). */
export const vaultCredentials = pgTable('vault_credentials', {
  id: text('id').primaryKey(),
  version: text('version', { enum: ['v1', 'v2'] }).notNull(),
  /** v2 clientId or v1 client_email: shown to admins. */
  principal: text('principal').notNull(),
  /** v1 project_id (the company id at our API); null when unknown. */
  companyId: text('company_id'),
  /** The credential's id at the API when the console created it there. */
  upstreamId: text('upstream_id'),
  /** Sealed JSON of the secret part (clientSecret, or private key and key id) and the API key. */
  sealed: text('sealed').notNull(),
  /** Sealed one-time copy of the ZIP, offered once to the admin who created it through the API. */
  sealedZip: text('sealed_zip'),
  zipExpiresAt: ts('zip_expires_at'),
  source: text('source', { enum: ['upload', 'api'] }).notNull(),
  active: integer('active').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  /** The admin's name for it; null for credentials stored before names existed. */
  name: text('name'),
  /** When the console last called the API with it (recorded at most once a minute). */
  lastUsedAt: ts('last_used_at'),
});

/** Every write through the console: who, when, method, path, status. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: ts('at').notNull(),
    userId: text('user_id'),
    username: text('username'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/** Each user's console preferences (`wells.columns`…), one JSON value per key; gone with the user. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
