import { AuditEntry } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, type Page } from '../../../lib/http';

export interface AuditParams {
  skip: number;
  take: number;
}

/** One page of the audit log, newest first; the total comes with it in `X-Query-Count`. */
export async function getAudit(p: AuditParams): Promise<Page<AuditEntry>> {
  const res = await http(`/bff/audit?${new URLSearchParams({ skip: String(p.skip), take: String(p.take) })}`);
  const items = AuditEntry.array().parse(await res.json());
  const total = Number(res.headers.get('x-query-count') ?? p.skip + items.length);
  return { items, total, hasNext: p.skip + items.length < total };
}

export const auditQuery = (p: AuditParams) =>
  queryOptions({ queryKey: ['audit', p], queryFn: () => getAudit(p), placeholderData: keepPreviousData });
