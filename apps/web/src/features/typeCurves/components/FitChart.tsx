import type { Phase } from '@econ/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { drawableSegments } from '../../forecasts/model/computed';
import { fitFromWellsPreviewQuery } from '../api/typeCurves';
import { ALL_FIT_CHART, DEFAULT_FIT_CHART, FIT_CHART_ITEMS, type FitChartItem, fitChartFrame } from '../model/fitChart';
import type { PhaseFit } from '../model/fitDraft';
import { CloudChart } from './CloudChart';

const PHASE_NAME: Record<Phase, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The fit chart: every series of the phase's fit at once (best, P10, P50, P90, as typed) and, on
 * a rate fit, the member wells (their normalized points and per-step P10/P50/P90/average, read
 * from the fit-from-wells preview the first time one of them is shown), each with a toggle.
 */
export function FitChart(props: { projectId: string; typeCurveId: string; phase: Phase; fit: PhaseFit }) {
  const { projectId, typeCurveId, phase, fit } = props;
  const [shown, setShown] = useState<ReadonlySet<FitChartItem>>(DEFAULT_FIT_CHART);
  const rate = fit.fitType === 'rate';
  const wantsWells = rate && FIT_CHART_ITEMS.some((i) => i.wells && shown.has(i.item));
  const preview = useQuery({
    ...fitFromWellsPreviewQuery(projectId, typeCurveId, {
      phase,
      resolution: 'monthly',
      align: 'peak',
      normalize: true,
    }),
    enabled: wantsWells,
  });
  const wells = wantsWells && preview.data?.phase === phase ? preview.data : undefined;
  const series = useMemo(
    () => ({
      best: drawableSegments(fit.series.best),
      p10: drawableSegments(fit.series.p10),
      p50: drawableSegments(fit.series.p50),
      p90: drawableSegments(fit.series.p90),
    }),
    [fit.series],
  );
  const frame = useMemo(() => fitChartFrame({ series, shown, resolution: 'monthly', wells }), [series, shown, wells]);
  const toggle = (item: FitChartItem, on: boolean) => {
    const next = new Set(shown);
    if (on) next.add(item);
    else next.delete(item);
    setShown(next);
  };
  const unit = rate ? `${phase === 'gas' ? 'MCF' : 'BBL'}/D` : `${phase}/${fit.basePhase} ratio`;
  return (
    <section className="production-chart tc-fit-chart" aria-labelledby="tc-fit-chart-title">
      <div className="row spread">
        <h3 id="tc-fit-chart-title">
          {PHASE_NAME[phase]} fit: all series{rate ? ' and member wells' : ''}
        </h3>
        <div className="row">
          <button type="button" onClick={() => setShown(ALL_FIT_CHART)}>
            Show all
          </button>
          <button type="button" onClick={() => setShown(DEFAULT_FIT_CHART)}>
            Fits only
          </button>
        </div>
      </div>
      <fieldset className="tc-chart-toggles">
        <legend className="sr-only">Shown on the fit chart</legend>
        {FIT_CHART_ITEMS.map((i) => (
          <label key={i.item} className="choice">
            <input
              type="checkbox"
              checked={shown.has(i.item)}
              disabled={i.wells && !rate}
              onChange={(e) => toggle(i.item, e.target.checked)}
            />
            <span
              className={i.item === 'points' ? 'swatch dot' : i.wells ? 'swatch line dashed' : 'swatch line'}
              style={i.wells && i.item !== 'points' ? { borderColor: i.color } : { background: i.color }}
            />
            {i.label}
            {i.item === 'points' && wells && (
              <span className="muted"> ({whole.format(frame?.points ?? 0)} points)</span>
            )}
          </label>
        ))}
      </fieldset>
      {!rate && <p className="muted">The wells’ points are rates: they are shown with a rate fit only.</p>}
      <ErrorBanner error={wantsWells ? preview.error : null} />
      {wantsWells && preview.isPending && <p className="muted">Reading the member wells…</p>}
      {frame ? (
        <CloudChart
          frame={frame}
          stepUnit="Months"
          startLabel="Months from the fits’ start"
          rateLabel={rate ? `${PHASE_NAME[phase]} rate, ${unit}` : unit}
          label={`${PHASE_NAME[phase]} fit chart: ${frame.lines.map((l) => l.label).join(', ')}${frame.cloud.length ? ', member wells' : ''}`}
        />
      ) : (
        <p className="muted">Nothing to draw: turn a series on, or make its segments valid.</p>
      )}
    </section>
  );
}
