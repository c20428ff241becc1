import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns';

/* Companies, their API credentials, the token-signing keys, rate-limit windows and shared service secrets. */

export const companies = pgTable('companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The company's x-api-key. Kept because every credential ZIP carries it (spec 5 rule 7). */
  apiKey: text('api_key').notNull().unique(),
  createdAt: ts('created_at').notNull(),
});

export const credentials = pgTable(
  'credentials',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    version: text('version', { enum: ['v1', 'v2'] }).notNull(),
    status: text('status', { enum: ['active', 'revoked'] }).notNull(),
    /** v2: clientId (UUID). */
    clientId: text('client_id').unique(),
    /** v2: scrypt hash of the client secret (`scrypt$N$r$p$salt$hash`). */
    secretHash: text('secret_hash'),
    /** v1: the public half of the key pair, SPKI PEM. The private key is never stored. */
    publicKeyPem: text('public_key_pem'),
    /** v1: private_key_id, the `kid` of the client's tokens. */
    keyId: text('key_id').unique(),
    /** v1: client_email, the `iss` and `sub` of the client's tokens. */
    clientEmail: text('client_email'),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** sha256 of the one-time download link's id. */
    downloadId: text('download_id').notNull().unique(),
    downloadExpiresAt: ts('download_expires_at').notNull(),
    downloadedAt: ts('downloaded_at'),
    /** The ZIP, AES-256-GCM encrypted with a key that exists only in the download link; dropped once used. */
    downloadBlob: bytea('download_blob'),
  },
  (t) => [index('credentials_company_idx').on(t.companyId, t.status)],
);

/** The service's token-signing keys: shared by every replica. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: text('private_jwk').notNull(),
  publicJwk: text('public_jwk').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Fixed-window counters of the token endpoint's rate limits. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Secrets the service generates once and every replica shares (e.g. the export link key). */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull(),
});
