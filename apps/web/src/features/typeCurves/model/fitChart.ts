import type { FitFromWellsPhase, FitSeriesKey } from '@econ/contract';
import { type Segment, type StepResolution, stepsBetween } from '@econ/decline';
import {
  type CloudFrame,
  type CloudLine,
  cloudRange,
  FIT_LINES,
  ratesAtSteps,
  SERIES_LINES,
  stepStat,
} from './cloudFrame';

/*
 * The fit chart of the fit editor (issue 22): every fitted series of a phase at once (best, P10,
 * P50, P90), and on a rate fit the member wells — their per-step P10, P50, P90 and average and
 * their normalized points — each shown or hidden by its toggle. Step 0 is the fits' first day
 * (the fit from wells dates its fits from the aligned start the same way, decision 029).
 */

/** A toggle of the fit chart: a fitted series, a statistic of the wells, or the wells' points. */
export type FitChartItem = `fit:${FitSeriesKey}` | `wells:${(typeof SERIES_LINES)[number]['key']}` | 'points';

export const FIT_CHART_ITEMS: readonly { item: FitChartItem; label: string; color: string; wells: boolean }[] = [
  ...FIT_LINES.map((l) => ({ item: `fit:${l.key}` as const, label: l.label, color: l.color, wells: false })),
  ...SERIES_LINES.map((l) => ({
    item: `wells:${l.key}` as const,
    label: `Wells ${l.label}`,
    color: l.color,
    wells: true,
  })),
  { item: 'points', label: 'Member wells (normalized points)', color: '#8c959f', wells: true },
];

/** What is shown at first: every fitted series, none of the wells (they cost a request). */
export const DEFAULT_FIT_CHART: ReadonlySet<FitChartItem> = new Set(FIT_LINES.map((l) => `fit:${l.key}` as const));
export const ALL_FIT_CHART: ReadonlySet<FitChartItem> = new Set(FIT_CHART_ITEMS.map((i) => i.item));

/** Steps drawn at most (50 years of months), so a far end date does not make a huge frame. */
export const FIT_CHART_MAX_STEPS = 600;

/**
 * The frame of the fit chart, or undefined when nothing can be drawn (no valid series shown).
 * `series`: each series' drawable segments (undefined while invalid); `wells`: the fit-from-wells
 * preview of the same phase, used only when one of its items is shown.
 */
export function fitChartFrame(args: {
  series: Partial<Record<FitSeriesKey, readonly Segment[] | undefined>>;
  shown: ReadonlySet<FitChartItem>;
  resolution: StepResolution;
  wells?: FitFromWellsPhase | undefined;
}): CloudFrame | undefined {
  const { series, shown, resolution, wells } = args;
  const fits = FIT_LINES.filter((l) => shown.has(`fit:${l.key}`) && series[l.key]?.length);
  const starts = FIT_LINES.flatMap((l) => series[l.key]?.map((s) => s.start) ?? []);
  const ends = FIT_LINES.flatMap((l) => series[l.key]?.map((s) => s.end) ?? []);
  const stats = wells ? SERIES_LINES.filter((l) => shown.has(`wells:${l.key}`)) : [];
  const cloud = wells && shown.has('points') ? (wells.cloud ?? []) : [];
  if (!fits.length && !stats.length && !cloud.length) return undefined;

  const startDay = starts.length ? Math.min(...starts) : 0;
  const fitSteps = ends.length ? stepsBetween(resolution, startDay, Math.max(...ends)) + 1 : 0;
  const wellSteps = wells
    ? Math.max(wells.steps.length, ...cloud.map((c) => (c.steps.length ? c.steps[c.steps.length - 1]! + 1 : 0)))
    : 0;
  const length = Math.min(FIT_CHART_MAX_STEPS, Math.max(fitSteps, wellSteps, 1));
  const x = Array.from({ length }, (_, k) => k);
  const lines: CloudLine[] = [
    ...fits.map((l) => ({
      ...l,
      dashed: false,
      values: ratesAtSteps(series[l.key] ?? [], startDay, resolution, length),
    })),
    ...(wells
      ? stats.map((l) => ({ ...l, label: `Wells ${l.label}`, dashed: true, values: stepStat(wells, l.key, length) }))
      : []),
  ];
  const clipped = cloud.map((c) => {
    const keep = c.steps.findIndex((s) => s >= length);
    return keep < 0 ? c : { steps: c.steps.slice(0, keep), rates: c.rates.slice(0, keep) };
  });
  return {
    x,
    lines,
    cloud: clipped,
    y: cloudRange(clipped, lines),
    points: clipped.reduce((n, c) => n + c.rates.length, 0),
  };
}
