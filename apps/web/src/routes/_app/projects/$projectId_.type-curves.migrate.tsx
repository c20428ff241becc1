import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ProjectTrail, TypeCurvesStep } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { projectQuery } from '../../../features/projects/api/projects';
import { MigrationPage } from '../../../features/typeCurves/components/MigrationPage';

/** The V1 → V2 type-curve migration assistant for a project (spec part 9.5). */
export const Route = createFileRoute('/_app/projects/$projectId_/type-curves/migrate')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(projectQuery(params.projectId)),
  component: MigrateRoute,
});

function MigrateRoute() {
  const { projectId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <>
      <ProjectTrail
        projectId={projectId}
        projectName={project.name}
        trail={[<TypeCurvesStep key="tc" projectId={projectId} />]}
        current="Migrate a V1 type curve"
      />
      <h1>Migrate a V1 type curve</h1>
      <MigrationPage key={projectId} projectId={projectId} canRun={session?.user.role !== 'support'} />
    </>
  );
}
