import { type ReactNode, useMemo, useState } from 'react';
import { ErrorBanner } from './ErrorBanner';

/** Where a page's actions say how they went: a success line or an error in the server's words. */
export interface Report {
  ok: (message: string) => void;
  fail: (error: unknown) => void;
  clear: () => void;
}

/**
 * One banner per page: the last action's outcome (`role="status"` on success, `role="alert"` on error);
 * `initial` is what it shows first (an outcome of the page that led here).
 */
export function useBanner(initial: { ok?: string } = {}): { banner: ReactNode; report: Report } {
  const [state, setState] = useState<{ ok?: string; error?: unknown }>(initial);
  const report = useMemo<Report>(
    () => ({
      ok: (ok) => setState({ ok }),
      fail: (error) => setState({ error }),
      clear: () => setState({}),
    }),
    [],
  );
  const banner = (
    <>
      <ErrorBanner error={state.error} />
      {state.ok && (
        <div className="banner ok" role="status">
          {state.ok}
        </div>
      )}
    </>
  );
  return { banner, report };
}
