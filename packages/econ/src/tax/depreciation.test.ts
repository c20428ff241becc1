import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/fixtures';
import { addDepreciation, bonusPercents, depreciationFactors } from './depreciation';
import { monthOfDate } from './months';

const month = (ym: string) => monthOfDate('t', `${ym}-01`);
const sum = (a: Float64Array) => a.reduce((s, v) => s + v, 0);
const close = (actual: Float64Array, expected: number[]) => {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expectClose(actual[i]!, expected[i]!, 1e-12, 1);
};

describe('addDepreciation: yearly factors over the calendar years', () => {
  it('year 1 over the months left in the CAPEX year, year 2 over its 12 months', () => {
    // Rows Jan 2024 … Dec 2026; 1,200 spent in Oct 2024 (row 9), factors 50 % / 50 %, no bonus.
    // Year 1: 600 over Oct, Nov, Dec = 200 each; year 2 (2025): 600 / 12 = 50 each.
    const out = new Float64Array(36);
    addDepreciation(out, month('2024-01'), 9, 1200, 0, [50, 50]);
    close(out, [...Array(9).fill(0), 200, 200, 200, ...Array(12).fill(50), ...Array(12).fill(0)]);
  });

  it('bonus first, spread with year 1 over the first tax year; factors apply to what remains', () => {
    // 1,000 in Nov 2024 (row 0), bonus 60 %: 600; rest 400. Year 1 (Nov, Dec): 600 + 400 × 20 % = 680 → 340
    // each; year 2: 400 × 80 % = 320 → 26.666… each month of 2025.
    const out = new Float64Array(14);
    addDepreciation(out, month('2024-11'), 0, 1000, 60, [20, 80]);
    close(out, [340, 340, ...Array(12).fill(320 / 12)]);
  });

  it('what lies beyond the cash flow goes to its last month', () => {
    // Rows Oct 2024 … Mar 2025; 1,200 in Oct: 200 × 3 in 2024; 2025 is 50 a month: Jan, Feb 50, and
    // Mar (last row) 50 + the 9 months Apr-Dec 450 = 500. Total 1,200.
    const out = new Float64Array(6);
    addDepreciation(out, month('2024-10'), 0, 1200, 0, [50, 50]);
    close(out, [200, 200, 200, 50, 50, 500]);
  });

  it('a bonus with no factors is spread over year 1; the rest is deducted in the last row', () => {
    // 1,200 in Jul 2024, bonus 50 %: 600 over Jul-Dec = 100 each; no factor: 600 in the last row (Mar 2025).
    const out = new Float64Array(9);
    addDepreciation(out, month('2024-07'), 0, 1200, 50, []);
    close(out, [100, 100, 100, 100, 100, 100, 0, 0, 600]);
  });

  it('factors under 100 % leave the rest to the last row; over 100 % stop at the basis', () => {
    // Under: 30 % + 30 % of 1,200 in Dec 2024: Dec 360; 2025: 30 a month; the 40 % left (480) in the last row.
    const under = new Float64Array(14);
    addDepreciation(under, month('2024-12'), 0, 1200, 0, [30, 30]);
    close(under, [360, ...Array(12).fill(30), 480]);
    // Over: 80 % + 80 %: year 2 takes only the 20 % left (240 → 20 a month), year 3 nothing.
    const over = new Float64Array(25);
    addDepreciation(over, month('2024-12'), 0, 1200, 0, [80, 80, 50]);
    close(over, [960, ...Array(12).fill(20), ...Array(12).fill(0)]);
  });

  it('a CAPEX in January spreads year 1 over 12 months; negative bases (salvage) depreciate negative', () => {
    const out = new Float64Array(12);
    addDepreciation(out, month('2025-01'), 0, -1200, 0, [100]);
    close(out, Array(12).fill(-100));
  });

  it('the column adds up to the basis, whatever the factors, bonus, CAPEX month and cash-flow length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 0, max: 11 }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 12 }),
        fc.nat(),
        (rows, startMonth, basis, bonus, factors, seed) => {
          const out = new Float64Array(rows);
          const row = seed % rows;
          addDepreciation(out, 2024 * 12 + startMonth, row, basis, bonus, factors);
          expectClose(sum(out), basis, 1e-9, 1);
          for (let r = 0; r < row; r++) expect(out[r]).toBe(0);
        },
      ),
    );
  });
});

describe('bonusPercents: statutory schedule on tangible CAPEX when tcjaBonus, manual entries, cap 100 %', () => {
  const manual = (tangibleBonusDepreciation: number, intangibleBonusDepreciation: number) => [
    { tangibleBonusDepreciation, intangibleBonusDepreciation },
  ];
  it('tcjaBonus: the schedule of the investment year on tangible only (2024: 60 %, 2017: 50 %, 2027: 0 %)', () => {
    expect(bonusPercents({ tcjaBonus: true, bonusDepreciation: manual(0, 0) }, 2024, 'm')).toEqual({
      tangible: 60,
      intangible: 0,
    });
    expect(bonusPercents({ tcjaBonus: true, bonusDepreciation: manual(0, 10) }, 2017, 'm')).toEqual({
      tangible: 50,
      intangible: 10,
    });
    expect(bonusPercents({ tcjaBonus: true, bonusDepreciation: manual(0, 0) }, 2027, 'm').tangible).toBe(0);
  });
  it('manual entries without tcjaBonus; with it they add to the schedule, capped at 100 %', () => {
    expect(bonusPercents({ tcjaBonus: false, bonusDepreciation: manual(30, 20) }, 2024, 'm')).toEqual({
      tangible: 30,
      intangible: 20,
    });
    // 2023: 80 % + 30 % manual = 110 % → 100 %.
    expect(bonusPercents({ tcjaBonus: true, bonusDepreciation: manual(30, 0) }, 2023, 'm').tangible).toBe(100);
  });
  it('refuses a bonus outside 0-100 naming the field', () => {
    expect(() =>
      bonusPercents({ tcjaBonus: false, bonusDepreciation: manual(120, 0) }, 2024, 'depreciationModel'),
    ).toThrow('depreciationModel.bonusDepreciation[0].tangibleBonusDepreciation must be from 0 to 100');
  });
});

describe('depreciationFactors', () => {
  it('reads tangible and intangible factors in order and refuses one outside 0-100', () => {
    const model = {
      modelType: 'depreciation' as const,
      taxCredit: 0,
      tcjaBonus: false,
      bonusDepreciation: [],
      depreciation: [
        { tanFactor: 10, intanFactor: 100 },
        { tanFactor: 90, intanFactor: 0 },
      ],
    };
    expect(depreciationFactors(model, 'm')).toEqual({ tangible: [10, 90], intangible: [100, 0] });
    expect(() =>
      depreciationFactors({ ...model, depreciation: [{ tanFactor: 10, intanFactor: -1 }] }, 'depreciationModel'),
    ).toThrow('depreciationModel.depreciation[0].intanFactor must be from 0 to 100');
  });
});
