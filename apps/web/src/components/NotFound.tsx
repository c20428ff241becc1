import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { projectQuery } from '../features/projects/api/projects';
import { wayBack } from '../lib/wayBack';

/**
 * The "not found" page, inside the console's frame: what was missing (the server's words when it
 * said so) and a link back to the list it was picked from.
 */
export function NotFound({ message }: { message?: string }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const queryClient = useQueryClient();
  const projectId = /^\/projects\/([^/]+)/.exec(pathname)?.[1];
  const project = projectId
    ? queryClient.getQueryState(projectQuery(decodeURIComponent(projectId)).queryKey)
    : undefined;
  const back = wayBack(pathname, project?.status === 'error');
  const projectName = back.projectId
    ? queryClient.getQueryData(projectQuery(back.projectId).queryKey)?.name
    : undefined;
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Not found</h1>
      <p>{message ?? 'There is no page at this address.'}</p>
      <p>
        <Link to={back.to}>Back to {projectName ?? back.label}</Link>
      </p>
    </section>
  );
}
