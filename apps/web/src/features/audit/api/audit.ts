import { type AuditAction, AuditEntry, Project, UserView, VaultList } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, http, type Page } from '../../../lib/http';

/** A page of the audit log and its filters (the BFF filters: `user`, `action`, UTC days `from`..`to`). */
export interface AuditParams {
  skip: number;
  take: number;
  user?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The query string of a page: its filters when set. */
export function auditSearch(p: AuditParams): URLSearchParams {
  const q = new URLSearchParams({ skip: String(p.skip), take: String(p.take) });
  for (const key of ['user', 'action', 'from', 'to'] as const) {
    const v = p[key];
    if (v) q.set(key, v);
  }
  return q;
}

/** One page of the audit log, newest first; the total of the filtered log comes in `X-Query-Count`. */
export async function getAudit(p: AuditParams): Promise<Page<AuditEntry>> {
  const res = await http(`/bff/audit?${auditSearch(p)}`);
  const items = AuditEntry.array().parse(await res.json());
  const total = Number(res.headers.get('x-query-count') ?? p.skip + items.length);
  return { items, total, hasNext: p.skip + items.length < total };
}

export const auditQuery = (p: AuditParams) =>
  queryOptions({ queryKey: ['audit', p], queryFn: () => getAudit(p), placeholderData: keepPreviousData });

/** The usernames the log holds (the user filter's choices). */
export const auditUsersQuery = queryOptions({
  queryKey: ['audit', 'users'],
  queryFn: () => getJson('/bff/audit/users', z.array(z.string())),
});

/**
 * Names for the ids in recorded paths: the projects (the API's first 200), the console's users and
 * the vault's credentials. Whatever cannot be read is left out (the id shows shortened instead).
 */
export const auditNamesQuery = queryOptions({
  queryKey: ['audit', 'names'],
  queryFn: async (): Promise<Map<string, string>> => {
    const [projects, users, vault] = await Promise.allSettled([
      getJson('/api/v1/projects?take=200&sort=name', Project.array()),
      getJson('/bff/users', UserView.array()),
      getJson('/bff/credentials', VaultList),
    ]);
    const names = new Map<string, string>();
    if (projects.status === 'fulfilled') for (const p of projects.value) names.set(p.id, p.name);
    if (users.status === 'fulfilled') for (const u of users.value) names.set(u.id, u.username);
    if (vault.status === 'fulfilled') {
      for (const c of vault.value.credentials) names.set(c.id, c.name ?? c.principal);
    }
    return names;
  },
  staleTime: 60_000,
});
