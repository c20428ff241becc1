import type { DiscountMethod } from '@econ/contract';
import { dailySeries, toSegment } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountFactor, monthExponents } from './discount';
import { EconError } from './econError';
import { buildGrid, dayOf } from './grid';
import { daysBetween, discountTable, expectClose, flatSeries, flatWell, TABLE_RATES } from './test/fixtures';
import { runWell } from './well';

const N: Record<DiscountMethod, number> = { yearly: 1, quarterly: 4, monthly: 12, daily: 365 };

/** The first day of the month after 'YYYY-MM-01'. */
const nextFirst = (label: string) => {
  const [y, m] = label.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

describe('reference well: flat rate × flat price × 100 % WI', () => {
  for (const method of ['yearly', 'quarterly', 'monthly', 'daily'] as DiscountMethod[]) {
    for (const accrual of ['mid_month', 'end_month'] as const) {
      it(`${method}, ${accrual}: NPV = Σ q·days·P·(1 + r/n)^(−n·d'/365.25), computed by hand`, () => {
        const res = runWell(
          flatWell({
            discountTable: discountTable({ discountMethod: method, cashAccrualTime: accrual, firstDiscount: 10 }),
          }),
        );
        expect(res.monthly.labels.length).toBe(24);
        let want = 0;
        let undiscounted = 0;
        for (const label of res.monthly.labels) {
          const days = daysBetween(label, nextFirst(label));
          const cf = 100 * days * 50;
          const d = daysBetween('2025-01-01', nextFirst(label));
          const dd = accrual === 'mid_month' ? d - 15 : d;
          want += cf * (1 + 0.1 / N[method]) ** ((-N[method] * dd) / 365.25);
          undiscounted += cf;
        }
        expectClose(res.oneLiner.firstDiscountNpv, want, 1e-12);
        expectClose(res.oneLiner.npv.find((x) => x.rate === 10)!.npv, want, 1e-12);
        expectClose(res.oneLiner.bfit, undiscounted, 1e-15);
        expect(res.oneLiner.bfit).toBe(100 * 730 * 50);
        expect(res.oneLiner.eur.oil).toBe(73_000);
        expect(res.oneLiner.wellLife).toBe(2);
        expect(res.oneLiner.irr).toBeNull(); // never changes sign
        expect(res.oneLiner.roi).toBeNull(); // no CAPEX
        expect(res.oneLiner.payout).toEqual({ date: '2025-01-01', months: 1 });
        expect(res.oneLiner.econLimitDate).toBe('2026-12-31');
      });
    }
  }
});

describe('ownership, prices and expenses', () => {
  const well = () =>
    flatWell({
      asOfDate: '2025-01-17',
      discountDate: '2025-01-17',
      maxWellLife: 1,
      volumes: {
        oil: flatSeries('2025-01-01', 800, 100),
        gas: flatSeries('2025-01-01', 800, 300),
        water: flatSeries('2025-01-01', 800, 50),
      },
      ownership: {
        workingInterest: 50,
        netRevenueInterest: 40,
        leaseNetRevenueInterest: 80,
        oilNetRevenueInterest: 30,
        gasNetRevenueInterest: null,
      },
      prices: {
        oil: { flat: 70 },
        gas: {
          rows: [
            { from: '2024-06-01', price: 3 },
            { from: '2025-03-15', price: 4 },
          ],
        },
      },
      expenses: { fixedPerWellMonth: 1_000, variable: { oil: 2, water: 1 }, severanceTaxPct: 5, adValoremTaxPct: 2 },
    });
  it('net volume = gross × NRI (absolute; per-phase NRIs replace it), revenue = net × price', () => {
    const m = runWell(well()).monthly;
    expect(m.labels[0]).toBe('2025-01-01');
    expect(m.days[0]).toBe(15); // Jan 17..31
    expect(m.grossVolume.oil[0]).toBe(1_500);
    expectClose(m.netVolume.oil[0]!, 1_500 * 0.3);
    expectClose(m.netVolume.gas[0]!, 4_500 * 0.4);
    expectClose(m.revenue.oil[0]!, 1_500 * 0.3 * 70);
    expectClose(m.totalRevenue[0]!, 1_500 * 0.3 * 70 + 4_500 * 0.4 * 3);
  });
  it('dated prices: the row in effect on each month first day; before the first row, its price', () => {
    const m = runWell(well()).monthly;
    expect(Array.from(m.price.gas.slice(0, 5))).toEqual([3, 3, 3, 4, 4]); // Jan, Feb, Mar (1st < 15th), Apr, May
    const early = runWell({ ...well(), prices: { oil: { rows: [{ from: '2030-01-01', price: 9 }] } } }).monthly;
    expect(early.price.oil[0]).toBe(9);
    expect(early.price.gas[0]).toBe(0); // a product left out sells at 0
  });
  it('refuses dated price rows out of order, naming the row', () => {
    const bad = {
      ...well(),
      prices: {
        oil: {
          rows: [
            { from: '2025-03-01', price: 1 },
            { from: '2025-02-01', price: 2 },
          ],
        },
      },
    };
    expect(() => runWell(bad)).toThrow(EconError);
    expect(() => runWell(bad)).toThrow(/prices\.oil\.rows\[1\]\.from/);
  });
  it('fixed expense × WI × days/days-in-month; variable = gross × $/unit × WI; taxes on revenue', () => {
    const m = runWell(well()).monthly;
    expectClose(m.fixedExpense[0]!, (1_000 * 0.5 * 15) / 31);
    expectClose(m.fixedExpense[1]!, 500);
    expectClose(m.variableExpense[1]!, (2_800 * 2 + 1_400 * 1) * 0.5);
    expectClose(m.severanceTax[1]!, m.totalRevenue[1]! * 0.05);
    expectClose(m.adValoremTax[1]!, m.totalRevenue[1]! * 0.95 * 0.02);
    // The last row ends on the cash-flow end (2026-01-16): partial too.
    const last = m.labels.length - 1;
    expect(m.labels[last]).toBe('2026-01-01');
    expect(m.days[last]).toBe(16);
    expectClose(m.fixedExpense[last]!, (1_000 * 0.5 * 16) / 31);
    for (let r = 0; r < m.labels.length; r++) {
      expectClose(
        m.bfit[r]!,
        m.totalRevenue[r]! - m.fixedExpense[r]! - m.variableExpense[r]! - m.severanceTax[r]! - m.adValoremTax[r]!,
        1e-12,
      );
    }
  });
});

describe('CAPEX', () => {
  const withCapex = () =>
    flatWell({
      ownership: { workingInterest: 50, netRevenueInterest: 40, leaseNetRevenueInterest: 80 },
      capex: [
        { date: '2025-02-10', amount: 1_000_000, calculation: 'gross', dealTerms: 1.2 },
        { date: '2025-02-20', amount: 10_000, calculation: 'net' },
        { date: '2024-12-31', amount: 5, calculation: 'net' }, // before the as-of date: left out
        { atEconLimit: true, amount: 7_000, calculation: 'gross' },
      ],
    });
  it('gross rows × WI × dealTerms, net rows as entered, in the row of their day; atEconLimit on the last day', () => {
    const res = runWell(withCapex());
    const m = res.monthly;
    expectClose(m.capex[1]!, 1_000_000 * 0.5 * 1.2 + 10_000);
    expect(m.capex[0]).toBe(0);
    expectClose(m.capex[23]!, 3_500);
    expectClose(res.oneLiner.capex, 600_000 + 10_000 + 3_500);
    expectClose(m.bfit[1]!, m.totalRevenue[1]! - 610_000);
  });
  it('is discounted to its own day: the month is (BFIT + CAPEX)·DF_month − Σ CAPEX_i·DF_day(i)', () => {
    const m = runWell(withCapex()).monthly;
    const dfDay = (date: string) => (1 + 0.1 / 12) ** ((-12 * daysBetween('2025-01-01', date)) / 365.25);
    const dfMonth = (1 + 0.1 / 12) ** ((-12 * daysBetween('2025-01-01', '2025-03-01')) / 365.25);
    expectClose(
      m.firstDiscountCashFlow[1]!,
      m.totalRevenue[1]! * dfMonth - 600_000 * dfDay('2025-02-10') - 10_000 * dfDay('2025-02-20'),
      1e-12,
    );
  });
  it('ROI = (revenue − expenses − taxes) / CAPEX', () => {
    const o = runWell(withCapex()).oneLiner;
    expectClose(o.roi!, (o.revenue - o.expenses - o.taxes) / o.capex);
  });
});

describe('identities', () => {
  const conventional = (capex: number, method: DiscountMethod = 'monthly') =>
    runWell(
      flatWell({
        maxWellLife: 10,
        volumes: {
          oil: {
            start: dayOf('d', '2025-01-01'),
            values: new Float64Array(4000).map((_, i) => 200 * Math.exp(-0.001 * i)),
          },
        },
        expenses: { fixedPerWellMonth: 2_000, variable: {}, severanceTaxPct: 4.6, adValoremTaxPct: 2 },
        capex: [{ date: '2025-01-01', amount: capex, calculation: 'gross' }],
        discountTable: discountTable({ discountMethod: method, cashAccrualTime: 'mid_month' }),
      }),
    );
  it('NPV at 0 % equals the undiscounted cumulative', () => {
    const res = runWell(flatWell({ capex: [{ date: '2025-03-05', amount: 200_000, calculation: 'gross' }] }));
    expect(res.oneLiner.npv[0]).toEqual({ rate: 0, npv: res.oneLiner.bfit });
    expectClose(res.oneLiner.bfit, res.monthly.cumBfit[res.monthly.cumBfit.length - 1]!, 1e-15);
    expect(res.oneLiner.npv.map((x) => x.rate)).toEqual(TABLE_RATES);
  });
  it('NPV strictly falls as the rate rises for a conventional cash flow', () => {
    const npvs = conventional(2_000_000).oneLiner.npv.map((x) => x.npv);
    for (let i = 1; i < npvs.length; i++) expect(npvs[i]!).toBeLessThan(npvs[i - 1]!);
  });
  for (const method of ['yearly', 'quarterly', 'monthly', 'daily'] as DiscountMethod[]) {
    it(`${method}: NPV at the reported IRR's period rate is ≈ 0 (CAPEX discounted by month)`, () => {
      const res = conventional(2_000_000, method);
      const irr = res.oneLiner.irr!;
      expect(irr).toBeGreaterThan(0);
      const period = (1 + irr / 100) ** (1 / N[method]) - 1;
      const grid = buildGrid(dayOf('a', '2025-01-01'), dayOf('b', '2034-12-31'));
      const e = monthExponents(grid, dayOf('d', '2025-01-01'), method, 'mid_month');
      let sum = 0;
      for (let r = 0; r < e.length; r++)
        sum += res.monthly.bfit[r]! * discountFactor(e[r]!, period * N[method] * 100, method);
      expect(Math.abs(sum)).toBeLessThan(1e-6 * 2_000_000);
    });
  }
  it('payout is the first month with cumulative strictly > 0 (a cumulative of exactly 0 is not payout)', () => {
    // January 155,000 + February 140,000 exactly repay 295,000 of CAPEX: cumulative 0 after February.
    const res = runWell(flatWell({ capex: [{ date: '2025-01-01', amount: 295_000, calculation: 'net' }] }));
    expect(res.monthly.cumBfit[1]).toBe(0);
    expect(res.oneLiner.payout).toEqual({ date: '2025-03-01', months: 3 });
    expect(res.oneLiner.discountedPayout!.months).toBeGreaterThanOrEqual(3);
    expect(
      runWell(flatWell({ capex: [{ date: '2025-01-01', amount: 1e12, calculation: 'net' }] })).oneLiner.payout,
    ).toBeNull();
  });
  it('EUR adds the volume before the as-of date; well life is rows / 12', () => {
    const res = runWell(flatWell({ maxWellLife: 1.5, cumulativeBefore: { oil: 1_000 } }));
    expect(res.oneLiner.eur.oil).toBe(1_000 + 100 * daysBetween('2025-01-01', '2026-07-01'));
    expect(res.oneLiner.wellLife).toBe(1.5);
  });
  it('property: NPV(0) = cumulative, NPV falls with the rate, first/second discount columns sum to their NPVs', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1_000, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 27 }),
        fc.constantFrom<DiscountMethod>('yearly', 'quarterly', 'monthly', 'daily'),
        fc.constantFrom('mid_month' as const, 'end_month' as const),
        (rate, price, wi, startDay, method, accrual) => {
          const asOf = `2025-03-${String(startDay + 1).padStart(2, '0')}`;
          const res = runWell(
            flatWell({
              asOfDate: asOf,
              discountDate: asOf,
              maxWellLife: 3,
              volumes: { oil: flatSeries('2025-01-01', 2000, rate) },
              prices: { oil: { flat: price } },
              ownership: { workingInterest: wi, netRevenueInterest: wi * 0.8, leaseNetRevenueInterest: 80 },
              capex: [{ date: asOf, amount: rate * price * 200, calculation: 'gross' }],
              discountTable: discountTable({
                discountMethod: method,
                cashAccrualTime: accrual,
                firstDiscount: 10,
                secondDiscount: 20,
              }),
            }),
          );
          const o = res.oneLiner;
          const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
          const scale = rate * price * 1000;
          expectClose(o.npv[0]!.npv, o.bfit, 1e-9, scale);
          expectClose(o.firstDiscountNpv, o.npv.find((x) => x.rate === 10)!.npv, 1e-9, scale);
          expectClose(o.secondDiscountNpv, sum(res.monthly.secondDiscountCashFlow), 1e-9, scale);
          for (let i = 1; i < o.npv.length; i++) if (!(o.npv[i]!.npv < o.npv[i - 1]!.npv)) return false;
          return o.payout !== null && o.irr !== null && o.irr > 0;
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('input checks', () => {
  it('names the field of an interest out of 0..100, a bad date, or a CAPEX item without a day', () => {
    const own = { workingInterest: 100, netRevenueInterest: 100, leaseNetRevenueInterest: 100 };
    expect(() => runWell(flatWell({ ownership: { ...own, workingInterest: 101 } }))).toThrow(
      /ownership\.workingInterest/,
    );
    expect(() => runWell(flatWell({ ownership: { ...own, gasNetRevenueInterest: -1 } }))).toThrow(
      /ownership\.gasNetRevenueInterest/,
    );
    expect(() => runWell(flatWell({ asOfDate: '2025-02-30' }))).toThrow(/asOfDate/);
    expect(() => runWell(flatWell({ capex: [{ amount: 1, calculation: 'net' }] }))).toThrow(/capex\[0\]\.date/);
    expect(() =>
      runWell(flatWell({ capex: [{ date: '2025-01-01', amount: Number.NaN, calculation: 'net' }] })),
    ).toThrow(/capex\[0\]\.amount/);
  });
  it('names the expense field that is not a number or a tax percent outside 0..100', () => {
    const e = { fixedPerWellMonth: 0, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 };
    expect(() => runWell(flatWell({ expenses: { ...e, severanceTaxPct: 120 } }))).toThrow(/expenses\.severanceTaxPct/);
    expect(() => runWell(flatWell({ expenses: { ...e, variable: { gas: Number.NaN } } }))).toThrow(
      /expenses\.variable\.gas/,
    );
  });
  it('takes a contract initialOwnership as it is', () => {
    const initialOwnership = {
      workingInterest: 100,
      netProfitInterestType: 'expense' as const,
      netProfitInterest: 0,
      netRevenueInterest: 75,
      leaseNetRevenueInterest: 80,
      oilNetRevenueInterest: null,
    };
    expect(runWell(flatWell({ ownership: initialOwnership })).monthly.netVolume.oil[0]).toBe(3100 * 0.75);
  });
});

describe('reference well: an exponential decline from @econ/decline at a flat price, 100 % WI', () => {
  it('monthly volumes and the NPV match the closed form q0·(e^(−Da) − e^(−D(b+1)))/(1 − e^(−D)) per month', () => {
    const seg = toSegment({
      segmentType: 'exp_dec',
      startDate: '2025-01-01',
      endDate: '2045-12-31',
      qStart: 800,
      dEff: 0.35,
    });
    const series = dailySeries([seg]);
    const res = runWell(
      flatWell({
        maxWellLife: 20,
        volumes: { oil: series },
        discountTable: discountTable({ discountMethod: 'yearly', cashAccrualTime: 'mid_month', firstDiscount: 10 }),
      }),
    );
    const D = seg.D;
    let want = 0;
    let eur = 0;
    for (const [r, label] of res.monthly.labels.entries()) {
      const a = daysBetween('2025-01-01', label);
      const b = daysBetween('2025-01-01', nextFirst(label)) - 1;
      const volume = (800 * (Math.exp(-D * a) - Math.exp(-D * (b + 1)))) / (1 - Math.exp(-D));
      expectClose(res.monthly.grossVolume.oil[r]!, volume, 1e-10);
      want += volume * 50 * 1.1 ** (-(daysBetween('2025-01-01', nextFirst(label)) - 15) / 365.25);
      eur += volume;
    }
    expect(res.monthly.labels.length).toBe(240);
    expectClose(res.oneLiner.firstDiscountNpv, want, 1e-10);
    expectClose(res.oneLiner.eur.oil, eur, 1e-10);
    // The whole 20 years at once: Σ over days 0..N−1 of q0·e^(−Di).
    const days = daysBetween('2025-01-01', '2045-01-01');
    expectClose(res.oneLiner.eur.oil, (800 * (1 - Math.exp(-D * days))) / (1 - Math.exp(-D)), 1e-10);
  });
});

describe('NPI (econ-math.md, Ownership): NP = revenue − expenses − taxes; npi = NP × NPI% where NP > 0', () => {
  // 100 BBL/D × $50, WI 100 %, NRI 100 %, fixed expense $130,000 a month, severance 10 %, NPI 10 %.
  // January: revenue 155,000, severance 15,500, NP = 9,500 → NPI 950.
  // February: revenue 140,000, severance 14,000, NP = −4,000 → no NPI.
  // March: NP = 9,500 → NPI 950. CAPEX $50,000 (gross) on 2025-01-10.
  const npiWell = (type: 'expense' | 'revenue') =>
    flatWell({
      maxWellLife: 1,
      ownership: {
        workingInterest: 100,
        netRevenueInterest: 100,
        leaseNetRevenueInterest: 100,
        netProfitInterestType: type,
        netProfitInterest: 10,
      },
      expenses: { fixedPerWellMonth: 130_000, variable: {}, severanceTaxPct: 10, adValoremTaxPct: 0 },
      capex: [{ date: '2025-01-10', amount: 50_000, calculation: 'gross' }],
    });
  it('expense type: npi column −NP·NPI% (paid), BFIT = NP − CAPEX − NPI paid', () => {
    const m = runWell(npiWell('expense')).monthly;
    expectClose(m.npi[0]!, -950);
    expect(m.npi[1]).toBe(0); // NP < 0
    expectClose(m.npi[2]!, -950);
    expectClose(m.bfit[0]!, 9_500 - 50_000 - 950);
    expectClose(m.bfit[1]!, -4_000);
    expectClose(m.bfit[2]!, 9_500 - 950);
  });
  it('revenue type: BFIT = npi (+NP·NPI%, received), CAPEX neither in BFIT nor discounted', () => {
    const res = runWell(npiWell('revenue'));
    const m = res.monthly;
    expectClose(m.npi[0]!, 950);
    expect(m.bfit[1]).toBe(0);
    expectClose(m.bfit[0]!, 950);
    expectClose(m.bfit[2]!, 950);
    expectClose(m.capex[0]!, 50_000); // still reported
    // NPV at 10 % = Σ npi·(1 + 0.1/12)^(−12·d/365.25), d = days to the next month's first day.
    let want = 0;
    for (const [r, label] of m.labels.entries()) {
      want += m.npi[r]! * (1 + 0.1 / 12) ** ((-12 * daysBetween('2025-01-01', nextFirst(label))) / 365.25);
    }
    expectClose(res.oneLiner.firstDiscountNpv, want, 1e-12);
    expectClose(res.oneLiner.bfit, res.oneLiner.npi);
  });
  it('ROI = (revenue − expenses − taxes + npi) / CAPEX with npi signed; the one-liner totals npi', () => {
    for (const type of ['expense', 'revenue'] as const) {
      const o = runWell(npiWell(type)).oneLiner;
      // 31-day months: NP 9,500 → 950 (seven of them); 30-day months: 150,000 − 130,000 − 15,000 = 5,000 → 500
      // (four); February none: 7 × 950 + 4 × 500 = 8,650.
      expectClose(Math.abs(o.npi), 8_650);
      expectClose(o.roi!, (o.revenue - o.expenses - o.taxes + o.npi) / 50_000);
    }
    const e = runWell(npiWell('expense')).oneLiner;
    expect(e.npi).toBeLessThan(0);
  });
  it('NPI 0 % changes nothing, whatever its type', () => {
    const a = runWell(flatWell({ capex: [{ date: '2025-01-10', amount: 5e5, calculation: 'gross' }] }));
    const b = runWell(
      flatWell({
        ownership: { ...flatWell().ownership, netProfitInterest: 0, netProfitInterestType: 'revenue' },
        capex: [{ date: '2025-01-10', amount: 5e5, calculation: 'gross' }],
      }),
    );
    expect(b.oneLiner.npi).toBe(0);
    expect(a.oneLiner.npi).toBe(0);
    expect(Array.from(b.monthly.bfit)).toEqual(Array.from(a.monthly.bfit));
  });
});
