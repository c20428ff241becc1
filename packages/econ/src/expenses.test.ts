import { toDayIndex } from '@econ/decline';
import { describe, expect, it, vi } from 'vitest';
import { monthIndex } from './datedRows';
import { type ExpenseItem, expenseColumns } from './expenses';
import { expectClose } from './test/fixtures';
import {
  DAILY,
  DAYS,
  dateRows,
  day,
  flatRows,
  GAS_NRI,
  LEASE_NRI,
  NRI,
  PRICE,
  referenceStreams,
  WI,
} from './test/streams';

/*
 * Reference cases of the expense columns (econ-math.md, Expenses) on the reference well of
 * test/streams.ts (2027, flat rates and prices, WI 75 %), one feature at a time, by hand.
 */

const fixed = (over: Partial<ExpenseItem> = {}): ExpenseItem => ({
  field: 'fixedExpenses.monthlyWellCost',
  group: 'fixed',
  unit: 'fixedExpense',
  rows: flatRows(8000),
  escalationModel: 'none',
  calculation: 'wi',
  dealTerms: 1,
  affectEconLimit: true,
  deductBeforeSeveranceTax: false,
  deductBeforeAdValTax: false,
  shrinkageCondition: 'unshrunk',
  stopAtEconLimit: true,
  expenseBeforeFpd: false,
  ...over,
});
const variable = (product: ExpenseItem['product'], over: Partial<ExpenseItem>): ExpenseItem =>
  fixed({ field: `variableExpenses.${product}.other`, group: 'variable', product, ...over });
const months = (a: Float64Array) => Array.from(a);
const closeAll = (actual: Float64Array, expected: number[]) => {
  for (const [r, e] of expected.entries()) expectClose(actual[r]!, e);
};

describe('fixed expenses', () => {
  it('$/month × WI every month when production started before the cash flow', () => {
    const c = expenseColumns(referenceStreams({ fpdDay: day('2026-05-01') }), [fixed()]);
    expect(months(c.fixed)).toEqual(DAYS.map(() => 8000 * WI));
    expect(months(c.total)).toEqual(months(c.fixed));
  });

  it('nothing before first production, its month by days; expenseBeforeFpd charges from the cash-flow start', () => {
    const s = referenceStreams({ fpdDay: day('2027-03-10') });
    const c = expenseColumns(s, [fixed()]);
    expect(months(c.fixed).slice(0, 4)).toEqual([0, 0, (8000 * WI * 22) / 31, 8000 * WI]);
    expect(months(expenseColumns(s, [fixed({ expenseBeforeFpd: true })]).fixed)[0]).toBe(8000 * WI);
  });

  it('a cash flow starting mid-month charges its first month by days', () => {
    const s = referenceStreams({ fpdDay: day('2026-01-01') });
    s.grid.start[0] = day('2027-01-16');
    expectClose(expenseColumns(s, [fixed()]).fixed[0]!, (8000 * WI * 16) / 31);
  });

  it('stopAtEconLimit: nothing after the limit, its month by days; false: to the cash-flow end', () => {
    const s = referenceStreams({ econLimitDay: day('2027-08-20') });
    const stop = months(expenseColumns(s, [fixed()]).fixed);
    expect(stop.slice(6)).toEqual([8000 * WI, (8000 * WI * 20) / 31, 0, 0, 0, 0]);
    expect(months(expenseColumns(s, [fixed({ stopAtEconLimit: false })]).fixed)[11]).toBe(8000 * WI);
  });

  it('rows by date, several costs summed, each leaf kept by field', () => {
    const c = expenseColumns(referenceStreams(), [
      fixed({
        rows: dateRows([
          ['2027-01-01', 8000],
          ['2027-07-01', 6000],
        ]),
      }),
      fixed({ field: 'fixedExpenses.otherMonthlyCost1', rows: flatRows(2000) }),
    ]);
    expect(months(c.fixed)).toEqual(DAYS.map((_, r) => (r < 6 ? 10_000 : 8000) * WI));
    expect(c.byField['fixedExpenses.otherMonthlyCost1']![0]).toBe(2000 * WI);
    expect(Object.keys(c.byField)).toEqual(['fixedExpenses.monthlyWellCost', 'fixedExpenses.otherMonthlyCost1']);
  });

  it('per well × the gross well count (default 1 from the FPD month, 0 before)', () => {
    const perWell = fixed({ unit: 'fixedExpensePerWell', rows: flatRows(1000), expenseBeforeFpd: true });
    const counted = referenceStreams({ wellCount: new Float64Array(12).fill(3) });
    expect(expenseColumns(counted, [perWell]).fixed[5]).toBe(3000 * WI);
    const s = referenceStreams({ fpdDay: day('2027-03-10') });
    expect(months(expenseColumns(s, [perWell]).fixed).slice(0, 4)).toEqual([0, 0, 1000 * WI, 1000 * WI]);
  });

  it('the interest of calculation × dealTerms; shut-in days removed, each day once', () => {
    // January 2027: days 11–20 and 16–25 off (11–25: 15 days); March 31 off.
    const s = referenceStreams({
      fixedCostOffDays: [
        { first: day('2027-01-11'), last: day('2027-01-20') },
        { first: day('2027-01-16'), last: day('2027-01-25') },
        { first: day('2027-03-31'), last: day('2027-03-31') },
      ],
    });
    const c = expenseColumns(s, [fixed()]).fixed;
    expectClose(c[0]!, (8000 * WI * (31 - 15)) / 31);
    expectClose(c[1]!, 8000 * WI);
    expectClose(c[2]!, (8000 * WI * 30) / 31);
    for (const [calculation, interest] of [
      ['nri', NRI],
      ['lease_nri', LEASE_NRI],
      ['one_minus_wi', 1 - WI],
      ['wi_minus_one', WI - 1],
      ['100_pct_wi', 1],
    ] as const) {
      expectClose(
        expenseColumns(referenceStreams(), [fixed({ calculation, dealTerms: 2 })]).fixed[0]!,
        16_000 * interest,
      );
    }
  });
});

describe('variable expenses, water and carbon', () => {
  it('oil $/BBL of unshrunk oil (default) or of sales (shrunk), × WI × dealTerms', () => {
    const s = referenceStreams();
    const unshrunk = expenseColumns(s, [variable('oil', { unit: 'dollarPerBbl', rows: flatRows(1), dealTerms: 2 })]);
    expect(unshrunk.variable.oil[0]).toBe(1 * DAILY.oil * 31 * WI * 2);
    const shrunk = variable('oil', { unit: 'dollarPerBbl', rows: flatRows(1), shrinkageCondition: 'shrunk' });
    expect(expenseColumns(s, [shrunk]).variable.oil[1]).toBe(DAILY.salesOil * 28 * WI);
  });

  it('gas $/MCF, and $/MMBTU × the BTU content of the stream (default 1000)', () => {
    const mcf = variable('gas', { unit: 'dollarPerMcf', rows: flatRows(0.4), calculation: 'nri' });
    expectClose(expenseColumns(referenceStreams(), [mcf]).variable.gas[0]!, 0.4 * DAILY.gas * 31 * GAS_NRI);
    const mmbtu = variable('gas', { unit: 'dollarPerMmbtu', rows: flatRows(0.4) });
    expectClose(expenseColumns(referenceStreams(), [mmbtu]).variable.gas[0]!, 0.4 * DAILY.gas * 31 * WI);
    const btu = referenceStreams({ btu: { shrunk: 1050, unshrunk: 1200 } });
    expectClose(expenseColumns(btu, [mmbtu]).variable.gas[0]!, 0.4 * DAILY.gas * 31 * 1.2 * WI);
    const shrunk = { ...mmbtu, shrinkageCondition: 'shrunk' as const };
    expectClose(expenseColumns(btu, [shrunk]).variable.gas[0]!, 0.4 * DAILY.salesGas * 31 * 1.05 * WI);
  });

  it('NGL and drip condensate $/BBL of sales', () => {
    const c = expenseColumns(referenceStreams(), [
      variable('ngl', { unit: 'dollarPerBbl', rows: flatRows(2) }),
      variable('dripCondensate', {
        field: 'variableExpenses.dripCondensate.other',
        unit: 'dollarPerBbl',
        rows: flatRows(3),
      }),
    ]);
    expect(c.variable.ngl[0]).toBe(2 * DAILY.ngl * 31 * WI);
    expect(c.variable.dripCondensate[0]).toBe(3 * DAILY.drip * 31 * WI);
  });

  it('a percent of a product’s revenue or of the total, at the interest of calculation', () => {
    const s = referenceStreams();
    const oilRev = DAILY.salesOil * 31 * PRICE.oil;
    const gasRev = DAILY.salesGas * 31 * PRICE.gas;
    const ngl = DAILY.ngl * 31 * PRICE.ngl;
    const drip = DAILY.drip * 31 * PRICE.dripCondensate;
    const pctOil = variable('gas', { unit: 'pctOfOilRev', rows: flatRows(10), calculation: 'nri' });
    expectClose(expenseColumns(s, [pctOil]).variable.gas[0]!, 0.1 * oilRev * NRI);
    const pctTotal = variable('oil', { unit: 'pctOfTotalRev', rows: flatRows(2), calculation: 'nri', dealTerms: 1.5 });
    const total = oilRev * NRI + gasRev * GAS_NRI + ngl * NRI + drip * NRI;
    expectClose(expenseColumns(s, [pctTotal]).variable.oil[0]!, 0.02 * total * 1.5);
  });

  it('water disposal $/BBL of water × WI; carbon $/MT × the component’s mass × WI (none without masses)', () => {
    const water = fixed({ field: 'waterDisposal', group: 'water', unit: 'dollarPerBbl', rows: flatRows(0.75) });
    const co2 = fixed({
      field: 'carbonExpenses.co2E',
      group: 'carbon',
      component: 'co2E',
      unit: 'carbonExpense',
      rows: flatRows(50),
    });
    const s = referenceStreams({ carbonMass: { co2E: new Float64Array(12).fill(4) } });
    const c = expenseColumns(s, [water, co2]);
    expect(c.waterDisposal[0]).toBe(0.75 * DAILY.water * 31 * WI);
    expect(c.carbon[0]).toBe(50 * 4 * WI);
    expect(months(expenseColumns(referenceStreams(), [co2]).carbon)).toEqual(DAYS.map(() => 0));
  });
});

describe('caps, escalation, the economic limit and deductions', () => {
  it('a cap is a ceiling on the value, after escalation', () => {
    const capped = variable('oil', { unit: 'dollarPerBbl', rows: flatRows(3), cap: 2 });
    expect(expenseColumns(referenceStreams(), [capped]).variable.oil[0]).toBe(2 * DAILY.oil * 31 * WI);
    const escalate = vi.fn((v: Float64Array, ..._rest: [Int32Array, string, string, number, unknown]) =>
      v.map((x, r) => x * (1 + r / 10)),
    );
    const esc = fixed({
      rows: dateRows([
        ['2027-01-01', 8000],
        ['2027-07-01', 9000],
      ]),
      escalationModel: 'a'.repeat(24),
      cap: 9000,
    });
    const c = expenseColumns(referenceStreams(), [esc], escalate);
    // Each row escalates from its own first month; the table's first row starts in 2027-01.
    const [, firstMonth, id, field, origin] = escalate.mock.calls[0]!;
    const jan = monthIndex(toDayIndex('2027-01-01'));
    expect([...firstMonth.slice(0, 8)]).toEqual([jan, jan, jan, jan, jan, jan, jan + 6, jan + 6]);
    expect([id, field, origin]).toEqual(['a'.repeat(24), 'fixedExpenses.monthlyWellCost', jan]);
    expect(c.fixed[1]).toBe(8800 * WI);
    expect(c.fixed[6]).toBe(9000 * WI); // 9000 × 1.6 capped
  });

  it('no escalation for "none" or a percent of revenue', () => {
    const escalate = vi.fn((v: Float64Array) => v);
    expenseColumns(
      referenceStreams(),
      [fixed(), variable('oil', { unit: 'pctOfOilRev', rows: flatRows(1), escalationModel: 'b'.repeat(24) })],
      escalate,
    );
    expect(escalate).not.toHaveBeenCalled();
  });

  it('affectEconLimit false adds the leaf back for the limit; deductions before severance (variable, its phase) and ad valorem', () => {
    const c = expenseColumns(referenceStreams(), [
      fixed({ affectEconLimit: false, deductBeforeAdValTax: true, deductBeforeSeveranceTax: true }),
      variable('oil', { unit: 'dollarPerBbl', rows: flatRows(1), deductBeforeSeveranceTax: true }),
      variable('gas', { unit: 'dollarPerMcf', rows: flatRows(0), deductBeforeSeveranceTax: true }),
    ]);
    expect(months(c.econLimitAddBack)).toEqual(months(c.fixed));
    expect(months(c.adValoremDeduction)).toEqual(months(c.fixed));
    expect(months(c.severanceDeduction.oil)).toEqual(months(c.variable.oil));
    expect(months(c.severanceDeduction.gas)).toEqual(DAYS.map(() => 0));
    expect(Object.keys(c.byField)).not.toContain('variableExpenses.gas.other'); // all 0: left out
  });

  it('the total is fixed + variable + water + carbon', () => {
    const c = expenseColumns(referenceStreams({ carbonMass: { ch4: new Float64Array(12).fill(1) } }), [
      fixed(),
      variable('oil', { unit: 'dollarPerBbl', rows: flatRows(1) }),
      variable('gas', { unit: 'dollarPerMcf', rows: flatRows(0.4) }),
      fixed({ field: 'waterDisposal', group: 'water', unit: 'dollarPerBbl', rows: flatRows(0.75) }),
      fixed({
        field: 'carbonExpenses.ch4',
        group: 'carbon',
        component: 'ch4',
        unit: 'carbonExpense',
        rows: flatRows(30),
      }),
    ]);
    for (let r = 0; r < 12; r++) {
      const v = c.variable.oil[r]! + c.variable.gas[r]! + c.variable.ngl[r]! + c.variable.dripCondensate[r]!;
      expectClose(c.total[r]!, c.fixed[r]! + v + c.waterDisposal[r]! + c.carbon[r]!);
    }
    closeAll(
      c.carbon,
      DAYS.map(() => 30 * WI),
    );
  });
});
