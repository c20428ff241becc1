import type { CutOff } from '@econ/contract';
import { fromDayIndex, toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { type CutOffRun, econLimit, majorPhase, primaryEndDay } from './cutOff';
import { monthExponents } from './discount';
import { EconError } from './econError';
import { buildGrid } from './grid';
import { discountTable, expectClose, flatSeries, flatWell } from './test/fixtures';
import { PHASES, type Phase } from './types';
import { runWell } from './well';

const day = (s: string) => toDayIndex(s);
const AS_OF = '2025-01-01';
const none = { minLife: { none: true as const }, alignDependentPhases: false };

/** A hand-made gross run: monthly BFIT and CAPEX from 2025-01 on, optional volumes. */
function gross(bfit: number[], capex: number[] = [], volumes: Partial<Record<Phase, number[]>> = {}) {
  const g = buildGrid(day(AS_OF), day(fromDayIndex(day(AS_OF) + 10_000)));
  g.labels.length = bfit.length;
  const grid = { ...g, start: g.start.slice(0, bfit.length), end: g.end.slice(0, bfit.length) };
  const grossVolume = {} as Record<Phase, Float64Array>;
  for (const p of PHASES) grossVolume[p] = Float64Array.from(volumes[p] ?? bfit.map(() => 0));
  const run: CutOffRun = {
    bfit: Float64Array.from(bfit),
    capex: Float64Array.from(bfit.map((_, i) => capex[i] ?? 0)),
    grossVolume,
  };
  const ctx = {
    asOfDay: day(AS_OF),
    endDay: grid.end[grid.end.length - 1]!,
    exponents: monthExponents(grid, day(AS_OF), 'monthly', 'end_month'),
    method: 'monthly' as const,
    endOfHistoryDay: day('2025-04-15'),
  };
  return (cutOff: CutOff | undefined) => {
    const l = econLimit(grid, run, cutOff, ctx);
    return { ...l, date: fromDayIndex(l.lastDay) };
  };
}

const cf = (extra: Partial<CutOff>): CutOff =>
  ({ triggerEclCapex: false, includeCapex: true, econLimitDelay: 0, ...none, ...extra }) as CutOff;

describe('cash-flow triggers (on the gross run)', () => {
  it('maxCumCashFlow: the first month where the cumulative is greatest, at the end of that month', () => {
    const at = gross([10, 10, -30, 25, -1, 5, -20]);
    // cumulative 10, 20, -10, 15, 14, 19, -1: greatest 20 in February
    expect(at(cf({ maxCumCashFlow: true, discount: 0 })).date).toBe('2025-02-28');
    // ties take the first month
    expect(gross([10, 0, 0, -1])(cf({ maxCumCashFlow: true, discount: 0 })).date).toBe('2025-01-31');
  });
  it('maxCumCashFlow discounts the cash flow first when discount > 0', () => {
    const at = gross([10, -5, 5.2]);
    expect(at(cf({ maxCumCashFlow: true, discount: 0 })).date).toBe('2025-03-31'); // 10, 5, 10.2
    expect(at(cf({ maxCumCashFlow: true, discount: 100 })).date).toBe('2025-01-31'); // 5.2 is worth < 5 a month on
  });
  it('includeCapex false puts CAPEX back into the cut-off cash flow', () => {
    const at = gross([-100, 10, -5], [150]);
    const withCapex = at(cf({ maxCumCashFlow: true, discount: 0, includeCapex: true }));
    expect(withCapex.uneconomic).toBe(true); // best cumulative −90 < 0
    expect(withCapex.lastDay).toBe(day(AS_OF) - 1);
    const without = at(cf({ maxCumCashFlow: true, discount: 0, includeCapex: false }));
    expect(without).toMatchObject({ uneconomic: false, date: '2025-02-28' });
  });
  it('firstNegativeCashFlow: the month before the first run of 1 + tolerateNegativeCF negative months', () => {
    const at = gross([5, -1, 3, -1, -1, 2]);
    expect(at(cf({ firstNegativeCashFlow: true, tolerateNegativeCF: 0 })).date).toBe('2025-01-31');
    expect(at(cf({ firstNegativeCashFlow: true, tolerateNegativeCF: 1 })).date).toBe('2025-03-31');
    expect(at(cf({ firstNegativeCashFlow: true, tolerateNegativeCF: 2 })).date).toBe('2025-06-30'); // none: last month
    const first = gross([-1, 5])(cf({ firstNegativeCashFlow: true, tolerateNegativeCF: 0 }));
    expect(first).toMatchObject({ lastDay: day(AS_OF) - 1, uneconomic: false });
  });
  it('lastPositiveCashFlow: the last month with cf > 0 (0 is not positive)', () => {
    expect(gross([5, -1, 3, 0, -1, -2])(cf({ lastPositiveCashFlow: true })).date).toBe('2025-03-31');
    expect(gross([-5, -1])(cf({ lastPositiveCashFlow: true })).lastDay).toBe(day(AS_OF) - 1);
  });
  it('uneconomic when the cumulative to the limit is < 0: the limit falls to the as-of date', () => {
    const l = gross([-5, 1, -1])(cf({ lastPositiveCashFlow: true }));
    expect(l).toMatchObject({ uneconomic: true, lastDay: day(AS_OF) - 1 });
    expect(gross([-1, 1, -1])(cf({ lastPositiveCashFlow: true })).uneconomic).toBe(false); // exactly 0
  });
  it('econLimitDelay adds months, never past the cash-flow end, and skips the uneconomic test', () => {
    expect(gross([5, -1, 3, -1, -1, -2])(cf({ lastPositiveCashFlow: true, econLimitDelay: 2 })).date).toBe(
      '2025-05-31',
    );
    expect(gross([5, -1, 3, -1])(cf({ lastPositiveCashFlow: true, econLimitDelay: 9 })).date).toBe('2025-04-30');
    const l = gross([-5, 1, -1])(cf({ lastPositiveCashFlow: true, econLimitDelay: 1 }));
    expect(l).toMatchObject({ uneconomic: false, date: '2025-03-31' });
  });
});

describe('other triggers', () => {
  it('rate triggers: the last month whose gross volume ≥ rate × 30.4375', () => {
    const oil = [3100, 2000, 1521.875, 1521.874, 1600, 10];
    const at = gross([0, 0, 0, 0, 0, 0], [], { oil, gas: oil.map((v) => v * 2), water: oil.map((v) => v / 2) });
    expect(at({ oilRate: 50, ...none }).date).toBe('2025-05-31');
    expect(at({ oilRate: 52.56, ...none }).date).toBe('2025-05-31');
    expect(at({ oilRate: 52.6, ...none }).date).toBe('2025-02-28');
    expect(at({ gasRate: 100, ...none }).date).toBe('2025-05-31');
    expect(at({ waterRate: 25.01, ...none }).date).toBe('2025-05-31');
    expect(at({ waterRate: 50, ...none }).date).toBe('2025-01-31');
    expect(at({ oilRate: 1000, ...none }).lastDay).toBe(day(AS_OF) - 1); // no month meets it
    // A month exactly at rate × 30.4375 still meets it (≥).
    expect(gross([0, 0, 0, 0], [], { oil: [3100, 2000, 1521.875, 1000] })({ oilRate: 50, ...none }).date).toBe(
      '2025-03-31',
    );
  });
  it('date: that day, capped at the cash-flow end; before as-of: no rows', () => {
    const at = gross([1, 1, 1]);
    expect(at({ date: '2025-02-10', ...none }).date).toBe('2025-02-10');
    expect(at({ date: '2030-01-01', ...none }).date).toBe('2025-03-31');
    expect(at({ date: '2024-06-01', ...none }).lastDay).toBe(day(AS_OF) - 1);
  });
  it('yearsFromAsOf: as-of + ⌊years × 365⌋ days', () => {
    const at = gross(new Array(24).fill(1));
    expect(at({ yearsFromAsOf: 0.5, ...none }).date).toBe(fromDayIndex(day(AS_OF) + 182));
    expect(at({ yearsFromAsOf: 1, ...none }).date).toBe('2026-01-01');
  });
  it('noCutOff (and no cutOff at all): the cash-flow end', () => {
    const at = gross([-1, -1, -1]);
    expect(at({ noCutOff: true, ...none }).date).toBe('2025-03-31');
    expect(at(undefined).date).toBe('2025-03-31');
  });
  it('linkToWells is refused with an EconError naming it', () => {
    expect(() => gross([1])({ linkToWells: '0123456789abcdef01234567', ...none })).toThrow(EconError);
    expect(() => gross([1])({ linkToWells: '0123456789abcdef01234567', ...none })).toThrow(/cutOff\.linkToWells/);
  });
});

describe('minLife floor', () => {
  const early = (minLife: CutOff['minLife']) =>
    gross([5, -1, 3, -1, -1, 2, 1, 1])(cf({ firstNegativeCashFlow: true, tolerateNegativeCF: 0, minLife }));
  it('date, as-of + N months − 1 day, end of history; none leaves the trigger', () => {
    expect(early({ none: true }).date).toBe('2025-01-31');
    expect(early({ date: '2025-03-10' })).toMatchObject({ date: '2025-03-10', trigger: 'minLife' });
    expect(early({ asOf: 3 }).date).toBe('2025-03-31');
    expect(early({ endHist: true }).date).toBe('2025-04-15');
    expect(early({ asOf: 100 }).date).toBe('2025-08-31'); // capped at the cash-flow end
    expect(early({ date: '2024-01-01' }).date).toBe('2025-01-31'); // a floor below the limit changes nothing
  });
  it('overrides uneconomic: the cash flow runs to the floor', () => {
    const l = gross([-5, 1, -1])(cf({ lastPositiveCashFlow: true, minLife: { asOf: 2 } }));
    expect(l).toMatchObject({ uneconomic: true, date: '2025-02-28', trigger: 'minLife' });
  });
});

describe('in a whole well run', () => {
  it('the limit is found at gross ownership (WI 100 %, NRI = lease NRI), and the net run is cut there', () => {
    // Net: NRI 10 % cannot pay the fixed expense; gross (lease NRI 80 %) can until the rate falls.
    const values = new Float64Array(2000).map((_, i) => 100 * Math.exp(-0.003 * i));
    const res = runWell(
      flatWell({
        maxWellLife: 5,
        volumes: { oil: { start: day(AS_OF), values } },
        ownership: { workingInterest: 100, netRevenueInterest: 10, leaseNetRevenueInterest: 80 },
        expenses: { fixedPerWellMonth: 20_000, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 },
        cutOff: cf({ lastPositiveCashFlow: true }),
      }),
    );
    // gross cf_m = 0.8·50·V_m − 20,000 > 0 while V_m > 500 BBL
    const last = res.monthly.labels.length - 1;
    expect(res.monthly.grossVolume.oil[last]! * 0.8 * 50).toBeGreaterThan(20_000);
    const next = runWell(flatWell({ maxWellLife: 5, volumes: { oil: { start: day(AS_OF), values } } })).monthly;
    expect(next.grossVolume.oil[last + 1]! * 0.8 * 50).toBeLessThanOrEqual(20_000);
    for (const v of res.monthly.bfit) expect(v).toBeLessThan(0); // the net run is uneconomic at net NRI
    expect(res.oneLiner.uneconomic).toBe(false);
    expect(res.oneLiner.econLimitTrigger).toBe('lastPositiveCashFlow');
  });
  it('a date limit cuts the last month to its days (volume and fixed expense)', () => {
    const res = runWell(
      flatWell({
        expenses: { fixedPerWellMonth: 2_800, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 },
        cutOff: { date: '2025-02-10', ...none },
      }),
    );
    expect(res.monthly.labels).toEqual(['2025-01-01', '2025-02-01']);
    expect(res.monthly.grossVolume.oil[1]).toBe(1_000);
    expect(res.monthly.fixedExpense[1]).toBe(1_000);
    expect(res.oneLiner.econLimitDate).toBe('2025-02-10');
    expect(res.oneLiner.eur.oil).toBe(4_100);
  });
  it('an uneconomic well has no rows and its limit is the as-of date', () => {
    const res = runWell(
      flatWell({
        capex: [{ date: AS_OF, amount: 1e9, calculation: 'gross' }],
        cutOff: cf({ lastPositiveCashFlow: true }),
      }),
    );
    expect(res.oneLiner).toMatchObject({ uneconomic: true, econLimitDate: AS_OF, wellLife: 0, bfit: 0, irr: null });
    expect(res.monthly.labels).toEqual([]);
  });
  it('CAPEX at the economic limit is left out of the cut-off run and placed on the limit day of the net run', () => {
    const res = runWell(
      flatWell({
        discountTable: discountTable(),
        capex: [{ atEconLimit: true, amount: 1e9, calculation: 'gross' }],
        cutOff: cf({ lastPositiveCashFlow: true }),
      }),
    );
    expect(res.oneLiner.uneconomic).toBe(false);
    expect(res.oneLiner.econLimitDate).toBe('2026-12-31');
    expect(res.monthly.capex[23]).toBe(1e9);
  });
});

describe('cut-off extras', () => {
  const dateCut = (date: string, extra: Partial<CutOff> = {}) => ({ date, ...none, ...extra }) as CutOff;
  const fixed = { fixedPerWellMonth: 3_000, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 };

  describe('triggerEclCapex (decision: whether CAPEX tied to the limit still falls when the cash flow is empty)', () => {
    const uneconomic = (triggerEclCapex: boolean, offsetDays?: number) =>
      runWell(
        flatWell({
          capex: [
            { date: AS_OF, amount: 1e9, calculation: 'gross' },
            { atEconLimit: true, amount: 50_000, calculation: 'gross', offsetDays },
          ],
          cutOff: cf({ lastPositiveCashFlow: true, triggerEclCapex }),
        }),
      );
    it('false: an uneconomic well holds no row and no CAPEX', () => {
      const res = uneconomic(false);
      expect(res.oneLiner).toMatchObject({ uneconomic: true, econLimitDate: AS_OF, capex: 0 });
      expect(res.monthly.labels).toEqual([]);
    });
    it('true: the CAPEX falls on the as-of day (+ offsetDays) and the cash flow is extended to hold it', () => {
      const res = uneconomic(true);
      expect(res.oneLiner).toMatchObject({ uneconomic: true, econLimitDate: AS_OF, capex: 50_000, bfit: -50_000 });
      expect(res.monthly.labels).toEqual(['2025-01-01']);
      expect(res.monthly.days[0]).toBe(1);
      expect(res.monthly.grossVolume.oil[0]).toBe(0); // no production after the limit
      expect(res.monthly.fixedExpense[0]).toBe(0);
      const later = uneconomic(true, 45); // 2025-01-01 + 45 days = 2025-02-15
      expect(later.monthly.labels).toEqual(['2025-01-01', '2025-02-01']);
      expect(later.monthly.days[1]).toBe(15);
      expect(Array.from(later.monthly.capex)).toEqual([0, 50_000]);
    });
  });

  describe('CAPEX at the economic limit with offsetDays', () => {
    const run = (offsetDays: number, afterEconLimit?: boolean) =>
      runWell(
        flatWell({
          expenses: fixed,
          capex: [{ atEconLimit: true, amount: 50_000, calculation: 'gross', offsetDays, afterEconLimit }],
          cutOff: dateCut('2025-06-15'),
        }),
      );
    it('a negative offset falls before the limit, inside the cash flow', () => {
      const m = run(-14).monthly; // 2025-06-15 − 14 days = 2025-06-01
      expect(m.labels.length).toBe(6);
      expect(m.capex[5]).toBe(50_000);
    });
    it('a positive offset is left out unless afterEconLimit, which extends the cash flow to it', () => {
      expect(run(10).oneLiner.capex).toBe(0);
      expect(run(10).monthly.days[5]).toBe(15);
      const res = run(10, true); // 2025-06-25
      const m = res.monthly;
      expect(m.labels.length).toBe(6);
      expect(m.days[5]).toBe(25);
      expect(m.capex[5]).toBe(50_000);
      expect(m.grossVolume.oil[5]).toBe(1_500); // production still ends on the 15th
      expectClose(m.fixedExpense[5]!, (3_000 * 15) / 30);
      expect(res.oneLiner.econLimitDate).toBe('2025-06-15');
      const next = run(30, true).monthly; // 2025-07-15: a row of CAPEX only
      expect(next.labels.length).toBe(7);
      expect(next.days[6]).toBe(15);
      expect([next.grossVolume.oil[6], next.fixedExpense[6], next.capex[6]]).toEqual([0, 0, 50_000]);
    });
  });

  describe('afterEconLimit CAPEX extends the grid to its date (econ-math.md, Time grid)', () => {
    it('dated after the limit: kept (and the grid extended) only with afterEconLimit', () => {
      const res = runWell(
        flatWell({
          capex: [
            { date: '2025-09-10', amount: 10_000, calculation: 'net', afterEconLimit: true },
            { date: '2025-08-01', amount: 99, calculation: 'net' },
          ],
          cutOff: dateCut('2025-06-15'),
        }),
      );
      expect(res.monthly.labels.length).toBe(9);
      expect(res.monthly.days[8]).toBe(10);
      expect(res.oneLiner.capex).toBe(10_000);
      expect(res.monthly.capex[8]).toBe(10_000);
      expect(res.monthly.totalRevenue[7]).toBe(0);
    });
    it('extended exactly to the cash-flow end, production still stops at the limit', () => {
      const res = runWell(
        flatWell({
          capex: [{ date: '2026-12-31', amount: 10_000, calculation: 'net', afterEconLimit: true }],
          cutOff: dateCut('2025-06-15'),
        }),
      );
      expect(res.monthly.labels.length).toBe(24);
      expect(res.oneLiner.eur.oil).toBe(100 * 166); // 2025-01-01 to 2025-06-15
      expect(res.monthly.grossVolume.oil[6]).toBe(0);
    });
    it('also past the maximum well life; afterEconLimit CAPEX is left out of the cut-off run', () => {
      const res = runWell(
        flatWell({
          capex: [{ date: '2027-03-05', amount: 1e9, calculation: 'net', afterEconLimit: true }],
          cutOff: cf({ lastPositiveCashFlow: true }),
        }),
      );
      expect(res.oneLiner).toMatchObject({ uneconomic: false, econLimitDate: '2026-12-31' });
      expect(res.monthly.labels.length).toBe(27);
      expect(res.monthly.labels[26]).toBe('2027-03-01');
      expect(res.monthly.price.oil[26]).toBe(50);
      expect(res.monthly.capex[26]).toBe(1e9);
    });
  });

  describe('cashFlowPriorAsOfDate', () => {
    const prior = (cashFlowPriorAsOfDate: boolean, cutOff?: CutOff) =>
      runWell(
        flatWell({
          cashFlowPriorAsOfDate,
          expenses: fixed,
          capex: [{ date: '2024-11-15', amount: 300_000, calculation: 'net' }],
          cutOff,
        }),
      );
    it('off: CAPEX before the as-of date is left out', () => {
      const res = prior(false);
      expect(res.oneLiner.capex).toBe(0);
      expect(res.monthly.labels[0]).toBe('2025-01-01');
    });
    it('on: the cash flow starts at the earliest CAPEX date; rows before as-of hold CAPEX only', () => {
      const res = prior(true);
      const m = res.monthly;
      expect(m.labels.slice(0, 3)).toEqual(['2024-11-01', '2024-12-01', '2025-01-01']);
      expect(Array.from(m.days.slice(0, 3))).toEqual([16, 31, 31]);
      expect(m.capex[0]).toBe(300_000);
      expect([m.grossVolume.oil[0], m.grossVolume.oil[1], m.fixedExpense[0], m.fixedExpense[1]]).toEqual([0, 0, 0, 0]);
      expect(m.grossVolume.oil[2]).toBe(3_100);
      expect(m.fixedExpense[2]).toBe(3_000);
      expect(m.firstDiscountCashFlow[0]).toBe(-300_000); // before the discount date: DF = 1
      expect(res.oneLiner.capex).toBe(300_000);
      expect(res.oneLiner.wellLife).toBe(26 / 12);
      expect(res.oneLiner.econLimitDate).toBe('2026-12-31');
    });
    it('the cut-off looks from the as-of month on: the sunk CAPEX does not end the well', () => {
      const res = prior(true, cf({ firstNegativeCashFlow: true, tolerateNegativeCF: 0, includeCapex: true }));
      expect(res.oneLiner).toMatchObject({ uneconomic: false, econLimitDate: '2026-12-31' });
    });
  });

  describe('alignDependentPhases (decision: the primary is the major phase by gross BOE)', () => {
    const aligned = (align: boolean, oil: [number, number], gas: [number, number]) =>
      runWell(
        flatWell({
          volumes: {
            oil: flatSeries(AS_OF, oil[0], oil[1]),
            gas: flatSeries(AS_OF, gas[0], gas[1]),
            water: flatSeries(AS_OF, 800, 50),
          },
          cutOff: { noCutOff: true, minLife: { none: true }, alignDependentPhases: align },
        }),
      );
    it('oil primary (200 days × 100 BBL = 20,000 BOE against 730 × 60 MCF / 6 = 7,300): the others end with it', () => {
      const off = aligned(false, [200, 100], [800, 60]).oneLiner.eur;
      expect([off.oil, off.gas, off.water]).toEqual([20_000, 60 * 730, 50 * 730]);
      const on = aligned(true, [200, 100], [800, 60]).oneLiner.eur;
      expect([on.oil, on.gas, on.water]).toEqual([20_000, 60 * 200, 50 * 200]);
    });
    it('gas primary (100 days × 1,200 MCF / 6 = 20,000 BOE against 730 × 20 BBL = 14,600): the oil ends with the gas', () => {
      const on = aligned(true, [800, 20], [100, 1_200]).oneLiner.eur;
      expect([on.oil, on.gas, on.water]).toEqual([20 * 100, 1_200 * 100, 50 * 100]);
      // By volume over the life, not by rate: 300 MCF/D for 730 days (36,500 BOE) outweighs 200 days of oil.
      const gas = aligned(true, [200, 100], [800, 300]).oneLiner.eur;
      expect([gas.oil, gas.gas]).toEqual([20_000, 300 * 730]);
    });
    it('a well without oil or gas has no primary: nothing is cut', () => {
      const res = runWell(
        flatWell({
          volumes: { water: flatSeries(AS_OF, 800, 50) },
          cutOff: { noCutOff: true, minLife: { none: true }, alignDependentPhases: true },
        }),
      );
      expect(res.oneLiner.eur.water).toBe(50 * 730);
    });
    it('majorPhase and primaryEndDay', () => {
      expect(majorPhase(100, 600, { oil: 1, gas: 6 })).toBe('oil'); // a tie is oil
      expect(majorPhase(100, 601, { oil: 1, gas: 6 })).toBe('gas');
      const s = { start: day(AS_OF), values: Float64Array.from([1, 2, 0, 3, 0, 0]) };
      expect(primaryEndDay(s, day(AS_OF), day(AS_OF) + 100)).toBe(day(AS_OF) + 3);
      expect(primaryEndDay(s, day(AS_OF), day(AS_OF) + 1)).toBe(day(AS_OF) + 1);
      expect(primaryEndDay(undefined, day(AS_OF), day(AS_OF) + 1)).toBe(day(AS_OF) - 1);
    });
  });
});
