import { toDayIndex } from '@econ/decline';
import { runWell, type WellInput } from '@econ/econ';
import { describe, expect, it } from 'vitest';
import { monthlyColumns } from './compute';
import { type PackedMonthly, packMonthly } from './results';
import { RollupAccumulator, rollupColumns, rollupOf } from './rollup';

/** A flat daily rate from `start` for `days` days, as the engine reads a forecast. */
const flat = (start: string, days: number, rate: number) => ({
  start: toDayIndex(start),
  values: new Float64Array(days).fill(rate),
});

/** A well with CAPEX, a decline-free oil forecast, 80 % NRI and a 10 %/15 % discount. */
function well(over: Partial<WellInput> = {}): WellInput {
  return {
    asOfDate: '2025-01-01',
    discountDate: '2025-01-01',
    maxWellLife: 3,
    volumes: { oil: flat('2025-01-01', 1100, 100), gas: flat('2025-01-01', 1100, 400) },
    ownership: { workingInterest: 100, netRevenueInterest: 80, leaseNetRevenueInterest: 80 },
    prices: { oil: { flat: 60 }, gas: { flat: 3 } },
    expenses: { fixedPerWellMonth: 8000, variable: { oil: 2 }, severanceTaxPct: 4.6, adValoremTaxPct: 2 },
    capex: [{ date: '2025-01-01', amount: 2_000_000, calculation: 'gross' }],
    discountTable: {
      discountMethod: 'monthly',
      cashAccrualTime: 'mid_month',
      firstDiscount: 10,
      secondDiscount: 15,
      discounts: [0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 150, 200].map((discountTable) => ({
        discountTable,
      })),
    },
    ...over,
  };
}

const run = (input: WellInput) => {
  const r = runWell(input);
  return { packed: packMonthly(r.monthly.labels, monthlyColumns(r.monthly), false), oneLiner: r.oneLiner };
};

const column = (p: PackedMonthly, name: string) => {
  const c = p.columns.indexOf(name as never);
  return Array.from(p.data.subarray(c * p.months, (c + 1) * p.months));
};

describe('rollup of a run', () => {
  it('two identical wells sum to twice one well, month by month, in every additive column', () => {
    const one = run(well()).packed;
    const two = rollupOf([one, one], false);
    expect(two.firstMonth).toBe(one.firstMonth);
    expect(two.months).toBe(one.months);
    expect(Array.from(two.wells)).toEqual(new Array(one.months).fill(2));
    for (const c of two.columns) {
      expect(column(two, c), c).toEqual(column(one, c).map((v) => 2 * v));
    }
    // Prices, interests and days do not add up: not in the rollup.
    for (const c of ['oilPrice', 'gasDifferential', 'workingInterest', 'days']) expect(two.columns).not.toContain(c);
    expect(two.columns).toEqual(rollupColumns(false));
  });

  it('its NPVs equal the sum of the wells’ NPVs at the same rates; its cumulatives run on past a well’s end', () => {
    const a = run(well());
    const b = run(well({ maxWellLife: 1, capex: [], prices: { oil: { flat: 75 }, gas: { flat: 2 } } }));
    const total = rollupOf([a.packed, b.packed], false);
    const sum = (name: string) => column(total, name).reduce((s, v) => s + v, 0);
    const close = (x: number, y: number) => expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-9 * Math.abs(y));
    close(sum('firstDiscountCashFlow'), a.oneLiner.firstDiscountNpv + b.oneLiner.firstDiscountNpv);
    close(sum('secondDiscountCashFlow'), a.oneLiner.secondDiscountNpv + b.oneLiner.secondDiscountNpv);
    close(sum('bfit'), a.oneLiner.bfit + b.oneLiner.bfit);
    // The cumulative is the running sum of the summed cash flow, so its last month is the total
    // (a sum of the wells' own cumulatives would lose well b's after its single year).
    close(column(total, 'cumBfit').at(-1)!, a.oneLiner.bfit + b.oneLiner.bfit);
    close(column(total, 'cumFirstDiscountCashFlow').at(-1)!, a.oneLiner.firstDiscountNpv + b.oneLiner.firstDiscountNpv);
    expect(Array.from(total.wells.subarray(0, 12))).toEqual(new Array(12).fill(2));
    expect(Array.from(total.wells.subarray(12))).toEqual(new Array(total.months - 12).fill(1));
  });

  it('aligns wells that start in different months and keeps months no well has as 0', () => {
    const packed = (firstMonth: string, values: number[]): PackedMonthly =>
      packMonthly(
        values.map(
          (_, i) => `${firstMonth.slice(0, 5)}${String(Number(firstMonth.slice(5, 7)) + i).padStart(2, '0')}-01`,
        ),
        { bfit: values, grossOilVolume: values, oilPrice: values },
        false,
      );
    const acc = new RollupAccumulator(false);
    acc.add(packed('2025-03-01', [1, 2]));
    acc.add(packed('2025-01-01', [10]));
    acc.add(packed('2025-06-01', [100]));
    const r = acc.result();
    expect(r.firstMonth).toBe('2025-01-01');
    expect(r.months).toBe(6);
    expect(column(r, 'grossOilVolume')).toEqual([10, 0, 1, 2, 0, 100]);
    expect(column(r, 'cumBfit')).toEqual([10, 10, 11, 13, 13, 113]);
    expect(Array.from(r.wells)).toEqual([1, 0, 1, 1, 0, 1]);
  });

  it('with income tax, a well without it adds its before-tax cash flow as after-tax', () => {
    const taxed: PackedMonthly = packMonthly(['2025-01-01'], { bfit: [100], afit: [70], stateTax: [30] }, true);
    const untaxed: PackedMonthly = packMonthly(['2025-01-01'], { bfit: [50] }, false);
    const r = rollupOf([taxed, untaxed], true);
    expect(column(r, 'afit')).toEqual([120]);
    expect(column(r, 'cumAfit')).toEqual([120]);
    expect(column(r, 'stateTax')).toEqual([30]);
    expect(column(r, 'bfit')).toEqual([150]);
  });

  it('is empty without wells', () => {
    const r = rollupOf([], false);
    expect(r).toMatchObject({ firstMonth: null, months: 0 });
    expect(r.data.length).toBe(0);
  });
});
