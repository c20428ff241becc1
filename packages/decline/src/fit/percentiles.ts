import { dailySum } from '../dailySum';
import { seededRandom } from '../random';
import { type SegmentInput, toSegment } from '../segment';
import type { ModelFit } from './fitModel';
import { irlsWeights, jacobian, solve } from './leastSquares';

/*
 * P10/P50/P90 from a fit's uncertainty: the parameters' covariance at the solution,
 * Σ = σ²·(JᵀWJ)⁻¹ with σ² = Σ wᵢrᵢ²/(m − n) (W: the final IRLS weights, recent-data weights
 * included), sampled with a seeded generator; each percentile is the sampled segment whose EUR sits
 * at that quantile. Industry convention: P10 is the high case (EUR P10 ≥ P50 ≥ P90).
 */

export interface PercentileOptions {
  /** Parameter samples drawn; default 1000. */
  samples?: number;
  /** Seed of the generator (the same seed gives the same answer); default 0x5eed. */
  seed?: number;
}

export interface PercentileCase {
  segment: SegmentInput;
  eur: number;
}

export type Percentiles =
  | { ok: true; p10: PercentileCase; p50: PercentileCase; p90: PercentileCase }
  | { ok: false; reason: string };

/** Cholesky factor L (lower, row-major) of a symmetric n×n matrix; false unless positive definite. */
function cholesky(S: Float64Array, n: number, L: Float64Array): boolean {
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = S[i * n + j]!;
      for (let k = 0; k < j; k++) s -= L[i * n + k]! * L[j * n + k]!;
      if (i === j) {
        if (!(s > 0)) return false;
        L[i * n + i] = Math.sqrt(s);
      } else L[i * n + j] = s / L[j * n + j]!;
    }
  }
  return true;
}

/** Σ = σ²(JᵀWJ)⁻¹ of the fit's parameters, or a reason when they are not determined. */
export function parameterCovariance(fit: ModelFit): Float64Array | string {
  const { problem, options, p } = fit.solution;
  const n = p.length;
  const m = problem.m;
  if (n === 0) return 'no fitted parameters (qStart is fixed)';
  if (m <= n) return `needs more points (${m}) than parameters (${n}) for an uncertainty`;
  const x = Float64Array.from(p);
  const r = new Float64Array(m);
  problem.residuals(x, r);
  const J = new Float64Array(m * n);
  jacobian(problem, x, r, J);
  const w = new Float64Array(m);
  irlsWeights(r, options, w);
  const A = new Float64Array(n * n);
  let ss = 0;
  for (let i = 0; i < m; i++) {
    ss += w[i]! * r[i]! * r[i]!;
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) A[a * n + b]! += J[i * n + a]! * w[i]! * J[i * n + b]!;
  }
  // Weighted least squares: s² = Σ wᵢrᵢ²/(m − n), so scaling every weight leaves Σ unchanged.
  const sigma2 = ss / (m - n);
  const S = new Float64Array(n * n);
  const M = new Float64Array(n * (n + 1));
  const col = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) M[a * (n + 1) + b] = A[a * n + b]!;
      M[a * (n + 1) + n] = a === j ? 1 : 0;
    }
    if (!solve(M, n, col)) return 'the parameters are not determined by the history (singular Jacobian)';
    for (let a = 0; a < n; a++) S[a * n + j] = sigma2 * col[a]!;
  }
  return S;
}

/**
 * P10, P50 and P90 of a fit: `samples` parameter vectors drawn from N(p, Σ) (seeded), each
 * projected into the constraints, its segment's EUR summed (dailySum); the P10 case is the
 * sample at the 90th percentile of EUR, P50 the median, P90 the 10th percentile.
 */
export function fitPercentiles(fit: ModelFit, options: PercentileOptions = {}): Percentiles {
  const covariance = parameterCovariance(fit);
  if (typeof covariance === 'string') return { ok: false, reason: covariance };
  const { model, p, startDay, endDay } = fit.solution;
  const n = p.length;
  const L = new Float64Array(n * n);
  if (!cholesky(covariance, n, L)) {
    return { ok: false, reason: 'the parameters are not determined by the history (covariance not positive)' };
  }
  const count = Math.max(3, Math.floor(options.samples ?? 1000));
  const { normal } = seededRandom(options.seed ?? 0x5eed);
  const span = endDay - startDay;
  const z = new Float64Array(n);
  const draws: { x: Float64Array; eur: number }[] = [];
  for (let s = 0; s < count; s++) {
    for (let k = 0; k < n; k++) z[k] = normal();
    const x = new Float64Array(n);
    for (let a = 0; a < n; a++) {
      let v = p[a]!;
      for (let k = 0; k <= a; k++) v += L[a * n + k]! * z[k]!;
      x[a] = v;
    }
    model.project(x);
    const seg = model.segment(x);
    // A linear sample that turns negative before the end cannot be stored: it is not a case.
    if (seg.type === 'linear' && (seg.q0 < 0 || seg.q0 + seg.slope * span < 0)) continue;
    const eur = dailySum(seg, 0, span);
    if (Number.isFinite(eur)) draws.push({ x, eur });
  }
  if (draws.length < 3) return { ok: false, reason: 'too few samples gave a segment that can be stored' };
  draws.sort((a, b) => a.eur - b.eur);
  const at = (quantile: number): PercentileCase => {
    const draw = draws[Math.round(quantile * (draws.length - 1))]!;
    const segment = model.toInput(draw.x, startDay, endDay);
    const seg = toSegment(segment);
    return { segment, eur: dailySum(seg, 0, seg.end - seg.start) };
  };
  return { ok: true, p10: at(0.9), p50: at(0.5), p90: at(0.1) };
}
