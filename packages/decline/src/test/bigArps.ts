/**
 * An independent high-precision reference for (1 + x)^(−1/b): exact rationals for the doubles x and
 * b, then ln and exp in BigInt fixed point with 240 fraction bits (atanh and Taylor series), about
 * 70 digits. Test-only: slow (a millisecond or so per value), and it shares no code with arpsPower.
 */

const P = 240n;
const ONE = 1n << P;

/** A finite double as m·2^e with m, e integers (exact). */
function decompose(x: number): { m: bigint; e: bigint } {
  if (x === 0) return { m: 0n, e: 0n };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n ? -1n : 1n;
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const m = exponent === 0 ? fraction : fraction | (1n << 52n);
  const e = BigInt((exponent === 0 ? 1 : exponent) - 1075);
  return { m: sign * m, e };
}

/** m·2^e as fixed point (rounded towards zero below 2^−P). */
function toFixed({ m, e }: { m: bigint; e: bigint }): bigint {
  const shift = e + P;
  return shift >= 0n ? m << shift : m / (1n << -shift);
}

const mul = (a: bigint, b: bigint) => (a * b) / ONE;

/** ln(n/d) for n/d in [1, 2], by 2·atanh((n − d)/(n + d)). */
function lnRatio(n: bigint, d: bigint): bigint {
  const s = ((n - d) * ONE) / (n + d);
  const s2 = mul(s, s);
  let sum = 0n;
  let power = s;
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k;
    power = mul(power, s2);
  }
  return 2n * sum;
}
const LN2 = lnRatio(2n, 1n);

/** e^f for |f| ≤ 1 (Taylor). */
function expSmall(f: bigint): bigint {
  let sum = ONE;
  let term = ONE;
  for (let k = 1n; term !== 0n; k++) {
    term = mul(term, f) / k;
    sum += term;
  }
  return sum;
}

/** The exact value as 2^n·mantissa (mantissa fixed point, in [1/2, 2]). */
function reference(x: number, b: number): { n: bigint; mantissa: bigint } {
  // u = 1 + x exactly, as a fixed-point value scaled by 2^−P (x below 2^−P is lost: its effect on
  // the result is below 2^−P relative too).
  const u = ONE + toFixed(decompose(x));
  if (u <= 0n) throw new Error(`1 + x must be > 0 (x = ${x})`);
  // u = 2^k·m, m ∈ [1, 2).
  let k = 0n;
  let m = u;
  while (m >= 2n * ONE) {
    m /= 2n;
    k++;
  }
  while (m < ONE) {
    m *= 2n;
    k--;
  }
  const lnU = k * LN2 + lnRatio(m, ONE);
  // E = −ln(u)/b, b = mb·2^eb.
  const { m: mb, e: eb } = decompose(b);
  const E = eb >= 0n ? -lnU / (mb << eb) : (-lnU << -eb) / mb;
  // e^E = 2^n·e^f, f = E − n·ln 2.
  const n = E >= 0n ? (E + LN2 / 2n) / LN2 : -((-E + LN2 / 2n) / LN2);
  return { n, mantissa: expSmall(E - n * LN2) };
}

/**
 * The relative error of y as an approximation of (1 + x)^(−1/b), signed: (y − exact)/exact.
 */
export function arpsRelativeError(y: number, x: number, b: number): number {
  const { n, mantissa } = reference(x, b);
  const { m, e } = decompose(y);
  // y/2^n as fixed point.
  const shift = e - n + P;
  const yFixed = shift >= 0n ? m << shift : m / (1n << -shift);
  const SCALE = 1n << 100n;
  return Number(((yFixed - mantissa) * SCALE) / mantissa) / 2 ** 100;
}

/** (1 + x)^(−1/b) rounded to a double (for reading; errors are measured by arpsRelativeError). */
export function arpsReference(x: number, b: number): number {
  const { n, mantissa } = reference(x, b);
  return (Number(mantissa) / 2 ** Number(P)) * 2 ** Number(n);
}
