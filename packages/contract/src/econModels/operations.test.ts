import { describe, expect, it } from 'vitest';
import { econModelExample } from './examples';
import { OperationsFunctions } from './operations';
import { issuesOf } from './testing';

const issues = (operations: unknown) => issuesOf(OperationsFunctions, { operations });
const shutIn = (...rows: unknown[]) => issues({ shutIn: { rows } });
const days = (startDate: string, endDate: string, extra: Record<string, unknown> = {}) => ({
  dates: { startDate, endDate },
  ...extra,
});

describe('operations: accepted', () => {
  it('takes the example (a 30-day shut-in, 5 % downtime) and fills the shut-in defaults', () => {
    const example = econModelExample('operations');
    expect(OperationsFunctions.parse(example)).toEqual(example);
    expect(
      OperationsFunctions.parse({ operations: { shutIn: { rows: [days('2027-01-01', '2027-01-01')] } } }).operations
        .shutIn?.rows[0],
    ).toEqual({ ...days('2027-01-01', '2027-01-01'), phase: 'all', resume: 'shifted', multiplier: 100 });
  });

  it('takes each period of a shut-in, each phase and resume, a multiplier for some months', () => {
    expect(shutIn(days('2027-01-01', '2027-01-31', { phase: 'oil', resume: 'calendar' }))).toEqual([]);
    for (const k of [
      'offsetToFpd',
      'offsetToAsOf',
      'offsetToDiscountDate',
      'offsetToEndHistory',
      'offsetToFirstSegment',
    ])
      expect(shutIn({ [k]: { start: 3, end: 3 }, phase: 'gas', multiplier: 120, multiplierMonths: 3 })).toEqual([]);
    expect(shutIn({ offsetToAsOf: { start: -2, end: 1 }, phase: 'water', multiplier: 0 })).toEqual([]);
  });

  it('takes shut-ins of other phases or other periods over the same time, and touching ones', () => {
    expect(
      shutIn(days('2027-01-01', '2027-01-31', { phase: 'oil' }), days('2027-01-15', '2027-02-15', { phase: 'gas' })),
    ).toEqual([]);
    expect(shutIn(days('2027-01-01', '2027-01-31'), { offsetToAsOf: { start: 1, end: 3 } })).toEqual([]);
    expect(shutIn(days('2027-01-01', '2027-01-31'), days('2027-02-01', '2027-02-02'))).toEqual([]);
  });

  it('takes downtime and a schedule in days or hours on', () => {
    expect(issues({ downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: 0 }] } })).toEqual([]);
    expect(
      issues({
        downtime: { rows: [{ dates: '2027-01-01', pctDowntime: 100 }] },
        schedule: {
          rows: [
            { offsetToFpd: { start: 1, end: 12 }, daysOnPerMonth: 31 },
            { offsetToFpd: { start: 13, end: 24 }, daysOnPerMonth: 0 },
          ],
        },
      }),
    ).toEqual([]);
    expect(issues({ schedule: { rows: [{ entireWellLife: 'Flat', hoursOnPerDay: 24 }] } })).toEqual([]);
  });
});

describe('operations: refused', () => {
  it('an empty model', () => {
    expect(issues({})).toEqual([
      {
        path: 'operations',
        message: 'operations needs at least one of shutIn, downtime, schedule',
        rule: 'at least one table',
      },
    ]);
  });

  it('a shut-in row without or with two periods; an end before its start', () => {
    expect(shutIn({ phase: 'oil' })[0]?.message).toBe(
      'a shut-in row needs exactly one of dates, offsetToFpd, offsetToAsOf, offsetToDiscountDate, offsetToEndHistory, offsetToFirstSegment',
    );
    expect(shutIn({ ...days('2027-01-01', '2027-01-02'), offsetToAsOf: { start: 1, end: 1 } })[0]?.message).toBe(
      'a shut-in row takes exactly one of dates, offsetToFpd, offsetToAsOf, offsetToDiscountDate, offsetToEndHistory, offsetToFirstSegment (got dates and offsetToAsOf)',
    );
    expect(shutIn(days('2027-02-01', '2027-01-31'))).toEqual([
      {
        path: 'operations.shutIn.rows[0].dates.endDate',
        message: 'endDate 2027-01-31 must not be before startDate 2027-02-01',
        rule: 'endDate ≥ startDate',
      },
    ]);
    expect(shutIn({ offsetToFpd: { start: 4, end: 3 } })[0]).toMatchObject({
      path: 'operations.shutIn.rows[0].offsetToFpd.end',
      message: 'end must not be before start',
    });
    expect(shutIn(days('2027-02-30', '2027-03-01'))[0]?.path).toBe('operations.shutIn.rows[0].dates.startDate');
  });

  it('overlapping shut-ins of a phase, naming both rows, their periods and the phase', () => {
    expect(shutIn(days('2027-01-01', '2027-01-31'), days('2027-01-31', '2027-02-10', { phase: 'oil' }))).toEqual([
      {
        path: 'operations.shutIn.rows[1].dates',
        message: 'shut-in row 2 (2027-01-31 to 2027-02-10) overlaps row 1 (2027-01-01 to 2027-01-31) for oil',
        rule: 'no overlapping shut-ins',
      },
    ]);
    expect(
      shutIn(
        { offsetToAsOf: { start: 1, end: 6 }, phase: 'gas' },
        { offsetToAsOf: { start: 6, end: 8 }, phase: 'gas' },
      )[0]?.message,
    ).toBe('shut-in row 2 (6 to 8) overlaps row 1 (1 to 6) for gas');
  });

  it('a phase, resume, multiplier, multiplierMonths or description out of its values', () => {
    const one = (extra: Record<string, unknown>) => shutIn(days('2027-01-01', '2027-01-02', extra))[0];
    expect(one({ phase: 'ngl' })).toMatchObject({ path: 'operations.shutIn.rows[0].phase' });
    expect(one({ phase: 'ngl' })?.message).toBe('phase must be one of all, oil, gas, water');
    expect(one({ resume: 'later' })?.message).toBe('resume must be one of shifted, calendar');
    expect(one({ multiplier: 1000.5 })?.message).toBe('multiplier must be at most 1000');
    expect(one({ multiplier: -1 })?.message).toBe('multiplier must be at least 0');
    expect(one({ multiplierMonths: 0 })?.message).toBe('multiplierMonths must be at least 1');
    expect(one({ multiplierMonths: 1.5 })?.message).toBe('multiplierMonths must be an integer');
    expect(one({ description: 'x'.repeat(201) })?.message).toBe('description must be at most 200 characters');
    expect(shutIn()[0]?.message).toBe('rows must hold at least one row');
  });

  it('downtime above 100 % or below 0; days or hours on out of range; both units in one table', () => {
    expect(issues({ downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: 101 }] } })).toEqual([
      {
        path: 'operations.downtime.rows[0].pctDowntime',
        message: 'pctDowntime must be at most 100',
        rule: 'too_big',
      },
    ]);
    expect(issues({ downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: -5 }] } })[0]?.message).toBe(
      'pctDowntime must be at least 0',
    );
    expect(issues({ schedule: { rows: [{ entireWellLife: 'Flat', daysOnPerMonth: 32 }] } })[0]?.message).toBe(
      'daysOnPerMonth must be at most 31',
    );
    expect(issues({ schedule: { rows: [{ entireWellLife: 'Flat', hoursOnPerDay: 25 }] } })[0]?.message).toBe(
      'hoursOnPerDay must be at most 24',
    );
    expect(
      issues({
        schedule: {
          rows: [
            { dates: '2027-01-01', daysOnPerMonth: 20 },
            { dates: '2027-02-01', hoursOnPerDay: 12 },
          ],
        },
      })[0]?.message,
    ).toBe('every row of a table takes the same value key (got daysOnPerMonth and hoursOnPerDay)');
  });
});
