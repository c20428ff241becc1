/*
 * A small Levenberg–Marquardt solver for the decline fits (2–3 parameters, tens to thousands of
 * points), with SciPy's robust `soft_l1` loss by iteratively reweighted least squares and a
 * projection that keeps the parameters feasible (bounds, and constraints that couple them). Typed
 * arrays and no allocation per iteration: the fits run a thousand wells a second (decision 027).
 */

/** The problem: `residuals(p, out)` fills out[i] = model_i(p) − observed_i. */
export interface LeastSquaresProblem {
  /** Number of residuals. */
  m: number;
  residuals(p: Float64Array, out: Float64Array): void;
  /** Moves `p` (in place) to the nearest feasible point: bounds, coupled constraints. */
  project(p: Float64Array): void;
}

export interface LeastSquaresOptions {
  /** `soft_l1` (robust: ρ(z) = 2(√(1 + z) − 1), z = (r/scale)²) or `linear` (plain least squares). */
  loss: 'soft_l1' | 'linear';
  /** The residual size where soft_l1 starts to discount (in the residuals' unit). */
  scale: number;
  maxIterations?: number;
  /** Per-residual weights (e.g. on recent data): the cost is Σ weights[i]·ρ(r_i²). Default 1. */
  weights?: Float64Array;
}

export interface LeastSquaresResult {
  p: Float64Array;
  /** Residuals at `p`. */
  residuals: Float64Array;
  iterations: number;
  /** Whether the cost stopped changing (else the iteration limit was reached). */
  converged: boolean;
}

/** Robust cost Σ wᵢ·ρ(rᵢ²) of the residuals (wᵢ = 1 without weights). */
export function robustCost(
  r: Float64Array,
  loss: LeastSquaresOptions['loss'],
  scale: number,
  weights?: Float64Array,
): number {
  let c = 0;
  const s2 = scale * scale;
  for (let i = 0; i < r.length; i++) {
    const rho = loss === 'linear' ? r[i]! * r[i]! : 2 * s2 * (Math.sqrt(1 + (r[i]! * r[i]!) / s2) - 1);
    c += weights ? weights[i]! * rho : rho;
  }
  return c;
}

/**
 * The IRLS weights at residuals r: wᵢ·ρ′(rᵢ²), with soft_l1's ρ′ = 1/√(1 + r²/s²) (1 for `linear`).
 * The fit's last weights are the ones its parameter covariance uses.
 */
export function irlsWeights(r: Float64Array, options: LeastSquaresOptions, out: Float64Array): void {
  const s2 = options.scale * options.scale;
  for (let i = 0; i < r.length; i++) {
    const robust = options.loss === 'linear' ? 1 : 1 / Math.sqrt(1 + (r[i]! * r[i]!) / s2);
    out[i] = options.weights ? options.weights[i]! * robust : robust;
  }
}

/** Forward-difference Jacobian J (m×n, row-major) of the residuals at p; r holds the residuals at p. */
export function jacobian(
  problem: LeastSquaresProblem,
  p: Float64Array,
  r: Float64Array,
  J: Float64Array,
  rStep = new Float64Array(problem.m),
): void {
  const n = p.length;
  const { m } = problem;
  for (let k = 0; k < n; k++) {
    const h = 1e-7 * Math.max(1, Math.abs(p[k]!));
    const keep = p[k]!;
    p[k] = keep + h;
    problem.residuals(p, rStep);
    p[k] = keep;
    for (let i = 0; i < m; i++) J[i * n + k] = (rStep[i]! - r[i]!) / h;
  }
}

/** Converged when one step lowers the cost by less than this fraction (SciPy's default is 1e-8)… */
const FTOL = 1e-10;
/** …or moves the parameters by less than this fraction of their size. */
const XTOL = 1e-10;

/**
 * Minimizes the (robust) sum of squared residuals from `p0`. Forward-difference Jacobian; the
 * normal equations (n ≤ 4) are solved by Gaussian elimination with partial pivoting. A parameter
 * the step would push through its bound (the projection holds it there) is left out of that
 * step's system, so the others take the best step without it (an active set) instead of a step
 * computed as if it moved, which crawls along the bound.
 */
export function leastSquares(
  problem: LeastSquaresProblem,
  p0: Float64Array,
  options: LeastSquaresOptions,
): LeastSquaresResult {
  const n = p0.length;
  const { m } = problem;
  const maxIterations = options.maxIterations ?? 200;
  const p = Float64Array.from(p0);
  problem.project(p);
  const r = new Float64Array(m);
  const rTrial = new Float64Array(m);
  const rStep = new Float64Array(m);
  const J = new Float64Array(m * n);
  const w = new Float64Array(m);
  const A = new Float64Array(n * n);
  const g = new Float64Array(n);
  const trial = new Float64Array(n);
  const step = new Float64Array(n);
  const M = new Float64Array(n * (n + 1));
  const held = new Uint8Array(n);
  const weights = options.weights;
  problem.residuals(p, r);
  let current = robustCost(r, options.loss, options.scale, weights);
  let lambda = 1e-3;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    irlsWeights(r, options, w);
    jacobian(problem, p, r, J, rStep);
    // A = JᵀWJ, g = JᵀWr.
    A.fill(0);
    g.fill(0);
    for (let i = 0; i < m; i++) {
      const wi = w[i]!;
      if (!Number.isFinite(r[i]!)) continue;
      for (let a = 0; a < n; a++) {
        const ja = J[i * n + a]! * wi;
        g[a]! += ja * r[i]!;
        for (let b = a; b < n; b++) A[a * n + b]! += ja * J[i * n + b]!;
      }
    }
    for (let a = 0; a < n; a++) for (let b = 0; b < a; b++) A[a * n + b] = A[b * n + a]!;
    let improved = false;
    held.fill(0);
    for (let attempt = 0; attempt < 20; attempt++) {
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          const v = A[a * n + b]! + (a === b ? lambda * (A[a * n + a]! || 1) : 0);
          M[a * (n + 1) + b] = held[a] || held[b] ? (a === b ? 1 : 0) : v;
        }
        M[a * (n + 1) + n] = held[a] ? 0 : -g[a]!;
      }
      if (!solve(M, n, step)) {
        lambda *= 10;
        continue;
      }
      for (let k = 0; k < n; k++) trial[k] = p[k]! + step[k]!;
      problem.project(trial);
      // A parameter at its bound that the step pushes further out: hold it and solve again.
      let blocked = false;
      for (let k = 0; k < n; k++) {
        if (!held[k] && step[k] !== 0 && trial[k] === p[k]) {
          held[k] = 1;
          blocked = true;
        }
      }
      if (blocked) {
        attempt--;
        continue;
      }
      problem.residuals(trial, rTrial);
      const next = robustCost(rTrial, options.loss, options.scale, weights);
      if (Number.isFinite(next) && next < current) {
        const change = (current - next) / Math.max(current, 1e-300);
        // The step taken (after projection onto the bounds), relative to the parameters.
        let stepNorm = 0;
        let pNorm = 0;
        for (let k = 0; k < n; k++) {
          stepNorm += (trial[k]! - p[k]!) ** 2;
          pNorm += p[k]! ** 2;
        }
        p.set(trial);
        r.set(rTrial);
        current = next;
        lambda = Math.max(lambda / 3, 1e-12);
        improved = true;
        if (change < FTOL || Math.sqrt(stepNorm) <= XTOL * (Math.sqrt(pNorm) + XTOL)) converged = true;
        break;
      }
      lambda *= 4;
    }
    if (!improved || converged) {
      converged = true;
      break;
    }
  }
  return { p, residuals: r, iterations, converged };
}

/** Solves the n×(n+1) augmented system in place (Gaussian elimination, partial pivoting); false when singular. */
export function solve(M: Float64Array, n: number, out: Float64Array): boolean {
  const cols = n + 1;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r * cols + c]!) > Math.abs(M[pivot * cols + c]!)) pivot = r;
    if (Math.abs(M[pivot * cols + c]!) < 1e-300) return false;
    if (pivot !== c) {
      for (let k = 0; k < cols; k++) {
        const t = M[c * cols + k]!;
        M[c * cols + k] = M[pivot * cols + k]!;
        M[pivot * cols + k] = t;
      }
    }
    for (let r = c + 1; r < n; r++) {
      const f = M[r * cols + c]! / M[c * cols + c]!;
      for (let k = c; k < cols; k++) M[r * cols + k]! -= f * M[c * cols + k]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r * cols + n]!;
    for (let k = r + 1; k < n; k++) s -= M[r * cols + k]! * out[k]!;
    out[r] = s / M[r * cols + r]!;
  }
  for (let k = 0; k < n; k++) if (!Number.isFinite(out[k]!)) return false;
  return true;
}
