import type { Reversion } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EconError } from './econError';
import { buildGrid } from './grid';
import { buildSchedule, crossingDay, initialState, type OwnershipState, revertedState } from './reversions';
import { daysBetween, discountTable, expectClose, flatSeries, flatWell } from './test/fixtures';
import type { WellInput } from './types';
import { runWell } from './well';

/*
 * The reference well of these tests (flatWell): 100 BBL/D of oil at $50 from 2025-01-01, so the
 * gross revenue is $5,000 a day: January 155,000, February 140,000 (28 days), March 155,000.
 */

const day = (s: string) => toDayIndex(s);

/** A reversion with the fields every type needs; WI and NRI of the new stage in percent. */
function rev(
  reversionType: Reversion['reversionType'],
  reversionValue: string | number,
  extra: Partial<Record<string, unknown>> = {},
): Reversion {
  const dated = reversionType === 'Date' || reversionType === 'AsOf';
  return {
    reversionType,
    reversionValue,
    balance: dated ? '' : 'net',
    includeNetProfitInterest: dated ? '' : 'yes',
    netProfitInterest: 0,
    workingInterest: 50,
    netRevenueInterest: 40,
    ...extra,
  } as Reversion;
}

const own = (wi: number, nri: number, lease = 100) => ({
  workingInterest: wi,
  netRevenueInterest: nri,
  leaseNetRevenueInterest: lease,
});

/** A well with a fixed expense of $3,100 a month × WI, so the WI by row is fixedExpense / 3,100 × 31 / days. */
function well(overrides: Partial<WellInput> = {}): WellInput {
  return flatWell({
    ownership: own(100, 80),
    expenses: { fixedPerWellMonth: 3_100, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 },
    ...overrides,
  });
}

/** WI and oil NRI by row, read back from the columns (fixed expense ∝ WI, net volume = gross × NRI). */
function interestsOf(res: ReturnType<typeof runWell>, row: number, monthDays: number) {
  const m = res.monthly;
  return {
    wi: (m.fixedExpense[row]! / 3_100) * (monthDays / m.days[row]!),
    nri: m.netVolume.oil[row]! / m.grossVolume.oil[row]!,
  };
}

/** The blend of econ-math.md: q·old + (1 − q)·new with q = (day − 1)/days_in_month. */
const blend = (dayOfMonth: number, days: number, old: number, next: number) => {
  const q = (dayOfMonth - 1) / days;
  return q * old + (1 - q) * next;
};

describe('one test per reversion type: trigger day by hand, the trigger month blended, later months new', () => {
  it('Date: fires on its date; March blended with q = 10/31, April on at WI 50 %, NRI 40 %', () => {
    const res = runWell(well({ reversions: [rev('Date', '2025-03-11')] }));
    expect(res.oneLiner.reversions).toEqual([{ type: 'Date', date: '2025-03-11' }]);
    // March: 10 days at the old interests, 21 at the new: net oil = 1,000·0.8 + 2,100·0.4 = 1,640.
    expectClose(res.monthly.netVolume.oil[2]!, 1_640);
    expectClose(res.monthly.fixedExpense[2]!, 1_000 * 1 + 2_100 * 0.5); // 3,100 × (10/31·1 + 21/31·0.5)
    const march = interestsOf(res, 2, 31);
    expectClose(march.wi, blend(11, 31, 1, 0.5));
    expectClose(march.nri, blend(11, 31, 0.8, 0.4));
    expect(interestsOf(res, 1, 28)).toEqual({ wi: 1, nri: 0.8 });
    expectClose(interestsOf(res, 3, 30).wi, 0.5);
    expectClose(interestsOf(res, 3, 30).nri, 0.4);
    expectClose(interestsOf(res, 23, 31).nri, 0.4);
  });
  it('AsOf: a date as well (the contract gives AsOf a date string); on the first day q = 0', () => {
    const res = runWell(well({ reversions: [rev('AsOf', '2025-01-01')] }));
    expect(res.oneLiner.reversions).toEqual([{ type: 'AsOf', date: '2025-01-01' }]);
    expectClose(interestsOf(res, 0, 31).wi, 0.5);
    expectClose(interestsOf(res, 0, 31).nri, 0.4);
    // A date before the cash flow fires on its first day.
    expect(runWell(well({ reversions: [rev('AsOf', '2020-06-30')] })).oneLiner.reversions[0]!.date).toBe('2025-01-01');
  });
  it('WhCumOil: cumulative from first production (cumulativeBefore 1,000) strictly above 4,500', () => {
    // End of January 1,000 + 3,100 = 4,100; end of February 6,900: p = 400/2,800 = 1/7, day = ⌊28/7⌋ + 1 = 5.
    const res = runWell(well({ cumulativeBefore: { oil: 1_000 }, reversions: [rev('WhCumOil', 4_500)] }));
    expect(res.oneLiner.reversions).toEqual([{ type: 'WhCumOil', date: '2025-02-05' }]);
    expectClose(interestsOf(res, 1, 28).nri, blend(5, 28, 0.8, 0.4));
    expectClose(interestsOf(res, 1, 28).wi, blend(5, 28, 1, 0.5));
  });
  it('WhCumGas: the volume before as-of from the first production date (600 MCF/D since 2024-12-01)', () => {
    // Before as-of 31·600 = 18,600; end of January 37,200; end of February 54,000.
    // Value 40,000: p = 2,800/16,800 = 1/6, day = ⌊28/6⌋ + 1 = 5.
    const res = runWell(
      well({
        volumes: { oil: flatSeries('2025-01-01', 800, 100), gas: flatSeries('2024-12-01', 900, 600) },
        firstProductionDate: '2024-12-01',
        reversions: [rev('WhCumGas', 40_000)],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([{ type: 'WhCumGas', date: '2025-02-05' }]);
    expectClose(interestsOf(res, 1, 28).nri, blend(5, 28, 0.8, 0.4));
  });
  it('WhCumBoe: oil + gas/6 by default, gas/wetGas with boeConversion', () => {
    const volumes = { oil: flatSeries('2025-01-01', 800, 100), gas: flatSeries('2025-01-01', 800, 600) };
    // 100 + 600/6 = 200 BOE/D: January 6,200, February 11,800; value 9,000: p = 2,800/5,600, day = 14 + 1.
    const res = runWell(well({ volumes, reversions: [rev('WhCumBoe', 9_000)] }));
    expect(res.oneLiner.reversions).toEqual([{ type: 'WhCumBoe', date: '2025-02-15' }]);
    expectClose(interestsOf(res, 1, 28).nri, blend(15, 28, 0.8, 0.4));
    // wetGas 12: 150 BOE/D: 4,650, 8,850, 13,500; value 9,100: p = 250/4,650, ⌊31·p⌋ = ⌊1.67⌋ = 1, day 2 of March.
    const boeConversion = { oil: 1, wetGas: 12, dryGas: 6, ngl: 1, dripCondensate: 1 };
    const wet = runWell(well({ volumes, boeConversion, reversions: [rev('WhCumBoe', 9_100)] }));
    expect(wet.oneLiner.reversions).toEqual([{ type: 'WhCumBoe', date: '2025-03-02' }]);
  });
  it('PayoutWithInvestment: the cumulative cash flow with CAPEX strictly above the value', () => {
    // WI 100 %, NRI 100 %, no expenses, $200,000 CAPEX on 2025-01-01: January −45,000, February +140,000.
    // Value 12,500: p = 57,500/140,000, ⌊28·p⌋ = ⌊11.5⌋ = 11, day 12.
    const res = runWell(
      flatWell({
        capex: [{ date: '2025-01-01', amount: 200_000, calculation: 'net' }],
        reversions: [rev('PayoutWithInvestment', 12_500, { netRevenueInterest: 75 })],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([{ type: 'PayoutWithInvestment', date: '2025-02-12' }]);
    // February: 11 days at NRI 100 %, 17 at 75 %: 5,000·(11 + 17·0.75) = 118,750.
    expectClose(res.monthly.totalRevenue[1]!, 118_750);
    expectClose(res.monthly.totalRevenue[2]!, 155_000 * 0.75);
  });
  it('PayoutWithoutInvestment: CAPEX left out of the cumulative', () => {
    // 5,000 a day from 2025-01-01; value 102,500: p = 102,500/155,000, ⌊31·p⌋ = ⌊20.5⌋ = 20, day 21.
    const res = runWell(
      flatWell({
        capex: [{ date: '2025-01-01', amount: 200_000, calculation: 'net' }],
        reversions: [rev('PayoutWithoutInvestment', 102_500)],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([{ type: 'PayoutWithoutInvestment', date: '2025-01-21' }]);
    expectClose(res.monthly.totalRevenue[0]!, 5_000 * (20 + 11 * 0.4));
  });
  it('thresholds of 0 (econ-math.md): payout without investment, or with investment and no CAPEX, reverts on day 1 whatever the cash flow', () => {
    // A fixed expense far above the revenue: the cash flow is negative every month.
    const losing = { fixedPerWellMonth: 1_000_000, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 };
    const at = (r: Reversion, more: Partial<WellInput> = {}) =>
      runWell(flatWell({ expenses: losing, ...more, reversions: [r] })).oneLiner.reversions;
    expect(at(rev('PayoutWithoutInvestment', 0))).toEqual([{ type: 'PayoutWithoutInvestment', date: '2025-01-01' }]);
    expect(at(rev('PayoutWithInvestment', 0))).toEqual([{ type: 'PayoutWithInvestment', date: '2025-01-01' }]);
    // Any other value waits for the cash flow: never, here.
    expect(at(rev('PayoutWithoutInvestment', 1))).toEqual([]);
    // Tied to the as-of month: an as-of date inside a month reverts on its first row, the as-of day.
    expect(at(rev('PayoutWithoutInvestment', 0), { asOfDate: '2025-01-15', discountDate: '2025-01-15' })).toEqual([
      { type: 'PayoutWithoutInvestment', date: '2025-01-15' },
    ]);
  });
  it('reversionTiedTo (econ-math.md, tie-in): date and fpd count the money total from their month; as_of is the default', () => {
    // 5,000 a day from 2025-01-01. Tied to February: February alone is 140,000, value 102,500:
    // p = 102,500/140,000, ⌊28·p⌋ = ⌊20.5⌋ = 20, day 21 of February (untied: 2025-01-21, above).
    const at = (tie: unknown, more: Partial<WellInput> = {}) =>
      runWell(flatWell({ ...more, reversions: [rev('PayoutWithoutInvestment', 102_500, { reversionTiedTo: tie })] }))
        .oneLiner.reversions;
    expect(at({ type: 'date', value: '2025-02-17' })).toEqual([
      { type: 'PayoutWithoutInvestment', date: '2025-02-21' },
    ]);
    expect(at({ type: 'as_of' })).toEqual([{ type: 'PayoutWithoutInvestment', date: '2025-01-21' }]);
    expect(at(undefined)).toEqual([{ type: 'PayoutWithoutInvestment', date: '2025-01-21' }]);
    // fpd: the first-production month (March: 155,000; ⌊31·102,500/155,000⌋ = 20, day 21).
    expect(at({ type: 'fpd' }, { firstProductionDate: '2025-03-05' })).toEqual([
      { type: 'PayoutWithoutInvestment', date: '2025-03-21' },
    ]);
    // No first-production date known: fpd falls back to the as-of month.
    expect(at({ type: 'fpd' })).toEqual([{ type: 'PayoutWithoutInvestment', date: '2025-01-21' }]);
    // A tie before the grid counts from the grid's start (cash flow before it is not computed).
    expect(at({ type: 'date', value: '2020-06-01' })).toEqual([
      { type: 'PayoutWithoutInvestment', date: '2025-01-21' },
    ]);
    // A threshold of 0 without investment reverts on day 1 of the tied-to month.
    const zero = runWell(
      flatWell({
        reversions: [rev('PayoutWithoutInvestment', 0, { reversionTiedTo: { type: 'date', value: '2025-03-17' } })],
      }),
    );
    expect(zero.oneLiner.reversions).toEqual([{ type: 'PayoutWithoutInvestment', date: '2025-03-01' }]);
  });
  it('reversionTiedTo applies to money triggers only: a volume trigger still counts from first production', () => {
    const tie = { reversionTiedTo: { type: 'date', value: '2025-06-01' } };
    const a = runWell(flatWell({ reversions: [rev('WhCumOil', 4_500)] })).oneLiner.reversions;
    const b = runWell(flatWell({ reversions: [rev('WhCumOil', 4_500, tie)] })).oneLiner.reversions;
    expect(b).toEqual(a);
  });
  it('a payout with investment of 0 with CAPEX waits for the cumulative to pass 0', () => {
    // 5,000 a day, 200,000 of CAPEX on day 1: −45,000 after January, +95,000 after February;
    // p = 45,000/140,000, ⌊28·p⌋ = ⌊9.0⌋ = 9, day 10 of February.
    const res = runWell(
      flatWell({
        capex: [{ date: '2025-01-01', amount: 200_000, calculation: 'net' }],
        reversions: [rev('PayoutWithInvestment', 0)],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([{ type: 'PayoutWithInvestment', date: '2025-02-10' }]);
  });
  it('volume triggers test ≥: a well-head cumulative of 0 reverts at once, before any production', () => {
    const late = { oil: flatSeries('2025-03-01', 500, 100) };
    const res = runWell(flatWell({ volumes: late, reversions: [rev('WhCumOil', 0)] }));
    expect(res.oneLiner.reversions).toEqual([{ type: 'WhCumOil', date: '2025-01-01' }]);
    // Any positive value waits for production: 1 BBL is passed on the first producing day.
    const one = runWell(flatWell({ volumes: late, reversions: [rev('WhCumOil', 1)] }));
    expect(one.oneLiner.reversions).toEqual([{ type: 'WhCumOil', date: '2025-03-01' }]);
  });
  it('UndiscRoi: cumulative income / cumulative CAPEX strictly above the value', () => {
    // Income 155,000, 295,000, 450,000 against CAPEX 200,000; ROI 1.61 needs 322,000:
    // p = 27,000/155,000, ⌊31·p⌋ = ⌊5.4⌋ = 5, day 6 of March.
    const res = runWell(
      flatWell({
        capex: [{ date: '2025-01-01', amount: 200_000, calculation: 'net' }],
        reversions: [rev('UndiscRoi', 1.61)],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([{ type: 'UndiscRoi', date: '2025-03-06' }]);
    // No CAPEX at all: the ROI is never defined, the reversion never fires.
    expect(runWell(flatWell({ reversions: [rev('UndiscRoi', 0.5)] })).oneLiner.reversions).toEqual([]);
  });
  it('Irr: the cumulative cash flow discounted at the value (CAPEX by month) turns positive', () => {
    // Monthly, end-month, discount date 2025-01-01: DF = (1 + 0.2)^(−d/365.25), d = days to the next month's 1st.
    // before = −45,000·1.2^(−31/365.25); after = before + 140,000·1.2^(−59/365.25).
    const before = -45_000 * 1.2 ** (-31 / 365.25);
    const after = before + 140_000 * 1.2 ** (-59 / 365.25);
    const dayOfMonth = Math.floor(28 * (-before / (after - before))) + 1;
    expect(dayOfMonth).toBe(10); // p ≈ 0.326, 28·p ≈ 9.13
    const res = runWell(
      flatWell({
        discountTable: discountTable({ discountMethod: 'monthly', cashAccrualTime: 'end_month' }),
        capex: [{ date: '2025-01-01', amount: 200_000, calculation: 'net' }],
        reversions: [rev('Irr', 20)],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([{ type: 'Irr', date: '2025-02-10' }]);
    // At a very high rate, February's inflow never catches up within a month: it fires later.
    const high = runWell(
      flatWell({
        capex: [{ date: '2025-01-01', amount: 200_000, calculation: 'net' }],
        reversions: [rev('Irr', 1_000_000)],
      }),
    );
    expect(high.oneLiner.reversions[0]!.date > '2025-02-10').toBe(true);
  });
});

describe('balances and the NPI rule of money triggers', () => {
  it('gross balance: WI 100 %, NRI = lease NRI; net balance: the current interests', () => {
    // Value 31,000. Net: WI 100 %, NRI 50 %: 2,500 a day; CAPEX 100,000 net: January −22,500, February
    // +70,000 → 47,500: p = 53,500/70,000, ⌊28·p⌋ = ⌊21.4⌋ = 21, day 22.
    // Gross: lease NRI 100 %: 5,000 a day: January 0 → 55,000: p = 31,000/55,000, ⌊31·p⌋ = ⌊17.47⌋, day 18.
    const base = {
      ownership: own(100, 50, 100),
      capex: [{ date: '2025-01-01', amount: 100_000, calculation: 'net' as const }],
    };
    const net = runWell(flatWell({ ...base, reversions: [rev('PayoutWithInvestment', 31_000, { balance: 'net' })] }));
    expect(net.oneLiner.reversions[0]!.date).toBe('2025-02-22');
    const gross = runWell(
      flatWell({ ...base, reversions: [rev('PayoutWithInvestment', 31_000, { balance: 'gross' })] }),
    );
    expect(gross.oneLiner.reversions[0]!.date).toBe('2025-01-18');
  });
  it('includeNetProfitInterest yes: the balance after the NPI paid; no: without it', () => {
    // NPI 20 % (expense type) of 5,000 a day: 4,000 a day after NPI. CAPEX 200,000.
    // yes: January −76,000, February +112,000; value 2,000: p = 78,000/112,000, ⌊28·p⌋ = 19, day 20.
    // no: January −45,000, February +140,000; p = 47,000/140,000, ⌊28·p⌋ = 9, day 10.
    const base = {
      ownership: { ...own(100, 100), netProfitInterest: 20, netProfitInterestType: 'expense' as const },
      capex: [{ date: '2025-01-01', amount: 200_000, calculation: 'net' as const }],
    };
    const yes = runWell(
      flatWell({ ...base, reversions: [rev('PayoutWithInvestment', 2_000, { netProfitInterest: 20 })] }),
    );
    expect(yes.oneLiner.reversions[0]!.date).toBe('2025-02-20');
    const no = runWell(
      flatWell({
        ...base,
        reversions: [rev('PayoutWithInvestment', 2_000, { netProfitInterest: 20, includeNetProfitInterest: 'no' })],
      }),
    );
    expect(no.oneLiner.reversions[0]!.date).toBe('2025-02-10');
  });
  it('refuses a money trigger without a balance or an NPI choice, naming the field', () => {
    expect(() => runWell(flatWell({ reversions: [rev('PayoutWithInvestment', 1, { balance: '' })] }))).toThrow(
      /reversions\[0\]\.balance/,
    );
    expect(() =>
      runWell(flatWell({ reversions: [rev('Date', '2025-01-01'), rev('Irr', 5, { includeNetProfitInterest: '' })] })),
    ).toThrow(/reversions\[1\]\.includeNetProfitInterest/);
    expect(() => runWell(flatWell({ reversions: [rev('Date', '2025-02-30')] }))).toThrow(EconError);
    expect(() => runWell(flatWell({ reversions: [rev('Date', '2025-01-05', { workingInterest: 120 })] }))).toThrow(
      /reversions\[0\]\.workingInterest/,
    );
  });
});

describe('order, stages and the cut at the limit', () => {
  it('in order: the second is looked for from the first one day on; a passed date fires on that day', () => {
    const res = runWell(
      well({
        reversions: [
          rev('Date', '2025-05-20'),
          rev('Date', '2025-03-01', { workingInterest: 25, netRevenueInterest: 20 }),
        ],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([
      { type: 'Date', date: '2025-05-20' },
      { type: 'Date', date: '2025-05-20' },
    ]);
    // May: 19 days at 80 %, 12 at 20 % (the 40 % stage lasted no day).
    expectClose(interestsOf(res, 4, 31).nri, (19 * 0.8 + 12 * 0.2) / 31);
  });
  it('two reversions in one month: each part of the month at its own interests', () => {
    const res = runWell(
      well({
        reversions: [
          rev('Date', '2025-03-11'),
          rev('Date', '2025-03-21', { workingInterest: 25, netRevenueInterest: 20 }),
        ],
      }),
    );
    // March: 10 days 80 %, 10 days 40 %, 11 days 20 %.
    expectClose(interestsOf(res, 2, 31).nri, (10 * 0.8 + 10 * 0.4 + 11 * 0.2) / 31);
    expectClose(interestsOf(res, 2, 31).wi, (10 * 1 + 10 * 0.5 + 11 * 0.25) / 31);
  });
  it('one that never fires stops the list', () => {
    const res = runWell(well({ reversions: [rev('WhCumOil', 1e9), rev('Date', '2025-02-01')] }));
    expect(res.oneLiner.reversions).toEqual([]);
    expect(interestsOf(res, 5, 30).nri).toBe(0.8);
  });
  it('a partial first row blends by its own days: q = (day − first day)/days in the row', () => {
    // As-of 2025-01-17: January holds 15 days; a reversion on the 20th keeps 3 of them at the old NRI.
    const res = runWell(
      well({ asOfDate: '2025-01-17', discountDate: '2025-01-17', reversions: [rev('Date', '2025-01-20')] }),
    );
    expectClose(res.monthly.netVolume.oil[0]!, 100 * (3 * 0.8 + 12 * 0.4));
  });
  it('per-product NRIs: as the reversion gives them; with its own NRI the others follow it', () => {
    const ownership = { ...own(100, 80), oilNetRevenueInterest: 70, gasNetRevenueInterest: 60 };
    const volumes = { oil: flatSeries('2025-01-01', 800, 100), gas: flatSeries('2025-01-01', 800, 100) };
    const a = runWell(
      well({ ownership, volumes, reversions: [rev('Date', '2025-01-01', { oilNetRevenueInterest: 30 })] }),
    );
    expectClose(a.monthly.netVolume.oil[0]! / 3_100, 0.3);
    expectClose(a.monthly.netVolume.gas[0]! / 3_100, 0.4); // follows the reversion's NRI 40 %
    const b = runWell(
      well({ ownership, volumes, reversions: [rev('Date', '2025-01-01', { netRevenueInterest: undefined })] }),
    );
    expectClose(b.monthly.netVolume.oil[0]! / 3_100, 0.7); // no NRI given: the old stage's NRIs stay
    expectClose(b.monthly.netVolume.gas[0]! / 3_100, 0.6);
    expectClose(b.monthly.fixedExpense[0]!, 3_100 * 0.5);
  });
  it('a reversion after the economic limit is not reported and changes nothing', () => {
    const plain = runWell(
      well({ cutOff: { date: '2025-06-30', minLife: { none: true }, alignDependentPhases: false } }),
    );
    const res = runWell(
      well({
        cutOff: { date: '2025-06-30', minLife: { none: true }, alignDependentPhases: false },
        reversions: [rev('Date', '2025-08-01')],
      }),
    );
    expect(res.oneLiner.reversions).toEqual([]);
    expect(res.oneLiner.bfit).toBe(plain.oneLiner.bfit);
  });
  it('the cut-off run follows a reversion of the lease NRI (decision)', () => {
    // Gross revenue 5,000 a day; fixed expense 60,000 a month. Lease NRI 80 %: 124,000 a month > 60,000;
    // from 2025-06-01 lease NRI 20 %: 30,000 − 31,000 < 0. lastPositiveCashFlow → 2025-05-31.
    const res = runWell(
      well({
        ownership: own(100, 80, 80),
        expenses: { fixedPerWellMonth: 60_000, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 },
        cutOff: {
          lastPositiveCashFlow: true,
          includeCapex: false,
          triggerEclCapex: false,
          econLimitDelay: 0,
          minLife: { none: true },
          alignDependentPhases: false,
        },
        reversions: [
          rev('Date', '2025-06-01', { workingInterest: 100, netRevenueInterest: 80, leaseNetRevenueInterest: 20 }),
        ],
      }),
    );
    expect(res.oneLiner.econLimitDate).toBe('2025-05-31');
    expect(res.oneLiner.reversions).toEqual([]); // it fell on the day after the limit
  });
});

describe('conservation', () => {
  const state = (wi: number, nri: number, lease: number, npi: number): OwnershipState => ({
    wi,
    nri,
    leaseNri: lease,
    phaseNri: { oil: null, gas: null, ngl: null, dripCondensate: null },
    npi,
  });
  it('property: the trigger row lies between old and new; rows before old, after new', () => {
    const grid = buildGrid(day('2025-01-01'), day('2027-12-31'));
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 1094 }),
        (v, offset) => {
          const a = state(v[0]!, v[1]!, v[2]!, v[3]!);
          const b = state(v[4]!, v[5]!, v[6]!, v[7]!);
          const d = day('2025-01-01') + offset;
          const s = buildSchedule(grid, [a, b], [d], 'expense');
          const row = grid.start.findLastIndex((x) => x <= d);
          const pairs: [Float64Array, number, number][] = [
            [s.interests.wi, a.wi, b.wi],
            [s.interests.nri.oil, a.nri, b.nri],
            [s.leaseNri, a.leaseNri, b.leaseNri],
            [s.interests.npi, a.npi, b.npi],
          ];
          for (const [col, x, y] of pairs) {
            const lo = Math.min(x, y) - 1e-15;
            const hi = Math.max(x, y) + 1e-15;
            if (!(col[row]! >= lo && col[row]! <= hi)) return false;
            if (row > 0 && col[row - 1] !== x) return false;
            if (row + 1 < col.length && col[row + 1] !== y) return false;
            // The row's share of days at the new interest: (1 − q) = (end − d + 1)/days.
            const days = grid.end[row]! - grid.start[row]! + 1;
            const q = (d - grid.start[row]!) / days;
            if (Math.abs(col[row]! - (q * x + (1 - q) * y)) > 1e-12) return false;
          }
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });
  it('property: a reversion to identical interests changes nothing, whatever its type and day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Reversion['reversionType']>(
          'Date',
          'AsOf',
          'WhCumOil',
          'WhCumGas',
          'WhCumBoe',
          'Irr',
          'PayoutWithInvestment',
          'PayoutWithoutInvestment',
          'UndiscRoi',
        ),
        fc.integer({ min: 0, max: 700 }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (type, offset, wi) => {
          const ownership = { ...own(wi, wi * 0.8, 90), netProfitInterest: 10 };
          const base = well({
            ownership,
            volumes: { oil: flatSeries('2025-01-01', 800, 100), gas: flatSeries('2025-01-01', 800, 300) },
            capex: [{ date: '2025-01-01', amount: 300_000, calculation: 'gross' }],
          });
          const value =
            type === 'Date' || type === 'AsOf'
              ? new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10)
              : type === 'UndiscRoi'
                ? offset / 100
                : type === 'Irr'
                  ? offset
                  : offset * 1_000;
          const same = rev(type, value, {
            workingInterest: wi,
            netRevenueInterest: wi * 0.8,
            leaseNetRevenueInterest: 90,
            netProfitInterest: 10,
          });
          const a = runWell(base);
          const b = runWell({ ...base, reversions: [same] });
          for (let r = 0; r < a.monthly.bfit.length; r++) {
            if (Math.abs(a.monthly.bfit[r]! - b.monthly.bfit[r]!) > 1e-9 * 1e6) return false;
          }
          return a.monthly.labels.length === b.monthly.labels.length;
        },
      ),
      { numRuns: 60 },
    );
  });
  it('property: with WI and NRI moving the same way, the net total lies between the old and new runs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 729 }), fc.double({ min: 0, max: 100, noNaN: true }), (offset, nri) => {
        const date = new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);
        const old = runWell(well({ ownership: own(100, 80) })).oneLiner.netVolume.oil;
        const next = runWell(well({ ownership: own(100, nri) })).oneLiner.netVolume.oil;
        const mixed = runWell(
          well({ ownership: own(100, 80), reversions: [rev('Date', date, { netRevenueInterest: nri })] }),
        ).oneLiner.netVolume.oil;
        // Exactly: 100 BBL a day × (days before × 0.8 + days from × nri/100).
        const before = daysBetween('2025-01-01', date);
        expectClose(mixed, 100 * (before * 0.8 + (730 - before) * (nri / 100)), 1e-12, 1);
        return mixed >= Math.min(old, next) - 1e-6 && mixed <= Math.max(old, next) + 1e-6;
      }),
      { numRuns: 60 },
    );
  });
});

describe('building blocks', () => {
  it('crossingDay: strictly above; inside the row ⌊days·p⌋ from its first day; never: −1', () => {
    const grid = buildGrid(day('2025-01-01'), day('2025-03-31'));
    const add = Float64Array.from([310, 280, 310]);
    expect(crossingDay(grid, add, 0, 310, grid.start[0]!)).toBe(day('2025-02-01')); // 310 is not > 310
    expect(crossingDay(grid, add, 0, 155, grid.start[0]!)).toBe(day('2025-01-16')); // p = 0.5, ⌊15.5⌋ = 15
    expect(crossingDay(grid, add, 0, 900, grid.start[0]!)).toBe(-1);
    expect(crossingDay(grid, add, 0, 10, day('2025-02-10'))).toBe(day('2025-02-10')); // already above
  });
  it('revertedState: WI and NPI as given (NPI default 0), NRI and lease NRI kept when left out', () => {
    const s0 = initialState({ ...own(100, 80, 90), netProfitInterest: 5 });
    const s1 = revertedState(
      s0,
      rev('Date', '2025-01-01', { netRevenueInterest: undefined, netProfitInterest: undefined }),
      0,
    );
    expect(s1).toMatchObject({ wi: 0.5, nri: 0.8, leaseNri: 0.9, npi: 0 });
  });
});
