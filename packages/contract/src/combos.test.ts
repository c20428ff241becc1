import { describe, expect, it } from 'vitest';
import { ASSUMPTION_TYPE_NAMES, assumptionKind, runCombo, SavedCombos } from './combos';
import { ECON_MODEL_KINDS } from './econModels/envelope';
import { EconRunInput } from './econRuns';

describe('assumption names', () => {
  it('every kind by its type name, its route, snake_case, singular or plural', () => {
    for (const kind of ECON_MODEL_KINDS) {
      expect(assumptionKind(kind)).toBe(kind);
      expect(assumptionKind(ASSUMPTION_TYPE_NAMES[kind])).toBe(kind);
      expect(assumptionKind(kind.replace(/-/g, '_'))).toBe(kind);
    }
    expect(assumptionKind('ownership_reversion')).toBe('ownership-reversions');
    expect(assumptionKind('reserves_category')).toBe('reserves-categories');
    expect(assumptionKind('dates')).toBe('date-settings');
    expect(assumptionKind('risking')).toBe('riskings');
    expect(assumptionKind('Prices')).toBeUndefined();
  });
});

describe('saved combos', () => {
  it('defaults selected and qualifiers; a combo resolves its assumptions, default ones left out', () => {
    const s = SavedCombos.parse({
      savedName: ' Cases ',
      combos: [
        { comboName: 'Base' },
        {
          comboName: 'Low',
          qualifiers: [
            { assumption: 'Pricing', qualifierName: 'low' },
            { assumption: 'capex', qualifierName: 'default' },
          ],
        },
      ],
    });
    expect(s.savedName).toBe('Cases');
    expect(s.combos[0]).toEqual({ comboName: 'Base', selected: true, qualifiers: [] });
    expect(runCombo(s.combos[1]!)).toEqual({ comboName: 'Low', qualifiers: { pricing: 'low' } });
  });

  it('names an assumption given twice in a combo, and a combo name given twice', () => {
    const r = SavedCombos.safeParse({
      savedName: 'x',
      combos: [
        {
          comboName: 'A',
          qualifiers: [
            { assumption: 'Pricing', qualifierName: 'a' },
            { assumption: 'pricing', qualifierName: 'b' },
          ],
        },
        { comboName: 'A' },
      ],
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['combos.0.qualifiers.1.assumption', 'pricing is named twice in combo "A" (qualifiers[0])'],
      ['combos.1.comboName', 'comboName "A" is taken by combos[0]'],
    ]);
  });

  it('refuses U+0000 in names (PostgreSQL text cannot hold it)', () => {
    const r = SavedCombos.safeParse({ savedName: 'a\u0000', combos: [{ comboName: 'b\u0000' }] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['savedName', 'must not contain the character U+0000'],
      ['combos.0.comboName', 'must not contain the character U+0000'],
    ]);
    expect(EconRunInput.safeParse({ savedCombos: 'x\u0000' }).success).toBe(false);
  });

  it('a run body takes one of qualifiers, combos, savedCombos', () => {
    expect(EconRunInput.safeParse({ savedCombos: 'x', combos: [{ comboName: 'A' }] }).success).toBe(false);
    expect(EconRunInput.parse({ savedCombos: ' x ' }).savedCombos).toBe('x');
    expect(EconRunInput.parse({ combos: [{ comboName: 'A' }] }).combos).toHaveLength(1);
  });
});
