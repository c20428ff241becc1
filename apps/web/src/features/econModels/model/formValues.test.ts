import {
  ActualForecastFunctions,
  CapexFunctions,
  DepreciationFunctions,
  depreciationView,
  econModelExample,
  OwnershipReversionFunctions,
  probabilisticCapexExample,
} from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formValuesOf, newFormValues, requestFunctions, storedFunctions } from './formValues';

const envelope = {
  id: '0123456789abcdef01234567',
  copiedFrom: null,
  name: 'M',
  tags: ['a'],
  unique: false,
  createdBy: 'c',
  lastUpdatedBy: 'c',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('requestFunctions', () => {
  it('drops what the service computes (year, cumulative factors, prebuilt)', () => {
    const example = econModelExample('depreciation');
    const view = depreciationView(example as never) as Record<string, unknown>;
    (view.depreciation as Record<string, unknown>).prebuilt = 'MACRS 7';
    expect(requestFunctions(DepreciationFunctions, view)).toEqual(example);
  });

  it('drops the depletion fields a depreciation-type response may carry', () => {
    const example = econModelExample('depreciation') as { depreciation: Record<string, unknown> };
    const stored = { depreciation: { ...example.depreciation, tangibleDepletionModel: 'ecl' } };
    expect(requestFunctions(DepreciationFunctions, stored)).toEqual(example);
  });

  it('drops nulls the request refuses, keeps those it accepts (unused reversions)', () => {
    const example = econModelExample('ownership-reversions') as { ownership: Record<string, unknown> };
    const stored = { ownership: { ...example.ownership, tenthReversion: null } };
    expect(requestFunctions(OwnershipReversionFunctions, stored)).toEqual(stored);
    const strict = z.strictObject({ a: z.number(), b: z.number().optional() });
    expect(requestFunctions(strict, { a: 1, b: null })).toEqual({ a: 1 });
  });

  it('turns a probabilistic CAPEX model into a standard one a request accepts (copy)', () => {
    const stored = probabilisticCapexExample() as Record<string, unknown>;
    expect(CapexFunctions.safeParse(stored).success).toBe(false);
    expect(CapexFunctions.safeParse(requestFunctions(CapexFunctions, stored)).success).toBe(true);
  });

  it('keeps invalid values the user should see and fix', () => {
    const stored = { actualOrForecast: { ignoreHistoryProd: 'maybe', afterEconLimit: 'no' } };
    expect(requestFunctions(ActualForecastFunctions, stored)).toEqual(stored);
  });
});

describe('form values', () => {
  it('of a stored document: the envelope a request carries and the functions', () => {
    const doc = { ...envelope, probabilistic: false, ...econModelExample('actual-forecast') };
    expect(storedFunctions(doc)).toEqual(econModelExample('actual-forecast'));
    expect(formValuesOf(ActualForecastFunctions, doc)).toEqual({
      name: 'M',
      tags: ['a'],
      unique: false,
      ...econModelExample('actual-forecast'),
    });
  });

  it('of a new model: an empty name and the example', () => {
    expect(newFormValues({ a: { b: 1 } })).toEqual({ name: '', tags: [], unique: false, a: { b: 1 } });
  });
});
