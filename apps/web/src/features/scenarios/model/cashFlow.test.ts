import type { EconMonthlyRow, EconOneLinerComplete } from '@econ/contract';
import { ECON_MONTHLY_COLUMNS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { alignedAxes, cashFlowChart, discountLabel, discountRate, niceStep, yearTicks } from './cashFlow';

const W = 'a'.repeat(24);
const monthly = (date: string, bfit: number, cum1: number, cum2: number): EconMonthlyRow =>
  ({
    ...Object.fromEntries(ECON_MONTHLY_COLUMNS.map((c) => [c, 0])),
    well: W,
    date,
    bfit,
    cumFirstDiscountCashFlow: cum1,
    cumSecondDiscountCashFlow: cum2,
  }) as EconMonthlyRow;

describe('cashFlowChart', () => {
  const rows = [
    monthly('2027-02-01', 50, 140, 130),
    monthly('2026-12-01', -100, -100, -100),
    monthly('2027-01-01', 200, 95, 90),
  ];
  it('orders by month and takes the chosen discount', () => {
    const second = cashFlowChart(rows, 'second', '2027-02-28');
    expect(second.points).toEqual([
      { month: '2026-12', net: -100, cumDiscounted: -100 },
      { month: '2027-01', net: 200, cumDiscounted: 90 },
      { month: '2027-02', net: 50, cumDiscounted: 130 },
    ]);
    expect(cashFlowChart(rows, 'first', undefined).points.map((p) => p.cumDiscounted)).toEqual([-100, 95, 140]);
  });
  it("marks the economic limit at the one-liner's month, else at the last row", () => {
    expect(cashFlowChart(rows, 'second', '2027-01-31').econLimitMonth).toBe('2027-01');
    expect(cashFlowChart(rows, 'second', undefined).econLimitMonth).toBe('2027-02');
    expect(cashFlowChart(rows, 'second', '2040-01-31').econLimitMonth).toBeUndefined();
    expect(cashFlowChart([], 'second', undefined)).toEqual({ points: [], econLimitMonth: undefined, ticks: [] });
  });
});

describe('yearTicks', () => {
  const months = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const m = from + i;
      return { month: `${2000 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}` };
    });
  it('is the first month and each January', () => {
    expect(yearTicks(months(10, 30))).toEqual(['2000-11', '2001-01', '2002-01', '2003-01']);
    expect(yearTicks(months(0, 13))).toEqual(['2000-01', '2001-01']);
  });
  it('thins long lives to about 12 ticks', () => {
    const ticks = yearTicks(months(0, 50 * 12));
    expect(ticks.length).toBeLessThanOrEqual(13);
    expect(ticks[0]).toBe('2000-01');
    expect(ticks[1]).toBe('2005-01');
  });
});

describe('discountRate and discountLabel', () => {
  const oneLiner = {
    firstDiscountNpv: 1000,
    secondDiscountNpv: 812.345678,
    npv: [
      { rate: 0, npv: 1500 },
      { rate: 8, npv: 1000 },
      { rate: 10, npv: 1000.000001 },
      { rate: 15, npv: 812.345678 },
    ],
  } as EconOneLinerComplete;
  it('finds the one table rate with the same NPV', () => {
    expect(discountRate(oneLiner, 'second')).toBe(15);
  });
  it('says nothing when several rates or none match', () => {
    expect(discountRate(oneLiner, 'first')).toBeUndefined();
    expect(discountRate({ ...oneLiner, secondDiscountNpv: 1 }, 'second')).toBeUndefined();
  });
  it('names the discount in the legend, with its rate when known', () => {
    expect(discountLabel('second', 15)).toBe('Cumulative discounted cash flow (second discount, 15 %)');
    expect(discountLabel('first', undefined)).toBe('Cumulative discounted cash flow (first discount)');
  });
});

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.1)).toBe(2);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(26_300)).toBe(50_000);
    expect(niceStep(6)).toBe(10);
    expect(niceStep(0.03)).toBeCloseTo(0.05, 12);
  });
});

describe('alignedAxes', () => {
  const zeroAt = ({ domain: [lo, hi] }: { domain: [number, number] }) => -lo / (hi - lo);
  const points = [
    { month: '2026-01', net: -98_200, cumDiscounted: -98_200 },
    { month: '2026-02', net: 158_000, cumDiscounted: 40_000 },
    { month: '2026-03', net: 20_000, cumDiscounted: 7_724_360 },
  ];
  it('puts zero on the same grid line of both axes, with round ticks, each series inside its axis', () => {
    const { net, cum } = alignedAxes(points);
    expect(zeroAt(net)).toBeCloseTo(zeroAt(cum), 12);
    expect(net.ticks).toHaveLength(7);
    expect(net.ticks).toContain(0);
    expect(cum.ticks).toContain(0);
    expect(net.ticks.every((t) => Number.isInteger(t / niceStep(Math.abs(net.ticks[1]! - net.ticks[0]!))))).toBe(true);
    for (const p of points) {
      expect(p.net).toBeGreaterThanOrEqual(net.domain[0]);
      expect(p.net).toBeLessThanOrEqual(net.domain[1]);
      expect(p.cumDiscounted).toBeGreaterThanOrEqual(cum.domain[0]);
      expect(p.cumDiscounted).toBeLessThanOrEqual(cum.domain[1]);
    }
    expect(net).toEqual({
      domain: [-100_000, 200_000],
      ticks: [-100_000, -50_000, 0, 50_000, 100_000, 150_000, 200_000],
    });
  });
  it('starts at zero when nothing is negative; all-negative series stay inside with zero shown', () => {
    const up = alignedAxes([{ month: '2026-01', net: 5, cumDiscounted: 10 }]);
    expect(up.net.domain).toEqual([0, 6]);
    expect(up.cum.domain).toEqual([0, 12]);
    const down = alignedAxes([{ month: '2026-01', net: -5, cumDiscounted: -10 }]);
    expect(down.net.domain[0]).toBeLessThanOrEqual(-5);
    expect(down.cum.domain[0]).toBeLessThanOrEqual(-10);
    expect(down.net.ticks).toContain(0);
    expect(zeroAt(down.net)).toBeCloseTo(zeroAt(down.cum), 12);
    expect(alignedAxes([]).net.domain).toEqual([0, 6]);
  });
});
