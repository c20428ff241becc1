import { z } from 'zod';
import { DateString } from './common';
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
  /** What the admin calls it (set when created or uploaded, editable); null for credentials stored before names. */
  name: z.string().nullable(),
  /**
   * When this console last called the API with it (the API does not record a credential's use;
   * other clients' uses are not seen); null when the console has not used it.
   */
  lastUsedAt: z.string().nullable(),
});
export type VaultCredential = z.infer<typeof VaultCredential>;

/** A credential's name in the vault. */
export const CredentialName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, 'name must not be empty')
  .max(100, 'name must be at most 100 characters')
  .refine((s) => !s.includes('\u0000'), { message: 'name must not contain U+0000' });

/** `POST /bff/credentials`: the version and, optionally, the name. */
export const VaultCreateInput = z.object({
  version: z.enum(['v1', 'v2'], { error: 'version must be one of v1, v2' }),
  name: CredentialName.optional(),
});
export type VaultCreateInput = z.infer<typeof VaultCreateInput>;

/** `PATCH /bff/credentials/{id}`: a new name. */
export const VaultRenameInput = z.object({ name: CredentialName });
export type VaultRenameInput = z.infer<typeof VaultRenameInput>;

/** An active credential of the company at the API that is not in this console's vault. */
export const ApiOnlyCredential = z.object({
  id: z.string(),
  version: z.enum(['v1', 'v2']),
  principal: z.string(),
  createdAt: z.string(),
});
export type ApiOnlyCredential = z.infer<typeof ApiOnlyCredential>;

export const VaultList = z.object({
  credentials: z.array(VaultCredential),
  limit: z.number().int(),
  /** Active credentials of the company at the API when the console can ask it, else the vault's count. */
  activeCount: z.number().int(),
  canCreateThroughApi: z.boolean(),
  /**
   * When the API was asked: how many of the vault's credentials are active there, and the active
   * ones the vault does not hold (made at the API's admin routes or by another console, or uploaded
   * elsewhere). Null when the console cannot ask the API.
   */
  atApi: z.object({ inVault: z.number().int(), notInVault: z.array(ApiOnlyCredential) }).nullable(),
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

/** The writes the audit log records, by HTTP method (reads are not recorded). */
export const AUDIT_ACTIONS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** At most this many audit entries per page. */
export const AUDIT_TAKE_MAX = 500;

/**
 * The query of `GET /bff/audit`: one page, optionally only one user's writes, one action (method),
 * and the UTC days `from`..`to` (both included).
 */
export const AuditQuery = z
  .object({
    skip: z.coerce.number().int('skip must be an integer').min(0, 'skip must be 0 or more').default(0),
    take: z.coerce
      .number()
      .int('take must be an integer')
      .min(1, 'take must be at least 1')
      .max(AUDIT_TAKE_MAX, `take must be at most ${AUDIT_TAKE_MAX}`)
      .default(100),
    user: z.string().min(1, 'user must not be empty').max(100, 'user must be at most 100 characters').optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    from: DateString.optional(),
    to: DateString.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must be on or after from' });
export type AuditQuery = z.infer<typeof AuditQuery>;

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
