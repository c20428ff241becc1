import { describe, expect, it } from 'vitest';
import { expectClose, flatWell } from './test/fixtures';
import type { WellTaxInput } from './types';
import { runWell } from './well';

/** Intangible expensed in year 1 (100 %), tangible 50 % / 50 % over two years; no bonus, no credit. */
const MODEL: WellTaxInput['depreciationModel'] = {
  modelType: 'depreciation',
  taxCredit: 0,
  tcjaBonus: false,
  bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 0 }],
  depreciation: [
    { tanFactor: 50, intanFactor: 100 },
    { tanFactor: 50, intanFactor: 0 },
  ],
};
const taxAt = (federal: number, state: number): WellTaxInput => ({
  depreciationModel: MODEL,
  incomeTax: {
    carryForward: false,
    fifteenDepletion: false,
    federalIncomeTax: [{ multiplier: federal, entireWellLife: 'Flat' }],
    stateIncomeTax: [{ multiplier: state, entireWellLife: 'Flat' }],
  },
});
/** One CAPEX of $120,000 on 2025-01-15: $40,000 tangible, $80,000 intangible, at WI 50 %. */
const capexWell = (tax?: WellTaxInput) =>
  flatWell({
    ownership: { workingInterest: 50, netRevenueInterest: 40, leaseNetRevenueInterest: 80 },
    capex: [{ date: '2025-01-15', amount: 120_000, tangible: 40_000, intangible: 80_000, calculation: 'gross' }],
    ...(tax ? { tax } : {}),
  });

describe('runWell with income tax', () => {
  it('leaves the after-tax columns out without tax input', () => {
    const r = runWell(capexWell());
    expect(r.monthly.tax).toBeUndefined();
    expect(r.oneLiner.afterTax).toBeUndefined();
  });

  it('deducts DD&A of the CAPEX after WI, taxes state then federal, AFIT = BFIT − taxes (by hand)', () => {
    const r = runWell(capexWell(taxAt(21, 5)));
    const t = r.monthly.tax!;
    // Basis after WI 50 %: tangible 20,000, intangible 40,000; total depreciation = the basis.
    const dda = t.depreciation.reduce((a, b) => a + b, 0);
    expectClose(dda, 60_000);
    // January: revenue 3,100 BBL × $50 × NRI 40 % = 62,000; CAPEX 60,000; BFIT 2,000.
    expectClose(r.monthly.bfit[0]!, 2_000);
    // TI = BFIT + CAPEX − DD&A of January.
    expectClose(t.taxableIncome[0]!, 2_000 + 60_000 - t.depreciation[0]!);
    expectClose(t.stateTax[0]!, 0.05 * t.taxableIncome[0]!);
    expectClose(t.federalTax[0]!, 0.21 * (t.taxableIncome[0]! - t.stateTax[0]!));
    for (let i = 0; i < t.afit.length; i++) {
      expectClose(t.afit[i]!, r.monthly.bfit[i]! - t.stateTax[i]! - t.federalTax[i]!, 1e-9, 1);
    }
    // Total tax on total taxable income (flat rates): Σ TI = Σ BFIT + CAPEX − DD&A = Σ BFIT.
    const ti = t.taxableIncome.reduce((a, b) => a + b, 0);
    expectClose(ti, r.oneLiner.bfit, 1e-9);
    expectClose(r.oneLiner.afterTax!.afit, r.oneLiner.bfit * (1 - 0.05 - 0.21 * 0.95), 1e-9);
    expect(r.oneLiner.afterTax!.firstDiscountNpv).toBeLessThan(r.oneLiner.firstDiscountNpv);
  });

  it('at 0 % tax AFIT equals BFIT in every month, and the after-tax NPVs and IRR equal the before-tax ones', () => {
    const r = runWell(capexWell(taxAt(0, 0)));
    const t = r.monthly.tax!;
    for (let i = 0; i < t.afit.length; i++) expectClose(t.afit[i]!, r.monthly.bfit[i]!, 1e-12, 1);
    expectClose(r.oneLiner.afterTax!.firstDiscountNpv, r.oneLiner.firstDiscountNpv, 1e-12, 1);
    expectClose(r.oneLiner.afterTax!.secondDiscountNpv, r.oneLiner.secondDiscountNpv, 1e-12, 1);
    expect(r.oneLiner.afterTax!.irr).toBeCloseTo(r.oneLiner.irr!, 9);
    expect(r.oneLiner.afterTax!.payout).toEqual(r.oneLiner.payout);
    expectClose(t.cumAfit[t.cumAfit.length - 1]!, r.oneLiner.bfit, 1e-12, 1);
  });
});
