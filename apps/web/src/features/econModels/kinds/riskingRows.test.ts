import { RiskingFunctions } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { riskPeriodOf, riskRow } from './riskingRows';

describe('risking rows in the form', () => {
  it('a new row follows the last: a month after its date, or the month after its end, at 100 %', () => {
    expect(riskRow('dates', 1, [{ dates: '2026-12-01', multiplier: 80 }])).toEqual({
      dates: '2027-01-01',
      multiplier: 100,
    });
    expect(riskRow('offsetToFpd', 0)).toEqual({ offsetToFpd: { start: 1, end: 12 }, multiplier: 100 });
    expect(riskRow('offsetToAsOf', 1, [{ offsetToAsOf: { start: 1, end: 6 }, multiplier: 90 }])).toEqual({
      offsetToAsOf: { start: 7, end: 18 },
      multiplier: 100,
    });
    expect(riskRow('entireWellLife', 0)).toEqual({ entireWellLife: 'Flat', multiplier: 100 });
  });

  it('what the form adds is what the contract accepts, and the period reads back', () => {
    for (const period of ['entireWellLife', 'dates', 'offsetToFpd', 'offsetToAsOf'] as const) {
      const row = riskRow(period, 0);
      expect(riskPeriodOf(row)).toBe(period);
      expect(RiskingFunctions.safeParse({ risking: { oil: { rows: [row] } } }).success).toBe(true);
    }
    expect(riskPeriodOf(undefined)).toBeUndefined();
  });
});
