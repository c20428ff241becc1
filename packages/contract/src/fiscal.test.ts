import { describe, expect, it } from 'vitest';
import { fiscalStartMonth, reportingYear, reportingYearLabel } from './fiscal';

describe('fiscal reporting years', () => {
  it('a year starting in April is named by the year it ends in; January is the calendar year', () => {
    const april = fiscalStartMonth('3-2');
    expect(april).toBe(3);
    expect(reportingYear('2026-03-01', april)).toBe('FY2026');
    expect(reportingYear('2026-04-01', april)).toBe('FY2027');
    expect(reportingYear('2027-03-01', april)).toBe('FY2027');
    expect(reportingYear('2026-12-01', fiscalStartMonth('0-11'))).toBe('2026');
    expect(reportingYearLabel(april)).toBe('Fiscal year (Apr–Mar)');
    expect(reportingYearLabel(0)).toBe('Year');
    expect(fiscalStartMonth(undefined)).toBe(0);
    expect(fiscalStartMonth('9-8')).toBe(9);
  });
});
