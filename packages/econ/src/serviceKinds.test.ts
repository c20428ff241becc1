import { EscalationFunctions, econModelExample } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { type AssignedModels, wellInput } from './inputs/wellInput';
import { datesModel, expectClose, flatSeries, parseModel } from './test/fixtures';
import { runWell } from './well';

/*
 * Reference wells for pricing, differentials and stream properties (econ-math.md, "Pricing and
 * differentials", "Stream properties"; decision 037): oil 100 BBL/d and gas 1,000 MCF/d flat through
 * 2026, WI and NRI 100 %, no expenses; each case changes one thing and its effect has a closed form.
 */

const DATES = datesModel('2026-01-01', 1);
const FORECAST = {
  volumes: { oil: flatSeries('2026-01-01', 365, 100), gas: flatSeries('2026-01-01', 365, 1000) },
  segments: {
    oil: [{ startDate: '2026-01-01', endDate: '2026-12-31' }],
    gas: [{ startDate: '2026-01-01', endDate: '2026-12-31' }],
  },
};
const JAN = 31;

type Table = Record<string, unknown>;
const flat = (key: string, value: number, extra: Table = {}) => ({
  rows: [{ entireWellLife: 'Flat', [key]: value, ...extra }],
});
const pricing = (over: Table = {}) =>
  parseModel('pricing', {
    priceModel: { oil: flat('price', 70), gas: flat('dollarPerMcf', 3), ngl: flat('dollarPerBbl', 25), ...over },
  });
const stream = (over: Table = {}) =>
  parseModel('stream-properties', { yields: {}, shrinkage: {}, lossFlare: {}, btuContent: {}, ...over });

function run(models: AssignedModels) {
  const mapped = wellInput({
    runDate: '2025-12-15',
    well: { id: 'w', firstProdDate: '2026-01-01' },
    forecast: FORECAST,
    models: { 'date-settings': DATES, pricing: pricing(), ...models },
  });
  const { monthly, oneLiner } = runWell(mapped.input);
  return { m: monthly, oneLiner, warnings: mapped.warnings };
}

describe('stream properties', () => {
  const base = run({});

  it('identity: 100 % remaining and no yields sells the well-head volume, as without the model', () => {
    const same = run({ 'stream-properties': stream() });
    expect(Array.from(same.m.salesVolume.oil)).toEqual(Array.from(base.m.grossVolume.oil));
    expect(Array.from(same.m.salesVolume.gas)).toEqual(Array.from(base.m.grossVolume.gas));
    expect(same.oneLiner.revenue).toBe(base.oneLiner.revenue);
    expect(Array.from(same.m.grossVolume.ngl)).toEqual(new Array(12).fill(0));
  });

  it('oil: loss × shrinkage; gas: loss × flare × shrinkage; revenue on the sales volume', () => {
    const { m } = run({
      'stream-properties': stream({
        shrinkage: { oil: flat('pctRemaining', 98), gas: flat('pctRemaining', 82) },
        lossFlare: {
          oilLoss: flat('pctRemaining', 99),
          gasLoss: flat('pctRemaining', 98),
          gasFlare: flat('pctRemaining', 97),
        },
      }),
    });
    expectClose(m.salesVolume.oil[0]!, 100 * JAN * 0.99 * 0.98);
    expectClose(m.salesVolume.gas[0]!, 1000 * JAN * 0.98 * 0.97 * 0.82);
    expectClose(m.revenue.oil[0]!, 100 * JAN * 0.99 * 0.98 * 70);
    expectClose(m.revenue.gas[0]!, 1000 * JAN * 0.98 * 0.97 * 0.82 * 3);
    // The well-head volume and the EUR are not shrunk.
    expect(m.grossVolume.oil[0]).toBe(base.m.grossVolume.oil[0]);
  });

  it('NGL and drip condensate: yield (BBL/MMCF) × unshrunk gas, or × shrunk gas', () => {
    const lossFlare = { gasLoss: flat('pctRemaining', 98), gasFlare: flat('pctRemaining', 99) };
    const shrinkage = { gas: flat('pctRemaining', 80) };
    const { m } = run({
      'stream-properties': stream({
        lossFlare,
        shrinkage,
        yields: {
          ngl: flat('yield', 110),
          dripCondensate: flat('yield', 5, { unshrunkGas: 'Shrunk Gas' }),
        },
      }),
    });
    const unshrunk = 1000 * JAN * 0.98 * 0.99;
    expectClose(m.grossVolume.ngl[0]!, (unshrunk * 110) / 1000);
    expectClose(m.grossVolume.dripCondensate[0]!, (unshrunk * 0.8 * 5) / 1000);
    expectClose(m.revenue.ngl[0]!, ((unshrunk * 110) / 1000) * 25);
  });

  it('dated rows: a shrinkage from July applies from July; before its first row, 100 %', () => {
    const { m } = run({
      'stream-properties': stream({ shrinkage: { oil: { rows: [{ dates: '2026-07-01', pctRemaining: 50 }] } } }),
    });
    expect(m.salesVolume.oil[5]).toBe(base.m.grossVolume.oil[5]);
    expectClose(m.salesVolume.oil[6]!, 0.5 * base.m.grossVolume.oil[6]!);
  });
});

describe('pricing', () => {
  it('gas $/MMBTU × the shrunk-gas BTU content / 1000', () => {
    const { m } = run({
      pricing: pricing({ gas: flat('dollarPerMmbtu', 3) }),
      'stream-properties': stream({ btuContent: { unshrunkGas: 1300, shrunkGas: 1050 } }),
    });
    expectClose(m.price.gas[0]!, 3.15);
  });

  it('NGL as a percent of the oil price (after the oil cap); a cap is a ceiling in the entered unit', () => {
    const { m } = run({
      pricing: pricing({
        oil: { cap: 60, rows: [{ entireWellLife: 'Flat', price: 70 }] },
        ngl: flat('pctOfOilPrice', 35),
        dripCondensate: { cap: 80, rows: [{ entireWellLife: 'Flat', pctOfOilPrice: 95 }] },
      }),
    });
    expect(m.price.oil[0]).toBe(60);
    expectClose(m.price.ngl[0]!, 0.35 * 60);
    expectClose(m.price.dripCondensate[0]!, 0.8 * 60);
  });

  it('dated and offset rows: 0 before the first row; offset months from the as-of month', () => {
    const { m } = run({
      pricing: pricing({
        oil: {
          rows: [
            { offsetToAsOf: { start: 1, end: 3 }, price: 60 },
            { offsetToAsOf: { start: 4, end: 12 }, price: 80 },
          ],
        },
        gas: { rows: [{ dates: '2026-03-01', dollarPerMcf: 4 }] },
      }),
    });
    expect(Array.from(m.price.oil.slice(0, 5))).toEqual([60, 60, 60, 80, 80]);
    expect(Array.from(m.price.gas.slice(0, 4))).toEqual([0, 0, 4, 4]);
  });

  it('a product left out takes the service default: NGL 100 % of oil, drip condensate 0', () => {
    const { m } = run({ pricing: parseModel('pricing', { priceModel: { oil: flat('price', 70) } }) });
    expect(m.price.ngl[0]).toBe(70);
    expect(m.price.dripCondensate[0]).toBe(0);
    expect(m.price.gas[0]).toBe(0);
  });

  it('an escalation model the run did not find is reported, not silently ignored', () => {
    const { warnings, m } = run({
      pricing: pricing({ oil: { escalationModel: '0123456789abcdef01234567', rows: flat('price', 70).rows } }),
    });
    expect(warnings).toContain(
      'pricing: priceModel.oil.escalationModel 0123456789abcdef01234567 names no escalations model; not escalated.',
    );
    expect(m.price.oil[11]).toBe(70);
  });
});

describe('escalation of prices and differentials', () => {
  const ID = '0123456789abcdef01234567';
  const escalations = (e: Table) => new Map([[ID, EscalationFunctions.parse({ escalation: e }).escalation]]);
  const runWith = (models: AssignedModels, e: Table) => {
    const mapped = wellInput({
      runDate: '2025-12-15',
      well: { id: 'w', firstProdDate: '2026-01-01' },
      forecast: FORECAST,
      models: { 'date-settings': DATES, pricing: pricing(), ...models },
      escalations: escalations(e),
    });
    return { m: runWell(mapped.input).monthly, warnings: mapped.warnings };
  };
  const twelvePct = {
    escalationFrequency: 'monthly',
    calculationMethod: 'compound',
    rows: [{ entireWellLife: 'Flat', pctPerYear: 12 }],
  };

  it('monthly compound: 70 × 1.12^(k/12) in month k of the row; the cap applies after it', () => {
    const { m } = runWith(
      { pricing: pricing({ oil: { escalationModel: ID, cap: 75, rows: flat('price', 70).rows } }) },
      twelvePct,
    );
    for (const k of [0, 1, 6]) expectClose(m.price.oil[k]!, Math.min(75, 70 * 1.12 ** (k / 12)));
    expect(m.price.oil[11]).toBe(75);
  });

  it('a $ differential escalates; a percent one and an NGL percent of oil do not (they follow their base)', () => {
    const { m, warnings } = runWith(
      {
        pricing: pricing({ ngl: { escalationModel: ID, rows: flat('pctOfOilPrice', 50).rows } }),
        differentials: parseModel('differentials', {
          differentials: {
            firstDifferential: { oil: { escalationModel: ID, rows: flat('dollarPerBbl', -4).rows } },
            secondDifferential: { oil: { escalationModel: ID, rows: flat('pctOfBasePrice', 90).rows } },
          },
        }),
      },
      {
        escalationFrequency: 'yearly',
        calculationMethod: 'simple',
        rows: [{ entireWellLife: 'Flat', dollarPerYear: -1 }],
      },
    );
    // Yearly: no step inside the first year.
    expectClose(m.differential.oil[3]!, -4 - 0.1 * (70 - 4));
    expect(m.price.ngl[3]).toBe(35);
    expect(warnings).toContain(
      'pricing: priceModel.ngl.escalationModel is not applied to percent rows (they follow their base).',
    );
  });

  it('identity: an escalation of 0 % changes no price', () => {
    const zero = { ...twelvePct, rows: [{ entireWellLife: 'Flat', pctPerYear: 0 }] };
    const { m } = runWith({ pricing: pricing({ oil: { escalationModel: ID, rows: flat('price', 70).rows } }) }, zero);
    expect(new Set(m.price.oil)).toEqual(new Set([70]));
  });
});

describe('differentials', () => {
  it('$/unit then percent of base remaining: the base is the price plus the differentials before it', () => {
    const { m } = run({
      differentials: parseModel('differentials', {
        differentials: {
          firstDifferential: { oil: flat('dollarPerBbl', -3.5) },
          secondDifferential: { oil: flat('pctOfBasePrice', 90) },
        },
      }),
    });
    const diff = -3.5 - 0.1 * (70 - 3.5);
    expectClose(m.differential.oil[0]!, diff);
    expectClose(m.revenue.oil[0]!, 100 * JAN * (70 + diff));
  });

  it('gas $/MMBTU × the shrunk-gas BTU; a third differential adds on; none left out changes nothing', () => {
    const { m } = run({
      differentials: parseModel('differentials', {
        differentials: {
          firstDifferential: { gas: flat('dollarPerMmbtu', -0.6) },
          thirdDifferential: { gas: flat('dollarPerMcf', 0.1) },
        },
      }),
      'stream-properties': stream({ btuContent: { unshrunkGas: 1200, shrunkGas: 1100 } }),
    });
    expectClose(m.differential.gas[0]!, -0.6 * 1.1 + 0.1);
    expect(m.differential.oil[0]).toBe(0);
  });

  it('identity: differentials of 0 $ and 100 % change nothing', () => {
    const base = run({});
    const same = run({
      differentials: parseModel('differentials', {
        differentials: {
          firstDifferential: { oil: flat('dollarPerBbl', 0) },
          secondDifferential: { oil: flat('pctOfBasePrice', 100) },
        },
      }),
    });
    expect(same.oneLiner.revenue).toBe(base.oneLiner.revenue);
  });
});

describe('NGL and drip condensate risk', () => {
  const yields = stream({ yields: { ngl: flat('yield', 100) } });
  const risking = (r: Table) => ({ riskings: parseModel('riskings', { risking: r }) });
  const ngl = 1000 * JAN * 0.1;

  it('via the risked gas (default), and their own risk either way', () => {
    const { m } = run({
      'stream-properties': yields,
      ...risking({ gas: flat('multiplier', 90), ngl: flat('multiplier', 50) }),
    });
    expectClose(m.grossVolume.ngl[0]!, ngl * 0.9 * 0.5);
  });

  it('riskNglDripCondViaGasRisk off: on the unrisked gas', () => {
    const { m } = run({
      'stream-properties': yields,
      ...risking({ riskNglDripCondViaGasRisk: false, gas: flat('multiplier', 90), ngl: flat('multiplier', 50) }),
    });
    expectClose(m.grossVolume.ngl[0]!, ngl * 0.5);
    expectClose(m.grossVolume.gas[0]!, 1000 * JAN * 0.9);
  });

  it('the EUR counts NGL produced before the as-of date too (a series from the gas)', () => {
    const { oneLiner } = run({ 'stream-properties': yields });
    expectClose(oneLiner.eur.ngl, (1000 * 365 * 100) / 1000);
  });
});

describe('operations, fluid models and emissions in a run', () => {
  it('downtime of 5 % keeps 95 % of the forecast; a 30-day shut-in from 2026-03-01 empties March (shifted after)', () => {
    const base = run({});
    const down = run({
      operations: parseModel('operations', {
        operations: { downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: 5 }] } },
      }),
    });
    expectClose(down.m.grossVolume.oil[0]!, 0.95 * base.m.grossVolume.oil[0]!);
    const shut = run({
      operations: parseModel('operations', {
        operations: {
          shutIn: {
            rows: [{ phase: 'all', dates: { startDate: '2026-03-01', endDate: '2026-03-30' }, resume: 'shifted' }],
          },
        },
      }),
    });
    // March keeps its 31st day; April on is the forecast shifted by 30 days (still 100 BBL/d).
    expectClose(shut.m.grossVolume.oil[2]!, 100);
    expect(shut.m.grossVolume.oil[3]).toBe(base.m.grossVolume.oil[3]);
    expectClose(shut.m.grossVolume.gas[2]!, 1000);
  });

  it('a fluid model and selected emission rows are reported as not applied, never silently', () => {
    const { warnings } = run({
      'fluid-models': parseModel('fluid-models', econModelExample('fluid-models')),
      emissions: parseModel('emissions', econModelExample('emissions')),
    });
    expect(warnings.some((w) => w.startsWith('fluid-models:'))).toBe(true);
    expect(warnings.some((w) => /^emissions: \d+ selected rows?; the masses are not charged/.test(w))).toBe(true);
  });
});

describe('expenses and production taxes in a run (the service kinds)', () => {
  const leaf = (rows: Table[], over: Table = {}) => ({ rows, ...over });
  const expensesModel = (over: Table) =>
    parseModel('expenses', { variableExpenses: {}, fixedExpenses: {}, waterDisposal: {}, ...over });
  const taxRow = (key: string, value: number, unit = 'pct_of_revenue') => ({
    key,
    category: key === 'ad_valorem_tax' ? 'ad_val_tax' : 'severance_tax',
    criteria: 'entire_well_life',
    period: ['Flat'],
    value: [value],
    unit,
  });
  const taxes = (rows: Table[]) => parseModel('production-taxes', { data: { state: 'custom', rows } });
  const runWith = (models: AssignedModels, firstProdDate = '2026-01-01') => {
    const mapped = wellInput({
      runDate: '2025-12-15',
      well: { id: 'w', firstProdDate },
      forecast: FORECAST,
      models: { 'date-settings': DATES, pricing: pricing(), ...models },
    });
    return { ...runWell(mapped.input), warnings: mapped.warnings };
  };

  it('fixed cost from the first-production month, charged by its days; nothing before it', () => {
    const { monthly } = runWith(
      {
        expenses: expensesModel({
          fixedExpenses: { monthlyWellCost: leaf([{ entireWellLife: 'Flat', fixedExpense: 8000 }]) },
        }),
      },
      '2026-02-10',
    );
    expect(monthly.fixedExpense[0]).toBe(0);
    expectClose(monthly.fixedExpense[1]!, (8000 * (28 - 10 + 1)) / 28);
    expectClose(monthly.fixedExpense[2]!, 8000);
  });

  it('variable $/BBL on the unshrunk oil and water disposal, at WI; severance % of phase revenue; ad valorem after severance', () => {
    const { monthly } = runWith({
      expenses: expensesModel({
        variableExpenses: { oil: { gathering: leaf([{ entireWellLife: 'Flat', dollarPerBbl: 1 }]) } },
      }),
      'production-taxes': taxes([
        taxRow('oil', 4.6),
        taxRow('gas', 7.5),
        { ...taxRow('ad_valorem_tax', 2), deductSeveranceTax: true },
      ]),
    });
    expectClose(monthly.variableExpense[0]!, 100 * JAN);
    const sev = 0.046 * 100 * JAN * 70 + 0.075 * 1000 * JAN * 3;
    expectClose(monthly.severanceTax[0]!, sev);
    expectClose(monthly.adValoremTax[0]!, 0.02 * (100 * JAN * 70 + 1000 * JAN * 3 + 0 - sev));
  });

  it('affectEconLimit false: charged, yet it does not cut the well short', () => {
    const huge = (affectEconLimit: boolean) =>
      expensesModel({
        fixedExpenses: {
          monthlyWellCost: leaf([{ entireWellLife: 'Flat', fixedExpense: 1_000_000 }], { affectEconLimit }),
        },
      });
    const cut = runWith({ expenses: huge(true) });
    const kept = runWith({ expenses: huge(false) });
    expect(cut.oneLiner.wellLife).toBeLessThan(kept.oneLiner.wellLife);
    expect(kept.monthly.labels).toHaveLength(12);
    expectClose(kept.monthly.fixedExpense[5]!, 1_000_000);
  });

  it('identity: an expenses model of zeros and taxes of 0 % change nothing', () => {
    const base = runWith({});
    const zero = runWith({
      expenses: expensesModel({
        fixedExpenses: { monthlyWellCost: leaf([{ entireWellLife: 'Flat', fixedExpense: 0 }]) },
      }),
      'production-taxes': taxes([taxRow('oil', 0)]),
    });
    expect(zero.oneLiner.bfit).toBe(base.oneLiner.bfit);
  });
});

describe('carbon expenses on the emission masses', () => {
  const emissions = parseModel('emissions', {
    emissions: {
      rows: [
        { selected: true, category: 'flare', co2e: 10, co2: 9, ch4: 0.02, n2o: 0, unit: 'mt_per_mmcf' },
        { selected: false, category: 'other', co2e: 99, co2: 99, ch4: 0, n2o: 0, unit: 'mt_per_mmcf' },
      ],
    },
  });
  const carbon = parseModel('expenses', {
    variableExpenses: {},
    fixedExpenses: {},
    waterDisposal: {},
    carbonExpenses: { co2E: { rows: [{ entireWellLife: 'Flat', carbonExpense: 50 }] } },
  });

  it('$/MT × the selected rows’ monthly mass (per MMCF of gas) × WI; an unselected row counts nothing', () => {
    const mapped = wellInput({
      runDate: '2025-12-15',
      well: { id: 'w', firstProdDate: '2026-01-01' },
      forecast: FORECAST,
      models: { 'date-settings': DATES, pricing: pricing(), emissions, expenses: carbon },
    });
    expect(mapped.warnings.some((w) => w.startsWith('emissions:'))).toBe(false);
    const { monthly } = runWell(mapped.input);
    expectClose(monthly.variableExpense[0]!, 50 * 10 * ((1000 * JAN) / 1000));
  });

  it('a percent escalation grows the emission rate; a dollar one is reported and not applied', () => {
    const ID = 'abcdefabcdefabcdefabcdef';
    const run = (escalation: Table) => {
      const rows = [
        {
          selected: true,
          category: 'flare',
          co2e: 10,
          co2: 9,
          ch4: 0.02,
          n2o: 0,
          unit: 'mt_per_mmcf',
          escalationModel: ID,
        },
      ];
      const mapped = wellInput({
        runDate: '2025-12-15',
        well: { id: 'w', firstProdDate: '2026-01-01' },
        forecast: FORECAST,
        models: {
          'date-settings': DATES,
          pricing: pricing(),
          emissions: parseModel('emissions', { emissions: { rows } }),
          expenses: carbon,
        },
        escalations: new Map([[ID, EscalationFunctions.parse({ escalation }).escalation]]),
      });
      return { monthly: runWell(mapped.input).monthly, warnings: mapped.warnings };
    };
    const pct = run({ rows: [{ entireWellLife: 'Flat', pctPerYear: 12 }] });
    expectClose(pct.monthly.variableExpense[6]!, 50 * 10 * ((1000 * 31) / 1000) * 1.12 ** (6 / 12));
    const dollars = run({ rows: [{ entireWellLife: 'Flat', dollarPerYear: 5 }] });
    expectClose(dollars.monthly.variableExpense[0]!, 50 * 10 * 31);
    expect(dollars.warnings.some((w) => /escalates in dollars per year, which does not apply to a rate/.test(w))).toBe(
      true,
    );
  });
});
