import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Pager } from '../../components/Pager';
import { sendAway } from '../../components/RouteNotice';
import { auditQuery } from '../../features/audit/api/audit';
import { pagedSearch } from '../../lib/listSearch';

const Search = pagedSearch(500, 50);

/** The audit log (admins): every write through the console, newest first. */
export const Route = createFileRoute('/_app/audit')({
  validateSearch: Search,
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'admin') throw sendAway('The audit log', 'admins', context.user.role);
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(auditQuery(deps)),
  component: AuditPage,
});

function AuditPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(auditQuery(search));
  return (
    <>
      <h1>Audit log</h1>
      <table aria-label="Audit log">
        <thead>
          <tr>
            <th>When</th>
            <th>User</th>
            <th>Method</th>
            <th>Path</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.at).toLocaleString()}</td>
              <td>{e.username ?? <span className="muted">(signed out)</span>}</td>
              <td>{e.method}</td>
              <td>
                <code>{e.path}</code>
              </td>
              <td>{e.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        skip={search.skip}
        take={search.take}
        total={data.total}
        hasNext={data.hasNext}
        onSkip={(skip) => navigate({ search: { ...search, skip } })}
      />
    </>
  );
}
