import { B_EXPONENTIAL_THRESHOLD } from '../constants';
import { dailySum } from '../dailySum';
import { fromDayIndex } from '../dayIndex';
import {
  arpsEffectiveFromNominal,
  arpsNominalFromEffective,
  exponentialEffectiveFromNominal,
  exponentialNominalFromEffective,
} from '../declines';
import { type SegmentInput, toSegment } from '../segment';
import { leastSquares } from './leastSquares';

/*
 * Fits one decline segment to one phase's production history (issue 18, first step): exp_dec,
 * arps and arps_modified by regression on log rate, robust to outliers (soft_l1), shut-in and zero
 * days left out and reported, from the peak (or the first point, or a day) to the last point.
 * Pure: no I/O, usable in the browser.
 */

/** One history point: a day index (days since 1900-01-01) and the rate that day (per day). */
export interface FitPoint {
  day: number;
  rate: number;
}

export type FitModel = 'exp_dec' | 'arps' | 'arps_modified' | 'flat' | 'linear';

export interface FitOptions {
  model: FitModel;
  /** Where the fit starts: the highest rate (default), the first producing point, or a day index. */
  start?: 'peak' | 'first' | number;
  /** Last day of the fitted segment (the forecast's end), day index. */
  endDay: number;
  /** Allowed b-factor (arps, arps_modified); default 0.01–2. */
  bRange?: readonly [number, number];
  /** Allowed effective decline at the start, decimal per year; default 0–0.99. */
  dEffRange?: readonly [number, number];
  /** arps_modified: the terminal effective decline (realizedDEffSw), decimal per year. */
  terminalDEff?: number;
  /** A fixed start rate (per day) instead of a fitted one. */
  qStart?: number;
  /** `soft_l1` (default, robust to outliers) or `linear`. */
  loss?: 'soft_l1' | 'linear';
  /** Day indexes the user left out (points clicked off the chart); reported as `excluded by the user`. */
  exclude?: readonly number[];
}

/** Why a point was left out of the fit. */
export type ExclusionReason = 'excluded by the user' | 'zero or negative rate' | 'before the start' | 'outlier';

export interface FitQuality {
  /** Coefficient of determination of log rate over the points used. */
  r2: number;
  /** Root mean square error of log rate (natural log) over the points used. */
  rmseLogRate: number;
  pointsUsed: number;
  excluded: { day: number; reason: ExclusionReason }[];
}

export type FitResult =
  | {
      ok: true;
      /** The fitted segment in spec 2.8 form, ready to store. */
      segment: SegmentInput;
      quality: FitQuality;
      /** Volume of the segment from its start to endDay. */
      eur: number;
    }
  | { ok: false; reason: string; quality?: Pick<FitQuality, 'pointsUsed' | 'excluded'> };

/** Below this R² (log rate) a fit is refused: the history is not one decline. */
export const MIN_R2 = 0.5;
/** Fewest producing points a fit needs. */
export const MIN_POINTS = 3;
/** soft_l1 scale: residuals of log rate beyond ~0.2 (±20 %) are discounted. */
const LOSS_SCALE = 0.2;
/** With the robust loss, a point more than 3× (or under a third of) the fitted rate is an outlier. */
export const OUTLIER_LOG_RATE = Math.log(3);

const refuse = (reason: string, quality?: Pick<FitQuality, 'pointsUsed' | 'excluded'>): FitResult =>
  quality ? { ok: false, reason, quality } : { ok: false, reason };

/**
 * Fits a segment of `options.model` to the points.
 *
 * @returns the segment, its quality and EUR; or a reason when the history cannot give one (too few
 *   points, no production, no decline, a poor fit)
 */
export function fitDecline(points: readonly FitPoint[], options: FitOptions): FitResult {
  const sorted = [...points].sort((a, b) => a.day - b.day);
  const excluded: FitQuality['excluded'] = [];
  const userExcluded = new Set(options.exclude ?? []);
  const producing = sorted.filter((p) => {
    if (userExcluded.has(p.day)) {
      excluded.push({ day: p.day, reason: 'excluded by the user' });
      return false;
    }
    const ok = Number.isFinite(p.rate) && p.rate > 0;
    if (!ok) excluded.push({ day: p.day, reason: 'zero or negative rate' });
    return ok;
  });
  if (producing.length === 0) {
    return refuse(sorted.length ? 'no production: every rate is 0' : 'no history points', { pointsUsed: 0, excluded });
  }
  const startDay = startOf(producing, options.start ?? 'peak');
  const used = producing.filter((p) => {
    if (p.day < startDay) excluded.push({ day: p.day, reason: 'before the start' });
    return p.day >= startDay;
  });
  excluded.sort((a, b) => a.day - b.day);
  const base = { pointsUsed: used.length, excluded };
  if (used.length < MIN_POINTS) {
    return refuse(`needs at least ${MIN_POINTS} producing points from the start; has ${used.length}`, base);
  }
  if (options.endDay < used[used.length - 1]!.day) {
    return refuse('endDay is before the last history point', base);
  }

  if (options.model === 'flat' || options.model === 'linear') {
    return fitStraight(used, startDay, options, base);
  }
  const t = Float64Array.from(used, (p) => p.day - startDay);
  const y = Float64Array.from(used, (p) => Math.log(p.rate));
  const [bMin, bMax] = options.bRange ?? [0.01, 2];
  const [dEffMin, dEffMax] = options.dEffRange ?? [0, 0.99];
  const fixedQ = options.qStart;

  // A straight line through log rate: the exponential first guess, and the "does it decline" test.
  const line = logLine(t, y);
  if (!(line.slope < 0)) {
    return refuse('the rates do not decline from the start (fitted decline ≤ 0): fit a flat segment instead', base);
  }
  const model = options.model;
  const isArps = model !== 'exp_dec';
  const Dsw = options.terminalDEff === undefined ? 0 : exponentialNominalFromEffective(options.terminalDEff);
  if (model === 'arps_modified' && options.terminalDEff === undefined) {
    return refuse('arps_modified needs a terminal decline (terminalDEff)', base);
  }

  // Parameters: [ln q0 (unless fixed), ln D, b (arps)].
  const qIndex = fixedQ === undefined ? 0 : -1;
  const dIndex = qIndex + 1;
  const bIndex = isArps ? dIndex + 1 : -1;
  const n = bIndex >= 0 ? bIndex + 1 : dIndex + 1;
  const lnQ = (p: Float64Array) => (qIndex >= 0 ? p[qIndex]! : Math.log(fixedQ!));
  const logRate = (p: Float64Array, delta: number) => {
    const D = Math.exp(p[dIndex]!);
    if (!isArps) return lnQ(p) - D * delta;
    const b = p[bIndex]!;
    if (model === 'arps_modified' && Dsw > 0) {
      // Arps until its decline D/(1 + bDΔ) falls to Dsw, then exponential at Dsw.
      const switchAt = D > Dsw ? (D / Dsw - 1) / (b * D) : 0;
      if (delta > switchAt) return lnArps(lnQ(p), D, b, switchAt) - Dsw * (delta - switchAt);
    }
    return lnArps(lnQ(p), D, b, delta);
  };
  const dFromEff = (dEff: number, b: number) =>
    isArps ? arpsNominalFromEffective(dEff, b) : exponentialNominalFromEffective(dEff);
  const project = (p: Float64Array) => {
    if (bIndex >= 0) p[bIndex] = Math.min(bMax, Math.max(bMin, p[bIndex]!));
    const b = bIndex >= 0 ? p[bIndex]! : 0;
    const lo = Math.log(Math.max(dFromEff(Math.max(dEffMin, 1e-9), b), 1e-12));
    const hi = Math.log(dFromEff(dEffMax, b));
    p[dIndex] = Math.min(hi, Math.max(lo, p[dIndex]!));
  };
  const p0 = new Float64Array(n);
  if (qIndex >= 0) p0[qIndex] = line.intercept;
  p0[dIndex] = Math.log(-line.slope * (isArps ? 1.5 : 1));
  if (bIndex >= 0) p0[bIndex] = Math.min(bMax, Math.max(bMin, 0.8));
  const fit = leastSquares(
    {
      m: t.length,
      residuals: (p, out) => {
        for (let i = 0; i < t.length; i++) out[i] = logRate(p, t[i]!) - y[i]!;
      },
      project,
    },
    p0,
    { loss: options.loss ?? 'soft_l1', scale: LOSS_SCALE },
  );

  // Outliers (robust loss only) are reported and left out of the quality, which is in log rate.
  const keep = Array.from(
    fit.residuals,
    (r) => (options.loss ?? 'soft_l1') === 'linear' || Math.abs(r) <= OUTLIER_LOG_RATE,
  );
  keep.forEach((k, i) => {
    if (!k) excluded.push({ day: used[i]!.day, reason: 'outlier' });
  });
  excluded.sort((a, b) => a.day - b.day);
  const kept = keep.filter(Boolean).length;
  base.pointsUsed = kept;
  let mean = 0;
  for (let i = 0; i < y.length; i++) if (keep[i]) mean += y[i]!;
  mean /= kept;
  let ssRes = 0;
  let ssTot = 0;
  for (let i = 0; i < y.length; i++) {
    if (!keep[i]) continue;
    ssRes += fit.residuals[i]! ** 2;
    ssTot += (y[i]! - mean) ** 2;
  }
  const r2 = ssTot > 0 ? 1 - ssRes / ssTot : 0;
  const quality: FitQuality = { r2, rmseLogRate: Math.sqrt(ssRes / kept), ...base };
  if (r2 < MIN_R2) {
    return refuse(
      `poor fit (R² ${r2.toFixed(2)} of log rate): the history is not one decline (a step or a change of regime?); start the fit after it`,
      base,
    );
  }

  const q0 = fixedQ ?? Math.exp(lnQ(fit.p));
  const D = Math.exp(fit.p[dIndex]!);
  const b = bIndex >= 0 ? fit.p[bIndex]! : 0;
  const segment: SegmentInput = {
    segmentType: model,
    startDate: fromDayIndex(startDay),
    endDate: fromDayIndex(options.endDay),
    qStart: q0,
    dEff:
      isArps && Math.abs(b) >= B_EXPONENTIAL_THRESHOLD
        ? arpsEffectiveFromNominal(D, b)
        : exponentialEffectiveFromNominal(D),
    ...(isArps ? { b } : {}),
    ...(model === 'arps_modified' ? { realizedDEffSw: options.terminalDEff! } : {}),
  };
  const seg = toSegment(segment);
  const volume = dailySum(seg, 0, seg.end - seg.start);
  return { ok: true, segment, quality, eur: volume };
}

/** ln of the Arps rate: ln q0 − ln(1 + bDΔ)/b. */
function lnArps(lnQ0: number, D: number, b: number, delta: number): number {
  if (Math.abs(b) < B_EXPONENTIAL_THRESHOLD) return lnQ0 - D * delta;
  return lnQ0 - Math.log1p(b * D * delta) / b;
}

/**
 * The start day: the peak, the first point, or the day given. The peak is the first highest of the
 * rates smoothed by a median of three, so one spike is not taken for it.
 */
function startOf(points: readonly FitPoint[], start: 'peak' | 'first' | number): number {
  if (typeof start === 'number') return start;
  if (start === 'first') return points[0]!.day;
  const median3 = (i: number) => {
    const a = points[Math.max(0, i - 1)]!.rate;
    const b = points[i]!.rate;
    const c = points[Math.min(points.length - 1, i + 1)]!.rate;
    return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  };
  let best = 0;
  let bestRate = median3(0);
  for (let i = 1; i < points.length; i++) {
    const r = median3(i);
    if (r > bestRate) {
      best = i;
      bestRate = r;
    }
  }
  return points[best]!.day;
}

/** Least-squares line y = intercept + slope·t. */
function logLine(t: Float64Array, y: Float64Array): { intercept: number; slope: number } {
  let st = 0;
  let sy = 0;
  for (let i = 0; i < t.length; i++) {
    st += t[i]!;
    sy += y[i]!;
  }
  const mt = st / t.length;
  const my = sy / t.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < t.length; i++) {
    num += (t[i]! - mt) * (y[i]! - my);
    den += (t[i]! - mt) ** 2;
  }
  const slope = den > 0 ? num / den : 0;
  return { intercept: my - slope * mt, slope };
}

/**
 * `flat` (the median rate: robust, no trend) and `linear` (q0 + k·Δ fitted on rate with soft_l1,
 * scaled to a fifth of the median rate). A line that reaches 0 before the end is refused.
 */
function fitStraight(
  used: readonly FitPoint[],
  startDay: number,
  options: FitOptions,
  base: Pick<FitQuality, 'pointsUsed' | 'excluded'>,
): FitResult {
  const rates = used.map((p) => p.rate).sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)]!;
  const t = Float64Array.from(used, (p) => p.day - startDay);
  const q = Float64Array.from(used, (p) => p.rate);
  let q0 = options.qStart ?? median;
  let slope = 0;
  if (options.model === 'linear') {
    const fixed = options.qStart;
    const fit = leastSquares(
      {
        m: t.length,
        residuals: (p, out) => {
          const a = fixed ?? p[0]!;
          const k = fixed === undefined ? p[1]! : p[0]!;
          for (let i = 0; i < t.length; i++) out[i] = a + k * t[i]! - q[i]!;
        },
        project: () => {},
      },
      fixed === undefined ? Float64Array.of(median, 0) : Float64Array.of(0),
      { loss: options.loss ?? 'soft_l1', scale: 0.2 * median },
    );
    q0 = fixed ?? fit.p[0]!;
    slope = fixed === undefined ? fit.p[1]! : fit.p[0]!;
    const span = options.endDay - startDay;
    if (q0 + slope * span < 0) {
      const zero = startDay + Math.floor(-q0 / slope);
      return refuse(
        `the fitted line reaches 0 on ${fromDayIndex(zero)}, before the end: end the segment there or fit a decline`,
        base,
      );
    }
  }
  // Quality in log rate, as for the declines.
  let ssRes = 0;
  let ssTot = 0;
  let mean = 0;
  for (let i = 0; i < t.length; i++) mean += Math.log(q[i]!);
  mean /= t.length;
  for (let i = 0; i < t.length; i++) {
    const model = Math.max(q0 + slope * t[i]!, Number.MIN_VALUE);
    ssRes += (Math.log(model) - Math.log(q[i]!)) ** 2;
    ssTot += (Math.log(q[i]!) - mean) ** 2;
  }
  const segment: SegmentInput = {
    segmentType: options.model,
    startDate: fromDayIndex(startDay),
    endDate: fromDayIndex(options.endDay),
    qStart: q0,
    ...(options.model === 'linear' ? { slope } : {}),
  };
  const seg = toSegment(segment);
  return {
    ok: true,
    segment,
    quality: { r2: ssTot > 0 ? 1 - ssRes / ssTot : 1, rmseLogRate: Math.sqrt(ssRes / t.length), ...base },
    eur: dailySum(seg, 0, seg.end - seg.start),
  };
}
