import { civilFromDayIndex, dayIndexFromCivil } from '@econ/decline';

/** A log axis' domain: whole decades around the positive values ([1, 10] when there is none). */
export function logDomain(minPositive: number | undefined, max: number): [number, number] {
  if (minPositive === undefined || !(minPositive > 0) || !(max > 0)) return [1, 10];
  const lo = 10 ** Math.floor(Math.log10(minPositive));
  const hi = 10 ** Math.ceil(Math.log10(max));
  return [lo, hi > lo ? hi : lo * 10];
}

/**
 * The ticks of a log10 axis: every power of ten within [min, max] (1, 10, 100, 1000…; 0.1, 0.01
 * below one). Exact values: 10^k for k ≥ 0 are whole numbers, below one they are `1 / 10^-k`, so
 * a label never reads 0.30000000000000004 or 1000.0000000000001.
 */
export function decadeTicks(min: number, max: number): number[] {
  if (!(min > 0) || !(max >= min)) return [];
  const ticks: number[] = [];
  // A little slack: the domain's own ends are decades computed with floating point.
  for (let k = Math.ceil(Math.log10(min) - 1e-9); k <= Math.floor(Math.log10(max) + 1e-9); k++) {
    ticks.push(k >= 0 ? 10 ** k : 1 / 10 ** -k);
  }
  return ticks;
}

/** Year ticks (day indexes of 1 January) within [first, last], at most about `count` of them. */
export function yearTicks(first: number, last: number, count = 8): number[] {
  const y0 = civilFromDayIndex(first).y;
  const y1 = civilFromDayIndex(last).y;
  const step = Math.max(1, Math.ceil((y1 - y0 + 1) / count));
  const ticks: number[] = [];
  for (let y = y0; y <= y1; y += step) {
    const day = dayIndexFromCivil(y, 1, 1);
    if (day >= first && day <= last) ticks.push(day);
  }
  return ticks;
}

/** A linear axis' top: the next 1, 2, 2.5 or 5 × 10^k above `max` with some headroom (a flat line does not sit on the frame). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const target = max * 1.05;
  const decade = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * decade >= target) ?? 10;
  return step * decade;
}

/**
 * Ticks of a time axis over day indexes [first, last]: 1 January of years when the range spans
 * three years or more (labels `2024`), else the first of months (`2024-03`), else days
 * (`2024-03-15`); about `count` of them at most.
 */
export function timeTicks(first: number, last: number, count = 8): { ticks: number[]; label: (day: number) => string } {
  const a = civilFromDayIndex(first);
  const b = civilFromDayIndex(last);
  const iso = (day: number) => {
    const { y, m, d } = civilFromDayIndex(day);
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  };
  if (b.y - a.y >= 3) return { ticks: yearTicks(first, last, count), label: (day) => iso(day).slice(0, 4) };
  const months = (b.y - a.y) * 12 + (b.m - a.m);
  if (months >= 2) {
    const step = Math.max(1, Math.ceil((months + 1) / count));
    const ticks: number[] = [];
    for (let k = 0; k <= months; k += step) {
      const m0 = a.m - 1 + k;
      const day = dayIndexFromCivil(a.y + Math.floor(m0 / 12), (m0 % 12) + 1, 1);
      if (day >= first && day <= last) ticks.push(day);
    }
    return { ticks, label: (day) => iso(day).slice(0, 7) };
  }
  const step = Math.max(1, Math.ceil((last - first + 1) / count));
  const ticks: number[] = [];
  for (let day = Math.ceil(first); day <= last; day += step) ticks.push(day);
  return { ticks, label: iso };
}
