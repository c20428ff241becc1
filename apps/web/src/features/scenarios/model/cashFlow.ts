import type { EconMonthlyRow, EconOneLinerComplete } from '@econ/contract';
import { formatRate, monthOf } from './format';

/** Which discount the cumulative line shows. */
export type Discount = 'first' | 'second';

export interface CashFlowPoint {
  /** `YYYY-MM`, the category of the x axis. */
  month: string;
  /** Net cash flow of the month (before income tax), $. */
  net: number;
  /** Cumulative discounted cash flow at the chosen discount, $. */
  cumDiscounted: number;
}

export interface CashFlowChart {
  points: CashFlowPoint[];
  /** The month of the economic limit (a point's `month`), when it falls inside the rows. */
  econLimitMonth: string | undefined;
  /** January of each year (every few years for long lives), for the x-axis ticks. */
  ticks: string[];
}

/**
 * The chart of a well's monthly rows: net cash flow (`bfit`) per month and the cumulative
 * discounted cash flow at the first or second discount, in date order; the economic limit is the
 * month of the one-liner's `econLimitDate` (else the last row: the cash flow stops at the limit).
 */
export function cashFlowChart(
  rows: readonly EconMonthlyRow[],
  discount: Discount,
  /** The one-liner's; undefined: the last row; null: none (a scenario total). */
  econLimitDate: string | null | undefined,
): CashFlowChart {
  const sorted = [...rows].sort((a, b) => a.date.localeCompare(b.date));
  const points = sorted.map((r) => ({
    month: monthOf(r.date),
    net: r.bfit,
    cumDiscounted: discount === 'first' ? r.cumFirstDiscountCashFlow : r.cumSecondDiscountCashFlow,
  }));
  const econLimit = econLimitMonth(
    points.map((p) => p.month),
    econLimitDate,
  );
  return { points, econLimitMonth: econLimit, ticks: yearTicks(points) };
}

/**
 * The month (`YYYY-MM`) of the economic limit among a well's months in date order: the month of
 * the one-liner's `econLimitDate`, else the last month (the cash flow stops at the limit);
 * undefined when that month is not among them.
 */
export function econLimitMonth(
  months: readonly string[],
  econLimitDate: string | null | undefined,
): string | undefined {
  // null: no limit to mark (a scenario total has none).
  if (econLimitDate === null) return undefined;
  const wanted = econLimitDate ? monthOf(econLimitDate) : months[months.length - 1];
  return wanted && months.includes(wanted) ? wanted : undefined;
}

/** Januaries (and the first month), thinned to at most about 12 ticks. */
export function yearTicks(points: readonly { month: string }[]): string[] {
  const first = points[0];
  if (!first) return [];
  const januaries = points.filter((p) => p.month.endsWith('-01')).map((p) => p.month);
  const all = januaries[0] === first.month ? januaries : [first.month, ...januaries];
  const step = Math.max(1, Math.ceil(all.length / 12));
  return all.filter((_, i) => i % step === 0);
}

/**
 * The rate of a discount, when the one-liner's table holds it: the table rate whose NPV equals the
 * discount's NPV (the engine computes both the same way). Undefined when none or several match.
 */
export function discountRate(oneLiner: EconOneLinerComplete, discount: Discount): number | undefined {
  const target = discount === 'first' ? oneLiner.firstDiscountNpv : oneLiner.secondDiscountNpv;
  const tolerance = Math.max(0.01, Math.abs(target) * 1e-9);
  const matches = new Set(oneLiner.npv.filter((n) => Math.abs(n.npv - target) <= tolerance).map((n) => n.rate));
  return matches.size === 1 ? [...matches][0] : undefined;
}

/** The legend's name of the cumulative line: `Cumulative discounted cash flow (second discount, 15 %)`. */
export function discountLabel(discount: Discount, rate: number | undefined): string {
  const which = discount === 'first' ? 'first discount' : 'second discount';
  return `Cumulative discounted cash flow (${which}${rate === undefined ? '' : `, ${formatRate(rate)}`})`;
}

/** The smallest "nice" step (1, 2, 2.5 or 5 times a power of ten) at least `x` (x > 0). */
export function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x * (1 - 1e-12)) return m * p;
  return 10 * p;
}

export interface Axis {
  domain: [number, number];
  ticks: number[];
}

/**
 * Y axes for the bars (`net`) and the line (`cum`) with round ticks and both zeros on the same
 * grid line: `intervals` steps per axis, split the same way above and below zero, choosing the
 * split and each axis's nice step so that the series fill as much of their axis as they can.
 */
export function alignedAxes(points: readonly CashFlowPoint[], intervals = 6): { net: Axis; cum: Axis } {
  const extent = (values: number[]) => [Math.min(0, ...values), Math.max(0, ...values)] as const;
  const series = [extent(points.map((p) => p.net)), extent(points.map((p) => p.cumDiscounted))];
  let best: { below: number; steps: number[]; fill: number } | undefined;
  for (let below = 0; below <= intervals; below++) {
    const above = intervals - below;
    if (series.some(([lo, hi]) => (lo < 0 && below === 0) || (hi > 0 && above === 0))) continue;
    const steps = series.map(([lo, hi]) => niceStep(Math.max(below ? -lo / below : 0, above ? hi / above : 0) || 1));
    const fill = series.reduce((sum, [lo, hi], i) => sum + (hi - lo) / (steps[i]! * intervals), 0);
    if (!best || fill > best.fill) best = { below, steps, fill };
  }
  const { below, steps } = best ?? { below: 0, steps: [1, 1] };
  const axis = (step: number): Axis => ({
    domain: [(0 - below) * step, (intervals - below) * step],
    ticks: Array.from({ length: intervals + 1 }, (_, k) => (k - below) * step),
  });
  return { net: axis(steps[0]!), cum: axis(steps[1]!) };
}
