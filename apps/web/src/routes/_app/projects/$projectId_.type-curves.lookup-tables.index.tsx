import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProjectTrail, TypeCurvesStep } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { projectQuery } from '../../../features/projects/api/projects';
import { lookupTablesQuery } from '../../../features/typeCurves/api/typeCurves';
import { LookupTablesPage } from '../../../features/typeCurves/components/LookupTablesPage';
import { pagedSearch } from '../../../lib/listSearch';

const Search = pagedSearch(200, 25);

/** A project's type-curve lookup tables. */
export const Route = createFileRoute('/_app/projects/$projectId_/type-curves/lookup-tables/')({
  validateSearch: Search,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      queryClient.ensureQueryData(lookupTablesQuery(params.projectId, deps)),
    ]),
  component: LookupTablesRoute,
});

function LookupTablesRoute() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <>
      <ProjectTrail
        projectId={projectId}
        projectName={project.name}
        trail={[<TypeCurvesStep key="tc" projectId={projectId} />]}
        current="Lookup tables"
      />
      <h1>Lookup tables</h1>
      <LookupTablesPage
        projectId={projectId}
        search={search}
        onSkip={(skip) => navigate({ search: { ...search, skip } })}
        canWrite={session?.user.role !== 'support'}
      />
    </>
  );
}
