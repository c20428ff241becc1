import { RiskingFunctions } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { newRiskShutInRow, riskShutInPeriodOf, withRiskShutInPeriod, withScaleEnd } from './riskShutInRows';

const TODAY = '2026-11-26';

describe('riskings shut-in rows in the form', () => {
  it('a new row: ten days from the first of next month, or after the last dated row; what the contract takes', () => {
    const first = newRiskShutInRow([], TODAY);
    expect(first.dates).toEqual({ startDate: '2026-12-01', endDate: '2026-12-10' });
    const second = newRiskShutInRow([first], TODAY);
    expect(second.dates).toEqual({ startDate: '2027-01-01', endDate: '2027-01-10' });
    expect(RiskingFunctions.safeParse({ risking: {}, shutIn: { rows: [first, second] } }).success).toBe(true);
  });

  it('switches the period and the scale end, keeping the rest; each result is what the contract takes', () => {
    const row = newRiskShutInRow([], TODAY);
    const months = withRiskShutInPeriod({ ...row, multiplier: 0.8 }, 'months', TODAY);
    expect(months).toMatchObject({ offsetToAsOf: { start: 1, end: 1 }, unit: 'month', multiplier: 0.8 });
    expect(months).not.toHaveProperty('dates');
    expect(riskShutInPeriodOf(months)).toBe('months');
    expect(riskShutInPeriodOf(withRiskShutInPeriod(row, 'days', TODAY))).toBe('days');
    expect(riskShutInPeriodOf(withRiskShutInPeriod(months, 'dates', TODAY))).toBe('dates');
    const dated = withScaleEnd(row, 'dates');
    expect(dated.scalePostShutInEnd).toBe('2026-12-10');
    expect(withScaleEnd(row, 'offset_to_as_of_date').scalePostShutInEnd).toBe(12);
    for (const r of [months, dated, withScaleEnd(months, 'offset_to_as_of_date')]) {
      expect(RiskingFunctions.safeParse({ risking: {}, shutIn: { rows: [r] } }).success).toBe(true);
    }
  });
});
