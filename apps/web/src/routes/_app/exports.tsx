import { TAKE_MAX } from '@econ/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { sendAway } from '../../components/RouteNotice';
import { ExportsPage } from '../../features/exports/components/ExportsPage';
import { pagedSearch } from '../../lib/listSearch';

const Search = pagedSearch(TAKE_MAX, 10);

/** Exports (admins and engineers): Parquet files behind signed, expiring links. Support cannot create exports. */
export const Route = createFileRoute('/_app/exports')({
  validateSearch: Search,
  beforeLoad: ({ context }) => {
    if (context.user.role === 'support') throw sendAway('The exports page', 'admins and engineers', context.user.role);
  },
  component: ExportsRoute,
});

function ExportsRoute() {
  const { skip, take } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <ExportsPage skip={skip} take={take} onSkip={(s) => navigate({ search: (prev) => ({ ...prev, skip: s }) })} />;
}
