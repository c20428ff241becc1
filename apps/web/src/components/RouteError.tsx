import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { HttpError } from '../lib/http';
import { ErrorBanner } from './ErrorBanner';
import { NotFound } from './NotFound';

/**
 * What a page shows when its data could not be read: a 404 from the API (an unknown project,
 * forecast, scenario, well, type curve, econ model) is the "not found" page; anything else is the
 * error in the server's words, with "Try again".
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  if (error instanceof HttpError && error.status === 404) return <NotFound message={error.message} />;
  return (
    <section aria-labelledby="route-error-title">
      <h1 id="route-error-title">This page could not be shown</h1>
      <ErrorBanner error={error} />
      <button
        type="button"
        onClick={() => {
          queries.reset();
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </button>
    </section>
  );
}
