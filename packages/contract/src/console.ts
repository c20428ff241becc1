import { z } from 'zod';
import { WELL_HEADER_NAMES, type WellHeaderName } from './wellHeaders';

/** Console roles: engineers edit, admins also administer, support only looks. */
export const Role = z.enum(['admin', 'engineer', 'support'], { error: 'role must be one of admin, engineer, support' });
export type Role = z.infer<typeof Role>;

export const LoginInput = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(100),
  password: z.string().min(1, 'Enter your password').max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const ConsoleUser = z.object({ id: z.string(), username: z.string(), role: Role });
export type ConsoleUser = z.infer<typeof ConsoleUser>;

export const SessionInfo = z.object({ user: ConsoleUser, csrfToken: z.string() });
export type SessionInfo = z.infer<typeof SessionInfo>;

export const UserCreate = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'username must be at least 3 characters')
    .max(64)
    .regex(/^[a-zA-Z0-9._@-]+$/, 'username may hold letters, digits and . _ @ -'),
  password: z.string().min(12, 'password must be at least 12 characters').max(200),
  role: Role,
});
export type UserCreate = z.infer<typeof UserCreate>;
export const UserUpdate = z.object({ role: Role });

export const UserView = ConsoleUser.extend({ createdAt: z.string(), updatedAt: z.string() });
export type UserView = z.infer<typeof UserView>;

/** A vault credential as the browser sees it: metadata only, never a secret. */
export const VaultCredential = z.object({
  id: z.string(),
  version: z.enum(['v1', 'v2']),
  principal: z.string(),
  source: z.enum(['upload', 'api']),
  upstreamId: z.string().optional(),
  active: z.boolean(),
  createdAt: z.string(),
  zipAvailable: z.boolean(),
});
export type VaultCredential = z.infer<typeof VaultCredential>;

export const VaultList = z.object({
  credentials: z.array(VaultCredential),
  limit: z.number().int(),
  activeCount: z.number().int(),
  canCreateThroughApi: z.boolean(),
});
export type VaultList = z.infer<typeof VaultList>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/* ------------------------------------------------------ user preferences */

/** At most this many columns in a saved well table. */
export const WELL_COLUMNS_MAX = 60;

/**
 * The console's per-user preferences, by key, each with the schema of its value (the BFF keeps
 * them, `GET`/`PUT`/`DELETE /bff/preferences/{key}`, for the signed-in user only).
 */
export const PREFERENCES = {
  /** The columns of the wells tables, in order: known header names, no repeats. */
  'wells.columns': z
    .array(z.enum(WELL_HEADER_NAMES as [WellHeaderName, ...WellHeaderName[]], { error: 'not a well header' }))
    .min(1, 'choose at least one column')
    .max(WELL_COLUMNS_MAX, `at most ${WELL_COLUMNS_MAX} columns`)
    .refine((a) => new Set(a).size === a.length, 'a column is listed twice'),
} as const;
export type PreferenceKey = keyof typeof PREFERENCES;
export const PREFERENCE_KEYS = Object.keys(PREFERENCES) as PreferenceKey[];
export const isPreferenceKey = (k: string): k is PreferenceKey => Object.hasOwn(PREFERENCES, k);

/** A saved preference as read back; `value` null when the user has saved none. */
export const Preference = z.object({ key: z.string(), value: z.unknown(), updatedAt: z.string().nullable() });
export type Preference = z.infer<typeof Preference>;
