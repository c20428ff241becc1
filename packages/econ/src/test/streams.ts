import { toDayIndex } from '@econ/decline';
import type { DatedRow } from '../datedRows';
import { buildGrid } from '../grid';
import type { MonthlyStreams } from '../monthlyStreams';
import { PRODUCTS, type Product } from '../types';

/*
 * A reference well for the expense and tax columns, every figure by hand: 2027 month by month,
 * flat daily rates (oil 100 BBL/D well-head and unshrunk, 98 sold; gas 500 MCF/D, 450 sold; NGL 10
 * and drip 2 BBL/D sold; water 50 BBL/D), flat prices (oil $70, gas $3, NGL $25, drip $60), WI 75 %,
 * NRI 60 % (gas 55 %), lease NRI 80 %.
 */

export const DAILY = { oil: 100, gas: 500, water: 50, salesOil: 98, salesGas: 450, ngl: 10, drip: 2 };
export const PRICE: Record<Product, number> = { oil: 70, gas: 3, ngl: 25, dripCondensate: 60 };
export const WI = 0.75;
export const NRI = 0.6;
export const GAS_NRI = 0.55;
export const LEASE_NRI = 0.8;

/** Days of each month of 2027. */
export const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const day = (date: string) => toDayIndex(date);

/** The reference well from January 2027 to the month of `through` (default: 2027 only). */
export function referenceStreams(over: Partial<MonthlyStreams> = {}, through = '2027-12-31'): MonthlyStreams {
  const grid = buildGrid(day('2027-01-01'), day(through));
  const n = grid.start.length;
  const perDay = (rate: number) =>
    Float64Array.from({ length: n }, (_, r) => rate * (grid.end[r]! - grid.start[r]! + 1));
  const fill = (v: number) => new Float64Array(n).fill(v);
  const sales = {
    oil: perDay(DAILY.salesOil),
    gas: perDay(DAILY.salesGas),
    ngl: perDay(DAILY.ngl),
    dripCondensate: perDay(DAILY.drip),
  };
  const revenue = Object.fromEntries(PRODUCTS.map((p) => [p, sales[p].map((v) => v * PRICE[p])])) as Record<
    Product,
    Float64Array
  >;
  const nri = fill(NRI);
  return {
    grid,
    wellHead: { oil: perDay(DAILY.oil), gas: perDay(DAILY.gas), water: perDay(DAILY.water) },
    unshrunk: { oil: perDay(DAILY.oil), gas: perDay(DAILY.gas) },
    sales,
    revenue,
    gasPrice: fill(PRICE.gas),
    interests: {
      wi: fill(WI),
      nri,
      productNri: { oil: nri, gas: fill(GAS_NRI), ngl: nri, dripCondensate: nri },
      leaseNri: fill(LEASE_NRI),
    },
    ...over,
  };
}

/** A whole-life row of `value`. */
export const flatRows = (value: number): DatedRow[] => [{ period: { kind: 'flat' }, value }];
/** Rows from dates: `[['2027-01-01', 8000], ['2027-07-01', 6000]]`. */
export const dateRows = (rows: [string, number][]): DatedRow[] =>
  rows.map(([date, value]) => ({ period: { kind: 'date', day: day(date) }, value }));
