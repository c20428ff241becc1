import type { DirectionalSurvey } from '@econ/contract';

/* What the well page draws of a survey: the plan view and the vertical section, in FT. */

/** A point of the plan view: east (+) / west (−) and north (+) / south (−) of the surface location. */
export interface PlanPoint {
  ew: number;
  ns: number;
}

/** A point of the vertical section: horizontal displacement along the section azimuth, and TVD. */
export interface SectionPoint {
  displacement: number;
  tvd: number;
}

export interface SurveyDrawing {
  plan: PlanPoint[];
  section: SectionPoint[];
  /** The section's azimuth: from the first point to the last (degrees clockwise from north, 0–360). */
  sectionAzimuth: number;
  /** The plan axes' domains: of one length, so north and east share a scale and the path keeps its shape. */
  planDomains: { ew: [number, number]; ns: [number, number] };
}

const DEG = 180 / Math.PI;

/** A padded span around `values` (and 0), with at least `min` FT so a vertical well still shows a box. */
function span(values: readonly number[], min = 200): [number, number] {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const mid = (lo + hi) / 2;
  const half = (Math.max(hi - lo, min) / 2) * 1.08;
  return [mid - half, mid + half];
}

/**
 * The plan view and the vertical section of a survey. The section projects each point's offsets on
 * the azimuth from the first point to the last (the well's average direction): displacement =
 * EW·sin(az) + NS·cos(az) relative to the first point; a well that ends where it starts (vertical)
 * has azimuth 0 (north).
 */
export function surveyDrawing(
  s: Pick<DirectionalSurvey, 'deviationEW' | 'deviationNS' | 'trueVerticalDepth'>,
): SurveyDrawing {
  const n = s.deviationEW.length;
  const plan = s.deviationEW.map((ew, i) => ({ ew, ns: s.deviationNS[i]! }));
  const first = plan[0] ?? { ew: 0, ns: 0 };
  const last = plan[n - 1] ?? first;
  const dEw = last.ew - first.ew;
  const dNs = last.ns - first.ns;
  const az = dEw === 0 && dNs === 0 ? 0 : Math.atan2(dEw, dNs);
  const section = plan.map((p, i) => ({
    displacement: (p.ew - first.ew) * Math.sin(az) + (p.ns - first.ns) * Math.cos(az),
    tvd: s.trueVerticalDepth[i]!,
  }));
  const ews = span(plan.map((p) => p.ew));
  const nss = span(plan.map((p) => p.ns));
  const half = Math.max(ews[1] - ews[0], nss[1] - nss[0]) / 2;
  const around = ([lo, hi]: [number, number]): [number, number] => [(lo + hi) / 2 - half, (lo + hi) / 2 + half];
  return {
    plan,
    section,
    sectionAzimuth: (((az * DEG) % 360) + 360) % 360,
    planDomains: { ew: around(ews), ns: around(nss) },
  };
}

/** `N 8° E`, `S 2° W`, `due north`: an azimuth as a surveyor's bearing. */
export function bearing(azimuth: number): string {
  const a = ((Math.round(azimuth) % 360) + 360) % 360;
  const named: Record<number, string> = { 0: 'due north', 90: 'due east', 180: 'due south', 270: 'due west' };
  if (named[a]) return named[a];
  if (a < 90) return `N ${a}° E`;
  if (a < 180) return `S ${180 - a}° E`;
  if (a < 270) return `S ${a - 180}° W`;
  return `N ${360 - a}° W`;
}
