import { B_EXPONENTIAL_THRESHOLD, DAYS_PER_YEAR } from '../constants';
import { fromDayIndex } from '../dayIndex';
import {
  arpsEffectiveFromNominal,
  arpsNominalFromEffective,
  exponentialEffectiveFromNominal,
  exponentialNominalFromEffective,
} from '../declines';
import { blankSegment, type Segment, type SegmentInput, switchDelta } from '../segment';

/*
 * The parametric models the fitter regresses: each maps a parameter vector to a segment (for
 * volumes and the stored form) and to the value the rate regression compares (log rate, or rate
 * for `linear`), and keeps its parameters feasible.
 */

/** Models of one segment: the declines, flat, linear, and (ratios) an exponential of either sign. */
export type ModelKind = 'exp_dec' | 'arps' | 'arps_modified' | 'flat' | 'linear' | 'exponential';

/** The user's constraints (decline-math.md units: declines are decimal fractions per year). */
export interface ModelConstraints {
  /** Allowed b-factor (arps, arps_modified); default 0.01–2. */
  bRange?: readonly [number, number];
  /** Allowed effective decline at the start, decimal per year; default 0–0.99. */
  dEffRange?: readonly [number, number];
  /** arps_modified: the terminal effective decline (realizedDEffSw), decimal per year. */
  terminalDEff?: number;
  /** A fixed start rate (per day) instead of a fitted one. */
  qStart?: number;
}

export interface ParametricModel {
  kind: ModelKind;
  /** Number of fitted parameters. */
  n: number;
  /** First guess. */
  p0: Float64Array;
  /** The space of the rate regression: `log` rate (declines, flat, exponential) or `rate` (linear). */
  space: 'log' | 'rate';
  /** soft_l1 scale of the rate regression, in that space. */
  scale: number;
  /** The regressed value (log rate or rate) at Δ days from the start. */
  value(p: Float64Array, delta: number): number;
  /** Moves p (in place) into the feasible set. */
  project(p: Float64Array): void;
  /** The internal segment (start 0) of the parameters, for rates and volumes. */
  segment(p: Float64Array): Segment;
  /** The segment in spec 2.8 form from startDay to endDay (day indexes). */
  toInput(p: Float64Array, startDay: number, endDay: number): SegmentInput;
}

/** soft_l1 scale of log rate: residuals beyond ~0.2 (±20 %) are discounted. */
export const LOG_RATE_SCALE = 0.2;
/** Ratios (exponential of either sign): nominal decline bounds per year, −2.4 (11× a year) to 4.6 (dEff 0.99). */
const EXPONENTIAL_NOMINAL_RANGE = [-2.4, 4.6] as const;

const internal = (type: Segment['type'], q0: number, fields: Partial<Segment> = {}): Segment => ({
  ...blankSegment(type, 0, 0),
  q0,
  ...fields,
});

const dates = (startDay: number, endDay: number) => ({
  startDate: fromDayIndex(startDay),
  endDate: fromDayIndex(endDay),
});

/** ln of the Arps rate: ln q0 − ln(1 + bDΔ)/b. */
function lnArps(lnQ0: number, D: number, b: number, delta: number): number {
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return lnQ0 - D * delta;
  return lnQ0 - Math.log1p(b * D * delta) / b;
}

/**
 * exp_dec, arps, arps_modified on log rate. Parameters [ln q0 (unless fixed), ln D, b (Arps)]:
 * D > 0 by construction; b is projected into its range, and D into the dEff range (a range of D
 * that depends on b). `guess` is a line through log rate (slope < 0).
 */
export function declineModel(
  kind: 'exp_dec' | 'arps' | 'arps_modified',
  c: ModelConstraints,
  guess: { intercept: number; slope: number },
): ParametricModel {
  const [bMin, bMax] = c.bRange ?? [0.01, 2];
  const [dEffMin, dEffMax] = c.dEffRange ?? [0, 0.99];
  const fixedQ = c.qStart;
  const isArps = kind !== 'exp_dec';
  const Dsw = c.terminalDEff === undefined ? 0 : exponentialNominalFromEffective(c.terminalDEff);
  const qIndex = fixedQ === undefined ? 0 : -1;
  const dIndex = qIndex + 1;
  const bIndex = isArps ? dIndex + 1 : -1;
  const n = bIndex >= 0 ? bIndex + 1 : dIndex + 1;
  const lnQ = (p: Float64Array) => (qIndex >= 0 ? p[qIndex]! : Math.log(fixedQ!));
  const dFromEff = (dEff: number, b: number) =>
    isArps ? arpsNominalFromEffective(dEff, b) : exponentialNominalFromEffective(dEff);
  const p0 = new Float64Array(n);
  if (qIndex >= 0) p0[qIndex] = guess.intercept;
  p0[dIndex] = Math.log(-guess.slope * (isArps ? 1.5 : 1));
  if (bIndex >= 0) p0[bIndex] = Math.min(bMax, Math.max(bMin, 0.8));
  return {
    kind,
    n,
    p0,
    space: 'log',
    scale: LOG_RATE_SCALE,
    value(p, delta) {
      const D = Math.exp(p[dIndex]!);
      if (!isArps) return lnQ(p) - D * delta;
      const b = p[bIndex]!;
      if (kind === 'arps_modified' && Dsw > 0) {
        // Arps until its decline D/(1 + bDΔ) falls to Dsw, then exponential at Dsw.
        const at = switchDelta(D, b, Dsw);
        if (delta > at) return lnArps(lnQ(p), D, b, at) - Dsw * (delta - at);
      }
      return lnArps(lnQ(p), D, b, delta);
    },
    project(p) {
      if (bIndex >= 0) p[bIndex] = Math.min(bMax, Math.max(bMin, p[bIndex]!));
      const b = bIndex >= 0 ? p[bIndex]! : 0;
      const lo = Math.log(Math.max(dFromEff(Math.max(dEffMin, 1e-9), b), 1e-12));
      const hi = Math.log(dFromEff(dEffMax, b));
      p[dIndex] = Math.min(hi, Math.max(lo, p[dIndex]!));
    },
    segment(p) {
      const D = Math.exp(p[dIndex]!);
      const b = bIndex >= 0 ? p[bIndex]! : 0;
      return internal(kind, Math.exp(lnQ(p)), {
        D,
        b,
        Dsw,
        switchDelta: kind === 'arps_modified' ? switchDelta(D, b, Dsw) : Infinity,
      });
    },
    toInput(p, startDay, endDay) {
      const D = Math.exp(p[dIndex]!);
      const b = bIndex >= 0 ? p[bIndex]! : 0;
      return {
        segmentType: kind,
        ...dates(startDay, endDay),
        qStart: fixedQ ?? Math.exp(lnQ(p)),
        dEff:
          isArps && Math.abs(b) >= B_EXPONENTIAL_THRESHOLD
            ? arpsEffectiveFromNominal(D, b)
            : exponentialEffectiveFromNominal(D),
        ...(isArps ? { b } : {}),
        ...(kind === 'arps_modified' ? { realizedDEffSw: c.terminalDEff! } : {}),
      };
    },
  };
}

/**
 * An exponential of either sign on log rate (ratios may rise): parameters [ln q0 (unless fixed),
 * d = nominal decline per year]; stored as exp_dec when d ≥ 0, exp_inc when d < 0.
 */
export function exponentialModel(c: ModelConstraints, guess: { intercept: number; slope: number }): ParametricModel {
  const fixedQ = c.qStart;
  const qIndex = fixedQ === undefined ? 0 : -1;
  const dIndex = qIndex + 1;
  const lnQ = (p: Float64Array) => (qIndex >= 0 ? p[qIndex]! : Math.log(fixedQ!));
  const D = (p: Float64Array) => p[dIndex]! / DAYS_PER_YEAR;
  const p0 = new Float64Array(dIndex + 1);
  if (qIndex >= 0) p0[qIndex] = guess.intercept;
  p0[dIndex] = -guess.slope * DAYS_PER_YEAR;
  return {
    kind: 'exponential',
    n: dIndex + 1,
    p0,
    space: 'log',
    scale: LOG_RATE_SCALE,
    value: (p, delta) => lnQ(p) - D(p) * delta,
    project(p) {
      p[dIndex] = Math.min(EXPONENTIAL_NOMINAL_RANGE[1], Math.max(EXPONENTIAL_NOMINAL_RANGE[0], p[dIndex]!));
    },
    segment: (p) => internal(D(p) >= 0 ? 'exp_dec' : 'exp_inc', Math.exp(lnQ(p)), { D: D(p) }),
    toInput: (p, startDay, endDay) => ({
      segmentType: D(p) >= 0 ? 'exp_dec' : 'exp_inc',
      ...dates(startDay, endDay),
      qStart: fixedQ ?? Math.exp(lnQ(p)),
      dEff: exponentialEffectiveFromNominal(D(p)),
    }),
  };
}

/** flat on log rate: parameter [q0 > 0] (none when qStart is fixed); `median` is the first guess. */
export function flatModel(c: ModelConstraints, median: number): ParametricModel {
  const fixedQ = c.qStart;
  const q = (p: Float64Array) => fixedQ ?? p[0]!;
  return {
    kind: 'flat',
    n: fixedQ === undefined ? 1 : 0,
    p0: fixedQ === undefined ? Float64Array.of(median) : new Float64Array(0),
    space: 'log',
    scale: LOG_RATE_SCALE,
    value: (p) => Math.log(q(p)),
    project(p) {
      if (fixedQ === undefined) p[0] = Math.max(p[0]!, Number.MIN_VALUE);
    },
    segment: (p) => internal('flat', q(p)),
    toInput: (p, startDay, endDay) => ({ segmentType: 'flat', ...dates(startDay, endDay), qStart: q(p) }),
  };
}

/** linear q0 + k·Δ on rate (soft_l1 scaled to a fifth of the median rate): parameters [q0 (unless fixed), k]. */
export function linearModel(c: ModelConstraints, median: number): ParametricModel {
  const fixedQ = c.qStart;
  const q0 = (p: Float64Array) => fixedQ ?? p[0]!;
  const k = (p: Float64Array) => (fixedQ === undefined ? p[1]! : p[0]!);
  return {
    kind: 'linear',
    n: fixedQ === undefined ? 2 : 1,
    p0: fixedQ === undefined ? Float64Array.of(median, 0) : Float64Array.of(0),
    space: 'rate',
    scale: 0.2 * median,
    value: (p, delta) => q0(p) + k(p) * delta,
    project: () => {},
    segment: (p) => internal('linear', q0(p), { slope: k(p) }),
    toInput: (p, startDay, endDay) => ({
      segmentType: 'linear',
      ...dates(startDay, endDay),
      qStart: q0(p),
      slope: k(p),
    }),
  };
}
