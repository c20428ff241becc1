import { useRouterState } from '@tanstack/react-router';

/**
 * A thin bar at the top of the window while the router moves to another page (its code and data
 * loading): the user sees at once that the click was taken, while the old page stays in place.
 */
export function RouteProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  if (!loading) return null;
  return <div className="route-progress" role="progressbar" aria-label="Loading the page" />;
}
