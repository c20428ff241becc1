import type { ExclusionReason, FitQuality } from '@econ/decline';

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
};

/** The order the reasons are summed up in: what a person did first, then what the fit decided. */
const ORDER: readonly ExclusionReason[] = [
  'excluded by the user',
  'outlier',
  'zero or negative rate',
  'before the start',
];

/** How many points each reason left out, in {@link ORDER}, reasons with none left out. */
export function exclusionCounts(excluded: FitQuality['excluded']): { reason: ExclusionReason; count: number }[] {
  return ORDER.map((reason) => ({ reason, count: excluded.filter((e) => e.reason === reason).length })).filter(
    (c) => c.count > 0,
  );
}

/** The days left out for one reason (the chart marks user exclusions and outliers, each its own way). */
export const daysFor = (excluded: FitQuality['excluded'], reason: ExclusionReason): number[] =>
  excluded.filter((e) => e.reason === reason).map((e) => e.day);
