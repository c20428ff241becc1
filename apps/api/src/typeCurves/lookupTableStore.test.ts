import { describe, expect, it } from 'vitest';
import { lookupRuleView, lookupTableView, rulesWithUnknownTypeCurve } from './lookupTableStore';

const TC = '6523f1a2b4c5d6e7f8091a2b';
const TC2 = '6523f1a2b4c5d6e7f8091a2c';

describe('lookupRuleView', () => {
  it('reads an absent or non-array filter as []', () => {
    expect(lookupRuleView({ typeCurve: TC })).toEqual({ filter: [], typeCurve: TC });
    expect(lookupRuleView({ filter: null, typeCurve: TC })).toEqual({ filter: [], typeCurve: TC });
  });

  it('keeps a rule whose typeCurve was unlinked, and leaves null values out', () => {
    expect(lookupRuleView({ filter: ['a'], applySeries: 'best', fixedDate: null })).toEqual({
      filter: ['a'],
      applySeries: 'best',
    });
  });
});

describe('lookupTableView', () => {
  it('maps a row to the contract shape with ISO timestamps', () => {
    const at = new Date('2026-11-22T12:00:00Z');
    expect(
      lookupTableView({
        id: TC,
        projectId: TC2,
        name: 'T',
        caseInsensitiveMatching: true,
        tags: ['x'],
        rules: [{ typeCurve: TC }],
        createdAt: at,
        updatedAt: at,
      }),
    ).toEqual({
      id: TC,
      name: 'T',
      caseInsensitiveMatching: true,
      tags: ['x'],
      rules: [{ filter: [], typeCurve: TC }],
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
    });
  });
});

describe('rulesWithUnknownTypeCurve', () => {
  it('names each rule whose type curve is not known, in order; rules without typeCurve pass', () => {
    const rules = [{ typeCurve: TC }, { typeCurve: TC2 }, {}, { typeCurve: TC2 }];
    expect(rulesWithUnknownTypeCurve(rules, new Set([TC]))).toEqual([
      { ruleIndex: 1, typeCurve: TC2 },
      { ruleIndex: 3, typeCurve: TC2 },
    ]);
    expect(rulesWithUnknownTypeCurve(rules, new Set([TC, TC2]))).toEqual([]);
  });
});
