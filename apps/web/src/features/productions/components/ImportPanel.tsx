import { useEffect, useRef, useState } from 'react';
import { productionSender } from '../api/productionImport';
import { type ImportEnd, type ImportMode, type ImportPlan, importFile, type ScanResult } from '../model/importRun';
import { emptySummary, type ImportSummary } from '../model/summary';
import { ImportSummaryView } from './ImportSummaryView';

type Run =
  | { state: 'running'; summary: ImportSummary; fraction: number; cancelling: boolean }
  | { state: 'ended'; end: ImportEnd; seconds: number };

/**
 * Sends the checked file to the API, a batch at a time, with a progress bar and a cancel (honoured
 * after the batch in flight), then the summary. `onRunning` lets the page lock its inputs.
 */
export function ImportPanel(props: {
  projectId: string;
  plan: ImportPlan;
  scan: ScanResult;
  onRunning: (running: boolean) => void;
}) {
  const { projectId, plan, scan, onRunning } = props;
  const [mode, setMode] = useState<ImportMode>('add');
  const [run, setRun] = useState<Run | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page inside the console stops the import after the batch in flight.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const ctl = new AbortController();
    abort.current = ctl;
    const t0 = performance.now();
    onRunning(true);
    setRun({ state: 'running', summary: emptySummary(), fraction: 0, cancelling: false });
    const end = await importFile(plan, {
      mode,
      send: productionSender(projectId, plan.resolution, mode),
      signal: ctl.signal,
      onProgress: (summary, fraction) =>
        setRun((r) => ({
          state: 'running',
          summary: { ...summary },
          fraction,
          cancelling: r?.state === 'running' && r.cancelling,
        })),
    });
    setRun({ state: 'ended', end, seconds: (performance.now() - t0) / 1000 });
    abort.current = null;
    onRunning(false);
  };
  const cancel = () => {
    abort.current?.abort();
    setRun((r) => (r?.state === 'running' ? { ...r, cancelling: true } : r));
  };

  const running = run?.state === 'running';
  // Leaving the page mid-import would drop the rows not yet sent without a summary: ask first.
  useEffect(() => {
    if (!running) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [running]);
  return (
    <section className="panel" aria-labelledby="imp-run-title">
      <h2 id="imp-run-title">Import</h2>
      <fieldset className="imp-modes" disabled={running}>
        <legend className="muted">When a well already has a record on a date</legend>
        <label className="choice">
          <input type="radio" name="imp-mode" checked={mode === 'add'} onChange={() => setMode('add')} />
          Add only (skip records already stored)
        </label>
        <label className="choice">
          <input type="radio" name="imp-mode" checked={mode === 'replace'} onChange={() => setMode('replace')} />
          Add or replace (the file's values replace the stored ones)
        </label>
      </fieldset>
      <div className="row" style={{ marginTop: 12 }}>
        <button type="button" className="primary" onClick={start} disabled={running || scan.records === 0}>
          {`Import ${scan.records.toLocaleString('en-US')} ${plan.resolution} records`}
        </button>
        {running && (
          <button type="button" onClick={cancel} disabled={run.cancelling}>
            {run.cancelling ? 'Cancelling after this batch…' : 'Cancel'}
          </button>
        )}
      </div>
      {running && (
        <div className="imp-progress" role="status" aria-label="Import progress">
          <progress max={1} value={run.fraction} aria-label="Rows sent" />
          <span>
            {`${run.summary.sent.toLocaleString('en-US')} of ${scan.records.toLocaleString('en-US')} records sent`}
          </span>
        </div>
      )}
      {run?.state === 'ended' && <ImportSummaryView end={run.end} seconds={run.seconds} mode={mode} />}
    </section>
  );
}
