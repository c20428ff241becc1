import { ProductionTaxesFunctions, TAX_KEYS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { addEntry, newTaxRowSet, removeEntry, withCriteria, withKey } from './taxRowSets';

const valid = (...rows: unknown[]) => ProductionTaxesFunctions.safeParse({ data: { state: 'texas', rows } }).success;

describe('production-tax row sets in the console', () => {
  it('a new row set of each key is valid', () => {
    for (const key of TAX_KEYS) expect(valid(newTaxRowSet(key)), key).toBe(true);
    expect(newTaxRowSet('ad_valorem_tax')).toMatchObject({ category: 'ad_val_tax', deductSeveranceTax: false });
    expect(newTaxRowSet('gas')).not.toHaveProperty('deductSeveranceTax');
  });

  it('another key brings its category and a unit it takes', () => {
    const oil = { ...newTaxRowSet('oil'), unit: 'dollar_per_bbl' as const };
    expect(withKey(oil, 'gas')).toMatchObject({ key: 'gas', category: 'severance_tax', unit: 'pct_of_revenue' });
    expect(withKey(oil, 'ngl').unit).toBe('dollar_per_bbl');
    const adv = withKey(oil, 'ad_valorem_tax');
    expect(adv).toMatchObject({ category: 'ad_val_tax', unit: 'pct_of_revenue', deductSeveranceTax: false });
    expect(valid(withKey(adv, 'drip_condensate'))).toBe(true);
  });

  it('another criteria keeps the first value; entries are added and removed in pairs', () => {
    const row = { ...newTaxRowSet('oil'), value: [4.6] };
    const dates = withCriteria(row, 'dates', '2026-12-15');
    expect(dates).toMatchObject({ period: ['2027-01-01'], value: [4.6] });
    const more = addEntry(dates, '2026-12-15');
    expect(more).toMatchObject({ period: ['2027-01-01', '2027-02-01'], value: [4.6, 4.6] });
    expect(valid(more)).toBe(true);
    const months = addEntry(withCriteria(row, 'offset_to_fpd', '2026-12-15'), '2026-12-15');
    expect(months).toMatchObject({ period: [12, 12], value: [4.6, 4.6] });
    expect(valid(months)).toBe(true);
    expect(removeEntry(more, 0)).toMatchObject({ period: ['2027-02-01'], value: [4.6] });
    expect(withCriteria(months, 'entire_well_life', '2026-12-15')).toMatchObject({ period: ['Flat'], value: [4.6] });
  });
});
