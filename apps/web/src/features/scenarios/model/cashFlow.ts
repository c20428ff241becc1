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
  econLimitDate: string | undefined,
): CashFlowChart {
  const sorted = [...rows].sort((a, b) => a.date.localeCompare(b.date));
  const points = sorted.map((r) => ({
    month: monthOf(r.date),
    net: r.bfit,
    cumDiscounted: discount === 'first' ? r.cumFirstDiscountCashFlow : r.cumSecondDiscountCashFlow,
  }));
  const months = new Set(points.map((p) => p.month));
  const wanted = econLimitDate ? monthOf(econLimitDate) : points[points.length - 1]?.month;
  return { points, econLimitMonth: wanted && months.has(wanted) ? wanted : undefined, ticks: yearTicks(points) };
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

/**
 * Y-axis domains for the bars and the line that put both zeros at the same height (the share of
 * the axis below zero is the larger of the two series'), so "above zero" reads the same on both.
 */
export function alignedDomains(points: readonly CashFlowPoint[]): { net: [number, number]; cum: [number, number] } {
  const range = (values: number[]) => [Math.min(0, ...values), Math.max(0, ...values)] as const;
  const [netLo, netHi] = range(points.map((p) => p.net));
  const [cumLo, cumHi] = range(points.map((p) => p.cumDiscounted));
  const below = (lo: number, hi: number) => (hi - lo > 0 ? -lo / (hi - lo) : 0);
  const f = Math.max(below(netLo, netHi), below(cumLo, cumHi));
  const domain = (lo: number, hi: number): [number, number] => {
    if (f === 0) return [0, hi || 1];
    if (f === 1) return [lo || -1, 0];
    const span = Math.max(hi / (1 - f), -lo / f) || 1;
    return [-f * span, (1 - f) * span];
  };
  return { net: domain(netLo, netHi), cum: domain(cumLo, cumHi) };
}
