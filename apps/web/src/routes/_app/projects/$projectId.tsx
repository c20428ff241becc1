import { WELL_SORT } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { sessionQuery } from '../../../features/auth/api/session';
import { EconModelKindLinks } from '../../../features/econModels/components/KindTabs';
import { forecastsQuery } from '../../../features/forecasts/api/forecasts';
import { ForecastList } from '../../../features/forecasts/components/ForecastList';
import { projectQuery } from '../../../features/projects/api/projects';
import { scenariosQuery } from '../../../features/scenarios/api/scenarios';
import { ScenarioList } from '../../../features/scenarios/components/ScenarioList';
import { prefetchWells, WellsSection } from '../../../features/wells/components/WellsSection';
import { sortedSearch } from '../../../lib/listSearch';

/** Paging of the project wells (`skip`) and the attached company wells (`cskip`), sort, filters (`f`). */
const Search = sortedSearch(WELL_SORT, 'wellName', 1000, 50).extend({
  cskip: z.number().int().min(0).catch(0).default(0),
  f: z.array(z.string().max(1100)).max(30).optional().catch(undefined),
});

/** A project: its forecasts (each opens its segment editor) and its wells, with their headers. */
export const Route = createFileRoute('/_app/projects/$projectId')({
  validateSearch: Search,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(projectQuery(params.projectId)),
      prefetchWells(context.queryClient, params.projectId, deps),
      context.queryClient.ensureQueryData(forecastsQuery(params.projectId)),
      context.queryClient.ensureQueryData(scenariosQuery(params.projectId)),
    ]),
  component: ProjectPage,
});

function ProjectPage() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: forecasts } = useSuspenseQuery(forecastsQuery(projectId));
  const { data: scenarios } = useSuspenseQuery(scenariosQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const canWrite = session?.user.role === 'admin' || session?.user.role === 'engineer';
  const set = (patch: Partial<typeof search>) => navigate({ search: { ...search, ...patch } });
  return (
    <>
      <Breadcrumbs
        steps={[
          <Link key="projects" to="/projects">
            Projects
          </Link>,
        ]}
        current={project.name}
      />
      <h1>{project.name}</h1>
      <h2 style={{ fontSize: 17 }}>Econ models</h2>
      <EconModelKindLinks projectId={projectId} />
      <h2 style={{ fontSize: 17 }}>Type curves</h2>
      <p>
        <Link to="/projects/$projectId/type-curves" params={{ projectId }}>
          Type curves
        </Link>{' '}
        ·{' '}
        <Link to="/projects/$projectId/type-curves/lookup-tables" params={{ projectId }}>
          Lookup tables
        </Link>
      </p>
      <h2 style={{ fontSize: 17 }}>Forecasts ({forecasts.total})</h2>
      <ForecastList projectId={projectId} forecasts={forecasts.items} />
      <h2 style={{ fontSize: 17 }}>Scenarios ({scenarios.total})</h2>
      <ScenarioList projectId={projectId} scenarios={scenarios.items} />
      <h2 style={{ fontSize: 17 }}>Wells</h2>
      {canWrite && (
        <p>
          <Link to="/projects/$projectId/productions/import" params={{ projectId }}>
            Import production (CSV)
          </Link>
        </p>
      )}
      <WellsSection projectId={projectId} search={search} onSearch={(patch) => set(patch as Partial<typeof search>)} />
    </>
  );
}
