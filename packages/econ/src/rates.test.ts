import { EscalationFunctions } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { type DatedRow, monthlyValues } from './datedRows';
import { buildGrid } from './grid';
import { type AssignedModels, wellInput } from './inputs/wellInput';
import { dailyRates, rateSource } from './rates';
import { datesModel, expectClose, parseModel } from './test/fixtures';
import { runWell } from './well';

/*
 * Rate rows (econ-math.md, Dated rows; decision 040): a row holds in the months whose daily rate
 * (month volume ÷ producing days) is at least its start and below the next row's start; monotonic
 * tables read the running minimum; nothing before first production; never escalated.
 */

const day = (d: string) => toDayIndex(d);
const grid = buildGrid(day('2026-01-01'), day('2026-04-30'));

describe('daily rates', () => {
  it('volume ÷ producing days: a partial first-production month is grossed up; none before it', () => {
    // Jan 31 days, Feb 28, Mar 31, Apr 30; first production on Feb 15 (14 producing days in Feb).
    const rates = dailyRates(grid, Float64Array.from([0, 1400, 3100, 1500]), day('2026-02-15'), false);
    expect(Number.isNaN(rates[0]!)).toBe(true);
    expect(Array.from(rates.subarray(1))).toEqual([100, 100, 50]);
    // Without a first production date every row counts all its days.
    expect(Array.from(dailyRates(grid, Float64Array.from([3100, 1400, 3100, 1500]), undefined, false))).toEqual([
      100, 50, 100, 50,
    ]);
  });

  it('monotonic: the lowest rate so far', () => {
    const v = Float64Array.from([3100, 2800 * 1.5, 3100 * 0.8, 3000 * 0.9]); // 100, 150, 80, 90 a day
    expect(Array.from(dailyRates(grid, v, undefined, true)).map((q) => Math.round(q))).toEqual([100, 100, 80, 80]);
  });

  it('total fluid = oil + water; each basis reads its own volumes', () => {
    const src = rateSource(
      grid,
      {
        gross_well_head: { oil: new Float64Array(4).fill(3100), water: new Float64Array(4).fill(3100) },
        gross_sales: { oil: new Float64Array(4).fill(1550) },
      },
      day('2026-01-01'),
    );
    expect(src('totalFluid', 'gross_well_head', false)[0]).toBe(200);
    expect(src('oil', 'gross_sales', false)[0]).toBe(50);
    expect(src('gas', 'gross_well_head', false)[0]).toBe(0);
    expect(() => src('oil', 'net_sales', false)).toThrow('no net_sales volumes');
  });
});

describe('rate rows by month', () => {
  const rows = (starts: number[], values: number[]): DatedRow[] =>
    starts.map((start, i) => ({
      period: { kind: 'rate', phase: 'oil', basis: 'gross_well_head', monotonic: false, start },
      value: values[i]!,
    }));
  const rates = (q: number[]) => () => Float64Array.from(q);

  it('the last row whose start the rate reaches; below the first row or without a rate: the before value', () => {
    const table = rows([10, 60, 200], [5, 3, 1]);
    expect(Array.from(monthlyValues(grid, table, 0, rates([250, 60, 59.9, 5])))).toEqual([1, 3, 5, 0]);
    expect(Array.from(monthlyValues(grid, table, 1, rates([Number.NaN, 200, 10, 9])))).toEqual([1, 1, 5, 1]);
  });

  it('refuses rate rows without rates (a caller’s bug, not a well’s input)', () => {
    expect(() => monthlyValues(grid, rows([0], [1]), 0)).toThrow('rate rows need the rates of their phase');
  });
});

/*
 * A reference well: oil 100 BBL/d in January, 40 in February, 100 again in March (a workover),
 * water 60 BBL/d throughout, first production 2026-01-01, WI and NRI 100 %, oil at $70.
 */
const DATES = datesModel('2026-01-01', 0.25);
const daily = (perMonth: [number, number][]) => {
  const values: number[] = [];
  for (const [days, rate] of perMonth) for (let d = 0; d < days; d++) values.push(rate);
  return { start: day('2026-01-01'), values: Float64Array.from(values) };
};
const FORECAST = {
  volumes: {
    oil: daily([
      [31, 100],
      [28, 40],
      [31, 100],
    ]),
    gas: daily([[90, 1000]]),
    water: daily([[90, 60]]),
  },
  segments: {
    oil: [{ startDate: '2026-01-01', endDate: '2026-03-31' }],
    gas: [{ startDate: '2026-01-01', endDate: '2026-03-31' }],
    water: [{ startDate: '2026-01-01', endDate: '2026-03-31' }],
  },
};
const PRICING = parseModel('pricing', {
  priceModel: {
    oil: { rows: [{ entireWellLife: 'Flat', price: 70 }] },
    gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 0 }] },
  },
});

const ESCALATION_ID = '0123456789abcdef01234567';
/** 120 % a year, compounded monthly: any escalated value grows by month 2. */
const ESCALATIONS = new Map([
  [
    ESCALATION_ID,
    EscalationFunctions.parse({
      escalation: {
        escalationFrequency: 'monthly',
        calculationMethod: 'compound',
        rows: [{ entireWellLife: 'Flat', pctPerYear: 120 }],
      },
    }).escalation,
  ],
]);

function run(models: AssignedModels) {
  const mapped = wellInput({
    runDate: '2025-12-15',
    well: { id: 'w', firstProdDate: '2026-01-01' },
    forecast: FORECAST,
    models: { 'date-settings': DATES, pricing: PRICING, ...models },
    escalations: ESCALATIONS,
  });
  return runWell(mapped.input).monthly;
}
const expenses = (over: Record<string, unknown>) =>
  parseModel('expenses', { variableExpenses: {}, fixedExpenses: {}, waterDisposal: {}, ...over });
const stream = (over: Record<string, unknown>) =>
  parseModel('stream-properties', { yields: {}, shrinkage: {}, lossFlare: {}, btuContent: {}, ...over });

describe('rate rows in a run', () => {
  it('a fixed cost by oil rate: $8,000 at 50 BBL/d and more, $3,000 below', () => {
    const m = run({
      expenses: expenses({
        fixedExpenses: {
          monthlyWellCost: {
            rows: [
              { oilRate: 0, fixedExpense: 3000 },
              { oilRate: 50, fixedExpense: 8000 },
            ],
          },
        },
      }),
    });
    expect(Array.from(m.fixedExpense)).toEqual([8000, 3000, 8000]);
  });

  it('monotonic: once below 50 BBL/d the cheaper row stays', () => {
    const m = run({
      expenses: expenses({
        fixedExpenses: {
          monthlyWellCost: {
            rowsCalculationMethod: 'monotonic',
            rows: [
              { oilRate: 0, fixedExpense: 3000 },
              { oilRate: 50, fixedExpense: 8000 },
            ],
          },
        },
      }),
    });
    expect(Array.from(m.fixedExpense)).toEqual([8000, 3000, 3000]);
  });

  it('water disposal by total fluid rate (oil + water): $1/BBL at 150 BBL/d and more, $2 below', () => {
    const m = run({
      expenses: expenses({
        waterDisposal: {
          rows: [
            { totalFluidRate: 0, dollarPerBbl: 2 },
            { totalFluidRate: 150, dollarPerBbl: 1 },
          ],
        },
      }),
    });
    // 160, 100, 160 BBL/d of total fluid; water 60 BBL/d.
    expectClose(m.variableExpense[0]!, 60 * 31 * 1);
    expectClose(m.variableExpense[1]!, 60 * 28 * 2);
    expectClose(m.variableExpense[2]!, 60 * 31 * 1);
  });

  it('a gross-sales rate reads the shrunk volume: 50 % shrinkage moves January below 60 BBL/d', () => {
    const rows = [
      { oilRate: 0, dollarPerBbl: 4 },
      { oilRate: 60, dollarPerBbl: 1 },
    ];
    const sp = stream({ shrinkage: { oil: { rows: [{ entireWellLife: 'Flat', pctRemaining: 50 }] } } });
    const wellHead = run({
      'stream-properties': sp,
      expenses: expenses({ variableExpenses: { oil: { gathering: { shrinkageCondition: 'shrunk', rows } } } }),
    });
    const sales = run({
      'stream-properties': sp,
      expenses: expenses({
        variableExpenses: { oil: { gathering: { shrinkageCondition: 'shrunk', rateType: 'gross_sales', rows } } },
      }),
    });
    // January: 100 BBL/d at the well head (≥ 60: $1), 50 BBL/d sold (< 60: $4), on 50 × 31 BBL sold.
    expectClose(wellHead.variableExpense[0]!, 50 * 31 * 1);
    expectClose(sales.variableExpense[0]!, 50 * 31 * 4);
  });

  it('a rate table is never escalated (a dated one with the same model is)', () => {
    const leaf = (rows: unknown[]) =>
      expenses({ fixedExpenses: { monthlyWellCost: { escalationModel: ESCALATION_ID, rows } } });
    const rated = run({ expenses: leaf([{ oilRate: 0, fixedExpense: 3000 }]) });
    expect(Array.from(rated.fixedExpense)).toEqual([3000, 3000, 3000]);
    const dated = run({ expenses: leaf([{ entireWellLife: 'Flat', fixedExpense: 3000 }]) });
    expect(dated.fixedExpense[2]!).toBeGreaterThan(3000);
  });

  it('stream properties by oil rate: shrinkage 80 % remaining below 50 BBL/d, 95 % above', () => {
    const m = run({
      'stream-properties': stream({
        shrinkage: {
          oil: {
            rows: [
              { oilRate: 0, pctRemaining: 80 },
              { oilRate: 50, pctRemaining: 95 },
            ],
          },
        },
      }),
    });
    expectClose(m.salesVolume.oil[0]!, 100 * 31 * 0.95);
    expectClose(m.salesVolume.oil[1]!, 40 * 28 * 0.8);
    expectClose(m.salesVolume.oil[2]!, 100 * 31 * 0.95);
  });

  it('NGL yield by gas rate: 10 BBL/MMCF at 500 MCF/d and more', () => {
    const m = run({
      'stream-properties': stream({
        yields: {
          ngl: {
            rows: [
              { gasRate: 0, yield: 0 },
              { gasRate: 500, yield: 10 },
            ],
          },
        },
      }),
    });
    expectClose(m.grossVolume.ngl[0]!, 1000 * 31 * 0.01);
    expectClose(m.grossVolume.ngl[1]!, 1000 * 28 * 0.01);
  });
});
