import type { DateSetting } from '@econ/contract';
import { fromDayIndex, toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EconError } from '../econError';
import {
  addDays,
  type FpdSourceHierarchy,
  firstOfNextMonth,
  firstOfNextYear,
  forecastStart,
  majorPhase,
  majorSegmentDate,
  resolveDateChoice,
  resolveFpd,
  type WellForecast,
} from './dates';

/** A flat daily series of `rate` for `days` days from `from`. */
const flat = (from: string, days: number, rate: number) => ({
  start: toDayIndex(from),
  values: new Float64Array(days).fill(rate),
});

/** Oil 100 BBL/D from 2025-03-01 (segments from 2025-03-01), gas 500 MCF/D from 2025-02-10. */
const forecast = (): WellForecast => ({
  volumes: { oil: flat('2025-03-01', 100, 100), gas: flat('2025-02-10', 100, 500) },
  segments: {
    oil: [
      { startDate: '2025-06-01', endDate: '2025-12-31' },
      { startDate: '2025-03-01', endDate: '2025-05-31' },
    ],
    gas: [{ startDate: '2025-02-10', endDate: '2025-12-31' }],
  },
});

const hierarchy = (...sources: FpdSourceHierarchy['firstFpdSource'][]): FpdSourceHierarchy => ({
  firstFpdSource: sources[0] ?? { notUsed: true },
  secondFpdSource: sources[1] ?? { notUsed: true },
  thirdFpdSource: sources[2] ?? { notUsed: true },
  fourthFpdSource: sources[3] ?? { notUsed: true },
  useForecastSchedule: true,
});

describe('day arithmetic', () => {
  it('addDays counts whole days, rounding fractions, across month and leap-year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-31', 30)).toBe('2025-03-02'); // 28 days of Feb + 2
    expect(addDays('2025-01-01', 1.4)).toBe('2025-01-02');
    expect(addDays('2025-01-01', 1.6)).toBe('2025-01-03');
  });
  it('dynamic dates are strictly after runDate: first of next month / year', () => {
    expect(firstOfNextMonth('2026-11-22')).toBe('2026-12-01');
    expect(firstOfNextMonth('2026-12-01')).toBe('2027-01-01');
    expect(firstOfNextMonth('2026-12-31')).toBe('2027-01-01');
    expect(firstOfNextYear('2026-11-22')).toBe('2027-01-01');
    expect(firstOfNextYear('2026-01-01')).toBe('2027-01-01');
  });
  it('properties: addDays(addDays(d, n), −n) = d; the next first-of-month is a 1st within 1 to 31 days after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 130_000 }), fc.integer({ min: -20_000, max: 20_000 }), (day, n) => {
        const d = fromDayIndex(day);
        expect(addDays(addDays(d, n), -n)).toBe(d);
        const next = firstOfNextMonth(d);
        const gap = toDayIndex(next) - day;
        expect(next.endsWith('-01')).toBe(true);
        expect(gap >= 1 && gap <= 31).toBe(true);
      }),
    );
  });
  it('a runDate that is not a date is an EconError naming runDate', () => {
    expect(() => firstOfNextMonth('2026-13-01')).toThrow(EconError);
    expect(() => firstOfNextMonth('2026-13-01')).toThrow(/runDate/);
  });
});

describe('major phase and major segment', () => {
  it('oil BOE vs gas / 6: oil 100 × 100 = 10,000 BBL beats gas 500 × 100 / 6 = 8,333 BOE', () => {
    expect(majorPhase(forecast())).toBe('oil');
  });
  it('gas 700 × 100 / 6 = 11,667 BOE beats oil 10,000 BBL', () => {
    const f = forecast();
    f.volumes.gas = flat('2025-02-10', 100, 700);
    expect(majorPhase(f)).toBe('gas');
    expect(majorSegmentDate(f)).toBe('2025-02-10');
  });
  it('a tie goes to oil (gas 600 × 100 / 6 = 10,000 BOE)', () => {
    const f = forecast();
    f.volumes.gas = flat('2025-02-10', 100, 600);
    expect(majorPhase(f)).toBe('oil');
  });
  it('water is never major; without oil or gas volume the phase with segments; none without a forecast', () => {
    expect(majorPhase({ volumes: { water: flat('2025-01-01', 10, 1e6) }, segments: {} })).toBeUndefined();
    expect(majorPhase({ volumes: {}, segments: { gas: [{ startDate: '2025-01-01', endDate: '2025-02-01' }] } })).toBe(
      'gas',
    );
  });
  it("the major segment is the earliest start of the major phase's segments (not their list order)", () => {
    expect(majorSegmentDate(forecast())).toBe('2025-03-01');
  });
  it('the forecast start is the earliest first-segment start of any phase, else the earliest series start', () => {
    expect(forecastStart(forecast())).toBe('2025-02-10');
    expect(
      forecastStart({ volumes: { water: flat('2024-07-04', 5, 1), oil: flat('2024-08-01', 5, 1) }, segments: {} }),
    ).toBe('2024-07-04');
    expect(forecastStart({ volumes: {}, segments: {} })).toBeUndefined();
  });
  it('a segment start that is not a date is an EconError naming it', () => {
    const f: WellForecast = { volumes: {}, segments: { oil: [{ startDate: '2025-02-30', endDate: '2025-03-01' }] } };
    expect(() => forecastStart(f)).toThrow(/forecast\.segments\.oil\[0\]\.startDate/);
  });
});

describe('FPD source hierarchy: the first source that yields a date, first to fourth', () => {
  const run = (
    h: FpdSourceHierarchy,
    header: string | null | undefined,
    f = forecast(),
    production: { firstProdDateDailyCalc?: string; firstProdDateMonthlyCalc?: string } = {},
  ) => {
    const warnings: string[] = [];
    return { fpd: resolveFpd(h, { firstProdDate: header, ...production }, f, warnings), warnings };
  };

  it('date: that date, before any later source', () => {
    expect(run(hierarchy({ date: '2024-05-05' }, { wellHeader: true }), '2024-01-01')).toEqual({
      fpd: '2024-05-05',
      warnings: [],
    });
  });
  it('wellHeader: the well firstProdDate (an ISO timestamp keeps its date part)', () => {
    expect(run(hierarchy({ wellHeader: true }, { forecast: true }), '2024-01-15').fpd).toBe('2024-01-15');
    expect(run(hierarchy({ wellHeader: true }), '2024-01-15T00:00:00.000Z').fpd).toBe('2024-01-15');
  });
  it('wellHeader without a header date (null, missing, not a date) passes to the next source', () => {
    for (const header of [null, undefined, 'unknown']) {
      expect(run(hierarchy({ wellHeader: true }, { date: '2023-03-03' }), header)).toEqual({
        fpd: '2023-03-03',
        warnings: [],
      });
    }
  });
  it('productionData without production history yields nothing: the next source decides', () => {
    expect(run(hierarchy({ productionData: true }, { forecast: true }), '2024-01-15').fpd).toBe('2025-02-10');
  });
  it('productionData: the first day with daily production, else the first month with monthly production', () => {
    const h = hierarchy({ productionData: true }, { forecast: true });
    const both = { firstProdDateDailyCalc: '2021-03-17', firstProdDateMonthlyCalc: '2021-03-01' };
    expect(run(h, '2024-01-15', forecast(), both)).toEqual({ fpd: '2021-03-17', warnings: [] });
    expect(run(h, '2024-01-15', forecast(), { firstProdDateMonthlyCalc: '2021-02-01' }).fpd).toBe('2021-02-01');
    // Before a later source, and after an earlier one that yields a date.
    expect(run(hierarchy({ wellHeader: true }, { productionData: true }), null, forecast(), both).fpd).toBe(
      '2021-03-17',
    );
    expect(run(hierarchy({ wellHeader: true }, { productionData: true }), '2020-01-01', forecast(), both).fpd).toBe(
      '2020-01-01',
    );
  });
  it('forecast: the earliest first-segment start, before a later header source', () => {
    expect(run(hierarchy({ forecast: true }, { wellHeader: true }), '2024-01-15').fpd).toBe('2025-02-10');
  });
  it('notUsed is skipped: the fourth source is reached', () => {
    const h = hierarchy({ notUsed: true }, { notUsed: true }, { notUsed: true }, { date: '2022-02-02' });
    expect(run(h, '2024-01-15')).toEqual({ fpd: '2022-02-02', warnings: [] });
  });
  it('linkToWells is skipped with a warning naming the source', () => {
    const { fpd, warnings } = run(
      hierarchy({ linkToWells: '0123456789abcdef01234567' }, { wellHeader: true }),
      '2024-01-15',
    );
    expect(fpd).toBe('2024-01-15');
    expect(warnings).toEqual([
      'date-settings: fpdSourceHierarchy.firstFpdSource linkToWells is not supported (no linked wells in this service); source skipped.',
    ]);
  });
  it('none yields: the earliest forecast start, with a warning', () => {
    const { fpd, warnings } = run(hierarchy({ wellHeader: true }, { productionData: true }), null);
    expect(fpd).toBe('2025-02-10');
    expect(warnings).toEqual([
      'date-settings: fpdSourceHierarchy yields no first production date; the forecast start 2025-02-10 is used.',
    ]);
  });
  it('none yields and no forecast: undefined, with a warning', () => {
    const { fpd, warnings } = run(hierarchy({ wellHeader: true }), null, { volumes: {}, segments: {} });
    expect(fpd).toBeUndefined();
    expect(warnings).toEqual([
      'date-settings: fpdSourceHierarchy yields no first production date and the well has no forecast; FPD is unknown.',
    ]);
  });
});

describe('as-of and discount date choices', () => {
  type Ctx = { runDate: string; fpd: string | undefined; majorSegment: string | undefined };
  const ctx: Ctx = { runDate: '2026-11-22', fpd: '2025-02-10', majorSegment: '2025-03-01' };
  const resolve = (choice: DateSetting['asOfDate'], c = ctx) => {
    const warnings: string[] = [];
    return { date: resolveDateChoice('asOfDate', choice, c, warnings), warnings };
  };
  it('date: as given', () => expect(resolve({ date: '2025-07-04' })).toEqual({ date: '2025-07-04', warnings: [] }));
  it('dynamic first_of_next_month / first_of_next_year: relative to runDate', () => {
    expect(resolve({ dynamic: 'first_of_next_month' }).date).toBe('2026-12-01');
    expect(resolve({ dynamic: 'first_of_next_year' }).date).toBe('2027-01-01');
  });
  it('fpd: the resolved FPD', () => expect(resolve({ fpd: true }).date).toBe('2025-02-10'));
  it('majorSegment: the major segment start', () => expect(resolve({ majorSegment: true }).date).toBe('2025-03-01'));
  it('fpd / majorSegment the well lacks: first of next month, with a warning naming the field', () => {
    const none = { runDate: '2026-11-22', fpd: undefined, majorSegment: undefined };
    expect(resolve({ fpd: true }, none)).toEqual({
      date: '2026-12-01',
      warnings: ['date-settings: dateSetting.asOfDate is fpd but the well has no FPD; 2026-12-01 is used.'],
    });
    const warnings: string[] = [];
    expect(resolveDateChoice('discountDate', { majorSegment: true }, none, warnings)).toBe('2026-12-01');
    expect(warnings).toEqual([
      'date-settings: dateSetting.discountDate is majorSegment but the well has no oil or gas forecast; 2026-12-01 is used.',
    ]);
  });
});
