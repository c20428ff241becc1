import type { FitFromWellsPhase, FitFromWellsResult, Phase } from '@econ/contract';
import { dayOfStep, type Segment, type StepResolution, segmentRate, toDayIndex, toSegment } from '@econ/decline';
import { logDomain } from '../../../components/productionChart/model/axes';

/*
 * What the type-curve cloud chart draws (decision 029): each used well's normalized rates by step
 * as points, the per-step P10, P50, P90 and average as lines and, after a fit, each fitted series.
 */

export const SERIES_LINES = [
  { key: 'p10', label: 'P10', color: '#1a7f37' },
  { key: 'p50', label: 'P50', color: '#0969da' },
  { key: 'p90', label: 'P90', color: '#cf222e' },
  { key: 'average', label: 'Average', color: '#24292f' },
] as const;
export const FIT_LINES = [
  { key: 'best', label: 'Fit best', color: '#24292f' },
  { key: 'p10', label: 'Fit P10', color: '#1a7f37' },
  { key: 'p50', label: 'Fit P50', color: '#0969da' },
  { key: 'p90', label: 'Fit P90', color: '#cf222e' },
] as const;

export interface CloudLine {
  key: string;
  label: string;
  color: string;
  dashed: boolean;
  values: (number | null)[];
}

export interface CloudFrame {
  /** Steps 0…n−1 (months or days from each well's aligned start). */
  x: number[];
  lines: CloudLine[];
  /** The wells' points, drawn as a cloud under the lines. */
  cloud: { steps: number[]; rates: number[] }[];
  y: [number, number];
  points: number;
}

/**
 * The rate of a fitted series at each step: step k is dated k months (or days) after `startDate`,
 * and the series' segments give the rate that day (null outside them).
 */
export function fittedRates(
  segments: readonly Record<string, unknown>[],
  startDate: string,
  resolution: StepResolution,
  steps: number,
): (number | null)[] {
  const segs = segments.map((s) => toSegment(s as unknown as Parameters<typeof toSegment>[0]));
  return ratesAtSteps(segs, toDayIndex(startDate), resolution, steps);
}

/**
 * The rate of validated segments at steps 0…steps−1 from `startDay` (step 0 is the start day itself,
 * later steps the first of each month, or each day); null where no segment covers the day.
 */
export function ratesAtSteps(
  segs: readonly Segment[],
  startDay: number,
  resolution: StepResolution,
  steps: number,
): (number | null)[] {
  return Array.from({ length: steps }, (_, k) => {
    const day = Math.max(startDay, dayOfStep(resolution, startDay, k));
    const seg = segs.find((s) => day >= s.start && day <= s.end);
    return seg ? segmentRate(seg, day - seg.start) : null;
  });
}

/** The log axis range covering every positive value of the cloud and the lines. */
export function cloudRange(cloud: CloudFrame['cloud'], lines: readonly CloudLine[]): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  const see = (v: number | null | undefined) => {
    if (typeof v === 'number' && v > 0) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  };
  for (const c of cloud) for (const q of c.rates) see(q);
  for (const l of lines) for (const q of l.values) see(q);
  return logDomain(Number.isFinite(min) ? min : undefined, max);
}

/** The chart's frame from a preview and, when there is one, the fit of the same phase. */
export function cloudFrame(preview: FitFromWellsPhase, fit?: { result: FitFromWellsResult; phase: Phase }): CloudFrame {
  const cloud = preview.cloud ?? [];
  const longest = Math.max(
    preview.steps.length,
    ...cloud.map((c) => (c.steps.length ? c.steps[c.steps.length - 1]! + 1 : 0)),
  );
  const x = Array.from({ length: longest }, (_, k) => k);
  const lines: CloudLine[] = SERIES_LINES.map((l) => ({
    ...l,
    dashed: false,
    values: stepStat(preview, l.key, longest),
  }));
  const fitted = fit?.result.fits[fit.phase];
  const startDate = fit?.result.phases[fit.phase]?.steps[0]?.date;
  if (fitted && startDate) {
    for (const l of FIT_LINES) {
      const segments = fitted[l.key]?.segments;
      if (segments?.length) {
        lines.push({ ...l, dashed: true, values: fittedRates(segments, startDate, preview.resolution, longest) });
      }
    }
  }
  return {
    x,
    lines,
    cloud,
    y: cloudRange(cloud, lines),
    points: cloud.reduce((n, c) => n + c.rates.length, 0),
  };
}

/** A per-step statistic of the wells at steps 0…length−1 (null past the steps kept). */
export function stepStat(
  preview: FitFromWellsPhase,
  key: (typeof SERIES_LINES)[number]['key'],
  length: number,
): (number | null)[] {
  return Array.from({ length }, (_, k) => {
    const s = preview.steps[k];
    return s ? s[key] : null;
  });
}
