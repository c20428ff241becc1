import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { NotFound } from '../../../components/NotFound';
import { projectSteps } from '../../../components/ProjectTrail';
import { EconModelsPage, loadEconModels } from '../../../features/econModels/components/EconModelsPage';
import { isKind } from '../../../features/econModels/model/kind';
import { EconModelsSearch } from '../../../features/econModels/model/listSearch';
import { projectQuery } from '../../../features/projects/api/projects';

/** A project's econ models of one kind: paged, sorted, searched by a part of the name; new, copy, delete. */
export const Route = createFileRoute('/_app/projects/$projectId_/econ-models/$kind/')({
  validateSearch: EconModelsSearch,
  beforeLoad: ({ params }) => {
    if (!isKind(params.kind)) throw notFound();
  },
  // Its own: a route without one hands notFound() up to the layout, which would drop the frame.
  notFoundComponent: () => <NotFound />,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) => {
    if (!isKind(params.kind)) throw notFound();
    return Promise.all([
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      loadEconModels(queryClient, { projectId: params.projectId }, params.kind, deps),
    ]);
  },
  component: ProjectEconModelsPage,
});

function ProjectEconModelsPage() {
  const { projectId, kind: rawKind } = Route.useParams();
  const kind = isKind(rawKind) ? rawKind : 'depreciation';
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  return (
    <EconModelsPage
      key={kind}
      scope={{ projectId }}
      kind={kind}
      search={search}
      onSearch={(next) => navigate({ search: next })}
      breadcrumb={projectSteps(projectId, project.name)}
    />
  );
}
