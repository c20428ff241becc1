import { TYPE_CURVE_SORT } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ProjectTrail } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { forecastsQuery } from '../../../features/forecasts/api/forecasts';
import { projectQuery } from '../../../features/projects/api/projects';
import { typeCurvesQuery } from '../../../features/typeCurves/api/typeCurves';
import { TypeCurvesPage } from '../../../features/typeCurves/components/TypeCurvesPage';
import { sortedSearch } from '../../../lib/listSearch';

const Search = sortedSearch(TYPE_CURVE_SORT, 'name', 2500, 25);

/** A project's type curves (V2): paged, sortable; engineers create them. */
export const Route = createFileRoute('/_app/projects/$projectId_/type-curves/')({
  validateSearch: Search,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      queryClient.ensureQueryData(forecastsQuery(params.projectId)),
      queryClient.ensureQueryData(typeCurvesQuery(params.projectId, deps)),
    ]),
  component: TypeCurvesRoute,
});

function TypeCurvesRoute() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: forecasts } = useSuspenseQuery(forecastsQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <>
      <ProjectTrail projectId={projectId} projectName={project.name} current="Type curves" />
      <h1>Type curves</h1>
      <div className="tc-section-links">
        <Link to="/projects/$projectId/type-curves/lookup-tables" params={{ projectId }}>
          Lookup tables
        </Link>
      </div>
      <TypeCurvesPage
        projectId={projectId}
        forecasts={forecasts.items}
        search={search}
        onSearch={(next) => navigate({ search: next as typeof search })}
        canWrite={session?.user.role !== 'support'}
      />
    </>
  );
}
