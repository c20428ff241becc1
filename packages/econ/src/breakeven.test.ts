import type { CutOff, Reversion } from '@econ/contract';
import { type DailySeries, toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BREAKEVEN_ANCHORS,
  type BreakevenSettings,
  breakevenPrices,
  breakevenRunPrices,
  linearZero,
} from './breakeven';
import { discountTable, flatSeries, flatWell } from './test/fixtures';
import type { DifferentialTable, WellInput } from './types';
import { runWell } from './well';

/*
 * Reference wells for the breakeven prices (econ-math.md, Breakeven; decision 039). The same
 * volume every calendar month (daily values of volume ÷ days), a fixed expense F a month, WI 100 %,
 * NRI 80 %, two years from 2025-01: every month's cash flow is V·NRI·p − F, so NPV(p) = (V·NRI·p −
 * F)·ΣDF at any rate and the oil breakeven is F / (V·NRI) whatever the discount.
 */

const F = 37_000;
const OIL = 2_400; // BBL a month
const GAS = 12_000; // MCF a month
const NRI = 0.8;
const MONTHS = 24;

/** A daily series holding `perMonth` in each calendar month from 2025-01 for `months` months. */
function monthlySeries(perMonth: number, months = MONTHS): DailySeries {
  const values: number[] = [];
  for (let m = 0; m < months; m++) {
    const days = new Date(Date.UTC(2025, m + 1, 0)).getUTCDate();
    for (let d = 0; d < days; d++) values.push(perMonth / days);
  }
  return { start: toDayIndex('2025-01-01'), values: Float64Array.from(values) };
}

const settings = (over: Partial<BreakevenSettings> = {}): BreakevenSettings => ({
  npvDiscount: 10,
  basedOnPriceRatio: false,
  priceRatio: 0,
  ...over,
});

const noCutOff = { minLife: { none: true as const }, alignDependentPhases: false };

/** The reference well: oil only, $70 oil, the fixed expense, no taxes. */
function well(over: Partial<WellInput> = {}): WellInput {
  return flatWell({
    volumes: { oil: monthlySeries(OIL) },
    ownership: { workingInterest: 100, netRevenueInterest: NRI * 100, leaseNetRevenueInterest: 100 },
    prices: { oil: { flat: 70 }, gas: { flat: 3 } },
    expenses: { fixedPerWellMonth: F, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 },
    breakeven: settings(),
    ...over,
  });
}

const breakeven = (over: Partial<WellInput> = {}) => runWell(well(over)).oneLiner.breakeven!;

describe('closed forms', () => {
  it('fixed expense only: oil breakeven = F / (V × NRI) = 37,000 / (2,400 × 0.8) = $19.27/BBL', () => {
    const b = breakeven();
    expect(b.oil).toBe(19.27);
    expect(b.oil).toBe(Math.round((F / (OIL * NRI)) * 100) / 100);
    expect(b).toMatchObject({ npvDiscount: 10, basedOnPriceRatio: false });
    // The discount changes ΣDF only: the same price at 0 % and 40 %.
    for (const npvDiscount of [0, 40]) expect(breakeven({ breakeven: settings({ npvDiscount }) }).oil).toBe(19.27);
  });

  it('severance 5 % and ad valorem 2 % of revenue: F / (V × NRI × 0.95 × 0.98) = $20.70/BBL', () => {
    const b = breakeven({ expenses: { fixedPerWellMonth: F, variable: {}, severanceTaxPct: 5, adValoremTaxPct: 2 } });
    expect(b.oil).toBe(20.7);
    expect(b.oil).toBe(Math.round((F / (OIL * NRI * 0.95 * 0.98)) * 100) / 100);
  });

  it('the final life: a date cut-off at 6 months and $100,000 CAPEX at 0 %: (6F + C) / (6 × V × NRI) = $27.95', () => {
    const capex = [{ date: '2025-01-01', amount: 100_000, calculation: 'gross' as const }];
    const cut = breakeven({
      capex,
      breakeven: settings({ npvDiscount: 0 }),
      cutOff: { date: '2025-06-30', ...noCutOff } as CutOff,
    });
    expect(cut.oil).toBe(27.95); // 322,000 / 11,520 = 27.951…
    // Over the whole 24 months: (24F + C) / (24 × V × NRI) = 988,000 / 46,080 = 21.440…
    expect(breakeven({ capex, breakeven: settings({ npvDiscount: 0 }) }).oil).toBe(21.44);
  });

  it('basedOnPriceRatio 20: gas = oil ÷ 20 solving oil, oil = gas × 20 solving gas', () => {
    const volumes = { oil: monthlySeries(OIL), gas: monthlySeries(GAS) };
    const b = breakeven({ volumes, breakeven: settings({ basedOnPriceRatio: true, priceRatio: 20 }) });
    // oil: NRI·(V_o·p + V_g·p/20) = F → 37,000 / (0.8 × 3,000) = 15.416…
    expect(b.oil).toBe(15.42);
    // gas: NRI·(V_o·20·g + V_g·g) = F → 37,000 / (0.8 × 60,000) = 0.7708…
    expect(b.gas).toBe(0.77);
    expect(b).toMatchObject({ basedOnPriceRatio: true, priceRatio: 20 });
    expect(b.reason).toBeUndefined();
  });

  it('without the ratio the other phase keeps the run’s price; a breakeven may be below 0', () => {
    const volumes = { oil: monthlySeries(OIL), gas: monthlySeries(GAS) };
    const b = breakeven({ volumes });
    // oil, gas at $3: (37,000 − 12,000 × 3 × 0.8) / 1,920 = 4.270…
    expect(b.oil).toBe(4.27);
    // gas, oil at $70: (37,000 − 2,400 × 70 × 0.8) / 9,600 = −10.145…: economic at any gas price ≥ 0
    expect(b.gas).toBe(-10.15);
    // A ratio of 0 cannot set the other price: the same as without the ratio.
    const zero = breakeven({ volumes, breakeven: settings({ basedOnPriceRatio: true, priceRatio: 0 }) });
    expect(zero).toEqual({ ...b, basedOnPriceRatio: false });
  });

  it('NGL priced at 50 % of oil follows the oil price: F / (NRI × (V_o + 0.5 × V_ngl)) = $15.95', () => {
    const b = breakeven({
      volumes: { oil: monthlySeries(OIL), ngl: monthlySeries(1_000) },
      prices: {
        oil: { flat: 70 },
        ngl: { unit: 'pctOfOil', rows: [{ period: { kind: 'flat' }, value: 50 }] },
      },
    });
    expect(b.oil).toBe(15.95); // 37,000 / 2,320 = 15.948…
  });

  it('differentials apply to the flat price: 90 % of base, then −$2: (F / (V × NRI) + 2) / 0.9 = $23.63', () => {
    const oil: DifferentialTable[] = [
      { unit: 'pctOfBase', rows: [{ period: { kind: 'flat' }, value: 90 }] },
      { unit: 'perUnit', rows: [{ period: { kind: 'flat' }, value: -2 }] },
    ];
    expect(breakeven({ differentials: { oil } }).oil).toBe(23.63);
  });

  it('gas is solved in $/MCF whatever the unit of its price table (no BTU conversion)', () => {
    const b = breakeven({
      volumes: { gas: monthlySeries(GAS) },
      prices: { gas: { unit: 'perMmbtu', rows: [{ period: { kind: 'flat' }, value: 3 }] } },
      stream: { btu: { shrunk: 1_200, unshrunk: 1_300 } },
    });
    expect(b.gas).toBe(3.85); // 37,000 / (12,000 × 0.8) = 3.854…
  });
});

describe('what the runs hold', () => {
  it('initial interests: a reversion changes the run’s NPV, not the breakeven', () => {
    const reversion = {
      reversionType: 'Date',
      reversionValue: '2025-07-01',
      balance: '',
      includeNetProfitInterest: '',
      netProfitInterest: 0,
      workingInterest: 50,
      netRevenueInterest: 30,
    } as Reversion;
    const plain = runWell(well());
    const reverted = runWell(well({ reversions: [reversion] }));
    expect(reverted.oneLiner.reversions).toEqual([{ type: 'Date', date: '2025-07-01' }]);
    expect(reverted.oneLiner.firstDiscountNpv).not.toBeCloseTo(plain.oneLiner.firstDiscountNpv, 0);
    expect(reverted.oneLiner.breakeven).toEqual(plain.oneLiner.breakeven);
    expect(reverted.oneLiner.breakeven!.oil).toBe(19.27);
  });

  it('no breakeven settings: no breakeven runs and no breakeven', () => {
    const { breakeven: _, ...input } = well();
    expect(runWell(input).oneLiner.breakeven).toBeUndefined();
  });
});

describe('null breakevens, with the reason', () => {
  it('a phase the well does not sell: the NPV is the same at both anchors', () => {
    const b = breakeven();
    expect(b.gas).toBeNull();
    expect(b.reason).toBe(
      'gas: the NPV at 10 % is the same with gas at $0 and $5/MCF, so no gas price zeroes it (the well sells no gas over its life).',
    );
    const none = breakeven({ volumes: {} });
    expect(none).toMatchObject({ oil: null, gas: null });
    expect(none.reason).toMatch(/^oil: .*sells no oil.* gas: .*sells no gas/);
  });

  it('an uneconomic well: both null, no runs', () => {
    const res = runWell(
      well({
        capex: [{ date: '2025-01-01', amount: 1e9, calculation: 'gross' }],
        cutOff: {
          lastPositiveCashFlow: true,
          triggerEclCapex: false,
          includeCapex: true,
          econLimitDelay: 0,
          ...noCutOff,
        } as CutOff,
      }),
    );
    expect(res.oneLiner.uneconomic).toBe(true);
    expect(res.oneLiner.breakeven).toEqual({
      oil: null,
      gas: null,
      npvDiscount: 10,
      basedOnPriceRatio: false,
      reason: 'the well is uneconomic (its economic limit is the as-of date): there is no life to break even over.',
    });
  });
});

describe('identity: the NPV at the breakeven price is 0 to within half a cent of price', () => {
  it('random wells with CAPEX, taxes, WI, NRI and a discount', () => {
    fc.assert(
      fc.property(
        fc.record({
          rate: fc.double({ min: 10, max: 2_000, noNaN: true }),
          fixed: fc.double({ min: 0, max: 200_000, noNaN: true }),
          capex: fc.double({ min: 0, max: 2e6, noNaN: true }),
          wi: fc.double({ min: 1, max: 100, noNaN: true }),
          nri: fc.double({ min: 1, max: 100, noNaN: true }),
          sev: fc.double({ min: 0, max: 20, noNaN: true }),
          adv: fc.double({ min: 0, max: 10, noNaN: true }),
          npvDiscount: fc.double({ min: 0, max: 60, noNaN: true }),
        }),
        (w) => {
          const at = (oil: number | undefined) =>
            runWell(
              flatWell({
                volumes: { oil: flatSeries('2025-01-01', 800, w.rate) },
                ownership: { workingInterest: w.wi, netRevenueInterest: w.nri, leaseNetRevenueInterest: 100 },
                prices: { oil: { flat: oil ?? 55 } },
                expenses: { fixedPerWellMonth: w.fixed, variable: {}, severanceTaxPct: w.sev, adValoremTaxPct: w.adv },
                capex: [{ date: '2025-03-15', amount: w.capex, calculation: 'gross' }],
                discountTable: discountTable({ firstDiscount: w.npvDiscount }),
                ...(oil === undefined ? { breakeven: settings({ npvDiscount: w.npvDiscount }) } : {}),
              }),
            ).oneLiner;
          const price = at(undefined).breakeven!.oil!;
          const [x1, x2] = BREAKEVEN_ANCHORS.oil;
          const slope = (at(x2).firstDiscountNpv - at(x1).firstDiscountNpv) / (x2 - x1);
          expect(slope).toBeGreaterThan(0);
          expect(Math.abs(at(price).firstDiscountNpv)).toBeLessThanOrEqual(0.005 * slope * (1 + 1e-9) + 1e-6);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('the parts', () => {
  it('linearZero: the secant’s zero to the cent; null when flat', () => {
    expect(linearZero(10, -100, 60, 400)).toBe(20);
    expect(linearZero(0, 1, 5, 1)).toBeNull();
    expect(linearZero(0, 0.001, 5, 1000.001)).toBe(0); // −0.000005 rounds to 0, not −0
    expect(Object.is(linearZero(0, 0.001, 5, 1000.001), 0)).toBe(true);
  });

  it('breakevenRunPrices: the phase, and the other by the ratio when asked', () => {
    expect(breakevenRunPrices('oil', 60, settings())).toEqual({ oil: 60 });
    expect(breakevenRunPrices('oil', 60, settings({ basedOnPriceRatio: true, priceRatio: 20 }))).toEqual({
      oil: 60,
      gas: 3,
    });
    expect(breakevenRunPrices('gas', 5, settings({ basedOnPriceRatio: true, priceRatio: 20 }))).toEqual({
      gas: 5,
      oil: 100,
    });
  });

  it('breakevenPrices calls the runs at the anchors, oil then gas, and refuses a setting that is not a number', () => {
    const calls: unknown[] = [];
    const b = breakevenPrices(
      settings(),
      (flat) => {
        calls.push(flat);
        return 'oil' in flat ? 100 * flat.oil! - 2_000 : 300 * flat.gas! - 600;
      },
      { uneconomic: false, sales: { oil: 1, gas: 1 } },
    );
    expect(calls).toEqual([{ oil: 10 }, { oil: 60 }, { gas: 0 }, { gas: 5 }]);
    expect(b).toEqual({ oil: 20, gas: 2, npvDiscount: 10, basedOnPriceRatio: false });
    expect(() =>
      breakevenPrices(settings({ npvDiscount: Number.NaN }), () => 0, { uneconomic: false, sales: { oil: 0, gas: 0 } }),
    ).toThrow('breakeven.npvDiscount must be a finite number');
  });
});
