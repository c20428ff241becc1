import { WELL_SORT } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Pager, SortHeader } from '../../../components/Pager';
import { sessionQuery } from '../../../features/auth/api/session';
import { EconModelKindLinks } from '../../../features/econModels/components/KindTabs';
import { forecastsQuery } from '../../../features/forecasts/api/forecasts';
import { ForecastList } from '../../../features/forecasts/components/ForecastList';
import { projectQuery, wellsQuery } from '../../../features/projects/api/projects';
import { scenariosQuery } from '../../../features/scenarios/api/scenarios';
import { ScenarioList } from '../../../features/scenarios/components/ScenarioList';
import { sortedSearch } from '../../../lib/listSearch';

const Search = sortedSearch(WELL_SORT, 'wellName', 1000, 50);

/** A project: its forecasts (each opens its segment editor) and its wells, with their headers. */
export const Route = createFileRoute('/_app/projects/$projectId')({
  validateSearch: Search,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(projectQuery(params.projectId)),
      context.queryClient.ensureQueryData(wellsQuery(params.projectId, deps)),
      context.queryClient.ensureQueryData(forecastsQuery(params.projectId)),
      context.queryClient.ensureQueryData(scenariosQuery(params.projectId)),
    ]),
  component: ProjectPage,
});

const num = (v: number | undefined) => (v === undefined ? '' : v.toLocaleString());

function ProjectPage() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data } = useSuspenseQuery(wellsQuery(projectId, search));
  const { data: forecasts } = useSuspenseQuery(forecastsQuery(projectId));
  const { data: scenarios } = useSuspenseQuery(scenariosQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const canWrite = session?.user.role === 'admin' || session?.user.role === 'engineer';
  const set = (patch: Partial<typeof search>) => navigate({ search: { ...search, ...patch } });
  const sortBy = (sort: string) => set({ sort: sort as typeof search.sort, skip: 0 });
  return (
    <>
      <p className="muted">
        <Link to="/projects">Projects</Link> /
      </p>
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
      <h2 style={{ fontSize: 17 }}>Wells ({data.total})</h2>
      {canWrite && (
        <p>
          <Link to="/projects/$projectId/productions/import" params={{ projectId }}>
            Import production (CSV)
          </Link>
        </p>
      )}
      <table>
        <thead>
          <tr>
            <SortHeader field="wellName" label="Well" sort={search.sort} onSort={sortBy} />
            <SortHeader field="chosenID" label="Chosen ID" sort={search.sort} onSort={sortBy} />
            <SortHeader field="api14" label="API 14" sort={search.sort} onSort={sortBy} />
            <th>County, state</th>
            <th>First production</th>
            <th>Perf. lateral (ft)</th>
            <th>TVD (ft)</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((w) => (
            <tr key={w.id}>
              <td>
                <Link to="/projects/$projectId/wells/$wellId" params={{ projectId, wellId: w.id }}>
                  {w.wellName}
                </Link>
              </td>
              <td>{w.chosenID}</td>
              <td>{w.api14}</td>
              <td>{[w.county, w.state].filter(Boolean).join(', ')}</td>
              <td>{w.firstProdDate}</td>
              <td>{num(w.perfLateralLength)}</td>
              <td>{num(w.trueVerticalDepth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        skip={search.skip}
        take={search.take}
        total={data.total}
        hasNext={data.hasNext}
        onSkip={(skip) => set({ skip })}
      />
    </>
  );
}
