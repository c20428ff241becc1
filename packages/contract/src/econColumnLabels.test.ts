import { describe, expect, it } from 'vitest';
import { ECON_MONTHLY_LABELS, econMonthlyHeader } from './econColumnLabels';
import { ECON_MONTHLY_COLUMNS, ECON_MONTHLY_TAX_COLUMNS } from './econRuns';

describe('econMonthlyHeader', () => {
  it('names each monthly column with its unit', () => {
    expect(econMonthlyHeader('grossOilVolume')).toBe('Gross oil (BBL)');
    expect(econMonthlyHeader('gasPrice')).toBe('Gas price ($/MCF)');
    expect(econMonthlyHeader('workingInterest')).toBe('Working interest (%)');
    expect(econMonthlyHeader('afit')).toBe('After-tax cash flow ($)');
    expect(econMonthlyHeader('days')).toBe('Days');
  });
  it('labels every column, each header once', () => {
    const all = [...ECON_MONTHLY_COLUMNS, ...ECON_MONTHLY_TAX_COLUMNS];
    expect(Object.keys(ECON_MONTHLY_LABELS).sort()).toEqual([...all].sort());
    expect(new Set(all.map(econMonthlyHeader)).size).toBe(all.length);
  });
});
