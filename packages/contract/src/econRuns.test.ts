import { describe, expect, it } from 'vitest';
import { EconOneLiner } from './econRuns';

/** A complete one-liner as runs stored it before breakevens (no `breakeven`). */
const stored = {
  well: '0123456789abcdef01234567',
  wellName: 'A',
  comboName: 'default',
  warnings: [],
  status: 'complete',
  econLimitDate: '2031-12-31',
  econLimitTrigger: 'noCutOff',
  uneconomic: false,
  wellLife: 5,
  eur: { oil: 1, gas: 0, water: 0, ngl: 0, dripCondensate: 0 },
  netVolume: { oil: 1, gas: 0, ngl: 0, dripCondensate: 0 },
  revenue: 1,
  expenses: 0,
  taxes: 0,
  npi: 0,
  capex: 0,
  bfit: 1,
  firstDiscountNpv: 1,
  secondDiscountNpv: 1,
  npv: [{ rate: 0, npv: 1 }],
  irr: null,
  payout: null,
  discountedPayout: null,
  roi: null,
  reversions: [],
};

describe('EconOneLinerComplete.breakeven', () => {
  it('is optional: runs stored before it still parse', () => {
    expect(EconOneLiner.safeParse(stored).success).toBe(true);
  });
  it('carries oil $/BBL and gas $/MCF (null with a reason), the NPV discount and the ratio setting', () => {
    const breakeven = {
      oil: 19.27,
      gas: null,
      npvDiscount: 10,
      basedOnPriceRatio: false,
      reason: 'gas: the NPV at 10 % is the same with gas at $0 and $5/MCF, so no gas price zeroes it.',
    };
    const parsed = EconOneLiner.parse({ ...stored, breakeven });
    expect(parsed.status === 'complete' && parsed.breakeven).toEqual(breakeven);
    const withRatio = { oil: 15.42, gas: 0.77, npvDiscount: 0, basedOnPriceRatio: true, priceRatio: 20 };
    expect(EconOneLiner.safeParse({ ...stored, breakeven: withRatio }).success).toBe(true);
  });
  it('refuses a breakeven without its discount, or a price that is not a number', () => {
    const bad = EconOneLiner.safeParse({ ...stored, breakeven: { oil: '19.27', gas: null, basedOnPriceRatio: false } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['breakeven.npvDiscount', 'breakeven.oil']);
  });
});
