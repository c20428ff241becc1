import { describe, expect, it } from 'vitest';
import { type AssignedModels, wellInput } from './inputs/wellInput';
import { datesModel, expectClose, flatSeries, parseModel } from './test/fixtures';
import { runWell } from './well';

/*
 * The riskings model's shut-ins (decision 042; econ-math.md, Other monthly items): oil 100 BBL/d and
 * gas 1,000 MCF/d flat through 2026 from 2026-01-01 (the as-of and first production date), a
 * one-year cash flow; each case has a closed form.
 */

const FORECAST = {
  volumes: { oil: flatSeries('2026-01-01', 365, 100), gas: flatSeries('2026-01-01', 365, 1000) },
  segments: {
    oil: [{ startDate: '2026-01-01', endDate: '2026-12-31' }],
    gas: [{ startDate: '2026-01-01', endDate: '2026-12-31' }],
  },
};
const PRICING = parseModel('pricing', {
  priceModel: {
    oil: { rows: [{ entireWellLife: 'Flat', price: 70 }] },
    gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3 }] },
  },
});
const MARCH_SHUT = { dates: { startDate: '2026-03-01', endDate: '2026-03-30' } };

function run(shutIn: unknown[] | undefined, models: AssignedModels = {}) {
  const mapped = wellInput({
    runDate: '2025-12-15',
    well: { id: 'w', firstProdDate: '2026-01-01' },
    forecast: FORECAST,
    models: {
      'date-settings': datesModel('2026-01-01', 1),
      pricing: PRICING,
      ...(shutIn ? { riskings: parseModel('riskings', { risking: {}, shutIn: { rows: shutIn } }) } : {}),
      ...models,
    },
  });
  return { ...runWell(mapped.input), warnings: mapped.warnings };
}

describe('riskings shut-ins in a run', () => {
  const base = run(undefined);

  it('30 days in March: March keeps its 31st day, the rest of the forecast moves later', () => {
    const { monthly } = run([MARCH_SHUT]);
    expectClose(monthly.grossVolume.oil[2]!, 100);
    expect(monthly.grossVolume.oil[3]).toBe(base.monthly.grossVolume.oil[3]);
    expectClose(monthly.grossVolume.gas[2]!, 1000);
    // The year loses the 30 days pushed past its end.
    const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
    expectClose(sum(monthly.grossVolume.oil), 100 * (365 - 30));
  });

  it('a gas shut-in leaves oil alone; the multiplier holds to its scale end date', () => {
    const { monthly } = run([
      {
        ...MARCH_SHUT,
        phase: 'gas',
        multiplier: 0.5,
        scalePostShutInEndCriteria: 'dates',
        scalePostShutInEnd: '2026-06-30',
      },
    ]);
    expect(Array.from(monthly.grossVolume.oil)).toEqual(Array.from(base.monthly.grossVolume.oil));
    expectClose(monthly.grossVolume.gas[2]!, 500); // March 31 at half
    expectClose(monthly.grossVolume.gas[4]!, 1000 * 31 * 0.5); // May
    expectClose(monthly.grossVolume.gas[6]!, 1000 * 31); // July: back to 1
  });

  it('repeated monthly three times: ten days off in March, April and May', () => {
    const { monthly } = run([
      { dates: { startDate: '2026-03-01', endDate: '2026-03-10' }, repeatRangeOfDates: 'monthly', totalOccurrences: 3 },
    ]);
    for (const r of [2, 3, 4]) {
      const days = [31, 30, 31][r - 2]!;
      expectClose(monthly.grossVolume.oil[r]!, 100 * (days - 10));
    }
    expectClose(monthly.grossVolume.oil[5]!, 100 * 30);
  });

  it('an offset row by months from the as-of month: month 2 is February', () => {
    const { monthly } = run([{ offsetToAsOf: { start: 2, end: 2 } }]);
    expect(monthly.grossVolume.oil[1]).toBe(0);
    expectClose(monthly.grossVolume.oil[2]!, 100 * 31);
  });

  it('fixedExpense false: no fixed cost on the days shut in; true (default) charges them', () => {
    const expenses = parseModel('expenses', {
      variableExpenses: {},
      fixedExpenses: { monthlyWellCost: { rows: [{ entireWellLife: 'Flat', fixedExpense: 3100 }] } },
      waterDisposal: {},
    });
    const off = run([{ ...MARCH_SHUT, fixedExpense: false }], { expenses });
    expectClose(off.monthly.fixedExpense[2]!, 100);
    expectClose(off.monthly.fixedExpense[3]!, 3100);
    const kept = run([MARCH_SHUT], { expenses });
    expectClose(kept.monthly.fixedExpense[2]!, 3100);
  });

  it('capex false drops CAPEX dated in the shut-in, and says so; true keeps it', () => {
    const capex = parseModel('capex', {
      otherCapex: {
        rows: [
          {
            category: 'workover',
            description: 'Pump change',
            tangible: 10,
            intangible: 20,
            date: '2026-03-15',
            capexExpense: 'capex',
            calculation: 'gross',
            afterEconLimit: false,
            escalationModel: 'none',
            escalationStart: { applyToCriteria: 0 },
            depreciationModel: 'none',
            dealTerms: 1,
          },
        ],
      },
    });
    const dropped = run([{ ...MARCH_SHUT, capex: false }], { capex });
    expect(dropped.monthly.capex[2]).toBe(0);
    expect(dropped.warnings.some((w) => w.includes('falls in a shut-in with capex false; dropped'))).toBe(true);
    const kept = run([MARCH_SHUT], { capex });
    expectClose(kept.monthly.capex[2]!, 30_000);
  });
});
