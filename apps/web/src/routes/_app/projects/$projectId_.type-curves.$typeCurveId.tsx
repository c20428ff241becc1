import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProjectTrail, TypeCurvesStep } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { forecastsQuery } from '../../../features/forecasts/api/forecasts';
import { projectQuery } from '../../../features/projects/api/projects';
import {
  fitsQuery,
  normalizationQuery,
  typeCurveQuery,
  typeCurveWellsQuery,
} from '../../../features/typeCurves/api/typeCurves';
import { TypeCurvePage } from '../../../features/typeCurves/components/TypeCurvePage';
import { TypeCurveSearch } from '../../../features/typeCurves/model/workspaceTabs';

/** One type curve: a workspace of tabs (curve, fits, normalization, wells, volumes), the open one in `?tab=`. */
export const Route = createFileRoute('/_app/projects/$projectId_/type-curves/$typeCurveId')({
  validateSearch: TypeCurveSearch,
  loader: ({ context: { queryClient }, params: { projectId, typeCurveId } }) =>
    Promise.all([
      queryClient.ensureQueryData(projectQuery(projectId)),
      queryClient.ensureQueryData(forecastsQuery(projectId)),
      queryClient.ensureQueryData(typeCurveQuery(projectId, typeCurveId)),
      queryClient.ensureQueryData(typeCurveWellsQuery(projectId, typeCurveId)),
      queryClient.ensureQueryData(fitsQuery(projectId, typeCurveId)),
      queryClient.ensureQueryData(normalizationQuery(projectId, typeCurveId)),
    ]),
  component: TypeCurveRoute,
});

function TypeCurveRoute() {
  const { projectId, typeCurveId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: typeCurve } = useSuspenseQuery(typeCurveQuery(projectId, typeCurveId));
  const { data: forecasts } = useSuspenseQuery(forecastsQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <ProjectTrail
        projectId={projectId}
        projectName={project.name}
        trail={[<TypeCurvesStep key="tc" projectId={projectId} />]}
        current={typeCurve.name}
      />
      <TypeCurvePage
        key={typeCurveId}
        projectId={projectId}
        typeCurveId={typeCurveId}
        forecasts={forecasts.items}
        readOnly={session?.user.role === 'support'}
        tab={tab}
        onTab={(next) => navigate({ search: (s) => ({ ...s, tab: next }), replace: true })}
      />
    </>
  );
}
