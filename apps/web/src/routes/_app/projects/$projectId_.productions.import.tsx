import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ProjectTrail } from '../../../components/ProjectTrail';
import { sessionQuery } from '../../../features/auth/api/session';
import { projectWellsQuery } from '../../../features/productions/api/productionImport';
import { ProductionImportPage } from '../../../features/productions/components/ProductionImportPage';
import { projectQuery } from '../../../features/projects/api/projects';

/** Import daily or monthly production from a CSV file or pasted rows (engineers and admins). */
export const Route = createFileRoute('/_app/projects/$projectId_/productions/import')({
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      queryClient.ensureQueryData(projectWellsQuery(params.projectId)),
    ]),
  component: ImportRoute,
});

function ImportRoute() {
  const { projectId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const canImport = session?.user.role === 'admin' || session?.user.role === 'engineer';
  return (
    <>
      <ProjectTrail projectId={projectId} projectName={project.name} current="Import production" />
      <h1>Import production</h1>
      {canImport ? (
        <ProductionImportPage key={projectId} projectId={projectId} />
      ) : (
        <div className="banner warn" role="status">
          {`Your role (${session?.user.role ?? 'none'}) may read production but not import it: ask an engineer or an admin.`}
        </div>
      )}
    </>
  );
}
