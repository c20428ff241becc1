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

/** An axis's domain and its ticks (FT). */
export interface Axis {
  domain: [number, number];
  ticks: number[];
}

export interface SurveyDrawing {
  plan: PlanPoint[];
  section: SectionPoint[];
  /** The section's azimuth: from the first point to the last (degrees clockwise from north, 0–360). */
  sectionAzimuth: number;
  /** The plan axes: domains of one length on round ticks, so north and east share a scale and the path keeps its shape. */
  planAxes: { ew: Axis; ns: Axis };
}

const DEG = 180 / Math.PI;

/** A round tick step (1, 2, 2.5 or 5 × 10ⁿ FT) giving about `count` steps over `length`. */
export function niceStep(length: number, count = 5): number {
  const raw = Math.max(length, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw)!;
  return step * power;
}

/**
 * Axes of one length on round ticks holding `ew` and `ns` (and 0, the surface location), at least
 * 200 FT long so a vertical well still shows a box.
 */
function planAxes(ew: readonly number[], ns: readonly number[]): { ew: Axis; ns: Axis } {
  const range = (v: readonly number[]) => [Math.min(0, ...v), Math.max(0, ...v)] as const;
  const [e, n] = [range(ew), range(ns)];
  const length = Math.max(e[1] - e[0], n[1] - n[0], 200) * 1.1;
  const step = niceStep(length);
  const start = ([lo, hi]: readonly [number, number]) => Math.floor(((lo + hi) / 2 - length / 2) / step) * step;
  // Every point at least 5 % of the length inside the box.
  const steps = Math.max(
    ...[e, n].map((r) => Math.ceil((r[1] - start(r) + length / 20) / step)),
    Math.ceil(length / step),
  );
  const axis = (r: readonly [number, number]): Axis => {
    const lo = start(r);
    return { domain: [lo, lo + steps * step], ticks: Array.from({ length: steps + 1 }, (_, k) => lo + k * step) };
  };
  return { ew: axis(e), ns: axis(n) };
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
  return {
    plan,
    section,
    sectionAzimuth: (((az * DEG) % 360) + 360) % 360,
    planAxes: planAxes(
      plan.map((p) => p.ew),
      plan.map((p) => p.ns),
    ),
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
