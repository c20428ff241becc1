import { econModelExample, OperationsFunctions } from '@econ/contract';
import { type DailySeries, eur, monthlySeries, toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { EconError } from '../econError';
import { expectClose } from '../test/fixtures';
import { operatedSeries, operateSeries, operationsPlan } from './operations';
import type { RowRefs } from './rows';

/*
 * Reference cases by hand: a forecast from 2027-01-01 for the 365 days of 2027, either flat at
 * 100 BBL/D or declining linearly (100 − 0.1·i on its i-th day); as-of 2027-01-01, FPD 2026-07-01.
 */

const START = toDayIndex('2027-01-01');
const FLAT: DailySeries = { start: START, values: new Float64Array(365).fill(100) };
const DECLINE: DailySeries = { start: START, values: Float64Array.from({ length: 365 }, (_, i) => 100 - 0.1 * i) };
const REFS: RowRefs = { fpd: '2026-07-01', asOfDay: START, discountDay: START };
const day = (date: string) => toDayIndex(date);

const run = (operations: unknown, series = FLAT, phase: 'oil' | 'gas' | 'water' = 'oil', refs = REFS) =>
  operatedSeries(series, phase, OperationsFunctions.parse({ operations }).operations, refs);
/** Monthly volumes by 'YYYY-MM', rounded to 1e-6. */
const months = (s: DailySeries) => {
  const m = monthlySeries(s);
  return Object.fromEntries(m.labels.map((l, i) => [l.slice(0, 7), Math.round(m.values[i]! * 1e6) / 1e6]));
};
const at = (s: DailySeries, date: string) => s.values[day(date) - s.start]!;
const JUNE = { dates: { startDate: '2027-06-01', endDate: '2027-06-30' } };

describe('operations: shut-ins', () => {
  it('shifted (default): June is 0, production resumes in July where it stopped, nothing is lost', () => {
    const out = run({ shutIn: { rows: [JUNE] } }, DECLINE);
    expect(out.values.length).toBe(365 + 30);
    expect(months(out)['2027-06']).toBe(0);
    expect(at(out, '2027-05-31')).toBe(at(DECLINE, '2027-05-31'));
    expect(at(out, '2027-07-01')).toBe(at(DECLINE, '2027-06-01'));
    expect(at(out, '2028-01-30')).toBe(at(DECLINE, '2027-12-31'));
    expectClose(eur(out), eur(DECLINE));
  });

  it('calendar: June is 0 and July is July’s own; the 3,000 BBL of June are lost', () => {
    const out = run({ shutIn: { rows: [{ ...JUNE, resume: 'calendar' }] } });
    expect(out.values.length).toBe(365);
    expect(months(out)).toMatchObject({ '2027-05': 3100, '2027-06': 0, '2027-07': 3100 });
    expectClose(eur(out), 36_500 - 3000);
  });

  it('a multiplier of 120 % for 2 months after it; without months, to the end', () => {
    const two = months(
      run({ shutIn: { rows: [{ ...JUNE, resume: 'calendar', multiplier: 120, multiplierMonths: 2 }] } }),
    );
    expect(two).toMatchObject({ '2027-06': 0, '2027-07': 3720, '2027-08': 3720, '2027-09': 3000 });
    const all = months(run({ shutIn: { rows: [{ ...JUNE, multiplier: 50 }] } }));
    expect(all).toMatchObject({ '2027-05': 3100, '2027-06': 0, '2027-07': 1550, '2028-01': 1500 });
  });

  it('months from the as-of date or FPD give the same days as the dates of June', () => {
    const byDates = run({ shutIn: { rows: [JUNE] } }, DECLINE);
    expect(run({ shutIn: { rows: [{ offsetToAsOf: { start: 6, end: 6 } }] } }, DECLINE)).toEqual(byDates);
    // FPD 2026-07-01: June 2027 is its month 12.
    expect(run({ shutIn: { rows: [{ offsetToFpd: { start: 12, end: 12 } }] } }, DECLINE)).toEqual(byDates);
  });

  it('months from the end of the history or the first segment too; without them, an EconError naming the row', () => {
    const byDates = run({ shutIn: { rows: [JUNE] } }, DECLINE);
    // History ending 2027-03-14: June is its month 4; the first segment from 2027-01-01: month 6.
    const refs = { ...REFS, endHistoryDay: day('2027-03-14'), firstSegmentDay: START };
    expect(run({ shutIn: { rows: [{ offsetToEndHistory: { start: 4, end: 4 } }] } }, DECLINE, 'oil', refs)).toEqual(
      byDates,
    );
    expect(run({ shutIn: { rows: [{ offsetToFirstSegment: { start: 6, end: 6 } }] } }, DECLINE, 'oil', refs)).toEqual(
      byDates,
    );
    expect(() => run({ shutIn: { rows: [{ offsetToEndHistory: { start: 4, end: 4 } }] } })).toThrow(
      expect.objectContaining({ parameter: 'operations.shutIn.rows[0].offsetToEndHistory' }),
    );
  });

  it('only the phase shut in (all: every phase); NGL and drip condensate are the caller’s, as gas', () => {
    const oilOnly = { shutIn: { rows: [{ ...JUNE, phase: 'oil' }] } };
    expect(months(run(oilOnly, FLAT, 'oil'))['2027-06']).toBe(0);
    expect(run(oilOnly, FLAT, 'gas').values).toEqual(FLAT.values);
    expect(months(run({ shutIn: { rows: [JUNE] } }, FLAT, 'water'))['2027-06']).toBe(0);
  });

  it('in order of their first day, each on the series the earlier left (two shifted months: 60 days later)', () => {
    const out = run(
      { shutIn: { rows: [{ dates: { startDate: '2027-09-01', endDate: '2027-09-30' } }, JUNE] } },
      DECLINE,
    );
    expect(months(out)).toMatchObject({ '2027-06': 0, '2027-09': 0 });
    // August holds what was July's; October what was August's (60 days later: 2027-08-02).
    expect(at(out, '2027-10-01')).toBe(at(DECLINE, '2027-08-02'));
    expectClose(eur(out), eur(DECLINE));
  });

  it('a shut-in before the forecast changes nothing; one across its start delays it', () => {
    const before = { dates: { startDate: '2026-10-01', endDate: '2026-12-31' } };
    expect(run({ shutIn: { rows: [before] } }, DECLINE).values).toEqual(DECLINE.values);
    const across = run({ shutIn: { rows: [{ dates: { startDate: '2026-12-01', endDate: '2027-01-10' } }] } }, DECLINE);
    expect(at(across, '2027-01-10')).toBe(0);
    expect(at(across, '2027-01-11')).toBe(at(DECLINE, '2027-01-01'));
    expect(across.values.length).toBe(375);
  });

  it('leaves its input alone', () => {
    const copy = new Float64Array(DECLINE.values);
    run(
      {
        shutIn: { rows: [{ ...JUNE, resume: 'calendar', multiplier: 10 }] },
        downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: 50 }] },
      },
      DECLINE,
    );
    expect(DECLINE.values).toEqual(copy);
  });
});

describe('operations: downtime and schedule', () => {
  it('5 % downtime keeps 95 % of every month; rows by date hold from their month', () => {
    const flat = run({ downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: 5 }] } });
    expectClose(eur(flat), 36_500 * 0.95);
    const dated = months(
      run({
        downtime: {
          rows: [
            { dates: '2027-03-01', pctDowntime: 10 },
            { dates: '2027-05-01', pctDowntime: 0 },
          ],
        },
      }),
    );
    expect(dated).toMatchObject({ '2027-02': 2800, '2027-03': 2790, '2027-04': 2700, '2027-05': 3100 });
  });

  it('days on per month over the month’s days (at most all of them); hours on per day over 24', () => {
    const days = months(run({ schedule: { rows: [{ entireWellLife: 'Flat', daysOnPerMonth: 15 }] } }));
    expect(days).toMatchObject({ '2027-01': 1500, '2027-02': 1500, '2027-04': 1500 });
    const all = months(run({ schedule: { rows: [{ entireWellLife: 'Flat', daysOnPerMonth: 31 }] } }));
    expect(all).toMatchObject({ '2027-02': 2800, '2027-03': 3100 });
    const hours = run({ schedule: { rows: [{ offsetToAsOf: { start: 2, end: 2 }, hoursOnPerDay: 12 }] } });
    // The last row runs to the end: 12 hours from February on; January (before the first row) all day.
    expect(months(hours)).toMatchObject({ '2027-01': 3100, '2027-02': 1400, '2027-12': 1550 });
  });

  it('the example: a 30-day June shut-in shifted, then 5 % downtime on every month', () => {
    const { operations } = OperationsFunctions.parse(econModelExample('operations'));
    const out = operateSeries(FLAT, 'oil', operationsPlan(operations, REFS));
    expect(months(out)).toMatchObject({ '2027-05': 2945, '2027-06': 0, '2027-07': 2945, '2028-01': 2850 });
    expectClose(eur(out), 36_500 * 0.95);
  });

  it('identities: downtime 0 and a full schedule change nothing; offsets to an unknown FPD are refused', () => {
    const none = run({
      downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: 0 }] },
      schedule: { rows: [{ entireWellLife: 'Flat', hoursOnPerDay: 24 }] },
    });
    expect(none.values).toEqual(FLAT.values);
    expect(() =>
      run({ shutIn: { rows: [{ offsetToFpd: { start: 1, end: 1 } }] } }, FLAT, 'oil', { ...REFS, fpd: undefined }),
    ).toThrow(
      new EconError(
        'operations.shutIn.rows[0].offsetToFpd',
        { start: 1, end: 1 },
        'needs the well’s first production date, which no FPD source gives',
      ),
    );
  });
});
