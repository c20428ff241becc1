import {
  ECON_MODEL_KINDS,
  ECON_MODEL_SPECS,
  type EconModelKind,
  econModelExample,
  GeneralOptionsFunctions,
  OwnershipReversionFunctions,
} from '@econ/contract';
import { dailySeries, fromDayIndex, toDayIndex, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { buildGrid } from '../grid';
import { gridColumns } from '../prices';
import { runWell } from '../well';
import type { WellHeaders } from './capex';
import type { WellForecast } from './dates';
import { type AssignedModels, defaultDiscountTable, wellInput } from './wellInput';

const RUN_DATE = '2026-11-22';

/** The contract's parsed form of a kind's example model (defaults applied). */
const example = <K extends EconModelKind>(kind: K) =>
  ECON_MODEL_SPECS[kind].functions.parse(econModelExample(kind)) as NonNullable<
    AssignedModels[K & keyof AssignedModels]
  >;

const flat = (from: string, days: number, rate: number) => ({
  start: toDayIndex(from),
  values: new Float64Array(days).fill(rate),
});

/** Oil 100 BBL/D and gas 300 MCF/D for 3 years from 2027-01-01, one segment each. */
const FORECAST: WellForecast = {
  volumes: { oil: flat('2027-01-01', 1096, 100), gas: flat('2027-01-01', 1096, 300) },
  segments: {
    oil: [{ startDate: '2027-01-01', endDate: '2029-12-31' }],
    gas: [{ startDate: '2027-01-01', endDate: '2029-12-31' }],
  },
};
const WELL: WellHeaders = { id: 'w1', firstProdDate: '2026-12-15', trueVerticalDepth: 8000, lateralLength: 9000 };

const map = (models: AssignedModels, well = WELL, forecast = FORECAST) =>
  wellInput({ runDate: RUN_DATE, well, forecast, models });

describe('defaults of missing kinds, each with its warning', () => {
  const { input, warnings, tax } = map({});

  it('no date-settings: as-of and discount date = first of next month after runDate, maxWellLife 50, no cut-off', () => {
    expect(input.asOfDate).toBe('2026-12-01');
    expect(input.discountDate).toBe('2026-12-01');
    expect(input.maxWellLife).toBe(50);
    expect(input.cutOff).toBeUndefined();
    expect(input.cashFlowPriorAsOfDate).toBe(false);
    expect(warnings).toContain(
      'date-settings: none assigned; as-of and discount date 2026-12-01 (first of next month), maxWellLife 50 years, no cut-off.',
    );
  });
  it('no date-settings: FPD from the default hierarchy (well header first)', () => {
    expect(input.firstProductionDate).toBe('2026-12-15');
  });
  it("no general-options: the example model's discount table and BOE conversion", () => {
    expect(input.discountTable).toEqual(example('general-options').discountTable);
    expect(input.discountTable).toEqual({
      discountMethod: 'yearly',
      cashAccrualTime: 'mid_month',
      firstDiscount: 0,
      secondDiscount: 10,
      discounts: [0, 2, 5, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 100].map((discountTable) => ({
        discountTable,
      })),
    });
    expect(input.boeConversion).toEqual({ oil: 1, wetGas: 6, dryGas: 6, ngl: 1, dripCondensate: 1 });
    expect(tax).toBeUndefined();
    expect(warnings).toContain(
      'general-options: none assigned; discountTable is the example table (yearly, mid_month, first 0 %, second 10 %, 16 rates) and boeConversion oil 1, gas 6.',
    );
  });
  it('no ownership: WI 100, NRI 100, lease NRI 100, no NPI, no reversions', () => {
    expect(input.ownership).toEqual({
      workingInterest: 100,
      netRevenueInterest: 100,
      leaseNetRevenueInterest: 100,
      netProfitInterestType: 'expense',
      netProfitInterest: 0,
    });
    expect(input.reversions).toEqual([]);
    expect(warnings).toContain(
      'ownership-reversions: none assigned; WI 100 %, NRI 100 %, lease NRI 100 %, no reversions.',
    );
  });
  it('no pricing: every product sells at 0 (an empty deck), and no breakeven runs', () => {
    expect(input.prices).toEqual({});
    expect(input.breakeven).toBeUndefined();
    expect(warnings).toContain('pricing: none assigned; every product sells at 0.');
  });
  it('no expenses: 0', () => {
    expect(input.expenses).toEqual({ fixedPerWellMonth: 0, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 });
    expect(warnings).toContain('expenses: none assigned; no operating expenses.');
    expect(warnings).toContain('production-taxes: none assigned; no production taxes.');
  });
  it('no capex: none', () => {
    expect(input.capex).toEqual([]);
    expect(warnings).toContain('capex: none assigned; no CAPEX.');
  });
  it('the forecast volumes are passed through; exactly the seven default warnings', () => {
    expect(input.volumes).toEqual({ oil: FORECAST.volumes.oil, gas: FORECAST.volumes.gas });
    expect(warnings).toHaveLength(7);
  });
  it('the default discount table is a fresh copy each time', () => {
    const a = defaultDiscountTable();
    a.discounts[0]!.discountTable = 99;
    expect(defaultDiscountTable().discounts[0]!.discountTable).toBe(0);
  });
});

describe('date settings', () => {
  const ds = (over: Record<string, unknown> = {}, cutOff: Record<string, unknown> = {}) => {
    const e = econModelExample('date-settings') as { dateSetting: object; cutOff: object };
    return ECON_MODEL_SPECS['date-settings'].functions.parse({
      dateSetting: { ...e.dateSetting, ...over },
      cutOff: { ...e.cutOff, ...cutOff },
    }) as NonNullable<AssignedModels['date-settings']>;
  };

  it('maxWellLife, cashFlowPriorAsOfDate and the cutOff object as is', () => {
    const model = ds({ maxWellLife: 12.5, cashFlowPriorAsOfDate: true });
    const { input } = map({ 'date-settings': model });
    expect(input.maxWellLife).toBe(12.5);
    expect(input.cashFlowPriorAsOfDate).toBe(true);
    expect(input.cutOff).toBe(model.cutOff);
  });
  it('asOfDate fpd and discountDate majorSegment: the header FPD 2026-12-15 and the oil segment start 2027-01-01', () => {
    // Oil 100 × 1096 BBL beats gas 300 × 1096 / 6 = 50 × 1096 BOE: oil is the major phase.
    const { input, warnings } = map({
      'date-settings': ds({ asOfDate: { fpd: true }, discountDate: { majorSegment: true } }),
    });
    expect(input.asOfDate).toBe('2026-12-15');
    expect(input.discountDate).toBe('2027-01-01');
    expect(input.firstProductionDate).toBe('2026-12-15');
    expect(warnings.filter((w) => w.startsWith('date-settings'))).toEqual([]);
  });
  it('asOfDate date and discountDate first_of_next_year', () => {
    const { input } = map({
      'date-settings': ds({ asOfDate: { date: '2027-03-01' }, discountDate: { dynamic: 'first_of_next_year' } }),
    });
    expect([input.asOfDate, input.discountDate]).toEqual(['2027-03-01', '2027-01-01']);
  });
  it('the model hierarchy decides the FPD (forecast before header)', () => {
    const fpdSourceHierarchy = {
      firstFpdSource: { forecast: true },
      secondFpdSource: { wellHeader: true },
      thirdFpdSource: { notUsed: true },
      fourthFpdSource: { notUsed: true },
      useForecastSchedule: false,
    };
    expect(map({ 'date-settings': ds({ fpdSourceHierarchy }) }).input.firstProductionDate).toBe('2027-01-01');
  });
});

describe('general options', () => {
  it('discountTable and boeConversion as given; no tax without mainOptions.incomeTax', () => {
    const go = GeneralOptionsFunctions.parse({
      ...econModelExample('general-options'),
      discountTable: { ...defaultDiscountTable(), discountMethod: 'monthly', firstDiscount: 8 },
      boeConversion: { oil: 1, wetGas: 5.8, dryGas: 6, ngl: 1, dripCondensate: 1 },
    });
    const { input, tax, warnings } = map({ 'general-options': go, depreciation: example('depreciation') });
    expect(input.discountTable).toEqual(go.discountTable);
    expect(input.boeConversion).toEqual({ oil: 1, wetGas: 5.8, dryGas: 6, ngl: 1, dripCondensate: 1 });
    expect(tax).toBeUndefined();
    expect(warnings.filter((w) => w.startsWith('general-options') || w.startsWith('depreciation'))).toEqual([]);
  });

  const withTax = () => {
    const e = econModelExample('general-options') as { mainOptions: object };
    return GeneralOptionsFunctions.parse({
      ...e,
      mainOptions: { ...e.mainOptions, incomeTax: true },
      incomeTax: {
        fifteenDepletion: false,
        federalIncomeTax: [{ multiplier: 21, entireWellLife: 'Flat' }],
        stateIncomeTax: [{ multiplier: 4, entireWellLife: 'Flat' }],
      },
    });
  };
  it('mainOptions.incomeTax: tax carries incomeTax and the assigned depreciation model', () => {
    const go = withTax();
    const depreciation = example('depreciation');
    const { tax, warnings } = map({ 'general-options': go, depreciation });
    expect(tax).toEqual({ incomeTax: go.incomeTax, depreciation });
    expect(tax?.incomeTax?.carryForward).toBe(false); // the contract's default
    expect(warnings.filter((w) => w.startsWith('depreciation'))).toEqual([]);
  });
  it('mainOptions.incomeTax without a depreciation model: a warning', () => {
    const { tax, warnings } = map({ 'general-options': withTax() });
    expect(tax?.depreciation).toBeUndefined();
    expect(warnings).toContain(
      'depreciation: none assigned while general-options mainOptions.incomeTax is on; no DD&A.',
    );
  });
});

describe('ownership and reversions', () => {
  it('initialOwnership (NPI and per-phase NRIs set) and the reversions in order, nulls removed', () => {
    const first = {
      reversionType: 'Date',
      reversionValue: '2030-01-01',
      balance: '',
      includeNetProfitInterest: '',
      workingInterest: 50,
      netProfitInterest: 0,
    };
    const second = {
      reversionType: 'WhCumOil',
      reversionValue: 100_000,
      balance: 'gross',
      includeNetProfitInterest: 'no',
      workingInterest: 25,
      netProfitInterest: 5,
    };
    const own = OwnershipReversionFunctions.parse({
      ownership: {
        initialOwnership: {
          workingInterest: 75,
          netProfitInterestType: 'revenue',
          netProfitInterest: 10,
          netRevenueInterest: 60,
          leaseNetRevenueInterest: 80,
          oilNetRevenueInterest: 62.5,
          gasNetRevenueInterest: null,
        },
        firstReversion: first,
        secondReversion: second,
        thirdReversion: null,
      },
    });
    const { input, warnings } = map({ 'ownership-reversions': own });
    expect(input.ownership).toEqual({
      workingInterest: 75,
      netRevenueInterest: 60,
      leaseNetRevenueInterest: 80,
      netProfitInterestType: 'revenue',
      netProfitInterest: 10,
      oilNetRevenueInterest: 62.5,
    });
    expect(input.reversions).toEqual([first, second]);
    expect(warnings.filter((w) => w.startsWith('ownership'))).toEqual([]);
  });
});

describe('price deck and expenses', () => {
  it('pricing: each product a table of dated rows in its unit, priced by month on the grid', () => {
    const { input, warnings } = map({ pricing: example('pricing') });
    expect(input.prices.oil).toMatchObject({ unit: 'perUnit' });
    expect(input.prices.gas).toMatchObject({ unit: 'perMmbtu' });
    expect(input.prices.ngl).toMatchObject({ unit: 'pctOfOil' });
    expect(warnings.filter((w) => w.startsWith('pricing'))).toEqual([]);
    // 2025-06 to 2029-05: oil 68 before 2027 (the first row from 2026; 0 before it), 65, then 62.5.
    const grid = buildGrid(toDayIndex('2025-06-01'), toDayIndex('2029-05-31'));
    const { price } = gridColumns(grid, input);
    const oil = (label: string) =>
      label < '2026-01-01' ? 0 : label < '2027-01-01' ? 68 : label < '2028-01-01' ? 65 : 62.5;
    expect(Array.from(price.oil)).toEqual(grid.labels.map(oil));
    // Gas $3.10/MMBTU at the default 1000 BTU; NGL 35 % and drip condensate 90 % of the oil price.
    expect(new Set(price.gas)).toEqual(new Set([3.1]));
    expect(Array.from(price.ngl)).toEqual(grid.labels.map((l) => 0.35 * oil(l)));
    expect(Array.from(price.dripCondensate)).toEqual(grid.labels.map((l) => 0.9 * oil(l)));
  });
  it('pricing: the breakeven settings; a price ratio of 0 turns basedOnPriceRatio off, with a warning', () => {
    expect(map({ pricing: example('pricing') }).input.breakeven).toEqual({
      npvDiscount: 10,
      basedOnPriceRatio: false,
      priceRatio: 20,
    });
    const pricing = (breakeven: object) => ({ ...example('pricing'), breakeven }) as AssignedModels['pricing'];
    const yes = map({ pricing: pricing({ basedOnPriceRatio: 'yes', npvDiscount: 15, priceRatio: 25 }) });
    expect(yes.input.breakeven).toEqual({ npvDiscount: 15, basedOnPriceRatio: true, priceRatio: 25 });
    expect(yes.warnings.filter((w) => w.startsWith('pricing'))).toEqual([]);
    const zero = map({ pricing: pricing({ basedOnPriceRatio: 'yes', npvDiscount: 15, priceRatio: 0 }) });
    expect(zero.input.breakeven).toEqual({ npvDiscount: 15, basedOnPriceRatio: false, priceRatio: 0 });
    expect(zero.warnings).toContain(
      "pricing: breakeven.basedOnPriceRatio is 'yes' but breakeven.priceRatio is 0; the breakeven runs keep the other phase's prices (as 'no').",
    );
    // The run's one-liner carries them: oil and gas are sold, so both prices exist.
    const { breakeven } = runWell(yes.input).oneLiner;
    expect(breakeven).toMatchObject({ npvDiscount: 15, basedOnPriceRatio: true, priceRatio: 25 });
    expect(breakeven?.oil).toEqual(expect.any(Number));
    expect(breakeven?.gas).toEqual(expect.any(Number));
  });
  it('expenses and production taxes: the leaves and row sets the engine charges (inputs/expenses.ts)', () => {
    const { input, warnings } = map({ expenses: example('expenses'), 'production-taxes': example('production-taxes') });
    expect(input.expenses).toEqual({ fixedPerWellMonth: 0, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 });
    expect(input.expenseItems?.map((i) => [i.field, i.unit])).toEqual(
      expect.arrayContaining([
        ['fixedExpenses.monthlyWellCost', 'fixedExpense'],
        ['variableExpenses.oil.gathering', 'dollarPerBbl'],
        ['variableExpenses.gas.processing', 'dollarPerMcf'],
        ['waterDisposal', 'dollarPerBbl'],
      ]),
    );
    expect(input.taxItems?.map((i) => [i.kind, i.product ?? null])).toEqual([
      ['severance', 'oil'],
      ['severance', 'gas'],
      ['severance', 'ngl'],
      ['severance', 'dripCondensate'],
      ['adValorem', null],
    ]);
    expect(warnings.filter((w) => w.startsWith('expenses') || w.startsWith('production-taxes'))).toEqual([]);
  });
});

describe('actual or forecast', () => {
  it('ignoreHistoryProd true: no volumes, with a warning (the FPD still comes from the hierarchy)', () => {
    const af = ECON_MODEL_SPECS['actual-forecast'].functions.parse({
      actualOrForecast: { ignoreHistoryProd: true },
    }) as NonNullable<AssignedModels['actual-forecast']>;
    const { input, warnings } = map({ 'actual-forecast': af });
    expect(input.volumes).toEqual({});
    expect(input.firstProductionDate).toBe('2026-12-15');
    expect(warnings).toContain(
      'actual-forecast: actualOrForecast.ignoreHistoryProd is true; the production history and the forecast volumes are ignored.',
    );
  });
  it('the example (never replace actuals): the forecast is used as is, no warning', () => {
    const { input, warnings } = map({ 'actual-forecast': example('actual-forecast') });
    expect(input.volumes.oil).toBe(FORECAST.volumes.oil);
    expect(warnings.filter((w) => w.startsWith('actual-forecast'))).toEqual([]);
  });
});

describe('every example model together', () => {
  const models = Object.fromEntries(ECON_MODEL_KINDS.map((k) => [k, example(k)])) as AssignedModels;
  // An exponential decline from 2027-01-01 (the well header FPD) for 30 years.
  const start = toDayIndex('2027-01-01');
  const oilSeg = toSegment({
    segmentType: 'exp_dec',
    startDate: '2027-01-01',
    endDate: fromDayIndex(start + 10_956),
    qStart: 500,
    d: 0.3,
  });
  const forecast: WellForecast = {
    volumes: {
      oil: dailySeries([oilSeg]),
      gas: flat('2027-01-01', 10_957, 900),
      water: flat('2027-01-01', 10_957, 200),
    },
    segments: {
      oil: [{ startDate: '2027-01-01', endDate: fromDayIndex(start + 10_956) }],
      gas: [{ startDate: '2027-01-01', endDate: fromDayIndex(start + 10_956) }],
    },
  };
  const well: WellHeaders = { id: 'w', firstProdDate: '2027-01-01', trueVerticalDepth: 8000, lateralLength: 9000 };
  const result = wellInput({ runDate: RUN_DATE, well, forecast, models });

  it('maps every kind; the only warnings say what the engine does not apply (fluid models, uncharged emissions)', () => {
    expect(result.warnings.length).toBeGreaterThan(0);
    for (const w of result.warnings) expect(w).toMatch(/^(fluid-models|emissions|expenses|production-taxes): /);
    expect(result.tax).toBeUndefined(); // the example general options have incomeTax false
  });
  it('the example CAPEX rows: drilling at FPD − 120 days, completion at header FPD − 30 days, abandonment at the limit', () => {
    expect(result.input.capex).toEqual([
      expect.objectContaining({ date: '2026-09-03', amount: 4_600_000, label: 'drilling: Drill and case' }),
      expect.objectContaining({ date: '2026-12-02', amount: 4_400_000, label: 'completion: Frac' }),
      expect.objectContaining({ atEconLimit: true, offsetDays: 0, amount: 150_000, afterEconLimit: true }),
    ]);
  });
  it('runWell accepts the input and runs it', () => {
    const { oneLiner, monthly } = runWell(result.input);
    expect(result.input.asOfDate).toBe('2026-12-01');
    expect(monthly.labels[0]).toBe('2026-12-01');
    expect(monthly.labels.length).toBeGreaterThan(0);
    expect(Number.isFinite(oneLiner.firstDiscountNpv)).toBe(true);
    expect(oneLiner.npv).toHaveLength(16);
    expect(oneLiner.revenue).toBeGreaterThan(0);
    expect(oneLiner.capex).toBeGreaterThan(0);
  });
});
