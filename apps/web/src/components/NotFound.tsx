import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { projectQuery } from '../features/projects/api/projects';
import { wayBack } from '../lib/wayBack';

/**
 * The "not found" page, inside the console's frame: what was missing (the server's words when it
 * said so) and a link back to the list it was picked from.
 */
export function NotFound({ message }: { message?: string }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const projectId = decodeURIComponent(/^\/projects\/([^/]+)/.exec(pathname)?.[1] ?? '');
  // The project names the way back, or is itself what is missing (then the projects' list it is).
  const project = useQuery({ ...projectQuery(projectId), enabled: projectId !== '', retry: false });
  const back = wayBack(pathname, project.isError);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Not found</h1>
      <p>{message ?? 'There is no page at this address.'}</p>
      <p>
        <Link to={back.to}>Back to {(back.projectId && project.data?.name) || back.label}</Link>
      </p>
    </section>
  );
}
