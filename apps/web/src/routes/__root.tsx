import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorBanner } from '../components/ErrorBanner';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => <Outlet />,
  errorComponent: ({ error }) => (
    <main className="main">
      <ErrorBanner error={error} />
    </main>
  ),
  notFoundComponent: () => (
    <main className="main">
      <h1>Page not found</h1>
      <a href="/">Back to the console</a>
    </main>
  ),
});
