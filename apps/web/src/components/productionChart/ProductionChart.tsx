import { fromDayIndex } from '@econ/decline';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { CanvasPlot, type DrawTiming } from './CanvasPlot';
import { buildFrame, type ChartView, type ForecastLine, type MarkerSet } from './model/frame';
import type { ChartPhase, History, HistoryValue } from './model/history';
import type { ReadOut } from './model/hover';
import { type PlotPosition, pickPoint } from './model/pick';
import './productionChart.css';

const VIEWS: { view: ChartView; label: string }[] = [
  { view: 'rates', label: 'Rates' },
  { view: 'cumulative', label: 'Cumulative' },
  { view: 'ratios', label: 'GOR & WOR' },
];

const whole = new Intl.NumberFormat('en-US');
const reading = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/**
 * A well's production chart, the one used wherever rates are drawn: history as points and
 * forecasts as lines for oil, gas and water on one semi-log axis (ticks at decades), or the
 * cumulative volumes, or GOR and WOR; forecast segment boundaries as dashed vertical lines;
 * hovering reads the date and every series' value. A canvas (uPlot): ten years of daily history
 * of three phases redraw in a few milliseconds (docs/decisions/023-production-chart.md).
 */
export function ProductionChart(props: {
  history?: History | undefined;
  /** Monthly history as per-day rates (the default) or as the month's volume (to match monthly forecast volumes). */
  historyValue?: HistoryValue;
  forecasts?: readonly ForecastLine[];
  /** History points marked on the rates view (e.g. left out of a fit). */
  markers?: readonly MarkerSet[];
  /** Clicking a history point of this phase on the rates view picks its day (a canvas: also say so in `note`). */
  pick?: { phase: ChartPhase; onPick: (day: number) => void } | undefined;
  /** The rates view's name and axis label, e.g. "Oil rate, BBL/D". */
  rateLabel: string;
  /** Show the days around the history only (e.g. while fitting it). */
  zoomToHistory?: boolean;
  /** The phases whose history is drawn (default all three; e.g. only the one being fitted). */
  phases?: readonly ChartPhase[] | undefined;
  /** Log rate axis (default true: semi-log). */
  logRates?: boolean;
  /** Offer the cumulative and ratio views (default true). */
  views?: boolean;
  emptyText: string;
  stale?: boolean;
  height?: number;
  /** Controls of the caller shown on the chart's control row. */
  controls?: ReactNode;
  /** A line under the legend (what is not drawn and why). */
  note?: ReactNode;
}) {
  const {
    history,
    historyValue = 'rate',
    forecasts,
    markers,
    pick,
    rateLabel,
    logRates = true,
    emptyText,
    stale,
    height = 340,
  } = props;
  const [chosen, setView] = useState<ChartView>('rates');
  const view = props.views === false ? 'rates' : chosen;
  const [hover, setHover] = useState<ReadOut>();
  const radios = useId();
  const [timing, setTiming] = useState<DrawTiming & { frameMs: number; draws: number }>();
  const built = useMemo(() => {
    const start = performance.now();
    const frame = buildFrame({
      view,
      history,
      historyValue,
      ...(forecasts ? { forecasts } : {}),
      ...(markers ? { markers } : {}),
      logRates,
      zoomToHistory: props.zoomToHistory === true,
      ...(props.phases ? { phases: props.phases } : {}),
    });
    return { frame, ms: performance.now() - start };
  }, [view, history, historyValue, forecasts, markers, logRates, props.zoomToHistory, props.phases]);
  const { frame } = built;
  const onDraw = useCallback(
    (t: DrawTiming) => setTiming((prev) => ({ ...t, frameMs: built.ms, draws: (prev?.draws ?? 0) + 1 })),
    [built.ms],
  );
  const drawn = frame.series.some((s) => s.values.length > 0);
  const pickable = pick && view === 'rates' ? frame.series.find((s) => s.key === `${pick.phase}-history`) : undefined;
  const onClick = pickable
    ? (at: PlotPosition, toPx: (day: number, value: number) => PlotPosition) => {
        const day = pickPoint(pickable, at, toPx);
        if (day !== undefined) pick?.onPick(day);
      }
    : undefined;
  const yLabel =
    view === 'rates'
      ? rateLabel
      : view === 'cumulative'
        ? 'Cumulative volume, BBL or MCF'
        : 'GOR, scf/bbl · WOR, bbl/bbl';
  const name = view === 'rates' ? rateLabel : view === 'cumulative' ? 'Cumulative volume' : 'GOR and WOR';
  return (
    <div className="production-chart">
      <div className="chart-controls">
        {props.views !== false && (
          <fieldset className="inline">
            <legend>View</legend>
            {VIEWS.map((v) => (
              <label className="choice" key={v.view}>
                <input type="radio" name={radios} checked={view === v.view} onChange={() => setView(v.view)} />
                {v.label}
              </label>
            ))}
          </fieldset>
        )}
        {props.controls}
      </div>
      {drawn ? (
        <>
          <div
            className={`chart${stale ? ' stale' : ''}${pickable ? ' pickable' : ''}`}
            role="img"
            aria-label={`${name} against time`}
            data-draw-ms={timing?.drawMs.toFixed(1)}
            data-frame-ms={timing?.frameMs.toFixed(1)}
            data-points={timing?.points}
            data-draws={timing?.draws}
          >
            <CanvasPlot
              frame={frame}
              height={height}
              yLabel={yLabel}
              onHover={setHover}
              onDraw={onDraw}
              onClick={onClick}
            />
          </div>
          <ul className="chart-legend" aria-label="Chart legend">
            {frame.series.map((s) => (
              <li key={s.key}>
                <Swatch kind={s.kind} color={s.color} shape={s.shape} dashed={s.dash !== undefined} />
                {s.label}{' '}
                <span className="muted">
                  {s.kind === 'forecast'
                    ? 'line'
                    : `${whole.format(s.values.length)} point${s.values.length === 1 ? '' : 's'}`}
                  , {s.unit}
                </span>
              </li>
            ))}
            {frame.boundaries.length > 0 && (
              <li>
                <span className="swatch boundary" /> segment starts
              </li>
            )}
          </ul>
          <output className="chart-readout" aria-label="Chart read-out">
            {hover ? (
              <>
                <strong>{fromDayIndex(hover.day)}</strong>
                {hover.values.map((v) => (
                  <span key={v.key}>
                    {' · '}
                    {v.label} {v.value === undefined ? '—' : `${reading.format(v.value)} ${v.unit}`}
                  </span>
                ))}
              </>
            ) : (
              <span className="muted">Point at the chart to read the date and the values.</span>
            )}
          </output>
        </>
      ) : (
        <p className="muted chart-empty">{emptyText}</p>
      )}
      {props.note && <p className="muted chart-note">{props.note}</p>}
    </div>
  );
}

/** A legend's sample of a series: a dot, a line (dashed), a cross or a ring. */
function Swatch(props: { kind: string; color: string; shape?: string | undefined; dashed: boolean }) {
  if (props.kind === 'marker')
    return (
      <span className={`swatch marker ${props.shape ?? 'cross'}`} style={{ color: props.color }} aria-hidden="true">
        {props.shape === 'ring' ? '○' : '×'}
      </span>
    );
  if (props.kind === 'history') return <span className="swatch dot" style={{ background: props.color }} />;
  return props.dashed ? (
    <span className="swatch line dashed" style={{ borderColor: props.color }} />
  ) : (
    <span className="swatch line" style={{ background: props.color }} />
  );
}
