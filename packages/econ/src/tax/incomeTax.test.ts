import { DepreciationFunctions, IncomeTax } from '@econ/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/fixtures';
import type { TaxDepreciationModel } from './depreciation';
import {
  applyCarryForward,
  incomeTaxColumns,
  type TaxEntryInput,
  type TaxInput,
  type TaxOptions,
  type TaxRun,
  taxRates,
} from './incomeTax';
import { monthOfDate, rowMonths } from './months';

const f64 = (...v: number[]) => Float64Array.from(v);
const close = (actual: Float64Array, expected: number[]) => {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expectClose(actual[i]!, expected[i]!, 1e-12, 1);
};
/** 'YYYY-MM-01' labels of `n` months from `from` ('YYYY-MM'). */
const labels = (from: string, n: number) => {
  const start = monthOfDate('t', `${from}-01`);
  return Array.from({ length: n }, (_, i) => {
    const m = start + i;
    return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
  });
};
const months = (from: string, n: number) => rowMonths(labels(from, n));
const pct = (rates: Float64Array) => [...rates].map((r) => Math.round(r * 1e6) / 1e4);

/** A depreciation-type model through the contract schema (so the contract's type feeds the engine). */
const depreciationModel = (body: Record<string, unknown>): TaxDepreciationModel =>
  DepreciationFunctions.parse({ depreciation: { modelType: 'depreciation', ...body } }).depreciation;
const depletionModel = (body: Record<string, unknown>): TaxDepreciationModel =>
  DepreciationFunctions.parse({ depreciation: { modelType: 'depletion', ...body } }).depreciation;
const flat = (multiplier: number) => [{ multiplier, entireWellLife: 'Flat' as const }];
const taxOptions = (o: Partial<TaxOptions> = {}): TaxOptions =>
  IncomeTax.parse({ carryForward: false, fifteenDepletion: false, federalIncomeTax: [], stateIncomeTax: [], ...o });

describe('taxRates: the rate in effect by month from the period criteria', () => {
  const asOf = monthOfDate('t', '2024-03-01');
  it('entireWellLife Flat: every month', () => {
    expect(pct(taxRates(flat(21), 'f', months('2024-03', 3), asOf, undefined))).toEqual([21, 21, 21]);
  });

  it('offsetToAsOf: consecutive periods from the as-of month (month 1); the last entry runs on', () => {
    // 5 months at 10 %, 8 at 7 %, 1 at 6 %: rows 0-4 10 %, 5-12 7 %, 13 on 6 %; a row before the
    // as-of month (cash flow started earlier) takes the first entry.
    const entries = [
      { multiplier: 10, offsetToAsOf: 5 },
      { multiplier: 7, offsetToAsOf: 8 },
      { multiplier: 6, offsetToAsOf: 1 },
    ];
    const rates = pct(taxRates(entries, 'f', months('2024-02', 17), asOf, undefined));
    expect(rates).toEqual([10, ...Array(5).fill(10), ...Array(8).fill(7), 6, 6, 6]);
  });

  it('offsetToFpd: the same periods counted from the first-production month', () => {
    // FPD June 2024: rows Mar-May (before) and Jun-Jul take 5 %, Aug on 8 %.
    const entries = [
      { multiplier: 5, offsetToFpd: 2 },
      { multiplier: 8, offsetToFpd: 12 },
    ];
    const rates = pct(taxRates(entries, 'f', months('2024-03', 7), asOf, monthOfDate('t', '2024-06-01')));
    expect(rates).toEqual([5, 5, 5, 5, 5, 8, 8]);
  });

  it('dates: each entry from its month until the next; before the first date, the first entry', () => {
    const entries = [
      { multiplier: 20, dates: '2024-05-01' },
      { multiplier: 25, dates: '2024-07-01' },
    ];
    expect(pct(taxRates(entries, 'f', months('2024-03', 6), asOf, undefined))).toEqual([20, 20, 20, 20, 25, 25]);
  });

  it('no entries: 0 %', () => {
    expect([...taxRates([], 'f', months('2024-03', 2), asOf, undefined)]).toEqual([0, 0]);
  });

  it('refuses entries it cannot use, naming the field', () => {
    const m = months('2024-03', 2);
    const fails = (entries: TaxEntryInput[], message: string, fpd?: number) =>
      expect(() => taxRates(entries, 'incomeTax.stateIncomeTax', m, asOf, fpd)).toThrow(message);
    fails(
      [
        { multiplier: 5, offsetToAsOf: 12 },
        { multiplier: 6, dates: '2030-01-01' },
      ],
      'incomeTax.stateIncomeTax[1].dates must use the same period criterion as incomeTax.stateIncomeTax[0] (offsetToAsOf)',
    );
    fails([...flat(5), ...flat(6)], 'incomeTax.stateIncomeTax[1] cannot follow an entireWellLife entry');
    fails(
      [{ multiplier: 5, offsetToFpd: 12 }],
      'firstProductionDate is required when incomeTax.stateIncomeTax uses offsetToFpd',
    );
    fails(
      [
        { multiplier: 5, dates: '2030-01-01' },
        { multiplier: 6, dates: '2029-01-01' },
      ],
      'incomeTax.stateIncomeTax[1].dates must be a later month than the previous entry',
    );
    fails(
      [{ multiplier: 101, entireWellLife: 'Flat' }],
      'incomeTax.stateIncomeTax[0].multiplier must be from 0 to 100',
    );
    fails([{ multiplier: 5 }], 'incomeTax.stateIncomeTax[0] needs exactly one period criterion');
    fails([{ multiplier: 5, offsetToAsOf: 1.5 }], 'incomeTax.stateIncomeTax[0].offsetToAsOf must be a whole number');
  });
});

describe('applyCarryForward', () => {
  it('before 2018 a carried loss offsets all of a month; what is left is deducted in the last month', () => {
    // 2017: −100 → loss 100; 30 → 0 (loss 70); 50 → 0 (loss 20); last month 40 − 20 = 20.
    const { taxable, balance } = applyCarryForward(f64(-100, 30, 50, 40), months('2017-01', 4));
    close(taxable, [0, 0, 0, 20]);
    close(balance, [100, 70, 20, 0]);
  });

  it('from 2018 at most 80 % of a month; the last month may turn negative', () => {
    // 2019: −100 → loss 100; 50 → uses 40, taxable 10 (loss 60); 50 → 10 (loss 20); last 10 − 20 = −10.
    const { taxable, balance } = applyCarryForward(f64(-100, 50, 50, 10), months('2019-01', 4));
    close(taxable, [0, 10, 10, -10]);
    close(balance, [100, 60, 20, 0]);
  });

  it('the limit follows each month’s year (Dec 2017 all, Jan 2018 80 %)', () => {
    const { taxable } = applyCarryForward(f64(-300, 100, 100, 0), months('2017-11', 4));
    // Nov 2017 loss 300; Dec 2017 uses 100 → 0 (200 left); Jan 2018 uses 80 → 20 (120 left); last 0 − 120.
    close(taxable, [0, 0, 20, -120]);
  });

  it('conserves the total taxable income', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 40 }), (ti) => {
        const { taxable } = applyCarryForward(Float64Array.from(ti), months('2016-06', ti.length));
        const s = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => x + y, 0);
        expectClose(s(taxable), s(ti), 1e-9, 1e6);
        for (let r = 0; r < ti.length - 1; r++) expect(taxable[r]).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

/**
 * The reference well: rows Nov 2024 … Feb 2025; 1,800 CAPEX in Nov (1,200 tangible, 600
 * intangible); revenue 1,000 and expenses 200 each month, so BFIT = 800 − CAPEX.
 */
const referenceRun = (): TaxRun => ({
  labels: labels('2024-11', 4),
  bfit: f64(-1000, 800, 800, 800),
  capex: f64(1800, 0, 0, 0),
  revenue: f64(1000, 1000, 1000, 1000),
  capexItems: [{ row: 0, tangible: 1200, intangible: 600 }],
});

const input = (o: Partial<TaxInput> = {}): TaxInput => ({
  depreciationModel: depreciationModel({
    taxCredit: 10,
    bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 0 }],
    depreciation: [
      { tanFactor: 50, intanFactor: 100 },
      { tanFactor: 50, intanFactor: 0 },
    ],
  }),
  incomeTax: taxOptions({ stateIncomeTax: flat(5), federalIncomeTax: flat(21) }),
  asOfDate: '2024-11-15',
  ...o,
});

describe('incomeTaxColumns: the reference well by hand', () => {
  it('depreciation, TI = BFIT + CAPEX − DD&A, state = TI × 5 %, federal = (TI − state) × 21 %, credit, AFIT', () => {
    // Tangible 1,200: year 1 600 over Nov, Dec = 300 each; year 2 600 = 50 a month, Jan 50, Feb (last)
    // 50 + 10 × 50 = 550. Intangible 600 (100 % in year 1): 300, 300. Depreciation 600, 600, 50, 550.
    // TI = 800 − DD&A: 200, 200, 750, 250. State: 10, 10, 37.5, 12.5.
    // Federal: 190 × .21 = 39.9, 39.9, 712.5 × .21 = 149.625, 237.5 × .21 = 49.875.
    // Credit 10 % × 1,200 = 120 in Nov. AFIT = BFIT − state − federal + credit:
    // −1000 − 49.9 + 120 = −929.9; 800 − 49.9 = 750.1; 800 − 187.125 = 612.875; 800 − 62.375 = 737.625.
    const c = incomeTaxColumns(input(), referenceRun());
    close(c.depreciation, [600, 600, 50, 550]);
    close(c.depletion, [0, 0, 0, 0]);
    close(c.taxableIncome, [200, 200, 750, 250]);
    close(c.stateTax, [10, 10, 37.5, 12.5]);
    close(c.federalTax, [39.9, 39.9, 149.625, 49.875]);
    close(c.taxCredit, [120, 0, 0, 0]);
    close(c.afit, [-929.9, 750.1, 612.875, 737.625]);
    close(c.carryForward, [0, 0, 0, 0]);
  });

  it('without carry-forward a loss gives a negative tax (a saving)', () => {
    // All 1,800 depreciated in Dec (factors 100 % in year 1, CAPEX in December so year 1 is one month).
    const run = { ...referenceRun(), labels: labels('2024-12', 4) };
    const model = depreciationModel({
      taxCredit: 0,
      bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 0 }],
      depreciation: [{ tanFactor: 100, intanFactor: 100 }],
    });
    // TI Dec: 800 − 1,800 = −1,000 → state −50, federal −950 × .21 = −199.5; AFIT = −1,000 + 249.5.
    const c = incomeTaxColumns(input({ depreciationModel: model }), run);
    close(c.taxableIncome, [-1000, 800, 800, 800]);
    close(c.stateTax, [-50, 40, 40, 40]);
    close(c.federalTax, [-199.5, 159.6, 159.6, 159.6]);
    close(c.afit, [-750.5, 600.4, 600.4, 600.4]);
  });

  it('with carry-forward the loss offsets later income (80 % a month from 2018), none left at the end', () => {
    // TI −1,000, 800, 800, 800 (as above). Loss 1,000; Jan uses 640 → 160 (loss 360); Feb uses 360 → 440;
    // Mar (last) 800. Federal only, 20 %: 0, 32, 88, 160.
    const run = { ...referenceRun(), labels: labels('2024-12', 4) };
    const model = depreciationModel({
      taxCredit: 0,
      bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 0 }],
      depreciation: [{ tanFactor: 100, intanFactor: 100 }],
    });
    const incomeTax = taxOptions({ carryForward: true, federalIncomeTax: flat(20) });
    const c = incomeTaxColumns(input({ depreciationModel: model, incomeTax }), run);
    close(c.taxableIncome, [0, 160, 440, 800]);
    close(c.carryForward, [1000, 360, 0, 0]);
    close(c.stateTax, [0, 0, 0, 0]);
    close(c.federalTax, [0, 32, 88, 160]);
    close(c.afit, [-1000, 768, 712, 640]);
  });

  it('the rate in effect each month comes from the period criteria', () => {
    // State 0; federal 10 % for the as-of month and the next, then 30 %: TI 200, 200, 750, 250 →
    // federal 20, 20, 225, 75.
    const incomeTax = taxOptions({
      federalIncomeTax: [
        { multiplier: 10, offsetToAsOf: 2 },
        { multiplier: 30, offsetToAsOf: 12 },
      ],
    });
    const c = incomeTaxColumns(input({ incomeTax }), referenceRun());
    close(c.federalTax, [20, 20, 225, 75]);
  });

  it('tcjaBonus: the statutory percent of the CAPEX year on tangible CAPEX only', () => {
    // CAPEX in Dec 2024 (60 %), factors 50/50 for both kinds; rows Dec 2024 … Dec 2025.
    // Tangible 1,000: bonus 600 + 50 % of 400 = 800 in Dec; 200 / 12 a month in 2025.
    // Intangible 1,200 (no bonus): 600 in Dec; 50 a month in 2025.
    const model = depreciationModel({
      taxCredit: 0,
      tcjaBonus: true,
      bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 0 }],
      depreciation: [
        { tanFactor: 50, intanFactor: 50 },
        { tanFactor: 50, intanFactor: 50 },
      ],
    });
    const n = 13;
    const run: TaxRun = {
      labels: labels('2024-12', n),
      bfit: new Float64Array(n),
      capex: new Float64Array(n),
      revenue: new Float64Array(n),
      capexItems: [{ row: 0, tangible: 1000, intangible: 1200 }],
    };
    const c = incomeTaxColumns(input({ depreciationModel: model, asOfDate: '2024-12-01' }), run);
    close(c.depreciation, [1400, ...Array(12).fill(200 / 12 + 50)]);
    // Manual bonus instead (tcjaBonus false, 30 % tangible): 300 + 350 = 650 + 600 in Dec; 350/12 + 50 after.
    const manual = depreciationModel({
      taxCredit: 0,
      tcjaBonus: false,
      bonusDepreciation: [{ tangibleBonusDepreciation: 30, intangibleBonusDepreciation: 0 }],
      depreciation: [
        { tanFactor: 50, intanFactor: 50 },
        { tanFactor: 50, intanFactor: 50 },
      ],
    });
    const m = incomeTaxColumns(input({ depreciationModel: manual, asOfDate: '2024-12-01' }), run);
    close(m.depreciation, [1250, ...Array(12).fill(350 / 12 + 50)]);
  });
});

describe('incomeTaxColumns: depletion models and 15 % depletion', () => {
  const depletion = depletionModel({
    tangibleImmediateDepletion: 0,
    intangibleImmediateDepletion: 0,
    tangibleDepletionModel: 'ecl',
    intangibleDepletionModel: 'ecl',
  });
  // Rows Jan-Mar 2024, 1,000 intangible in Jan; revenue 1,000; net revenue (BFIT + CAPEX) 200, 300, 100.
  const run = (): TaxRun => ({
    labels: labels('2024-01', 3),
    bfit: f64(-800, 300, 100),
    capex: f64(1000, 0, 0),
    revenue: f64(1000, 1000, 1000),
    capexItems: [{ row: 0, tangible: 0, intangible: 1000 }],
  });
  const base = { asOfDate: '2024-01-01', depreciationModel: depletion };

  it('cost depletion only: ecl puts the basis in the last month', () => {
    const c = incomeTaxColumns({ ...base, incomeTax: taxOptions({ federalIncomeTax: flat(20) }) }, run());
    close(c.depletion, [0, 0, 1000]);
    close(c.taxableIncome, [200, 300, -900]);
    close(c.federalTax, [40, 60, -180]);
  });

  it('fifteenDepletion: each month the greater of percentage depletion and cost depletion', () => {
    // PD = min(150, net/2) = 100, 150, 50; cost 0, 0, 1,000 → 100, 150, 1,000. TI 100, 150, −900.
    const incomeTax = taxOptions({ fifteenDepletion: true, federalIncomeTax: flat(20) });
    const c = incomeTaxColumns({ ...base, incomeTax }, run());
    close(c.depletion, [100, 150, 1000]);
    close(c.taxableIncome, [100, 150, -900]);
    close(c.afit, [-820, 270, 280]);
  });

  it('fifteenDepletion applies with a depreciation-type model too (no cost depletion there)', () => {
    const incomeTax = taxOptions({ fifteenDepletion: true });
    const c = incomeTaxColumns({ ...input(), asOfDate: '2024-01-01', incomeTax }, run());
    close(c.depletion, [100, 150, 50]);
  });

  it('a CAPEX item’s own model replaces the well’s', () => {
    const r = run();
    const items = [{ row: 0, tangible: 0, intangible: 1000, model: input().depreciationModel }];
    // Intangible factor 100 % in year 1 (Jan-Dec 2024, 3 rows here: 1000/12 in Jan, Feb, the rest in Mar).
    const c = incomeTaxColumns({ ...base, incomeTax: taxOptions() }, { ...r, capexItems: items });
    close(c.depletion, [0, 0, 0]);
    close(c.depreciation, [1000 / 12, 1000 / 12, (1000 * 10) / 12]);
  });

  it('unit of production and fpd through the run columns and firstProductionDate', () => {
    const model = depletionModel({
      tangibleImmediateDepletion: 10,
      intangibleImmediateDepletion: 0,
      tangibleDepletionModel: 'unit_of_production_major',
      intangibleDepletionModel: 'fpd',
    });
    // Tangible 1,000 in Jan: 100 now, 900 by oil 60, 30, 10 → 540, 270, 90. Intangible 500: FPD Feb 2024.
    const c = incomeTaxColumns(
      { asOfDate: '2024-01-01', firstProductionDate: '2024-02-20', depreciationModel: model, incomeTax: taxOptions() },
      { ...run(), capexItems: [{ row: 0, tangible: 1000, intangible: 500 }], majorVolume: f64(60, 30, 10) },
    );
    close(c.depletion, [640, 770, 90]);
  });
});

describe('incomeTaxColumns: identities', () => {
  const arbitraryCase = fc.record({
    rows: fc.integer({ min: 1, max: 60 }),
    startMonth: fc.integer({ min: 0, max: 11 }),
    startYear: fc.integer({ min: 2010, max: 2030 }),
    items: fc.array(
      fc.record({
        seed: fc.nat(),
        tangible: fc.double({ min: -1e6, max: 1e7, noNaN: true }),
        intangible: fc.double({ min: -1e6, max: 1e7, noNaN: true }),
      }),
      { maxLength: 4 },
    ),
    factors: fc.array(
      fc.record({ tanFactor: fc.integer({ min: 0, max: 100 }), intanFactor: fc.integer({ min: 0, max: 100 }) }),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
    tcjaBonus: fc.boolean(),
    bonus: fc.integer({ min: 0, max: 100 }),
    cash: fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 60, maxLength: 60 }),
  });
  type Case = typeof arbitraryCase extends fc.Arbitrary<infer T> ? T : never;
  const build = (k: Case) => {
    const from = `${k.startYear}-${String(k.startMonth + 1).padStart(2, '0')}`;
    const items = k.items.map((i) => ({ row: i.seed % k.rows, tangible: i.tangible, intangible: i.intangible }));
    const capex = new Float64Array(k.rows);
    for (const i of items) capex[i.row]! += i.tangible + i.intangible;
    const bfit = Float64Array.from(k.cash.slice(0, k.rows), (v, r) => v - capex[r]!);
    const run: TaxRun = { labels: labels(from, k.rows), bfit, capex, revenue: bfit.map(Math.abs), capexItems: items };
    const model = depreciationModel({
      taxCredit: 0,
      tcjaBonus: k.tcjaBonus,
      bonusDepreciation: [{ tangibleBonusDepreciation: k.bonus, intangibleBonusDepreciation: k.bonus }],
      depreciation: k.factors,
    });
    return { run, model, from };
  };

  it('total depreciation = the CAPEX basis; with 0 % tax AFIT = BFIT', () => {
    fc.assert(
      fc.property(arbitraryCase, (k) => {
        const { run, model, from } = build(k);
        const c = incomeTaxColumns(
          { depreciationModel: model, incomeTax: taxOptions({ carryForward: k.tcjaBonus }), asOfDate: `${from}-01` },
          run,
        );
        const total = (a: Float64Array) => a.reduce((s, v) => s + v, 0);
        expectClose(total(c.depreciation), total(run.capex), 1e-9, 1e7);
        for (let r = 0; r < k.rows; r++) expect(c.afit[r] === run.bfit[r]).toBe(true);
      }),
    );
  });

  it('with flat rates and carry-forward, the total tax equals the total without it', () => {
    fc.assert(
      fc.property(arbitraryCase, (k) => {
        const { run, model, from } = build(k);
        const tax = (carryForward: boolean) => {
          const c = incomeTaxColumns(
            {
              depreciationModel: model,
              incomeTax: taxOptions({ carryForward, stateIncomeTax: flat(6), federalIncomeTax: flat(21) }),
              asOfDate: `${from}-01`,
            },
            run,
          );
          return c.stateTax.reduce((s, v) => s + v, 0) + c.federalTax.reduce((s, v) => s + v, 0);
        };
        expectClose(tax(true), tax(false), 1e-9, 1e7);
      }),
    );
  });
});

describe('incomeTaxColumns: inputs it cannot use', () => {
  it('names the field', () => {
    const run = referenceRun();
    expect(() => incomeTaxColumns(input(), { ...run, capexItems: [{ row: 4, tangible: 1, intangible: 0 }] })).toThrow(
      'run.capexItems[0].row must be a row of the run (0 to 3)',
    );
    expect(() =>
      incomeTaxColumns(input(), { ...run, labels: ['2024-11-01', '2025-01-01', '2025-02-01', '2025-03-01'] }),
    ).toThrow('run.labels[1] must be the month after the previous row');
    for (const bad of ['2024-13-01', '2024-11-15', '2024-1-01x']) {
      expect(() => incomeTaxColumns(input(), { ...run, labels: [bad, ...run.labels.slice(1)] })).toThrow(
        "run.labels[0] must be a month's first day 'YYYY-MM-01'",
      );
    }
    expect(() => incomeTaxColumns(input(), { ...run, bfit: f64(1, 2) })).toThrow(
      'run.bfit must be a Float64Array with one value per row (4)',
    );
    const depletion = depletionModel({
      tangibleImmediateDepletion: 150,
      intangibleImmediateDepletion: 0,
      tangibleDepletionModel: 'ecl',
      intangibleDepletionModel: 'ecl',
    });
    expect(() => incomeTaxColumns(input({ depreciationModel: depletion }), run)).toThrow(
      'depreciationModel.tangibleImmediateDepletion must be from 0 to 100',
    );
    expect(() => incomeTaxColumns(input({ asOfDate: '2024-13-01' }), run)).toThrow('asOfDate');
  });

  it('an empty run gives empty columns', () => {
    const c = incomeTaxColumns(input(), { labels: [], bfit: f64(), capex: f64(), revenue: f64(), capexItems: [] });
    expect(c.afit.length).toBe(0);
  });
});
