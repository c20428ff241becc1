import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { ProjectTrail } from '../../../components/ProjectTrail';
import { projectQuery } from '../../../features/projects/api/projects';
import { SurveyPanel } from '../../../features/surveys/components/SurveyPanel';
import { productionPageQuery, wellQuery } from '../../../features/wells/api/wells';
import { WellPage } from '../../../features/wells/components/WellPage';
import { pagedSearch } from '../../../lib/listSearch';

const Search = pagedSearch(1000, 50).extend({
  resolution: z.enum(['daily', 'monthly']).catch('daily').default('daily'),
});

/** A well of a project: headers, production records (daily or monthly, paged), the production chart and its survey. */
export const Route = createFileRoute('/_app/projects/$projectId_/wells/$wellId')({
  validateSearch: Search,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params: { projectId, wellId }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(projectQuery(projectId)),
      queryClient.ensureQueryData(wellQuery(projectId, wellId)),
      queryClient.ensureQueryData(productionPageQuery(projectId, wellId, deps)),
    ]),
  component: WellRoute,
});

function WellRoute() {
  const { projectId, wellId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: well } = useSuspenseQuery(wellQuery(projectId, wellId));
  return (
    <>
      <ProjectTrail projectId={projectId} projectName={project.name} current={well.wellName} />
      <WellPage
        key={wellId}
        projectId={projectId}
        wellId={wellId}
        search={search}
        onSearch={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }), resetScroll: false })}
      />
      <SurveyPanel key={`survey-${wellId}`} wellId={wellId} />
    </>
  );
}
