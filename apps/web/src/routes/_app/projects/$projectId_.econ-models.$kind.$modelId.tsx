import { ECON_MODEL_SPECS } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { NotFound } from '../../../components/NotFound';
import { projectSteps } from '../../../components/ProjectTrail';
import { EconModelPage, loadEconModel } from '../../../features/econModels/components/EconModelPage';
import { isKind } from '../../../features/econModels/model/kind';
import { EconModelSearch } from '../../../features/econModels/model/listSearch';
import { projectQuery } from '../../../features/projects/api/projects';

/** One of a project's econ models: create (`new`), edit, copy (`new?copy=<id>`). */
export const Route = createFileRoute('/_app/projects/$projectId_/econ-models/$kind/$modelId')({
  validateSearch: EconModelSearch,
  beforeLoad: ({ params }) => {
    if (!isKind(params.kind)) throw notFound();
  },
  // Its own: a route without one hands notFound() up to the layout, which would drop the frame.
  notFoundComponent: () => <NotFound />,
  loaderDeps: ({ search }) => ({ copy: search.copy }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    if (!isKind(params.kind)) throw notFound();
    await Promise.all([
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      loadEconModel(queryClient, { projectId: params.projectId }, params.kind, params.modelId, deps.copy),
    ]);
  },
  component: ProjectEconModelPage,
});

function ProjectEconModelPage() {
  const { projectId, kind: rawKind, modelId } = Route.useParams();
  const { copy } = Route.useSearch();
  const kind = isKind(rawKind) ? rawKind : 'depreciation';
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  return (
    <EconModelPage
      scope={{ projectId }}
      kind={kind}
      modelId={modelId}
      copy={copy}
      breadcrumb={[
        ...projectSteps(projectId, project.name),
        <Link key="kind" to="/projects/$projectId/econ-models/$kind" params={{ projectId, kind }} search={{}}>
          {ECON_MODEL_SPECS[kind].title} models
        </Link>,
      ]}
    />
  );
}
