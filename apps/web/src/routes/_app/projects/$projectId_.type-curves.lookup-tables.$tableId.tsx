import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ProjectTrail, TypeCurvesStep } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { projectQuery } from '../../../features/projects/api/projects';
import { allTypeCurvesQuery, lookupTableQuery } from '../../../features/typeCurves/api/typeCurves';
import { LookupTableEditor } from '../../../features/typeCurves/components/LookupTableEditor';

/** One lookup table: name, matching, tags and its rules. */
export const Route = createFileRoute('/_app/projects/$projectId_/type-curves/lookup-tables/$tableId')({
  loader: ({ context: { queryClient }, params: { projectId, tableId } }) =>
    Promise.all([
      queryClient.ensureQueryData(projectQuery(projectId)),
      queryClient.ensureQueryData(lookupTableQuery(projectId, tableId)),
      queryClient.ensureQueryData(allTypeCurvesQuery(projectId)),
    ]),
  component: LookupTableRoute,
});

function LookupTableRoute() {
  const { projectId, tableId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: table } = useSuspenseQuery(lookupTableQuery(projectId, tableId));
  const { data: curves } = useSuspenseQuery(allTypeCurvesQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <>
      <ProjectTrail
        projectId={projectId}
        projectName={project.name}
        trail={[
          <TypeCurvesStep key="tc" projectId={projectId} />,
          <Link key="lt" to="/projects/$projectId/type-curves/lookup-tables" params={{ projectId }}>
            Lookup tables
          </Link>,
        ]}
        current={table.name}
      />
      <h1>{table.name}</h1>
      <LookupTableEditor
        key={table.id}
        projectId={projectId}
        table={table}
        typeCurves={curves.items}
        readOnly={session?.user.role === 'support'}
      />
    </>
  );
}
