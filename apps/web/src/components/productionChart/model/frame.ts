import { logDomain, niceMax } from './axes';
import {
  type ChartPhase,
  cumulativeBefore,
  cumulativeValues,
  type History,
  type HistoryValue,
  PHASES,
  phaseValues,
  ratioValues,
} from './history';

/** What the chart shows: rates (semi-log), cumulative volumes (linear), or GOR and WOR (semi-log). */
export type ChartView = 'rates' | 'cumulative' | 'ratios';

/**
 * A forecast drawn as a line: its days (day indexes, ascending), its values there (per-day rates,
 * or whatever unit the caller draws; null for a gap), its cumulative volume at those days from
 * its own start (for the cumulative view), and the first day of each of its segments.
 */
export interface ForecastLine {
  phase: ChartPhase;
  label: string;
  days: readonly number[];
  values: readonly (number | null)[];
  cumulative?: readonly number[] | undefined;
  segmentStarts: readonly number[];
  /** A colour of its own (e.g. a fitted curve drawn over the forecast); default the phase's. */
  color?: string;
  /** Drawn dashed (a curve that is a proposal, not the forecast). */
  dashed?: boolean;
}

/**
 * History points marked on the rates view (e.g. points left out of a fit): drawn over the phase's
 * history points at the same places, as a cross or a ring.
 */
export interface MarkerSet {
  key: string;
  label: string;
  phase: ChartPhase;
  days: readonly number[];
  shape: MarkerShape;
  color: string;
}
export type MarkerShape = 'cross' | 'ring';

/** One drawn series: history as points, forecasts as lines; `days`/`values` hold only what is drawn. */
export interface DrawnSeries {
  key: string;
  label: string;
  kind: 'history' | 'forecast' | 'marker';
  /** The phase (or ratio) it belongs to: its colour. */
  color: string;
  /** A line's dash pattern (CSS pixels), when dashed. */
  dash?: number[];
  /** A marker's shape. */
  shape?: MarkerShape;
  unit: string;
  days: number[];
  values: (number | null)[];
}

/** Everything the canvas needs: the series, aligned on one x array (uPlot's data), and the axes. */
export interface Frame {
  view: ChartView;
  series: DrawnSeries[];
  /** Union of every series' days, ascending. */
  x: number[];
  /** Per series, its value at each x: a number, null (a gap in a line) or undefined (no sample there). */
  ys: (number | null | undefined)[][];
  log: boolean;
  y: [number, number];
  /** Segment starts of the forecasts drawn (vertical lines), ascending, unique. */
  boundaries: number[];
  /** The days shown, when not all of them (zoomed to the history); the y range fits what is inside. */
  xRange?: [number, number];
}

/** Phase colours as engineers read them: oil green, gas red, water blue. */
export const PHASE_COLOR: Record<ChartPhase | 'gor' | 'wor', string> = {
  oil: '#1a7f37',
  gas: '#cf222e',
  water: '#0969da',
  gor: '#bc4c00',
  wor: '#0550ae',
};

const PHASE_LABEL: Record<ChartPhase, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };
const rateUnit = (p: ChartPhase) => (p === 'gas' ? 'MCF/D' : 'BBL/D');
const volumeUnit = (p: ChartPhase) => (p === 'gas' ? 'MCF' : 'BBL');

/** Keeps the drawable samples of a column: numbers (positive ones on a log axis). */
function drawable(days: readonly number[], values: readonly (number | null)[], log: boolean) {
  const d: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < days.length; i++) {
    const value = values[i];
    if (typeof value === 'number' && Number.isFinite(value) && (!log || value > 0)) {
      d.push(days[i]!);
      v.push(value);
    }
  }
  return { days: d, values: v };
}

/** A line's values with what a log axis cannot draw turned into gaps (null). */
const lineValues = (values: readonly (number | null)[], log: boolean) =>
  values.map((v) => (v === null || !Number.isFinite(v) || (log && v <= 0) ? null : v));

/** Series of the view, before alignment. */
export function viewSeries(
  view: ChartView,
  input: {
    history?: History | undefined;
    historyValue?: HistoryValue;
    forecasts?: readonly ForecastLine[];
    markers?: readonly MarkerSet[];
    /** The phases whose history is drawn (default all three). */
    phases?: readonly ChartPhase[];
    log: boolean;
  },
): DrawnSeries[] {
  const { history, forecasts = [], log } = input;
  const out: DrawnSeries[] = [];
  const monthlyVolume = history?.resolution === 'monthly' && input.historyValue === 'volume';
  if (view === 'ratios') {
    if (history) {
      const { gor, wor } = ratioValues(history);
      out.push({
        key: 'gor',
        label: 'GOR',
        kind: 'history',
        color: PHASE_COLOR.gor,
        unit: 'scf/bbl',
        ...drawable(history.days, gor, true),
      });
      out.push({
        key: 'wor',
        label: 'WOR',
        kind: 'history',
        color: PHASE_COLOR.wor,
        unit: 'bbl/bbl',
        ...drawable(history.days, wor, true),
      });
    }
    return out;
  }
  for (const phase of input.phases ?? PHASES) {
    if (!history) continue;
    const values =
      view === 'rates' ? phaseValues(history, phase, input.historyValue) : cumulativeValues(history, phase);
    const unit =
      view === 'cumulative' ? volumeUnit(phase) : monthlyVolume ? `${volumeUnit(phase)}/month` : rateUnit(phase);
    out.push({
      key: `${phase}-history`,
      label: `${PHASE_LABEL[phase]} history`,
      kind: 'history',
      color: PHASE_COLOR[phase],
      unit,
      ...drawable(history.days, values, log),
    });
  }
  forecasts.forEach((f, i) => {
    let values: (number | null)[];
    if (view === 'rates') values = lineValues(f.values, log);
    else {
      const offset = history && f.days.length ? cumulativeBefore(history, f.phase, f.days[0]!) : 0;
      values = lineValues(
        (f.cumulative ?? []).map((c) => c + offset),
        log,
      );
    }
    if (values.length !== f.days.length) return;
    out.push({
      key: `forecast-${i}`,
      label: f.label,
      kind: 'forecast',
      color: f.color ?? PHASE_COLOR[f.phase],
      ...(f.dashed ? { dash: [6, 4] } : {}),
      unit:
        view === 'cumulative'
          ? volumeUnit(f.phase)
          : monthlyVolume
            ? `${volumeUnit(f.phase)}/month`
            : rateUnit(f.phase),
      days: [...f.days],
      values,
    });
  });
  if (view === 'rates' && history) out.push(...markerSeries(history, input.markers ?? [], input.historyValue, log));
  return out;
}

/** Marked history points, at the values the phase's history is drawn with (none where that is not drawn). */
export function markerSeries(
  history: History,
  markers: readonly MarkerSet[],
  historyValue: HistoryValue | undefined,
  log: boolean,
): DrawnSeries[] {
  const monthlyVolume = history.resolution === 'monthly' && historyValue === 'volume';
  const index = new Map(history.days.map((d, i) => [d, i]));
  return markers.map((m) => {
    const values = phaseValues(history, m.phase, historyValue);
    const days = [...m.days].sort((a, b) => a - b).filter((d) => index.has(d));
    return {
      key: `marker-${m.key}`,
      label: m.label,
      kind: 'marker',
      color: m.color,
      shape: m.shape,
      unit: monthlyVolume ? `${volumeUnit(m.phase)}/month` : rateUnit(m.phase),
      ...drawable(
        days,
        days.map((d) => values[index.get(d)!] ?? null),
        log,
      ),
    };
  });
}

/**
 * Aligns series on the union of their days (uPlot's data layout): a series' value where it has a
 * sample, undefined where it has none (a line spans those; null stays a gap).
 */
export function align(series: readonly Pick<DrawnSeries, 'days' | 'values'>[]): {
  x: number[];
  ys: (number | null | undefined)[][];
} {
  const all = new Set<number>();
  for (const s of series) for (const d of s.days) all.add(d);
  const x = Float64Array.from(all).sort();
  const ys = series.map((s) => {
    const y: (number | null | undefined)[] = new Array(x.length);
    let j = 0;
    for (let i = 0; i < s.days.length; i++) {
      const d = s.days[i]!;
      while (x[j]! < d) j++;
      y[j] = s.values[i];
    }
    return y;
  });
  return { x: Array.from(x), ys };
}

/**
 * The days around the history: from its first day to its last, with 5 % of its span before and
 * a quarter of it (at least a year) after, to see where a forecast or a fit takes it next.
 * Undefined without history.
 */
export function historyWindow(history: History | undefined): [number, number] | undefined {
  if (!history?.days.length) return undefined;
  const first = history.days[0]!;
  const last = history.days[history.days.length - 1]!;
  const span = Math.max(last - first, 30);
  return [Math.floor(first - 0.05 * span), Math.ceil(last + Math.max(365, 0.25 * span))];
}

/**
 * The y axis: whole decades around the drawn values on a log axis, 0 to a round top on a linear
 * one; with `days`, only the values of those days count.
 */
export function yRange(series: readonly DrawnSeries[], log: boolean, days?: [number, number]): [number, number] {
  let max = 0;
  let minPositive: number | undefined;
  for (const s of series) {
    for (let i = 0; i < s.values.length; i++) {
      const v = s.values[i];
      if (v === null || v === undefined) continue;
      if (days && (s.days[i]! < days[0] || s.days[i]! > days[1])) continue;
      if (v > max) max = v;
      if (v > 0 && (minPositive === undefined || v < minPositive)) minPositive = v;
    }
  }
  return log ? logDomain(minPositive, max) : [0, niceMax(max)];
}

/** The frame of a view: series, aligned data, y range and the forecasts' segment boundaries. */
export function buildFrame(input: {
  view: ChartView;
  history?: History | undefined;
  historyValue?: HistoryValue;
  forecasts?: readonly ForecastLine[];
  /** Marked history points (rates view only). */
  markers?: readonly MarkerSet[];
  /** The phases whose history is drawn in the rates and cumulative views (default all three). */
  phases?: readonly ChartPhase[];
  /** Log axis for rates (semi-log, the default); cumulative is always linear, ratios always log. */
  logRates?: boolean;
  /** Show only the days around the history ({@link historyWindow}). */
  zoomToHistory?: boolean;
}): Frame {
  const log = input.view === 'ratios' || (input.view === 'rates' && input.logRates !== false);
  const series = viewSeries(input.view, { ...input, log });
  const { x, ys } = align(series);
  const boundaries =
    input.view === 'ratios'
      ? []
      : [...new Set((input.forecasts ?? []).flatMap((f) => f.segmentStarts))].sort((a, b) => a - b);
  const xRange = input.zoomToHistory ? historyWindow(input.history) : undefined;
  return {
    view: input.view,
    series,
    x,
    ys,
    log,
    y: yRange(series, log, xRange),
    boundaries,
    ...(xRange ? { xRange } : {}),
  };
}
