import { FIT_MODELS, type FitFromWellsResult, type Phase } from '@econ/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Report } from '../../../components/Banner';
import { ErrorBanner } from '../../../components/ErrorBanner';
import {
  type FitFromWellsParams,
  fitFromWells,
  fitFromWellsPreviewQuery,
  fitsQuery,
  normalizationQuery,
  typeCurvesKey,
} from '../api/typeCurves';
import { cloudFrame, FIT_LINES, SERIES_LINES } from '../model/cloudFrame';
import { normalizationScatter } from '../model/normalizationScatter';
import { CloudChart } from './CloudChart';
import { ScatterChart } from './ScatterChart';

const PHASE_NAME: Record<Phase, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };
const rateUnit = (p: Phase) => (p === 'gas' ? 'MCF/D' : 'BBL/D');
const volumeUnit = (p: Phase) => (p === 'gas' ? 'MCF' : 'BBL');
const num = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
type Model = (typeof FIT_MODELS)[number];

/**
 * "Fit from wells" on the type-curve page (issue 18; decision 029): the wells' normalized
 * production as a cloud with the per-step P10, P50, P90 and average, the normalization scatter
 * with its curve, the per-well multipliers, and the fit itself — first a dry run drawn over the
 * cloud, then "Save fitted series" writes the fits and the multipliers.
 */
export function FitFromWellsPanel(props: {
  projectId: string;
  typeCurveId: string;
  readOnly: boolean;
  report: Report;
  onSaved: () => void;
}) {
  const { projectId, typeCurveId, readOnly, report } = props;
  const queryClient = useQueryClient();
  const [params, setParams] = useState<FitFromWellsParams>({
    phase: 'oil',
    resolution: 'monthly',
    align: 'peak',
    normalize: true,
  });
  const [model, setModel] = useState<Model>('arps_modified');
  const [result, setResult] = useState<FitFromWellsResult>();
  const [busy, setBusy] = useState<'fit' | 'save'>();
  const preview = useQuery(fitFromWellsPreviewQuery(projectId, typeCurveId, params));
  const normalization = useQuery(normalizationQuery(projectId, typeCurveId));
  const set = (patch: Partial<FitFromWellsParams>) => {
    setParams((p) => ({ ...p, ...patch }));
    setResult(undefined);
  };
  const shown = preview.data && preview.data.phase === params.phase ? preview.data : undefined;
  const fitShown = result?.phases[params.phase] ? { result, phase: params.phase } : undefined;
  const frame = useMemo(() => (shown ? cloudFrame(shown, fitShown) : undefined), [shown, fitShown]);
  const scatter = useMemo(
    () => (shown ? normalizationScatter(shown, normalization.data) : undefined),
    [shown, normalization.data],
  );

  const body = (dryRun: boolean) => ({
    phases: { [params.phase]: { model } },
    resolution: params.resolution,
    align: params.align,
    normalize: params.normalize,
    ...(result?.phases[params.phase]?.steps[0]?.date ? { startDate: result.phases[params.phase]!.steps[0]!.date } : {}),
    dryRun,
  });
  const run = async (dryRun: boolean) => {
    report.clear();
    setBusy(dryRun ? 'fit' : 'save');
    try {
      const out = await fitFromWells(projectId, typeCurveId, body(dryRun));
      setResult(out);
      if (!dryRun) {
        queryClient.setQueryData(fitsQuery(projectId, typeCurveId).queryKey, out.fits);
        await queryClient.invalidateQueries({ queryKey: [...typeCurvesKey(projectId), typeCurveId, 'volumes'] });
        props.onSaved();
        report.ok(`Saved the ${params.phase} fits from the wells (best, P10, P50, P90) and the per-well multipliers.`);
      }
    } catch (e) {
      report.fail(e);
    } finally {
      setBusy(undefined);
    }
  };

  const phaseResult = result?.phases[params.phase];
  const stepUnit = params.resolution === 'monthly' ? 'Months' : 'Days';
  return (
    <section className="panel" aria-labelledby="tc-from-wells-title">
      <h2 id="tc-from-wells-title">Fit from wells</h2>
      <p className="muted">
        Each well’s production normalized by the type curve’s normalization, aligned on its peak or first production;
        P10 is the high rate (the 90th percentile) per step, best is fitted to the average.
      </p>
      <div className="tc-phase-settings">
        <Choice
          id="ffw-phase"
          label="Phase"
          value={params.phase}
          options={['oil', 'gas', 'water']}
          onChange={(v) => set({ phase: v as Phase })}
        />
        <Choice
          id="ffw-resolution"
          label="History"
          value={params.resolution}
          options={['monthly', 'daily']}
          onChange={(v) => set({ resolution: v as FitFromWellsParams['resolution'] })}
        />
        <Choice
          id="ffw-align"
          label="Align on"
          value={params.align}
          options={['peak', 'first']}
          onChange={(v) => set({ align: v as FitFromWellsParams['align'] })}
        />
        <Choice
          id="ffw-model"
          label="Model"
          value={model}
          options={FIT_MODELS}
          onChange={(v) => {
            setModel(v as Model);
            setResult(undefined);
          }}
        />
        <div className="field">
          <label className="choice">
            <input type="checkbox" checked={params.normalize} onChange={(e) => set({ normalize: e.target.checked })} />
            Normalize
          </label>
        </div>
        {!readOnly && (
          <div className="form-actions">
            <button type="button" disabled={!shown || busy !== undefined} onClick={() => run(true)}>
              {busy === 'fit' ? 'Fitting…' : 'Fit from wells'}
            </button>
            <button
              type="button"
              className="primary"
              disabled={!phaseResult || busy !== undefined}
              onClick={() => run(false)}
            >
              {busy === 'save' ? 'Saving…' : 'Save fitted series'}
            </button>
          </div>
        )}
        {phaseResult && (
          <p className={result?.dryRun ? 'muted' : 'badge active'} role="status">
            {result?.dryRun
              ? 'Fitted, not saved: “Save fitted series” writes them.'
              : 'Saved: the best, P10, P50 and P90 fits and the multipliers.'}
          </p>
        )}
      </div>
      <ErrorBanner error={preview.error} />
      {preview.isPending && <p className="muted">Reading the wells’ {params.resolution} history…</p>}
      {shown && frame && (
        <>
          <div className="tc-ffw-grid">
            <div className="production-chart">
              <h3>
                {PHASE_NAME[params.phase]} rates of {shown.cloud?.length ?? 0} wells
                {shown.normalization ? ', normalized' : ''}
              </h3>
              <CloudChart
                frame={frame}
                stepUnit={stepUnit}
                rateLabel={`${PHASE_NAME[params.phase]} rate, ${rateUnit(params.phase)}`}
              />
              <ul className="chart-legend" aria-label="Cloud legend">
                <li>
                  <span className="swatch dot" style={{ background: '#8c959f' }} />
                  wells <span className="muted">{whole.format(frame.points)} points</span>
                </li>
                {SERIES_LINES.map((l) => (
                  <li key={l.key}>
                    <span className="swatch line" style={{ background: l.color }} />
                    {l.label}
                  </li>
                ))}
                {frame.lines.some((l) => l.dashed) && (
                  <li>
                    <span className="swatch line dashed" /> fits (dashed)
                  </li>
                )}
              </ul>
              <p className="muted">
                {shown.steps.length} steps with at least {shown.minWells} wells
                {shown.stop ? `; stopped at step ${shown.stop.step} (${shown.stop.wellCount} wells)` : ''}.
              </p>
            </div>
            <div className="production-chart">
              <h3>Normalization</h3>
              {scatter ? (
                <>
                  <ScatterChart
                    scatter={scatter}
                    yLabel={
                      scatter.factor === 'eur'
                        ? `${PHASE_NAME[params.phase]}, ${volumeUnit(params.phase)}`
                        : `Peak rate, ${rateUnit(params.phase)}`
                    }
                  />
                  <ul className="chart-legend" aria-label="Normalization legend">
                    <li>
                      <span className="swatch dot" style={{ background: '#0969da' }} />
                      wells: {scatter.factor === 'eur' ? 'cumulative history volume' : 'peak rate'}
                    </li>
                    <li>
                      <span className="swatch line" style={{ background: '#bc4c00' }} />
                      curve: {scatter.factor === 'eur' ? 'EUR' : 'peak'} = f({scatter.xAxis})
                    </li>
                  </ul>
                  <p className="muted">
                    {shown.normalization?.source !== params.phase && `Linked to ${shown.normalization?.source}. `}
                    Curve: {shown.normalization?.yAxis} against {scatter.xAxis}; target{' '}
                    {num.format(scatter.targetX ?? 0)} (dashed).
                  </p>
                </>
              ) : (
                <p className="muted">
                  {params.normalize
                    ? `${PHASE_NAME[params.phase]} has no normalization: multipliers are 1.`
                    : 'Normalization is off.'}
                </p>
              )}
            </div>
          </div>
          {phaseResult?.series && (
            <table className="tc-ffw-series" aria-label="Fitted series">
              <thead>
                <tr>
                  <th>Series</th>
                  <th>Segment</th>
                  <th className="num">qStart</th>
                  <th className="num">dEff</th>
                  <th className="num">b</th>
                  <th className="num">EUR, {volumeUnit(params.phase)}</th>
                  <th className="num">R²</th>
                </tr>
              </thead>
              <tbody>
                {FIT_LINES.map((l) => {
                  const s = phaseResult.series![l.key];
                  const seg = result?.fits[params.phase]?.[l.key]?.segments[0];
                  return (
                    <tr key={l.key}>
                      <td>{l.key}</td>
                      {s.ok && seg ? (
                        <>
                          <td>{seg.segmentType}</td>
                          <td className="num">{num.format(seg.qStart ?? 0)}</td>
                          <td className="num">{seg.dEff === undefined ? '—' : num.format(seg.dEff)}</td>
                          <td className="num">{seg.b === undefined ? '—' : num.format(seg.b)}</td>
                          <td className="num">{whole.format(s.eur)}</td>
                          <td className="num">{num.format(s.r2)}</td>
                        </>
                      ) : (
                        <td colSpan={6} className="muted">
                          not fitted: {s.ok ? '' : s.reason}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <table className="tc-ffw-wells" aria-label="Per-well multipliers">
            <thead>
              <tr>
                <th>Well</th>
                <th>Status</th>
                <th className="num">{shown.normalization?.xAxis ?? 'x'}</th>
                <th className="num">EUR multiplier</th>
                <th className="num">Peak multiplier</th>
                <th className="num">Cumulative, {volumeUnit(params.phase)}</th>
                <th className="num">Peak, {rateUnit(params.phase)}</th>
                <th>Step 0</th>
              </tr>
            </thead>
            <tbody>
              {shown.wells.map((w) => (
                <tr key={w.well}>
                  <td>{w.wellName ?? w.well}</td>
                  <td title={w.reason ?? w.note}>
                    {w.status === 'used' ? 'used' : w.status === 'excluded' ? 'excluded' : 'no production'}
                    {w.note ? ' ⚠' : ''}
                  </td>
                  <td className="num">{w.x === undefined ? '—' : whole.format(w.x)}</td>
                  <td className="num">{w.multipliers?.eur === undefined ? '—' : num.format(w.multipliers.eur)}</td>
                  <td className="num">{w.multipliers?.peak === undefined ? '—' : num.format(w.multipliers.peak)}</td>
                  <td className="num">{whole.format(w.cumulative)}</td>
                  <td className="num">{num.format(w.peakRate)}</td>
                  <td>{w.startDate ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function Choice(props: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}
