import type { EconRun, Forecast } from '@econ/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import { savedCombosQuery } from '../api/combos';
import { econRunQuery, econRunsKey, startEconRun } from '../api/econRuns';
import { isSettled, newestFirst, progressText, runLabel, STATUS_TEXT } from '../model/runs';
import { WorkbookDownload } from './WorkbookDownload';

/**
 * "Run economics" (writers): a forecast of the project and the button; then the run whose results
 * the page shows, picked from the scenario's runs (newest first), with its progress while it runs,
 * its error if it failed, and its workbook (.xlsx) once complete.
 */
export function RunPanel(props: {
  projectId: string;
  scenarioId: string;
  forecasts: readonly Forecast[];
  runs: readonly EconRun[] | undefined;
  runsError: unknown;
  current: EconRun | undefined;
  readOnly: boolean;
  onShow: (runId: string) => void;
  report: Report;
}) {
  const { projectId, scenarioId, forecasts, runs, runsError, current, readOnly, onShow, report } = props;
  const queryClient = useQueryClient();
  const [forecast, setForecast] = useState(forecasts[0]?.id ?? '');
  const [cases, setCases] = useState('');
  const saved = useQuery({ ...savedCombosQuery(projectId, scenarioId), enabled: !readOnly });
  const start = useMutation({
    mutationFn: () =>
      startEconRun(projectId, scenarioId, {
        ...(forecast ? { forecast } : {}),
        ...(cases ? { savedCombos: cases } : {}),
      }),
    onMutate: () => report.clear(),
    onSuccess: (run) => {
      // The new run is shown at once (read on its own until the list holds it): a busy service
      // answering the list slowly does not leave the page on the previous run meanwhile.
      queryClient.setQueryData(econRunQuery(projectId, scenarioId, run.id).queryKey, run);
      onShow(run.id);
      void queryClient.invalidateQueries({ queryKey: econRunsKey(projectId, scenarioId), exact: true });
    },
    onError: (e) => report.fail(e),
  });
  const forecastName = (id: string | null) =>
    id === null ? 'no forecast' : (forecasts.find((f) => f.id === id)?.name ?? `forecast ${id}`);
  const sorted = runs ? newestFirst(runs) : [];
  return (
    <section className="panel" aria-labelledby="runs-title">
      <h2 id="runs-title">Economics</h2>
      {!readOnly && (
        <form
          className="row run-form"
          aria-label="Run economics"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <label htmlFor="run-forecast">Forecast</label>
          <select id="run-forecast" value={forecast} onChange={(e) => setForecast(e.target.value)}>
            {forecasts.length === 0 && <option value="">No forecasts in this project</option>}
            {forecasts.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          <label htmlFor="run-cases">Cases</label>
          <select id="run-cases" value={cases} onChange={(e) => setCases(e.target.value)}>
            <option value="">The default qualifier</option>
            {(saved.data ?? []).map((s) => (
              <option key={s.savedName} value={s.savedName}>
                {`Combos: ${s.savedName} (${s.combos.filter((c) => c.selected).length})`}
              </option>
            ))}
          </select>
          <button className="primary" type="submit" disabled={start.isPending || forecasts.length === 0}>
            {start.isPending ? 'Starting…' : 'Run economics'}
          </button>
        </form>
      )}
      {runsError !== undefined && (
        <div className="banner error" role="alert">
          {`Could not read the runs of this scenario: ${runsError instanceof Error ? runsError.message : String(runsError)}`}
        </div>
      )}
      {runs && sorted.length === 0 && (
        <p className="muted">No runs yet{readOnly ? '.' : ': pick a forecast and run economics.'}</p>
      )}
      {sorted.length > 0 && (
        <div className="row run-picker">
          <label htmlFor="run-shown">Results of run</label>
          <select id="run-shown" value={current?.id ?? ''} onChange={(e) => onShow(e.target.value)}>
            {sorted.map((r) => (
              <option key={r.id} value={r.id}>
                {runLabel(r.id === current?.id ? current : r, forecastName)}
              </option>
            ))}
          </select>
        </div>
      )}
      {current && (
        <>
          <div className="row run-status" role="status" aria-label="Run progress">
            <span
              className={`badge ${current.status === 'complete' ? 'active' : current.status === 'failed' ? 'error' : ''}`}
            >
              {STATUS_TEXT[current.status]}
            </span>
            <span>{progressText(current.progress)}</span>
            {!isSettled(current.status) && (
              <progress
                aria-label="Wells computed"
                value={current.progress.wellsDone}
                max={Math.max(1, current.progress.wellsTotal)}
              />
            )}
          </div>
          {current.status === 'failed' && (
            <div className="banner error" role="alert">
              {current.error ?? 'The run failed'}
            </div>
          )}
          {current.status === 'complete' && !readOnly && (
            <WorkbookDownload key={current.id} projectId={projectId} scenarioId={scenarioId} run={current} />
          )}
        </>
      )}
    </section>
  );
}
