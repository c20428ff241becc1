import { ECON_MODEL_SPECS } from '@econ/contract';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { CompanyModelsStep } from '../../components/CompanyModelsStep';
import { NotFound } from '../../components/NotFound';
import { COMPANY } from '../../features/econModels/api/econModels';
import { EconModelPage, loadEconModel } from '../../features/econModels/components/EconModelPage';
import { isKind } from '../../features/econModels/model/kind';
import { EconModelSearch } from '../../features/econModels/model/listSearch';

/** One of the company's econ models: create (`new`), edit, copy (`new?copy=<id>`). */
export const Route = createFileRoute('/_app/econ-models/$kind/$modelId')({
  validateSearch: EconModelSearch,
  beforeLoad: ({ params }) => {
    if (!isKind(params.kind)) throw notFound();
  },
  // Its own: a route without one hands notFound() up to the layout, which would drop the frame.
  notFoundComponent: () => <NotFound />,
  loaderDeps: ({ search }) => ({ copy: search.copy }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    if (!isKind(params.kind)) throw notFound();
    await loadEconModel(queryClient, COMPANY, params.kind, params.modelId, deps.copy);
  },
  component: CompanyEconModelPage,
});

function CompanyEconModelPage() {
  const { kind: rawKind, modelId } = Route.useParams();
  const { copy } = Route.useSearch();
  const kind = isKind(rawKind) ? rawKind : 'depreciation';
  return (
    <EconModelPage
      scope={COMPANY}
      kind={kind}
      modelId={modelId}
      copy={copy}
      breadcrumb={[
        <CompanyModelsStep key="company" />,
        <Link key="kind" to="/econ-models/$kind" params={{ kind }} search={{}}>
          {ECON_MODEL_SPECS[kind].title} models
        </Link>,
      ]}
    />
  );
}
