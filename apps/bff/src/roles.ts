import type { Role } from '@econ/contract';

export type { Role };

/** What a console request touches, for the role rules. */
export type RouteFamily = 'data' | 'exports' | 'credentials' | 'users' | 'audit' | 'session' | 'preferences';

const READ = new Set(['GET', 'HEAD']);

/** The family of a console path (`/api/...` proxied to the API, `/bff/...` the console's own). */
export function familyOf(path: string): RouteFamily {
  if (path.startsWith('/bff/credentials')) return 'credentials';
  if (path.startsWith('/bff/users')) return 'users';
  if (path.startsWith('/bff/audit')) return 'audit';
  if (path.startsWith('/bff/session')) return 'session';
  if (path.startsWith('/bff/preferences')) return 'preferences';
  if (/^\/api\/v\d+\/exports(?:\/|$)/.test(path)) return 'exports';
  if (path.startsWith('/downloads/exports/')) return 'exports';
  return 'data';
}

/**
 * The role rules, enforced on the server for every request:
 * - support: reads only (GET/HEAD), never credentials, users or the audit log;
 * - engineer: reads and writes data; may create exports (`POST`) and read them, nothing else on
 *   exports (no export administration), never credentials, users or the audit log;
 * - admin: everything;
 * - every role: its own session and its own preferences.
 */
export function allowed(role: Role, family: RouteFamily, method: string): boolean {
  const m = method.toUpperCase();
  // Sessions and preferences are the caller's own (preferences: every role keeps its own).
  if (family === 'session' || family === 'preferences') return true;
  if (role === 'admin') return true;
  if (family === 'credentials' || family === 'users' || family === 'audit') return false;
  if (role === 'support') return READ.has(m);
  if (family === 'exports') return READ.has(m) || m === 'POST';
  return true;
}
