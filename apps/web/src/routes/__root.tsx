import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { RouteProgress } from '../components/RouteProgress';

/** Moves the keyboard to the page's main region (the router would take a `#main` link for a navigation). */
const skipToMain = (e: MouseEvent) => {
  const main = document.getElementById('main');
  if (!main) return;
  e.preventDefault();
  main.focus();
  main.scrollIntoView();
};

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to #main, whose click only skips the history entry */}
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <RouteProgress />
      <Outlet />
    </>
  ),
  errorComponent: (props) => (
    <main className="main" id="main" tabIndex={-1}>
      <RouteError {...props} />
    </main>
  ),
  notFoundComponent: () => (
    <main className="main" id="main" tabIndex={-1}>
      <NotFound />
    </main>
  ),
});
