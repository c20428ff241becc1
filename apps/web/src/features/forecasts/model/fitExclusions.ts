import { type ExclusionReason, type FitQuality, fromDayIndex } from '@econ/decline';
import type { FitFormValues } from './fitForm';

/**
 * Toggles a history point in the days a person left out of the fit (clicking a point on the chart
 * takes it out; clicking it again puts it back). The days stay ascending and unique.
 */
export function toggleExclusion(days: readonly number[], day: number): number[] {
  return days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b);
}

/** How the editor names each reason a point was left out (the fit's quality gives them). */
export const REASON_LABEL: Record<ExclusionReason, string> = {
  'excluded by the user': 'excluded by you',
  'zero or negative rate': 'zero rate',
  'before the start': 'before the start',
  outlier: 'outlier',
  'base phase zero': 'base phase zero',
};

/** The order the reasons are summed up in: what a person did first, then what the fit decided. */
const ORDER: readonly ExclusionReason[] = [
  'excluded by the user',
  'outlier',
  'zero or negative rate',
  'base phase zero',
  'before the start',
];

/** How many points each reason left out, in {@link ORDER}, reasons with none left out. */
export function exclusionCounts(excluded: FitQuality['excluded']): { reason: ExclusionReason; count: number }[] {
  return ORDER.map((reason) => ({ reason, count: excluded.filter((e) => e.reason === reason).length })).filter(
    (c) => c.count > 0,
  );
}

/**
 * The points left out as the editor lists them: by reason in {@link ORDER} (what a person can put
 * back first, then outliers, then what the rules left out), each reason by date.
 */
export function listedExclusions(excluded: FitQuality['excluded']): FitQuality['excluded'] {
  return [...excluded].sort((a, b) => ORDER.indexOf(a.reason) - ORDER.indexOf(b.reason) || a.day - b.day);
}

/** The days left out for one reason (the chart marks user exclusions and outliers, each its own way). */
export const daysFor = (excluded: FitQuality['excluded'], reason: ExclusionReason): number[] =>
  excluded.filter((e) => e.reason === reason).map((e) => e.day);

/** What a click on a history point does while the fit is open. */
export type ClickMode = 'exclude' | 'start';

/**
 * A click on the history point of `day`: in `exclude` mode it toggles the point out of (or back
 * into) the fit; in `start` mode the fit starts on that point's day, and the next click excludes
 * again (a start is picked once, points are clicked out many times).
 */
export function chartClick(
  state: { mode: ClickMode; exclude: readonly number[]; values: FitFormValues },
  day: number,
): { mode: ClickMode; exclude: readonly number[]; values: FitFormValues } {
  if (state.mode === 'exclude') return { ...state, exclude: toggleExclusion(state.exclude, day) };
  return {
    mode: 'exclude',
    exclude: state.exclude,
    values: { ...state.values, start: 'date', startDate: fromDayIndex(day) },
  };
}
