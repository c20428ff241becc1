import type { Phase } from '@econ/contract';
import type { Segment } from '@econ/decline';
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { MarkerSet } from '../../../components/productionChart/model/frame';
import type { ChartPhase, History } from '../../../components/productionChart/model/history';
import { ProductionChart } from '../../../components/productionChart/ProductionChart';
import { ResolutionToggle } from '../../../components/productionChart/ResolutionToggle';
import {
  buildChart,
  forecastLine,
  type MonthlyValue,
  type Resolution,
  ratioUnit,
  volumeUnit,
} from '../model/chartData';
import type { Companion } from '../model/companions';
import { formatVolume } from '../model/computed';
import type { Settings } from '../model/drafts';

const PHASE_NAME: Record<Phase, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };
/** The type curve's line: neither a phase's colour nor the fit's. */
const TYPE_CURVE_COLOR = '#9a6700';

/** The labels of what is drawn, in the units it is drawn in. */
function labels(phase: Phase, settings: Settings, resolution: Resolution, monthlyValue: MonthlyValue) {
  const unit = volumeUnit(phase);
  if (settings.forecastType === 'ratio' && settings.basePhase) {
    const name = `${PHASE_NAME[phase]}/${settings.basePhase} ratio, ${ratioUnit(phase, settings.basePhase)}`;
    return { rate: resolution === 'monthly' && monthlyValue === 'volume' ? `${name} × days per month` : name, unit };
  }
  if (resolution === 'daily') return { rate: `${PHASE_NAME[phase]} rate, ${unit}/D`, unit };
  return monthlyValue === 'volume'
    ? { rate: `${PHASE_NAME[phase]} volume, ${unit} per month`, unit }
    : { rate: `${PHASE_NAME[phase]} rate, ${unit}/D (monthly average)`, unit };
}

/**
 * Rate against time, computed in the browser with packages/decline from the segments as they are
 * typed, drawn by the production chart (one chart everywhere): the forecast as a line with its
 * segment starts, the well's history of the three phases as points when given (rate forecasts;
 * a ratio forecast's units are not the history's), log (default) or linear rate axis, daily
 * (downsampled) or monthly points, the cumulative and GOR/WOR views, and the EUR.
 * `stale`: the segments drawn are the last valid ones.
 */
export function RateChart(props: {
  segments: readonly Segment[] | undefined;
  stale: boolean;
  phase: Phase;
  settings: Settings;
  /** A ratio forecast's base phase segments (undefined: not stored, or not valid). */
  base?: readonly Segment[] | undefined;
  /** What to say when there is nothing to draw. */
  emptyText: string;
  /** The well's history at `resolution` (drawn with rate forecasts). */
  history?: History | undefined;
  /** The resolution, when the caller holds it (the history follows it); else the chart's own. */
  resolution?: Resolution;
  onResolution?: (r: Resolution) => void;
  /** A line under the chart (e.g. why no history is drawn). */
  note?: ReactNode;
  /** A fit to the history drawn over the forecast (a dashed line of its own colour), to compare. */
  fit?: { segments: readonly Segment[]; color: string } | undefined;
  /** History points marked (e.g. left out of the fit). */
  markers?: readonly MarkerSet[] | undefined;
  /** Show the days around the history only (while fitting it). */
  zoomToHistory?: boolean;
  /** Draw only this phase's history (while fitting it). */
  onlyThisPhase?: boolean;
  /** Clicking a history point of this phase picks its day. */
  pick?: { phase: ChartPhase; onPick: (day: number) => void } | undefined;
  /** Stored series drawn beside the edited one: the other phases, the phase's P10/P50/P90 (rate forecasts). */
  companions?: readonly Companion[] | undefined;
  /** A type curve that applies to the well, drawn dashed in its own colour. */
  typeCurve?: { label: string; segments: readonly Segment[] } | undefined;
}) {
  const { segments, stale, phase, settings, base, emptyText } = props;
  const [log, setLog] = useState(true);
  const [ownResolution, setOwnResolution] = useState<Resolution>('daily');
  const resolution = props.resolution ?? ownResolution;
  const setResolution = props.onResolution ?? setOwnResolution;
  // Monthly: the month's average rate by default (volume per day of the month: no 28/30/31-day sawtooth).
  const [monthlyValue, setMonthlyValue] = useState<MonthlyValue>('rate');
  const names = useId();
  const data = useMemo(
    () => (segments?.length ? buildChart(segments, { resolution, monthlyValue, log, base }) : undefined),
    [segments, resolution, monthlyValue, log, base],
  );
  const ratio = settings.forecastType === 'ratio';
  const text = labels(phase, settings, resolution, monthlyValue);
  const fit = props.fit;
  const fitLine = useMemo(() => {
    if (!fit?.segments.length) return undefined;
    const fitData = buildChart(fit.segments, { resolution, monthlyValue, log });
    return { ...forecastLine(phase, 'Fit to history', fitData, fit.segments), color: fit.color, dashed: true };
  }, [fit, resolution, monthlyValue, log, phase]);
  // Beside the edited series (rates only: a ratio is in other units): the other phases, the phase's
  // other series (dashed), the type curve (dashed, grey); their segment starts are not drawn.
  const { companions, typeCurve, onlyThisPhase } = props;
  const others = useMemo(() => {
    if (ratio) return [];
    const lines = (companions ?? [])
      .filter((c) => !onlyThisPhase || c.phase === phase)
      .map((c) => {
        const line = forecastLine(
          c.phase,
          c.kind === 'phase'
            ? `${PHASE_NAME[c.phase]} forecast (${c.series})`
            : `${PHASE_NAME[c.phase]} ${c.series.toUpperCase()}`,
          buildChart(c.segments, { resolution, monthlyValue, log }),
          c.segments,
        );
        return { ...line, segmentStarts: [], ...(c.kind === 'series' ? { dashed: true } : {}) };
      });
    if (typeCurve?.segments.length) {
      const line = forecastLine(
        phase,
        typeCurve.label,
        buildChart(typeCurve.segments, { resolution, monthlyValue, log }),
        typeCurve.segments,
      );
      lines.push({ ...line, segmentStarts: [], color: TYPE_CURVE_COLOR, dashed: true });
    }
    return lines;
  }, [ratio, companions, typeCurve, onlyThisPhase, phase, resolution, monthlyValue, log]);
  const forecasts = useMemo(
    () => [
      ...(data && segments ? [forecastLine(phase, `${PHASE_NAME[phase]} forecast`, data, segments)] : []),
      ...others,
      ...(fitLine ? [fitLine] : []),
    ],
    [data, segments, phase, fitLine, others],
  );
  const history = ratio ? undefined : props.history;
  // One array per phase: a new one each render would rebuild the chart's frame each render.
  const onlyPhase = useMemo(() => [phase], [phase]);
  return (
    <>
      <p className="eur">
        <label htmlFor="eur">EUR</label>{' '}
        <output id="eur">
          {!data
            ? '—'
            : ratio && !base
              ? `needs a valid ${settings.basePhase ?? 'base phase'} forecast of this well and series`
              : `${formatVolume(data.eur)} ${text.unit}`}
        </output>
        {ratio && base && data && <span className="muted"> (ratio × {settings.basePhase} rate)</span>}
        {stale && data && <span className="muted"> (last valid segments; fix the marked fields)</span>}
      </p>
      <ProductionChart
        history={history}
        historyValue={resolution === 'monthly' ? (monthlyValue === 'volume' ? 'volume' : 'rate') : 'rate'}
        forecasts={forecasts}
        markers={props.markers}
        pick={props.pick}
        zoomToHistory={props.zoomToHistory === true}
        phases={props.onlyThisPhase ? onlyPhase : undefined}
        rateLabel={text.rate}
        logRates={log}
        views={!ratio}
        stale={stale && data !== undefined}
        emptyText={emptyText}
        note={props.note}
        controls={
          <>
            <label className="choice">
              <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} />
              Log rate axis
            </label>
            <ResolutionToggle value={resolution} onChange={setResolution} />
            {resolution === 'monthly' && (
              <fieldset className="inline">
                <legend>Monthly values</legend>
                <label className="choice">
                  <input
                    type="radio"
                    name={`${names}-monthly-value`}
                    checked={monthlyValue === 'volume'}
                    onChange={() => setMonthlyValue('volume')}
                  />
                  Volume per month
                </label>
                <label className="choice">
                  <input
                    type="radio"
                    name={`${names}-monthly-value`}
                    checked={monthlyValue === 'rate'}
                    onChange={() => setMonthlyValue('rate')}
                  />
                  Average rate
                </label>
              </fieldset>
            )}
          </>
        }
      />
    </>
  );
}
