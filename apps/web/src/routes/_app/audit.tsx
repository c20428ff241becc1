import { AUDIT_ACTIONS, AUDIT_TAKE_MAX, DateString } from '@econ/contract';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Pager } from '../../components/Pager';
import { sendAway } from '../../components/RouteNotice';
import { auditNamesQuery, auditQuery } from '../../features/audit/api/audit';
import { AuditFilters, type AuditFilterValues } from '../../features/audit/components/AuditFilters';
import { AuditTable } from '../../features/audit/components/AuditTable';
import { pagedSearch } from '../../lib/listSearch';

/** The page and its filters in the address; a value the BFF would refuse falls back to none. */
const Search = pagedSearch(AUDIT_TAKE_MAX, 50).extend({
  user: z.string().min(1).max(100).optional().catch(undefined),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  from: DateString.optional().catch(undefined),
  to: DateString.optional().catch(undefined),
});

/** The audit log (admins): every write through the console, newest first, filtered by user, action and day. */
export const Route = createFileRoute('/_app/audit')({
  validateSearch: Search,
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'admin') throw sendAway('The audit log', 'admins', context.user.role);
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(auditQuery(deps)),
  component: AuditPage,
});

function AuditPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const log = useQuery(auditQuery(search));
  const names = useQuery(auditNamesQuery);
  // From the address as it is now: a change made while the last one still loads keeps it.
  const filter = (patch: AuditFilterValues) => navigate({ search: (prev) => ({ ...prev, ...patch, skip: 0 }) });
  const clear = () => navigate({ search: (prev) => ({ skip: 0, take: prev.take }) });
  return (
    <>
      <h1>Audit log</h1>
      <AuditFilters
        values={{ user: search.user, action: search.action, from: search.from, to: search.to }}
        onChange={filter}
        onClear={clear}
      />
      <ErrorBanner error={log.error} />
      {log.isPending ? (
        <p className="muted" role="status">
          Loading the audit log…
        </p>
      ) : (
        log.data && (
          <>
            <AuditTable entries={log.data.items} names={names.data ?? new Map()} />
            <Pager
              skip={search.skip}
              take={search.take}
              total={log.data.total}
              hasNext={log.data.hasNext}
              onSkip={(skip) => navigate({ search: { ...search, skip } })}
            />
          </>
        )
      )}
    </>
  );
}
