import { describe, expect, it, vi } from 'vitest';
import { monthIndex } from './datedRows';
import { productionTaxColumns, type TaxDeductions, type TaxItem } from './taxes';
import { expectClose } from './test/fixtures';
import { DAILY, DAYS, day, flatRows, GAS_NRI, NRI, PRICE, referenceStreams, WI } from './test/streams';

/*
 * Reference cases of production taxes (econ-math.md, Production taxes) on the reference well of
 * test/streams.ts (2027, flat rates and prices, NRI 60 %, gas 55 %), by hand.
 */

const severance = (product: TaxItem['product'], over: Partial<TaxItem> = {}): TaxItem => ({
  field: 'data.rows[0]',
  kind: 'severance',
  product,
  unit: 'pct_of_revenue',
  rows: flatRows(4.6),
  escalation: 'none',
  calculation: 'nri',
  shrinkageCondition: 'shrunk',
  deductSeveranceTax: false,
  ...over,
});
const adValorem = (over: Partial<TaxItem> = {}): TaxItem => ({
  ...severance(undefined, { kind: 'adValorem', rows: flatRows(2.5) }),
  ...over,
});
const JAN = { oilRev: DAILY.salesOil * 31 * PRICE.oil, gasRev: DAILY.salesGas * 31 * PRICE.gas };
const JAN_NET =
  JAN.oilRev * NRI +
  JAN.gasRev * GAS_NRI +
  DAILY.ngl * 31 * PRICE.ngl * NRI +
  DAILY.drip * 31 * PRICE.dripCondensate * NRI;
const zeros = () => new Float64Array(12);

describe('severance', () => {
  it('percent of the phase’s revenue at its NRI, per phase', () => {
    const c = productionTaxColumns(referenceStreams(), [
      severance('oil'),
      severance('gas', { field: 'data.rows[1]', rows: flatRows(7.5) }),
    ]);
    expectClose(c.severance.oil[0]!, 0.046 * JAN.oilRev * NRI);
    expectClose(c.severance.gas[0]!, 0.075 * JAN.gasRev * GAS_NRI);
    expectClose(c.severanceTotal[0]!, c.severance.oil[0]! + c.severance.gas[0]!);
    expect(Array.from(c.severance.ngl)).toEqual(DAYS.map(() => 0));
  });

  it('every row set of a phase applies, summed: a percent and $/BBL of sales oil', () => {
    const c = productionTaxColumns(referenceStreams(), [
      severance('oil'),
      severance('oil', { unit: 'dollar_per_bbl', rows: flatRows(0.0081) }),
    ]);
    expectClose(c.severance.oil[0]!, 0.046 * JAN.oilRev * NRI + 0.0081 * DAILY.salesOil * 31 * NRI);
  });

  it('$/MCF of shrunk (default) or unshrunk gas, at the interest of calculation', () => {
    const s = referenceStreams();
    const shrunk = severance('gas', { unit: 'dollar_per_mcf', rows: flatRows(0.02) });
    expectClose(productionTaxColumns(s, [shrunk]).severance.gas[0]!, 0.02 * DAILY.salesGas * 31 * GAS_NRI);
    const unshrunkWi = { ...shrunk, shrinkageCondition: 'unshrunk' as const, calculation: 'wi' as const };
    expectClose(productionTaxColumns(s, [unshrunkWi]).severance.gas[0]!, 0.02 * DAILY.gas * 31 * WI);
  });

  it('$/month × interest × the month share from first production to the limit', () => {
    const s = referenceStreams({ fpdDay: day('2027-02-15'), econLimitDay: day('2027-10-10') });
    const c = productionTaxColumns(s, [severance('oil', { unit: 'dollar_per_month', rows: flatRows(310) })]);
    expect(c.severance.oil[0]).toBe(0);
    expectClose(c.severance.oil[1]!, (310 * NRI * 14) / 28);
    expectClose(c.severance.oil[2]!, 310 * NRI);
    expectClose(c.severance.oil[9]!, (310 * NRI * 10) / 31);
    expect(c.severance.oil[10]).toBe(0);
  });

  it('the percent base less the phase’s deductions; no floor', () => {
    const deductions: TaxDeductions = {
      severanceDeduction: { oil: zeros().fill(1000), gas: zeros(), ngl: zeros(), dripCondensate: zeros() },
      adValoremDeduction: zeros(),
    };
    const c = productionTaxColumns(referenceStreams(), [severance('oil')], deductions);
    expectClose(c.severance.oil[0]!, 0.046 * (JAN.oilRev * NRI - 1000));
    const credit = productionTaxColumns(referenceStreams(), [
      severance('oil', { unit: 'dollar_per_bbl', rows: flatRows(-1) }),
    ]);
    expect(credit.severance.oil[0]).toBeLessThan(0);
  });
});

describe('ad valorem', () => {
  it('percent of all revenue at interest, less the ad valorem deductions, and the severance with deductSeveranceTax', () => {
    const s = referenceStreams();
    expectClose(productionTaxColumns(s, [adValorem()]).adValorem[0]!, 0.025 * JAN_NET);
    const deductions: TaxDeductions = {
      severanceDeduction: { oil: zeros(), gas: zeros(), ngl: zeros(), dripCondensate: zeros() },
      adValoremDeduction: zeros().fill(2000),
    };
    const c = productionTaxColumns(s, [severance('oil'), adValorem({ deductSeveranceTax: true })], deductions);
    expectClose(c.adValorem[0]!, 0.025 * (JAN_NET - 2000 - 0.046 * JAN.oilRev * NRI));
    expectClose(c.total[0]!, c.severanceTotal[0]! + c.adValorem[0]!);
  });

  it('$/BOE of sales BOE (default) or unshrunk BOE, × the well’s interest', () => {
    const s = referenceStreams({ boe: { dryGas: 6, wetGas: 5 } });
    const salesBoe = (DAILY.salesOil + DAILY.ngl + DAILY.drip + DAILY.salesGas / 6) * 31;
    const boe = adValorem({ unit: 'dollar_per_boe', rows: flatRows(0.1) });
    expectClose(productionTaxColumns(s, [boe]).adValorem[0]!, 0.1 * salesBoe * NRI);
    const unshrunk = { ...boe, shrinkageCondition: 'unshrunk' as const };
    expectClose(productionTaxColumns(s, [unshrunk]).adValorem[0]!, 0.1 * (DAILY.oil + DAILY.gas / 5) * 31 * NRI);
  });

  it('$/month × the well’s interest by month share; the monthly total never below 0', () => {
    const s = referenceStreams({ fpdDay: day('2027-01-11') });
    const month = productionTaxColumns(s, [adValorem({ unit: 'dollar_per_month', rows: flatRows(100) })]);
    expectClose(month.adValorem[0]!, (100 * NRI * 21) / 31);
    const negative = productionTaxColumns(s, [adValorem({ unit: 'dollar_per_month', rows: flatRows(-100) })]);
    expect(Array.from(negative.adValorem)).toEqual(DAYS.map(() => 0));
  });
});

describe('escalation seam', () => {
  it('escalates $ units only, from each row’s start', () => {
    const escalate = vi.fn((v: Float64Array, ..._rest: [Int32Array, string, string, number, unknown]) =>
      v.map((x) => x * 2),
    );
    const id = 'c'.repeat(24);
    const c = productionTaxColumns(
      referenceStreams(),
      [
        severance('oil', { escalation: id }),
        severance('oil', { unit: 'dollar_per_bbl', rows: flatRows(0.01), escalation: id }),
      ],
      undefined,
      escalate,
    );
    expect(escalate).toHaveBeenCalledTimes(1);
    // A whole-life row: every month escalates from the grid's first month, the table's origin too.
    const first = monthIndex(referenceStreams().grid.start[0]!);
    expect(escalate).toHaveBeenCalledWith(
      expect.any(Float64Array),
      expect.any(Int32Array),
      id,
      'data.rows[0]',
      first,
      expect.anything(),
    );
    expect(new Set(escalate.mock.calls[0]![1])).toEqual(new Set([first]));
    expectClose(c.severance.oil[0]!, 0.046 * JAN.oilRev * NRI + 0.02 * DAILY.salesOil * 31 * NRI);
  });
});
