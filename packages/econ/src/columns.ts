import type { CapexItem } from './types';

/* Small column helpers shared by the net run and the after-tax step. */

/** A payout: the first row whose cumulative is > 0, and the rows from the first to it, inclusive. */
export interface Payout {
  /** 'YYYY-MM-01' of the payout row. */
  date: string;
  months: number;
}

/** First row whose running sum is > 0 (strictly). */
export function payoutOf(cf: Float64Array, labels: string[]): Payout | null {
  let cum = 0;
  for (let r = 0; r < cf.length; r++) {
    cum += cf[r]!;
    if (cum > 0) return { date: labels[r]!, months: r + 1 };
  }
  return null;
}

export const cumulative = (a: Float64Array) => {
  const out = new Float64Array(a.length);
  let s = 0;
  for (let i = 0; i < a.length; i++) out[i] = s += a[i]!;
  return out;
};

/** Whether any row of a column is not 0. */
export function hasVolume(v: Float64Array): boolean {
  for (let r = 0; r < v.length; r++) if (v[r] !== 0) return true;
  return false;
}

export const total = (a: Float64Array) => {
  let s = 0;
  // An indexed loop: for…of over a typed array walks an iterator, several times slower here.
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
};

/**
 * total of each column (all of one length), the same sums to the bit: four columns per pass, their
 * sums in locals, so four additions overlap instead of each waiting on the one before it.
 */
export function totals(columns: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(columns.length);
  for (let k = 0; k < columns.length; k += 4) {
    const a = columns[k]!;
    // Missing columns of the last group repeat the first (their sums are dropped).
    const b = columns[k + 1] ?? a;
    const c = columns[k + 2] ?? a;
    const d = columns[k + 3] ?? a;
    let sa = 0;
    let sb = 0;
    let sc = 0;
    let sd = 0;
    for (let i = 0; i < a.length; i++) {
      sa += a[i]!;
      sb += b[i]!;
      sc += c[i]!;
      sd += d[i]!;
    }
    out[k] = sa;
    if (k + 1 < out.length) out[k + 1] = sb;
    if (k + 2 < out.length) out[k + 2] = sc;
    if (k + 3 < out.length) out[k + 3] = sd;
  }
  return out;
}

/**
 * Zeroed columns of n rows cut from one buffer: a run's dozens of columns cost one allocation
 * instead of one each (each typed array of its own is a separate backing store for the collector
 * to track). The columns keep the whole buffer alive, so use one block for columns that live and
 * die together (one run's).
 */
export function columnBlock(n: number, count: number): () => Float64Array {
  const buffer = new ArrayBuffer(n * count * Float64Array.BYTES_PER_ELEMENT);
  let next = 0;
  return () => {
    if (next === count) return new Float64Array(n);
    return new Float64Array(buffer, n * Float64Array.BYTES_PER_ELEMENT * next++, n);
  };
}

/** One CAPEX item with its day (NaN for atEconLimit items until the limit is known). */
export interface DatedCapex {
  item: CapexItem;
  day: number;
}
