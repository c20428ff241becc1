import { describe, expect, it } from 'vitest';
import { headerMatches, headerValue, lookupModels, type StoredLookupTable } from './lookupRules';

const P1 = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const P2 = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const E1 = 'cccccccccccccccccccccccc';

const table = (ci = false): StoredLookupTable => ({
  configuration: {
    caseInsensitiveMatching: ci,
    selectedHeaders: ['county', 'state'],
    selectedAssumptions: ['Pricing'],
  },
  rules: [
    { filter: { county: 'Reeves', state: 'TX' }, Pricing: P1, expenses: E1 },
    { filter: { state: ['NM', 'CO'] }, pricing: P2 },
  ],
});

describe('econ lookup rules', () => {
  it('takes the first rule whose filter matches every header; only selected assumptions', () => {
    expect(lookupModels(table(), { county: 'Reeves', state: 'TX' })).toEqual({ pricing: P1 });
    expect(lookupModels(table(), { county: 'Loving', state: 'NM' })).toEqual({ pricing: P2 });
    expect(lookupModels(table(), { county: 'Loving', state: 'TX' })).toEqual({});
  });

  it('matches text by case only with caseInsensitiveMatching', () => {
    expect(lookupModels(table(), { county: 'REEVES', state: 'tx' })).toEqual({});
    expect(lookupModels(table(true), { county: 'REEVES', state: 'tx' })).toEqual({ pricing: P1 });
  });

  it('compares numbers as numbers, booleans as booleans; a missing header matches nothing', () => {
    expect(headerMatches(5000, '5000', false)).toBe(true);
    expect(headerMatches('5000.0', 5000, false)).toBe(true);
    expect(headerMatches(5000, 5001, false)).toBe(false);
    expect(headerMatches('', 0, false)).toBe(false);
    expect(headerMatches(true, true, false)).toBe(true);
    expect(headerMatches('true', true, false)).toBe(false);
    expect(headerMatches(null, 'x', true)).toBe(false);
    expect(headerMatches(undefined, ['x', 'y'], true)).toBe(false);
  });

  it('an empty filter matches every well', () => {
    const t: StoredLookupTable = { ...table(), rules: [{ filter: {}, Pricing: P2 }] };
    expect(lookupModels(t, {})).toEqual({ pricing: P2 });
  });

  it('reads headers by name, alias (chosenID) or any case', () => {
    expect(headerValue({ chosenId: 'X1' }, 'chosenID')).toBe('X1');
    expect(headerValue({ county: 'Reeves' }, 'County')).toBe('Reeves');
    expect(headerValue({}, 'basin')).toBeUndefined();
  });
});
