import { TAKE_MAX } from '@econ/contract';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { ExportsPage } from '../../features/exports/components/ExportsPage';
import { pagedSearch } from '../../lib/listSearch';

const Search = pagedSearch(TAKE_MAX, 10);

/** Exports (admins and engineers): Parquet files behind signed, expiring links. Support cannot create exports. */
export const Route = createFileRoute('/_app/exports')({
  validateSearch: Search,
  beforeLoad: ({ context }) => {
    if (context.user.role === 'support') throw redirect({ to: '/projects' });
  },
  component: ExportsRoute,
});

function ExportsRoute() {
  const { skip, take } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <ExportsPage skip={skip} take={take} onSkip={(s) => navigate({ search: (prev) => ({ ...prev, skip: s }) })} />;
}
