import type { ExportView } from '@econ/contract';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { exportQuery } from '../api/exports';
import { applyStatus, loadHistory, type SessionExport, saveHistory, upsert } from '../model/history';
import { isSettled } from '../model/state';
import { ClockProvider } from './Clock';
import { ExportForm, type ExportNames } from './ExportForm';
import { ExportStatusPanel } from './ExportStatusPanel';
import { PastExports } from './PastExports';
import './exports.css';

/**
 * The answers of the progress polls, and the first error. A module-level `combine` keeps the result
 * referentially stable while the answers do not change (TanStack Query shares it structurally).
 */
function pollResults(results: UseQueryResult<ExportView>[]): { views: ExportView[]; error: unknown } {
  return {
    views: results.flatMap((r) => (r.data ? [r.data] : [])),
    error: results.find((r) => r.isError)?.error,
  };
}

/**
 * The export download page: start an export, watch it, download and preview its files; the exports
 * of this browser session stay listed (sessionStorage) with their state.
 */
export function ExportsPage() {
  const [history, setHistory] = useState<SessionExport[]>(() => loadHistory());
  const [currentId, setCurrentId] = useState<string | null>(() => history[0]?.id ?? null);
  const current = history.find((e) => e.id === currentId) ?? null;

  useEffect(() => saveHistory(history), [history]);

  // Poll every export of the session that is still running (started here, or before a reload); a
  // settled one's state follows from its expiresAt and the page clock.
  const running = history.filter((e) => !isSettled(e.status)).map((e) => e.id);
  const polled = useQueries({ queries: running.map((id) => exportQuery(id)), combine: pollResults });
  useEffect(() => {
    if (polled.views.length > 0) setHistory((h) => polled.views.reduce(applyStatus, h));
  }, [polled.views]);

  const started = (view: ExportView, names: ExportNames) => {
    setHistory((h) => upsert(h, { ...view, ...names }));
    setCurrentId(view.id);
  };

  return (
    <ClockProvider>
      <h1>Exports</h1>
      <p className="muted">
        Forecast volumes and econ results as Parquet files, behind signed links that expire. Files can be previewed here
        and downloaded by anyone holding a link until it expires.
      </p>
      <ExportForm onStarted={started} />
      {polled.error !== undefined && (
        <div className="banner error" role="alert">
          {`Could not read the export's progress: ${polled.error instanceof Error ? polled.error.message : String(polled.error)}`}
        </div>
      )}
      {current && <ExportStatusPanel key={current.id} entry={current} />}
      <PastExports exports={history} current={currentId} onShow={setCurrentId} />
    </ClockProvider>
  );
}
