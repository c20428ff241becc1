import { type ForecastRun, PHASES, type WellFitStatus } from '@econ/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Pager } from '../../../components/Pager';
import { STATUS_TEXT } from '../../scenarios/model/runs';
import { forecastRunWellsQuery } from '../api/forecastRuns';
import type { ForecastRef } from '../api/parameters';
import { isRunSettled, phaseText, runProgressText } from '../model/autoForecast';

/* What a forecast run shows under the auto-forecast form: its status and progress, then its wells. */

const PAGE = 50;

/** The run's status badge, progress (a bar while it runs) and error. */
export function RunStatus({ run }: { run: ForecastRun }) {
  return (
    <>
      <div className="row run-status" role="status" aria-label="Auto-forecast progress">
        <span className={`badge ${run.status === 'complete' ? 'active' : run.status === 'failed' ? 'error' : ''}`}>
          {STATUS_TEXT[run.status]}
        </span>
        <span>{runProgressText(run.progress)}</span>
        {!isRunSettled(run.status) && (
          <progress
            aria-label="Wells fitted"
            value={run.progress.wellsDone}
            max={Math.max(1, run.progress.wellsTotal)}
          />
        )}
      </div>
      {run.status === 'failed' && (
        <div className="banner error" role="alert">
          {run.error ?? 'The run failed'}
        </div>
      )}
    </>
  );
}

/** What the run did to each well, a page at a time, filtered by status; a well's name opens it. */
export function RunWells(props: { forecast: ForecastRef; run: ForecastRun; onOpenWell: (wellId: string) => void }) {
  const { forecast, run, onOpenWell } = props;
  const [skip, setSkip] = useState(0);
  const [status, setStatus] = useState<WellFitStatus | undefined>();
  const page = useQuery(forecastRunWellsQuery(forecast, run.id, { skip, take: PAGE, status }, run.progress.wellsDone));
  const phases = PHASES.filter((p) => run.settings.phases[p]);
  return (
    <div className="run-wells">
      <div className="row">
        <label htmlFor="auto-status">Show</label>
        <select
          id="auto-status"
          value={status ?? ''}
          onChange={(e) => {
            setStatus((e.target.value || undefined) as WellFitStatus | undefined);
            setSkip(0);
          }}
        >
          <option value="">every well</option>
          <option value="fitted">fitted</option>
          <option value="skipped">skipped</option>
          <option value="failed">failed</option>
        </select>
      </div>
      <ErrorBanner error={page.error} />
      <table className="data" aria-label="Auto-forecast results">
        <thead>
          <tr>
            <th>Well</th>
            <th>Result</th>
            {phases.map((p) => (
              <th key={p}>{p}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.data?.items.map((w) => (
            <tr key={w.well} className={`fit-${w.status}`}>
              <td>
                <button type="button" className="link" onClick={() => onOpenWell(w.well)}>
                  {w.wellName}
                </button>
              </td>
              <td>
                <span className={`badge ${w.status === 'fitted' ? 'active' : w.status === 'failed' ? 'error' : ''}`}>
                  {w.status}
                </span>
              </td>
              {phases.map((p) => (
                <td key={p}>{phaseText(w.phases[p], p)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {page.data && (
        <Pager skip={skip} take={PAGE} total={page.data.total} hasNext={page.data.hasNext} onSkip={setSkip} />
      )}
    </div>
  );
}
