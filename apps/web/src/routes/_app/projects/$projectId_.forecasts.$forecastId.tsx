import { Phase, Series } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { ProjectTrail } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { forecastQuery, forecastsQuery } from '../../../features/forecasts/api/forecasts';
import { parametersQuery } from '../../../features/forecasts/api/parameters';
import { AutoForecastPanel } from '../../../features/forecasts/components/AutoForecastPanel';
import { ForecastEditor } from '../../../features/forecasts/components/ForecastEditor';
import { ForecastPicker } from '../../../features/forecasts/components/ForecastPicker';
import { forecastWells } from '../../../features/forecasts/model/forecastWells';
import { projectQuery, wellsQuery } from '../../../features/projects/api/projects';

/** A project's wells by name, for the well picker (1000: the API's page limit for project wells). */
const ALL_WELLS = { skip: 0, take: 1000, sort: 'wellName' };

const Search = z.object({
  well: z.string().optional().catch(undefined),
  phase: Phase.catch('oil').default('oil'),
  series: Series.catch('best').default('best'),
});

/** A forecast's segment editor: one well, phase and series at a time (search parameters). */
export const Route = createFileRoute('/_app/projects/$projectId_/forecasts/$forecastId')({
  validateSearch: Search,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    const [forecast, wells] = await Promise.all([
      queryClient.ensureQueryData(forecastQuery(params.projectId, params.forecastId)),
      queryClient.ensureQueryData(wellsQuery(params.projectId, ALL_WELLS)),
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      queryClient.ensureQueryData(forecastsQuery(params.projectId)),
    ]);
    const well = forecastWells(forecast, wells.items, deps.well).current;
    if (well)
      await queryClient.ensureQueryData(
        parametersQuery(params, { well: well.id, phase: deps.phase, series: deps.series }),
      );
  },
  component: ForecastPage,
});

function ForecastPage() {
  const params = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(params.projectId));
  const { data: forecast } = useSuspenseQuery(forecastQuery(params.projectId, params.forecastId));
  const { data: forecasts } = useSuspenseQuery(forecastsQuery(params.projectId));
  const { data: wells } = useSuspenseQuery(wellsQuery(params.projectId, ALL_WELLS));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const { options, current } = forecastWells(forecast, wells.items, search.well);
  return (
    <>
      <ProjectTrail projectId={params.projectId} projectName={project.name} current={forecast.name} />
      <div className="row spread">
        <h1>{forecast.name}</h1>
        <ForecastPicker
          forecasts={forecasts.items}
          current={forecast.id}
          onChange={(forecastId) =>
            navigate({ params: { ...params, forecastId }, search: { phase: search.phase, series: search.series } })
          }
        />
      </div>
      {options.length > 0 && (
        <AutoForecastPanel
          forecast={params}
          wells={options}
          readOnly={session?.user.role === 'support'}
          onOpenWell={(well) => navigate({ search: (prev) => ({ ...prev, well }) })}
        />
      )}
      {current ? (
        <ForecastEditor
          forecast={params}
          wells={options}
          combo={{ well: current.id, phase: search.phase, series: search.series }}
          readOnly={session?.user.role === 'support'}
          onCombo={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
        />
      ) : (
        <p className="muted">This forecast has no wells.</p>
      )}
    </>
  );
}
