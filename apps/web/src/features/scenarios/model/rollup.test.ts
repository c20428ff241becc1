import type { EconRollupGroup } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { cashFlowTable } from './monthlyTable';
import { groupName, rollupMonthlyRows } from './rollup';

const group: EconRollupGroup = {
  group: 'Midland',
  totals: {
    wells: 2,
    revenue: 0,
    expenses: 0,
    taxes: 0,
    capex: 0,
    bfit: 30,
    firstDiscountNpv: 28,
    secondDiscountNpv: 25,
    irr: null,
    payout: null,
  },
  monthly: [
    { date: '2027-01-01', wells: 2, grossOilVolume: 600, bfit: 10, cumBfit: 10 },
    { date: '2027-02-01', wells: 2, grossOilVolume: 560, bfit: 20, cumBfit: 30 },
  ],
};

describe('a rollup in the console', () => {
  it('reads as monthly rows: summed columns kept, the others 0 and left out of the table', () => {
    const rows = rollupMonthlyRows(group, 'Base');
    expect(rows[1]).toMatchObject({
      date: '2027-02-01',
      comboName: 'Base',
      grossOilVolume: 560,
      oilPrice: 0,
      bfit: 20,
    });
    const t = cashFlowTable(rows, { resolution: 'yearly' });
    expect(t.rows.map((r) => r.period)).toEqual(['2027']);
    const oil = t.columns.findIndex((c) => c.id === 'grossOilVolume');
    expect(t.rows[0]!.values[oil]).toBe(1160);
    expect(t.columns.some((c) => c.id === 'oilPrice')).toBe(false);
    // A scenario total has no economic limit to mark.
    expect(cashFlowTable(rows, { resolution: 'monthly', econLimitDate: null }).rows.some((r) => r.econLimit)).toBe(
      false,
    );
  });

  it('names its groups', () => {
    expect(groupName('Midland', true)).toBe('Midland');
    expect(groupName(null, true)).toBe('(none)');
    expect(groupName(null, false)).toBe('All wells');
  });
});
