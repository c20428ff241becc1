import { civilFromDayIndex, dayIndexFromCivil } from '../dayIndex';
import { historyPoint } from '../historyPoints';
import type { Multipliers } from './multipliers';

/*
 * A well's history as rates on time steps from an aligned start (decision 029): step 0 is the
 * month (or day) of its peak rate or of its first production; a monthly record's rate is its
 * volume over the days of its month.
 */

export type StepResolution = 'daily' | 'monthly';
export type Alignment = 'peak' | 'first';

/** A production record: its day index (a month's first day for monthly) and volume (BBL or MCF). */
export interface VolumeRecord {
  day: number;
  volume: number | null | undefined;
}

/** A well's rates by step: `rates[k]` at step k (NaN where it has no positive rate), from `startDay`. */
export interface AlignedRates {
  startDay: number;
  rates: Float64Array;
}

/** Month number of a day index (year·12 + month − 1). */
const monthOf = (day: number) => {
  const { y, m } = civilFromDayIndex(day);
  return y * 12 + m - 1;
};

/** Steps from day `from` to day `to`: days, or calendar months. */
export function stepsBetween(resolution: StepResolution, from: number, to: number): number {
  return resolution === 'daily' ? to - from : monthOf(to) - monthOf(from);
}

/** The day of step k from `startDay`: k days later, or the first day of the k-th month after. */
export function dayOfStep(resolution: StepResolution, startDay: number, step: number): number {
  if (resolution === 'daily') return startDay + step;
  const month = monthOf(startDay) + step;
  return dayIndexFromCivil(Math.floor(month / 12), (month % 12) + 1, 1);
}

/** Per-day rate of a record: the volume itself (daily) or over the days of its month (monthly; `historyPoint`). */
export function recordRate(resolution: StepResolution, r: VolumeRecord): number {
  const v = r.volume;
  if (v === null || v === undefined || !Number.isFinite(v)) return Number.NaN;
  return historyPoint(r.day, v, resolution).rate;
}

/**
 * The well's rates from its aligned start: `first` production (the first positive rate) or its
 * `peak` (the highest rate, the first of equal ones). Steps before the start are left out; zero,
 * negative and missing rates are NaN (a shut-in: left out of the statistics). Undefined when the
 * well has no positive rate.
 */
export function alignedRates(
  records: readonly VolumeRecord[],
  resolution: StepResolution,
  align: Alignment,
): AlignedRates | undefined {
  const sorted = [...records].sort((a, b) => a.day - b.day);
  let start = -1;
  let best = 0;
  sorted.forEach((r, i) => {
    const q = recordRate(resolution, r);
    if (!(q > 0)) return;
    if (start < 0 || (align === 'peak' && q > best)) {
      start = i;
      best = q;
    }
  });
  if (start < 0) return undefined;
  const startDay = sorted[start]!.day;
  const last = sorted[sorted.length - 1]!.day;
  const rates = new Float64Array(stepsBetween(resolution, startDay, last) + 1).fill(Number.NaN);
  for (let i = start; i < sorted.length; i++) {
    const q = recordRate(resolution, sorted[i]!);
    if (q > 0) rates[stepsBetween(resolution, startDay, sorted[i]!.day)] = q;
  }
  return { startDay, rates };
}

/**
 * Rates normalized by a well's multipliers (decision 029). One factor scales the rate: q'(k) =
 * m·q(k) (an EUR multiplier scales the volume, a peak multiplier the peak). Both (`eur_and_peak`):
 * q'(k) = m_peak · q(k·m_peak/m_eur) — the peak moves by m_peak and time stretches by m_eur/m_peak,
 * so the volume moves by m_eur — read between steps by linear interpolation (NaN next to a gap).
 */
export function normalizedRates(rates: Float64Array, m: Multipliers): Float64Array {
  const { eur, peak } = m;
  if (eur === undefined || peak === undefined) {
    const k = eur ?? peak ?? 1;
    return rates.map((q) => q * k);
  }
  const compress = peak / eur;
  const n = Math.floor((rates.length - 1) / compress + 1e-9) + 1;
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const u = k * compress;
    const i = Math.floor(u + 1e-9);
    const frac = Math.max(0, u - i);
    const a = rates[i] ?? Number.NaN;
    out[k] = peak * (frac < 1e-9 ? a : a + frac * ((rates[i + 1] ?? Number.NaN) - a));
  }
  return out;
}
