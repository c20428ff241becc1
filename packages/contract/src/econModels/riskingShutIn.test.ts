import { describe, expect, it } from 'vitest';
import { RiskingFunctions } from './risking';
import { issuesOf } from './testing';

/* The riskings model's shut-in table, as the service's clients send it (decision 042). */

const body = (rows: unknown[]) => ({ risking: {}, shutIn: { rows } });
const CLIENT_ROW = {
  phase: 'all',
  dates: { startDate: '2023-04-01', endDate: '2023-04-11' },
  repeatRangeOfDates: 'no_repeat',
  totalOccurrences: 1,
  unit: 'day',
  multiplier: 1,
  scalePostShutInEndCriteria: 'dates',
  scalePostShutInEnd: '2023-04-12',
  fixedExpense: true,
  capex: true,
};

describe('riskings shutIn', () => {
  it('takes the row a client of the service sends and reads it back unchanged', () => {
    expect(RiskingFunctions.parse(body([CLIENT_ROW])).shutIn!.rows).toEqual([CLIENT_ROW]);
  });

  it('fills the service’s defaults and stores what the service stores', () => {
    const [dates, offset] = RiskingFunctions.parse(
      body([
        { dates: { startDate: '2026-03-01', endDate: '2026-03-10' }, unit: 'month' },
        { offsetToAsOf: { start: 2, end: 3 }, repeatRangeOfDates: 'yearly', totalOccurrences: 4 },
      ]),
    ).shutIn!.rows;
    expect(dates).toEqual({
      phase: 'all',
      dates: { startDate: '2026-03-01', endDate: '2026-03-10' },
      unit: 'day',
      repeatRangeOfDates: 'no_repeat',
      totalOccurrences: 1,
      multiplier: 1,
      scalePostShutInEndCriteria: 'econ_limit',
      scalePostShutInEnd: ' ',
      fixedExpense: true,
      capex: true,
    });
    expect(offset).toMatchObject({
      offsetToAsOf: { start: 2, end: 3 },
      unit: 'month',
      repeatRangeOfDates: 'no_repeat',
      totalOccurrences: 1,
    });
    // An offset sent as a number is the row's length from month 1.
    expect(
      RiskingFunctions.parse(
        body([{ offsetToAsOf: 6, scalePostShutInEndCriteria: 'offset_to_as_of_date', scalePostShutInEnd: '12' }]),
      ).shutIn!.rows[0],
    ).toMatchObject({
      offsetToAsOf: { start: 1, end: 6, period: 6 },
      scalePostShutInEnd: 12,
    });
  });

  it('names the field, rule and value of a bad row', () => {
    expect(issuesOf(RiskingFunctions, body([{ phase: 'ngl', dates: CLIENT_ROW.dates }]))).toEqual([
      expect.objectContaining({ path: 'shutIn.rows[0].phase' }),
    ]);
    expect(issuesOf(RiskingFunctions, body([{ multiplier: 1 }]))[0]).toMatchObject({
      path: 'shutIn.rows[0]',
      message: 'a shut-in row needs exactly one of dates, offsetToAsOf',
    });
    expect(issuesOf(RiskingFunctions, body([{ ...CLIENT_ROW, scalePostShutInEnd: '2023-04-05' }]))[0]).toMatchObject({
      path: 'shutIn.rows[0].scalePostShutInEnd',
      message: 'scalePostShutInEnd 2023-04-05 must not be before the shut-in ends (2023-04-11)',
      rule: 'after the shut-in',
    });
    expect(issuesOf(RiskingFunctions, body([{ ...CLIENT_ROW, scalePostShutInEnd: ' ' }]))[0]).toMatchObject({
      message: 'scalePostShutInEnd must be a date (YYYY-MM-DD) when scalePostShutInEndCriteria is dates',
    });
    expect(issuesOf(RiskingFunctions, body([{ ...CLIENT_ROW, totalOccurrences: 0 }]))[0]).toMatchObject({
      path: 'shutIn.rows[0].totalOccurrences',
    });
    expect(issuesOf(RiskingFunctions, body([{ offsetToAsOf: { start: 5, end: 2 } }]))[0]).toMatchObject({
      path: 'shutIn.rows[0].offsetToAsOf.end',
      message: 'end must not be before start',
    });
  });
});
