import type { Calculation, ImpactFeeWell } from '@econ/contract/rules';
import { monthIndex } from './datedRows';
import { chargedFraction, interestOf, type MonthlyStreams } from './monthlyStreams';

/*
 * Pennsylvania's unconventional gas well fee (Act 13 of 2012, 58 Pa.C.S. § 2302), which a
 * `pennsylvania horizontal` or `pennsylvania vertical` production-taxes state charges instead of its
 * ad valorem rows (econ-math.md, Production taxes; decision 038). Pure; $, positive for a charge.
 *
 * The fee of a month = the annual fee of the well's year and of the month's gas price band ÷ 12 ×
 * the share of the month charged (first production to the economic limit, by days) × the interest
 * of `calculation` (the ad valorem $ amounts', default the well's NRI).
 */

/**
 * The upper bounds of the gas price bands, $/MCF, on the price rounded to cents (§ 2302(b)): up to
 * $2.25, $2.26–2.99, $3.00–4.99, $5.00–5.99, $6.00 and above.
 */
export const IMPACT_FEE_PRICE_BANDS = [2.25, 2.99, 4.99, 5.99, Number.POSITIVE_INFINITY] as const;

/**
 * The statute's annual fee of a horizontal well, $ (§ 2302(b)(1)–(5), before the PUC's CPI
 * adjustments): a row per group of well years (year 1, 2, 3, 4–10, 11–15), a column per price band.
 */
export const HORIZONTAL_ANNUAL_FEE: readonly (readonly number[])[] = [
  [40_000, 45_000, 50_000, 55_000, 60_000],
  [30_000, 35_000, 40_000, 45_000, 55_000],
  [25_000, 30_000, 30_000, 40_000, 50_000],
  [10_000, 15_000, 20_000, 20_000, 20_000],
  [5_000, 5_000, 10_000, 10_000, 10_000],
];

/** Years the fee is charged: 15 for a horizontal well; a vertical well pays 20 % of it for 10 (§ 2302(b)(6)). */
export const IMPACT_FEE_YEARS: Record<ImpactFeeWell, number> = { horizontal: 15, vertical: 10 };
export const VERTICAL_SHARE = 0.2;

/** The price band (0–4) of a gas price in $/MCF, rounded to cents; below $0 the lowest band. */
export function impactFeePriceBand(gasPrice: number): number {
  const cents = Math.round(gasPrice * 100) / 100;
  return IMPACT_FEE_PRICE_BANDS.findIndex((upper) => cents <= upper);
}

/** The row of HORIZONTAL_ANNUAL_FEE of a well year (1, 2, 3, 4–10, 11–15). */
const yearGroup = (year: number) => (year <= 3 ? year - 1 : year <= 10 ? 3 : 4);

/**
 * The annual fee, $, of a well in its `year` (1 = the first twelve months) at a gas price in $/MCF:
 * 0 before year 1 and after the well's last year.
 *
 * @example annualImpactFee('horizontal', 1, 3.5) // 50_000
 * @example annualImpactFee('vertical', 4, 3.5) // 4_000 (20 % of 20,000)
 */
export function annualImpactFee(well: ImpactFeeWell, year: number, gasPrice: number): number {
  if (year < 1 || year > IMPACT_FEE_YEARS[well]) return 0;
  const fee = HORIZONTAL_ANNUAL_FEE[yearGroup(year)]![impactFeePriceBand(gasPrice)]!;
  return well === 'vertical' ? fee * VERTICAL_SHARE : fee;
}

/** The impact fee of one well, as the input mapping resolves it (inputs/expenses.ts). */
export interface ImpactFee {
  /** The production-taxes field that asks for it, `data.state`. */
  field: string;
  well: ImpactFeeWell;
  /** A day (day index) of the month the well years count from: first production, or the spud date. */
  startDay: number;
  /** The interest it is charged at: the ad valorem row sets' `calculation` (default nri). */
  calculation: Calculation;
}

/**
 * The impact fee by grid row, $: the annual fee of the row's well year (whole months from the start
 * month, twelve to a year) and of the row's gas price band, ÷ 12, × the share of the row charged
 * (from first production to the economic limit, by days) × the interest of `calculation`.
 */
export function impactFeeColumn(s: MonthlyStreams, fee: ImpactFee): Float64Array {
  const { grid } = s;
  const n = grid.start.length;
  const out = new Float64Array(n);
  const charged = chargedFraction(grid, s.fpdDay, s.econLimitDay);
  const interest = interestOf(s.interests, fee.calculation);
  const first = monthIndex(fee.startDay);
  for (let r = 0; r < n; r++) {
    if (charged[r] === 0) continue;
    const year = Math.floor((monthIndex(grid.start[r]!) - first) / 12) + 1;
    out[r] = (annualImpactFee(fee.well, year, s.gasPrice[r]!) / 12) * charged[r]! * interest[r]!;
  }
  return out;
}
