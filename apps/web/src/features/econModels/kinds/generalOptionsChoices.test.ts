import { econModelExample, FISCAL_PERIODS, GeneralOptionsFunctions, TaxEntry } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  dateOfMonth,
  FISCAL_OPTIONS,
  firstOfNextMonth,
  fiscalLabel,
  monthOf,
  newIncomeTax,
  newTaxEntry,
  taxCriterionOf,
  taxCriterionWrites,
} from './generalOptionsChoices';

const NOW = new Date(2026, 10, 22); // 22 November 2026, local time

describe('fiscalLabel', () => {
  it('names the start and end months', () => {
    expect(fiscalLabel('0-11')).toBe('January – December');
    expect(fiscalLabel('9-8')).toBe('October – September');
    expect(fiscalLabel('11-10')).toBe('December – November');
  });
  it('labels every fiscal period once', () => {
    expect(FISCAL_OPTIONS.map((o) => o.value)).toEqual([...FISCAL_PERIODS]);
    expect(new Set(FISCAL_OPTIONS.map((o) => o.label)).size).toBe(12);
  });
});

describe('taxCriterionWrites', () => {
  const apply = (entry: Record<string, unknown>, writes: Record<string, unknown>) => {
    const out = { ...entry, ...writes };
    for (const [k, v] of Object.entries(writes)) if (v === undefined) delete out[k];
    return out;
  };

  it('clears the old criterion and starts the new one with its default', () => {
    const entry = { multiplier: 21, entireWellLife: 'Flat' };
    expect(taxCriterionWrites(entry, 'offsetToAsOf', NOW)).toEqual({ entireWellLife: undefined, offsetToAsOf: 12 });
    expect(taxCriterionWrites(entry, 'dates', NOW)).toEqual({ entireWellLife: undefined, dates: '2026-12-01' });
    expect(taxCriterionWrites({ multiplier: 5, dates: '2027-01-01' }, 'entireWellLife')).toEqual({
      dates: undefined,
      entireWellLife: 'Flat',
    });
  });
  it('carries the months between the two offsets', () => {
    expect(taxCriterionWrites({ multiplier: 5, offsetToFpd: 36 }, 'offsetToAsOf')).toEqual({
      offsetToFpd: undefined,
      offsetToAsOf: 36,
    });
  });
  it('repairs an entry holding two criteria', () => {
    const entry = { multiplier: 5, offsetToFpd: 36, dates: '2027-01-01' };
    expect(apply(entry, taxCriterionWrites(entry, 'dates'))).toEqual({ multiplier: 5, dates: '2027-01-01' });
  });
  it('gives entries the contract takes, whichever criterion is picked', () => {
    for (const next of ['entireWellLife', 'offsetToAsOf', 'offsetToFpd', 'dates'] as const) {
      const entry = apply(newTaxEntry(10), taxCriterionWrites(newTaxEntry(10), next, NOW));
      expect(TaxEntry.safeParse(entry).success, next).toBe(true);
      expect(taxCriterionOf(entry)).toBe(next);
    }
  });
});

describe('month inputs', () => {
  it('shows a date as its month and stores a month as its first day', () => {
    expect(monthOf('2027-03-01')).toBe('2027-03');
    expect(monthOf(undefined)).toBe('');
    expect(dateOfMonth('2027-03')).toBe('2027-03-01');
    expect(dateOfMonth('')).toBe('');
  });
  it('knows the first of next month across a year end', () => {
    expect(firstOfNextMonth(new Date(2026, 11, 31))).toBe('2027-01-01');
  });
});

describe('newIncomeTax', () => {
  it('makes a model the contract takes once after-tax economics are on', () => {
    const example = econModelExample('general-options') as { mainOptions: Record<string, unknown> };
    const body = { ...example, mainOptions: { ...example.mainOptions, incomeTax: true }, incomeTax: newIncomeTax() };
    expect(GeneralOptionsFunctions.safeParse(body).success).toBe(true);
    expect(GeneralOptionsFunctions.safeParse({ ...body, incomeTax: undefined }).success).toBe(false);
  });
});
