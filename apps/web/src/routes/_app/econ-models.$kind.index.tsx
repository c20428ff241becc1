import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { CompanyModelsStep } from '../../components/CompanyModelsStep';
import { NotFound } from '../../components/NotFound';
import { COMPANY } from '../../features/econModels/api/econModels';
import { EconModelsPage, loadEconModels } from '../../features/econModels/components/EconModelsPage';
import { isKind } from '../../features/econModels/model/kind';
import { EconModelsSearch } from '../../features/econModels/model/listSearch';

/** The company's econ models of one kind (shared by its projects): the project list page on `/v1/econ-models`. */
export const Route = createFileRoute('/_app/econ-models/$kind/')({
  validateSearch: EconModelsSearch,
  beforeLoad: ({ params }) => {
    if (!isKind(params.kind)) throw notFound();
  },
  // Its own: a route without one hands notFound() up to the layout, which would drop the frame.
  notFoundComponent: () => <NotFound />,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) => {
    if (!isKind(params.kind)) throw notFound();
    return loadEconModels(queryClient, COMPANY, params.kind, deps);
  },
  component: CompanyEconModelsPage,
});

function CompanyEconModelsPage() {
  const { kind: rawKind } = Route.useParams();
  const kind = isKind(rawKind) ? rawKind : 'depreciation';
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <EconModelsPage
      key={kind}
      scope={COMPANY}
      kind={kind}
      search={search}
      onSearch={(next) => navigate({ search: next })}
      breadcrumb={[<CompanyModelsStep key="company" />]}
    />
  );
}
