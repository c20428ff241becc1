import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProjectTrail } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { forecastsQuery } from '../../../features/forecasts/api/forecasts';
import { projectQuery } from '../../../features/projects/api/projects';
import { gridQuery, scenarioQuery } from '../../../features/scenarios/api/scenarios';
import { ScenarioPage } from '../../../features/scenarios/components/ScenarioPage';
import { ScenarioSearch } from '../../../features/scenarios/model/search';

/** A scenario's economics: assignments, runs, one-liners and a well's cash flow (support reads only). */
export const Route = createFileRoute('/_app/projects/$projectId_/scenarios/$scenarioId')({
  validateSearch: ScenarioSearch,
  loaderDeps: ({ search }) => ({ skip: search.wskip, take: search.wtake, sort: search.wsort }),
  loader: ({ context: { queryClient }, params: { projectId, scenarioId }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(projectQuery(projectId)),
      queryClient.ensureQueryData(forecastsQuery(projectId)),
      queryClient.ensureQueryData(scenarioQuery(projectId, scenarioId)),
      queryClient.ensureQueryData(gridQuery(projectId, scenarioId, deps)),
    ]),
  component: ScenarioRoute,
});

function ScenarioRoute() {
  const { projectId, scenarioId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: forecasts } = useSuspenseQuery(forecastsQuery(projectId));
  const { data: scenario } = useSuspenseQuery(scenarioQuery(projectId, scenarioId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <>
      <ProjectTrail projectId={projectId} projectName={project.name} current={scenario.name} />
      <ScenarioPage
        key={scenarioId}
        projectId={projectId}
        scenario={scenario}
        forecasts={forecasts.items}
        search={search}
        onSearch={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }), resetScroll: false })}
        readOnly={session?.user.role === 'support'}
      />
    </>
  );
}
