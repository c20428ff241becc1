import { describe, expect, it } from 'vitest';
import {
  assignmentModelName,
  ECON_MONTHLY_NO_TAX_SOURCE,
  ECON_MONTHLY_RESULT_COLUMNS,
  ECON_ONE_LINER_RESULT_FIELDS,
  EconOneLinerOutput,
  oneLinerOutput,
} from './econResults';
import { ECON_MONTHLY_COLUMNS, ECON_MONTHLY_TAX_COLUMNS, type EconOneLinerComplete } from './econRuns';

const unique = (xs: readonly string[]) => new Set(xs).size === xs.length;

const LINE: EconOneLinerComplete = {
  well: '0123456789abcdef01234567',
  wellName: 'A',
  comboName: 'default',
  warnings: [],
  status: 'complete',
  econLimitDate: '2031-12-31',
  econLimitTrigger: 'maxWellLife',
  uneconomic: false,
  wellLife: 5,
  eur: { oil: 300, gas: 30, water: 3, ngl: 7, dripCondensate: 1 },
  remaining: { oil: 200, gas: 20, water: 2, ngl: 5, dripCondensate: 1 },
  netVolume: { oil: 160, gas: 16, ngl: 4, dripCondensate: 0.8 },
  revenue: 1000,
  expenses: 100,
  taxes: 50,
  npi: -10,
  capex: 400,
  bfit: 440,
  firstDiscountNpv: 400,
  secondDiscountNpv: 380,
  npv: Array.from({ length: 16 }, (_, i) => ({ rate: i * 5, npv: 440 - i })),
  irr: 35.5,
  payout: { date: '2028-03-01', months: 15 },
  discountedPayout: null,
  roi: 2.1,
  reversions: [],
};

describe('the service names of our results (decision 045)', () => {
  it('maps every monthly column we compute, under unique names and keys', () => {
    const used = new Set(ECON_MONTHLY_RESULT_COLUMNS.flatMap((c) => c.of));
    expect([...ECON_MONTHLY_COLUMNS, ...ECON_MONTHLY_TAX_COLUMNS].filter((c) => !used.has(c))).toEqual([]);
    expect(unique(ECON_MONTHLY_RESULT_COLUMNS.map((c) => c.column))).toBe(true);
    expect(unique(ECON_MONTHLY_RESULT_COLUMNS.map((c) => c.key))).toBe(true);
    for (const c of ECON_MONTHLY_RESULT_COLUMNS) expect(c.column).toMatch(/^[a-z0-9_]+$/);
    // A no-tax well's after-tax column reads a before-tax column of ours, or 0.
    for (const source of Object.values(ECON_MONTHLY_NO_TAX_SOURCE)) {
      if (source) expect(ECON_MONTHLY_COLUMNS).toContain(source);
    }
  });

  it('maps the one-liner figures under unique keys; output reads them, derived ones by their rule', () => {
    expect(unique(ECON_ONE_LINER_RESULT_FIELDS.map((f) => f.key))).toBe(true);
    expect(unique(ECON_ONE_LINER_RESULT_FIELDS.map((f) => f.column))).toBe(true);
    const out = oneLinerOutput(LINE);
    expect(EconOneLinerOutput.parse(out)).toEqual(out);
    expect(out).toMatchObject({
      abandonmentDate: '2031-12-31',
      oilWellHeadEur: 300,
      nglShrunkEur: 7,
      oilProductionAsOfDate: 100,
      grossOilWellHeadVolume: 200,
      netOilSalesVolume: 160,
      totalRevenue: 1000,
      totalProductionTax: 50,
      netProfit: -10,
      netIncome: 840,
      totalCapex: 400,
      beforeIncomeTaxCashFlow: 440,
      firstDiscountCashFlow: 400,
      discountTableCashFlow_1: 440,
      discountTableCashFlow_16: 425,
      irr: 35.5,
      undiscountedPayout: '2028-03-01',
      payoutDuration: 15,
      firstDiscountPayout: null,
      undiscountedRoi: 2.1,
    });
    // No income tax and no breakeven settings: those keys are absent, not null.
    expect(out).not.toHaveProperty('afitIrr');
    expect(out).not.toHaveProperty('oilBreakeven');
    const taxed = oneLinerOutput({
      ...LINE,
      afterTax: {
        afit: 300,
        firstDiscountNpv: 280,
        secondDiscountNpv: 270,
        irr: 20,
        payout: null,
        stateTax: 10,
        federalTax: 30,
      },
    });
    expect(taxed).toMatchObject({
      afterIncomeTaxCashFlow: 300,
      afitIrr: 20,
      afitPayoutDuration: null,
      stateIncomeTax: 10,
    });
  });

  it('names kinds in the assignment grid as the service does', () => {
    expect(assignmentModelName('date-settings')).toBe('dates');
    expect(assignmentModelName('ownership-reversions')).toBe('ownershipReversion');
    expect(assignmentModelName('actual-forecast')).toBe('actualOrForecast');
    expect(assignmentModelName('riskings')).toBe('risking');
  });
});
