/*
 * The Arps factor q0·(1 + x)^(−1/b), x = b·D·Δ, without a logarithm and an exponential per value
 * (decision 063). `arpsRate` and the daily fill (`segmentFill.ts`) both evaluate it through the
 * functions below, so a fill stays bit-identical to the rate day by day.
 *
 * Reduction. u = fl(1 + x) falls in one of 128 intervals per binade, [2^k·(1 + j/128),
 * 2^k·(1 + (j + 1)/128)), found from u's exponent k and top seven mantissa bits j. Each interval has a
 * centre V = 2^k·C_j, C_j = (257 + 2j)/256 (nine significant bits), except the two intervals that
 * touch u = 1, whose centre is V = 1. Then
 *   (1 + x)^(−1/b) = V^(−1/b) · (1 + r)^(−1/b),   r = (x − (V − 1)) / V,
 * where V − 1 is exact (for 2^−45 ≤ u < 2^52) and so is x − (V − 1) (Sterbenz: x and V − 1 are
 * within a factor of two, or V − 1 = 0), so r carries only the rounding of one product:
 * r ∈ [−2^−8, 2^−7).
 *
 * The interval's factor. G = q0·V^(−1/b) = (q0·2^(−k/b))·C_j^(−1/b) (V = 1: G = q0 exactly): two
 * exponentials of arguments carried as double-doubles (ln 2 and ln C_j are tabled to about 2^−100),
 * so G is within a few ulps whatever the size of ln V/b. It depends on the interval alone: a fill
 * enters an interval about 128·log2(u_end) times per segment, not once a day, and computes the
 * exponentials fewer times still (C_j^(−1/b) once per j per fill, 2^(−k/b) once per binade).
 *
 * The series. (1 + r)^a, a = −1/b, is the binomial series Σ C(a, n)·r^n; 12 terms leave a truncation
 * below 0.002 ulp for |b| ≥ 0.05 (|a| ≤ 20, |r| ≤ 2^−7). Per day: x, u, two comparisons, r, and a
 * degree-12 polynomial (Estrin's scheme): no call, no division, no table.
 *
 * Outside that domain (|b| < 0.05, u outside [2^−45, 2^52), a factor outside [1e−290, 1e290]) the
 * value is the plain formula q0·exp(−log1p(x)/b), the same in the rate and the fill.
 */

/** The smallest |b| for which the series is used (below it, the plain exp/log1p formula). */
export const ARPS_SERIES_MIN_B = 0.05;
/** Above this |b| the plain formula is used too (the Dekker split of b would overflow far beyond it). */
const ARPS_SERIES_MAX_B = 1e6;

/** Series terms C(a, 1) … C(a, 12). */
export const ARPS_SERIES_TERMS = 12;

/** u's binades with an exact V − 1: k ∈ [MIN_BINADE, MAX_BINADE]. */
const MIN_BINADE = -45;
const MAX_BINADE = 51;
const STEPS = 128;

/** 2^e for e ∈ [−64, 64], built by exact doubling. */
const POW2 = new Float64Array(129);
POW2[64] = 1;
for (let e = 1; e <= 64; e++) {
  POW2[64 + e] = POW2[63 + e]! * 2;
  POW2[64 - e] = POW2[65 - e]! / 2;
}
const pow2 = (e: number): number => POW2[e + 64]!;

/*
 * ln 2 and ln C_j to about 2^−100: fixed point with 128 fraction bits (BigInt, once at load, under a
 * millisecond), ln(n/d) = 2·atanh((n − d)/(n + d)). Each is split into hi, a multiple of 2^−44 (so
 * k·hi and k·LN2_HI + LN_C_HI[j] are exact for |k| ≤ 64), and lo, the rest rounded to a double.
 */
const FRACTION_BITS = 128n;
const HI_BITS = 44n;
function lnFixed(n: bigint, d: bigint): bigint {
  const s = ((n - d) << FRACTION_BITS) / (n + d);
  const s2 = (s * s) >> FRACTION_BITS;
  let sum = 0n;
  let power = s;
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k;
    power = (power * s2) >> FRACTION_BITS;
  }
  return 2n * sum;
}
const HI_SHIFT = FRACTION_BITS - HI_BITS;
/** The hi part: the fixed-point value rounded to a multiple of 2^−44. */
function hiUnits(fixed: bigint): bigint {
  return (fixed + (1n << (HI_SHIFT - 1n))) >> HI_SHIFT;
}
const hiOf = (fixed: bigint): number => Number(hiUnits(fixed)) / 2 ** Number(HI_BITS);
const loOf = (fixed: bigint): number => Number(fixed - (hiUnits(fixed) << HI_SHIFT)) / 2 ** Number(FRACTION_BITS);
const LN2_FIXED = lnFixed(2n, 1n);
const LN2_HI = hiOf(LN2_FIXED);
const LN2_LO = loOf(LN2_FIXED);
const LN_C_HI = new Float64Array(STEPS);
const LN_C_LO = new Float64Array(STEPS);
for (let j = 0; j < STEPS; j++) {
  const lnC = lnFixed(BigInt(257 + 2 * j), 256n);
  LN_C_HI[j] = hiOf(lnC);
  LN_C_LO[j] = loOf(lnC);
}

/** Dekker's split constant 2^27 + 1. */
const SPLITTER = 134217729;

/**
 * e^(−(hi + lo)/b), with hi + lo a double-double and hi exact: the quotient is carried as a
 * double-double (Dekker's exact product), so the result is within about 1.5 ulps (Math.exp's error
 * and one rounding) however large (hi + lo)/b is. NaN outside [1e−290, 1e290] (the plain formula
 * takes over there).
 */
function expOfQuotient(hi: number, lo: number, b: number): number {
  const l = hi + lo;
  const lErr = hi - l + lo;
  const e = -l / b;
  // e·b = p + pErr exactly.
  const p = e * b;
  const cb = SPLITTER * b;
  const bh = cb - (cb - b);
  const bl = b - bh;
  const ce = SPLITTER * e;
  const eh = ce - (ce - e);
  const el = e - eh;
  const pErr = eh * bh - p + eh * bl + el * bh + el * bl;
  // −(l + lErr)/b − e = −((l + p) + pErr + lErr)/b, with l + p exact (p ≈ −l).
  const eLo = -(l + p + pErr + lErr) / b;
  const g = Math.exp(e);
  if (!(g >= 1e-290 && g <= 1e290)) return Number.NaN;
  return g + g * eLo;
}

/** 2^(−k/b): the factor of binade k. */
function binadeFactor(b: number, k: number): number {
  return expOfQuotient(k * LN2_HI, k * LN2_LO, b);
}

/** C_j^(−1/b): the factor of step j. */
function stepFactor(b: number, j: number): number {
  return expOfQuotient(LN_C_HI[j]!, LN_C_LO[j]!, b);
}

/** True when b takes the series (else the plain formula, for the whole segment). */
export function arpsSeriesApplies(b: number): boolean {
  const m = Math.abs(b);
  return m >= ARPS_SERIES_MIN_B && m <= ARPS_SERIES_MAX_B;
}

/**
 * The series coefficients C(a, n) = C(a, n − 1)·(a − n + 1)/n, n = 1 … 12, a = −1/b, into
 * out[0 … 11].
 */
export function arpsSeriesCoefficients(b: number, out: Float64Array): void {
  const a = -1 / b;
  let c = 1;
  for (let n = 1; n <= ARPS_SERIES_TERMS; n++) {
    c = (c * (a - n + 1)) / n;
    out[n - 1] = c;
  }
}

/**
 * G·(1 + r)^a = G + G·Σ c_n·r^n (n = 1 … 12), the polynomial by Estrin's scheme. The fill inlines
 * it with its coefficients in locals; arpsPower passes the same values.
 */
export function arpsSeries(
  G: number,
  r: number,
  c1: number,
  c2: number,
  c3: number,
  c4: number,
  c5: number,
  c6: number,
  c7: number,
  c8: number,
  c9: number,
  c10: number,
  c11: number,
  c12: number,
): number {
  const r2 = r * r;
  const r4 = r2 * r2;
  const r8 = r4 * r4;
  const low = c1 + r * c2 + r2 * (c3 + r * c4);
  const mid = c5 + r * c6 + r2 * (c7 + r * c8);
  const high = c9 + r * c10 + r2 * (c11 + r * c12);
  return G + G * (r * (low + r4 * mid + r8 * high));
}

/*
 * An interval's state, shared by the rate and the fill: [start, end, V − 1, 1/V, G, k of the cached
 * binade factor, that factor]. The fill keeps one across days; `stepCache` (NaN = not yet computed)
 * keeps C_j^(−1/b) across the intervals of one fill (one b).
 */
export const STATE_START = 0;
export const STATE_END = 1;
export const STATE_SHIFT = 2;
export const STATE_SCALE = 3;
export const STATE_FACTOR = 4;
const STATE_BINADE = 5;
const STATE_BINADE_FACTOR = 6;
export const STATE_LENGTH = 7;

/** A fresh state: no interval entered, no binade factor cached. */
export function resetArpsState(state: Float64Array): void {
  state[STATE_START] = Number.POSITIVE_INFINITY;
  state[STATE_END] = Number.NEGATIVE_INFINITY;
  state[STATE_BINADE] = Number.NaN;
}

const BITS = new DataView(new ArrayBuffer(8));
const MIN_U = pow2(MIN_BINADE);
const MAX_U = pow2(MAX_BINADE + 1);

/**
 * Enters the interval of u = fl(1 + x): sets the state's bounds, V − 1, 1/V and G = q0·V^(−1/b).
 * False when u or the factor is outside the series' domain (the caller uses the plain formula; the
 * state's bounds are then empty, so the next value enters again).
 */
export function enterArpsInterval(
  state: Float64Array,
  stepCache: Float64Array,
  q0: number,
  b: number,
  u: number,
): boolean {
  state[STATE_START] = Number.POSITIVE_INFINITY;
  state[STATE_END] = Number.NEGATIVE_INFINITY;
  if (!(u >= MIN_U && u < MAX_U)) return false;
  BITS.setFloat64(0, u);
  const word = BITS.getUint32(0);
  const k = (word >>> 20) - 1023;
  const j = (word >>> 13) & (STEPS - 1);
  let V = 1;
  let G = q0;
  if (!((k === 0 && j === 0) || (k === -1 && j === STEPS - 1))) {
    V = (257 + 2 * j) * pow2(k - 8);
    let binade = state[STATE_BINADE_FACTOR]!;
    if (state[STATE_BINADE] !== k) {
      binade = binadeFactor(b, k);
      state[STATE_BINADE] = k;
      state[STATE_BINADE_FACTOR] = binade;
    }
    let step = stepCache[j]!;
    if (Number.isNaN(step)) {
      step = stepFactor(b, j);
      stepCache[j] = step;
    }
    G = q0 * binade * step;
    if (Number.isNaN(G)) return false;
  }
  state[STATE_START] = (128 + j) * pow2(k - 7);
  state[STATE_END] = (129 + j) * pow2(k - 7);
  state[STATE_SHIFT] = V - 1;
  state[STATE_SCALE] = 1 / V;
  state[STATE_FACTOR] = G;
  return true;
}

/** The plain formula q0·exp(−log1p(x)/b), outside the series' domain. */
export function arpsPlain(q0: number, x: number, b: number): number {
  return q0 * Math.exp(-Math.log1p(x) / b);
}

/*
 * The last b's coefficients and factors, kept across calls (callers evaluate one segment at many
 * Δ): they are functions of b, k and j alone, so keeping them changes no bit.
 */
const RATE_STATE = new Float64Array(STATE_LENGTH);
const RATE_STEP_FACTORS = new Float64Array(STEPS);
const RATE_COEFFICIENTS = new Float64Array(ARPS_SERIES_TERMS);
let rateB = Number.NaN;

/**
 * q0·(1 + x)^(−1/b) for one x (arpsRate): the interval, its factor and the series, exactly as the
 * fill computes them day by day.
 */
export function arpsPower(q0: number, x: number, b: number): number {
  if (!arpsSeriesApplies(b)) return arpsPlain(q0, x, b);
  const state = RATE_STATE;
  const c = RATE_COEFFICIENTS;
  if (b !== rateB) {
    rateB = b;
    resetArpsState(state);
    RATE_STEP_FACTORS.fill(Number.NaN);
    arpsSeriesCoefficients(b, c);
  }
  if (!enterArpsInterval(state, RATE_STEP_FACTORS, q0, b, 1 + x)) return arpsPlain(q0, x, b);
  return arpsSeries(
    state[STATE_FACTOR]!,
    (x - state[STATE_SHIFT]!) * state[STATE_SCALE]!,
    c[0]!,
    c[1]!,
    c[2]!,
    c[3]!,
    c[4]!,
    c[5]!,
    c[6]!,
    c[7]!,
    c[8]!,
    c[9]!,
    c[10]!,
    c[11]!,
  );
}
