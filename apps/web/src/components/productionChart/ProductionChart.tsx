import { fromDayIndex } from '@econ/decline';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { CanvasPlot, type DrawTiming } from './CanvasPlot';
import { buildFrame, type ChartView, type ForecastLine } from './model/frame';
import type { History, HistoryValue } from './model/history';
import type { ReadOut } from './model/hover';
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
  /** The rates view's name and axis label, e.g. "Oil rate, BBL/D". */
  rateLabel: string;
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
    const frame = buildFrame({ view, history, historyValue, ...(forecasts ? { forecasts } : {}), logRates });
    return { frame, ms: performance.now() - start };
  }, [view, history, historyValue, forecasts, logRates]);
  const { frame } = built;
  const onDraw = useCallback(
    (t: DrawTiming) => setTiming((prev) => ({ ...t, frameMs: built.ms, draws: (prev?.draws ?? 0) + 1 })),
    [built.ms],
  );
  const drawn = frame.series.some((s) => s.values.length > 0);
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
            className={stale ? 'chart stale' : 'chart'}
            role="img"
            aria-label={`${name} against time`}
            data-draw-ms={timing?.drawMs.toFixed(1)}
            data-frame-ms={timing?.frameMs.toFixed(1)}
            data-points={timing?.points}
            data-draws={timing?.draws}
          >
            <CanvasPlot frame={frame} height={height} yLabel={yLabel} onHover={setHover} onDraw={onDraw} />
          </div>
          <ul className="chart-legend" aria-label="Chart legend">
            {frame.series.map((s) => (
              <li key={s.key}>
                <span className={s.kind === 'history' ? 'swatch dot' : 'swatch line'} style={{ background: s.color }} />
                {s.label}{' '}
                <span className="muted">
                  {s.kind === 'history' ? `${whole.format(s.values.length)} points` : 'line'}, {s.unit}
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
