import { describe, expect, it } from 'vitest';
import { annualImpactFee, type ImpactFee, impactFeeColumn, impactFeePriceBand } from './impactFee';
import { wellInput } from './inputs/wellInput';
import { productionTaxColumns, type TaxItem } from './taxes';
import { datesModel, expectClose, flatPricing, flatSeries, parseModel } from './test/fixtures';
import { DAYS, day, flatRows, NRI, referenceStreams } from './test/streams';
import { runWell } from './well';

/*
 * Pennsylvania's impact fee (Act 13, 58 Pa.C.S. § 2302; decision 038), every figure by hand: the
 * reference well of test/streams.ts (NRI 60 %, the fee's default interest) producing from
 * 2027-01-01, gas at $3.50/MCF unless a case says otherwise. A month's fee = the annual fee of its
 * well year and price band ÷ 12 × the share of the month charged × 0.6.
 */

const HORIZONTAL: ImpactFee = {
  field: 'data.state',
  well: 'horizontal',
  startDay: day('2027-01-01'),
  calculation: 'nri',
};
const VERTICAL: ImpactFee = { ...HORIZONTAL, well: 'vertical' };
/** $ a month of an annual fee at the NRI. */
const monthly = (annual: number) => (annual / 12) * NRI;

/** Nineteen years from January 2027 (228 months), FPD 2027-01-01, gas at `gas` $/MCF. */
function streams(gas: number | ((row: number) => number) = 3.5, fpd = '2027-01-01') {
  const s = referenceStreams({ fpdDay: day(fpd) }, '2045-12-31');
  s.gasPrice = Float64Array.from({ length: s.grid.start.length }, (_, r) => (typeof gas === 'number' ? gas : gas(r)));
  return s;
}
/** The column's value in each year (its January), from 2027. */
const januaries = (col: Float64Array) => Array.from({ length: 19 }, (_, y) => col[12 * y]!);
/** Each value within the shared tolerance of its hand figure (0 exactly). */
function expectFees(actual: ArrayLike<number>, expected: readonly number[]) {
  expect(actual.length).toBe(expected.length);
  expected.forEach((v, i) => {
    expectClose(actual[i]!, v);
  });
}

describe('the fee schedule (§ 2302(b))', () => {
  it('a horizontal well at $3.50: 50,000, 40,000, 30,000, 20,000 to year 10, 10,000 to year 15, none after', () => {
    const fees = Array.from({ length: 17 }, (_, i) => annualImpactFee('horizontal', i + 1, 3.5));
    expect(fees).toEqual([50_000, 40_000, 30_000, ...new Array(7).fill(20_000), ...new Array(5).fill(10_000), 0, 0]);
    expect(annualImpactFee('horizontal', 0, 3.5)).toBe(0);
  });

  it('the price bands on the price rounded to cents: ≤ 2.25, 2.26–2.99, 3.00–4.99, 5.00–5.99, ≥ 6.00', () => {
    const cases: [number, number][] = [
      [-1, 0],
      [2.25, 0],
      [2.254, 0],
      [2.256, 1],
      [2.99, 1],
      [3, 2],
      [4.99, 2],
      [5, 3],
      [5.99, 3],
      [6, 4],
      [20_000, 4],
    ];
    for (const [price, band] of cases) expect(impactFeePriceBand(price), String(price)).toBe(band);
    expect([2, 2.5, 3.5, 5.5, 6.5].map((p) => annualImpactFee('horizontal', 1, p))).toEqual([
      40_000, 45_000, 50_000, 55_000, 60_000,
    ]);
    expect([2, 2.5, 3.5, 5.5, 6.5].map((p) => annualImpactFee('horizontal', 3, p))).toEqual([
      25_000, 30_000, 30_000, 40_000, 50_000,
    ]);
    expect([2, 2.5, 3.5, 5.5, 6.5].map((p) => annualImpactFee('horizontal', 12, p))).toEqual([
      5_000, 5_000, 10_000, 10_000, 10_000,
    ]);
  });

  it('a vertical well: 20 % of the horizontal fee for 10 years', () => {
    const fees = Array.from({ length: 12 }, (_, i) => annualImpactFee('vertical', i + 1, 3.5));
    expect(fees).toEqual([10_000, 8_000, 6_000, ...new Array(7).fill(4_000), 0, 0]);
  });
});

describe('the fee by month', () => {
  it('horizontal at $3.50: 2,500 a month in year 1 (50,000 ÷ 12 × 0.6), 1,000 in year 4, nothing after year 15', () => {
    const fee = impactFeeColumn(streams(), HORIZONTAL);
    expectFees(januaries(fee), [2500, 2000, 1500, ...new Array(7).fill(1000), ...new Array(5).fill(500), 0, 0, 0, 0]);
    expectClose(fee[0]!, monthly(50_000));
    // Every month of a year holds its January's fee.
    expectFees(fee.slice(0, 12), new Array(12).fill(2500));
    expectClose(fee[36]!, monthly(20_000));
  });

  it('the band changes at $5.00: 2,500 a month at $4.99, 2,750 (55,000 ÷ 12 × 0.6) at $5.00', () => {
    const fee = impactFeeColumn(
      streams((r) => (r < 6 ? 4.99 : 5)),
      HORIZONTAL,
    );
    expectFees(fee.slice(0, 12), [2500, 2500, 2500, 2500, 2500, 2500, 2750, 2750, 2750, 2750, 2750, 2750]);
  });

  it('vertical: 20 %, 500 a month in year 1, 200 in years 4 to 10, nothing from year 11', () => {
    const fee = impactFeeColumn(streams(), VERTICAL);
    expectFees(januaries(fee).slice(0, 12), [500, 400, 300, 200, 200, 200, 200, 200, 200, 200, 0, 0]);
    expectClose(fee[0]!, monthly(10_000));
  });

  it('from a mid-month first production: its month by days, the well year from that month', () => {
    const fee = impactFeeColumn(streams(3.5, '2027-03-16'), { ...HORIZONTAL, startDay: day('2027-03-16') });
    expectFees(fee.slice(0, 2), [0, 0]);
    expectClose(fee[2]!, (2500 * 16) / DAYS[2]!);
    // Year 1 runs March 2027 to February 2028; March 2028 is year 2.
    expectFees([fee[13]!, fee[14]!], [2500, 2000]);
  });

  it('years from the spud date: charged from first production, in the spud year’s count', () => {
    const fee = impactFeeColumn(streams(), { ...HORIZONTAL, startDay: day('2026-11-03') });
    // Year 1 is November 2026 to October 2027.
    expectFees(fee.slice(8, 12), [2500, 2500, 2000, 2000]);
  });

  it('to the economic limit by days, nothing after it', () => {
    const fee = impactFeeColumn({ ...streams(), econLimitDay: day('2027-06-10') }, HORIZONTAL);
    expectClose(fee[5]!, (2500 * 10) / 30);
    expectFees(fee.slice(6, 12), new Array(6).fill(0));
  });

  it('in the ad valorem column, in place of the ad valorem rows; severance unchanged; a non-PA run unchanged', () => {
    const s = streams();
    const items: TaxItem[] = [
      {
        field: 'data.rows[0]',
        kind: 'severance',
        product: 'gas',
        unit: 'pct_of_revenue',
        rows: flatRows(5),
        escalation: 'none',
        calculation: 'nri',
        shrinkageCondition: 'shrunk',
        deductSeveranceTax: false,
      },
    ];
    const without = productionTaxColumns(s, items);
    const withFee = productionTaxColumns(s, items, undefined, undefined, HORIZONTAL);
    expect(Array.from(without.adValorem.slice(0, 12))).toEqual(new Array(12).fill(0));
    expectFees(withFee.adValorem.slice(0, 12), new Array(12).fill(2500));
    expect(withFee.severance.gas).toEqual(without.severance.gas);
    expectClose(withFee.total[0]!, without.total[0]! + 2500);
  });
});

describe('the impact fee in a run (production-taxes state)', () => {
  // A gas well of 1,000 MCF/D from 2026-01-01, gas at $3.50, WI and NRI 100 %, one year of life.
  const taxes = (state: string, extra: Record<string, unknown> = {}) =>
    parseModel('production-taxes', {
      data: {
        state,
        ...extra,
        rows: [
          {
            key: 'gas',
            category: 'severance_tax',
            criteria: 'entire_well_life',
            period: ['Flat'],
            value: [5],
            unit: 'pct_of_revenue',
          },
          {
            key: 'ad_valorem_tax',
            category: 'ad_val_tax',
            criteria: 'entire_well_life',
            period: ['Flat'],
            value: [2.5],
            unit: 'pct_of_revenue',
          },
        ],
      },
    });
  function run(state: string, extra?: Record<string, unknown>) {
    const mapped = wellInput({
      runDate: '2025-12-15',
      well: { id: 'w', firstProdDate: '2026-01-01' },
      forecast: {
        volumes: { gas: flatSeries('2026-01-01', 365, 1000) },
        segments: { gas: [{ startDate: '2026-01-01', endDate: '2026-12-31' }] },
      },
      models: {
        'date-settings': datesModel('2026-01-01', 1),
        pricing: flatPricing({ gas: 3.5 }),
        'production-taxes': taxes(state, extra),
      },
    });
    return { m: runWell(mapped.input).monthly, warnings: mapped.warnings };
  }

  it('pennsylvania horizontal: 50,000 ÷ 12 a month at NRI 100 % instead of the 2.5 % ad valorem; severance still 5 %', () => {
    const { m, warnings } = run('pennsylvania horizontal');
    for (let r = 0; r < 12; r++) {
      expectClose(m.adValoremTax[r]!, 50_000 / 12);
      expectClose(m.severanceTax[r]!, m.revenue.gas[r]! * 0.05);
    }
    expect(warnings).toContain(
      'production-taxes: data.rows[1] (ad valorem) is not applied: state pennsylvania horizontal charges Pennsylvania’s impact fee instead.',
    );
    const vertical = run('pennsylvania_vertical').m;
    expectClose(vertical.adValoremTax[0]!, 10_000 / 12);
  });

  it('identity: any other state (plain pennsylvania too) charges its ad valorem rows as before', () => {
    const texas = run('texas').m;
    for (let r = 0; r < 12; r++) expectClose(texas.adValoremTax[r]!, texas.revenue.gas[r]! * 0.025);
    const simple = run('pennsylvania').m;
    expect(Array.from(simple.adValoremTax)).toEqual(Array.from(texas.adValoremTax));
    expect(Array.from(simple.severanceTax)).toEqual(Array.from(texas.severanceTax));
  });
});
