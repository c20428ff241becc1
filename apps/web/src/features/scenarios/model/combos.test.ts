import { assumptionKind, type EconOneLiner, SavedCombos } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { comboAssumptions, comparisonRows, newCombo, toDrafts, toSavedCombos } from './combos';

const q = (kind: string, econModel: string, name: string) => ({ kind, econModel, name, wells: 0 });

describe('combos in the console', () => {
  it('offers the assumptions that have a qualifier besides default', () => {
    expect(
      comboAssumptions([
        q('capex', 'Capex', 'default'),
        q('pricing', 'Pricing', 'default'),
        q('pricing', 'Pricing', 'low'),
        q('pricing', 'Pricing', 'high'),
      ]),
    ).toEqual([{ kind: 'pricing', econModel: 'Pricing', names: ['default', 'low', 'high'] }]);
  });

  it('a new combo takes the first free number; a set reads back as drafts and is what the contract takes', () => {
    expect(newCombo([{ comboName: 'Combo 2', selected: true, qualifiers: {} }]).comboName).toBe('Combo 3');
    const drafts = [
      { comboName: ' Base ', selected: true, qualifiers: { pricing: 'default' } },
      { comboName: 'Low', selected: false, qualifiers: { pricing: 'low' } },
    ];
    const saved = toSavedCombos(' Cases ', drafts);
    expect(saved).toEqual({
      savedName: 'Cases',
      combos: [
        { comboName: 'Base', selected: true, qualifiers: [] },
        { comboName: 'Low', selected: false, qualifiers: [{ assumption: 'pricing', qualifierName: 'low' }] },
      ],
    });
    expect(SavedCombos.safeParse(saved).success).toBe(true);
    expect(toDrafts(saved, assumptionKind)[1]).toEqual({
      comboName: 'Low',
      selected: false,
      qualifiers: { pricing: 'low' },
    });
  });

  it('compares NPVs by well, the change from the first combo; a failed well has none', () => {
    const line = (comboName: string, well: string, npv: number | null) =>
      (npv === null
        ? { comboName, well, wellName: well, status: 'failed', error: 'x', warnings: [] }
        : { comboName, well, wellName: well, status: 'complete', firstDiscountNpv: npv }) as unknown as EconOneLiner;
    expect(
      comparisonRows(
        ['Base', 'Low'],
        [line('Base', 'a', 100), line('Low', 'a', 40), line('Base', 'b', null), line('Low', 'b', 5), line('X', 'a', 1)],
      ),
    ).toEqual([
      { well: 'a', wellName: 'a', npv: [100, 40], delta: [0, -60] },
      { well: 'b', wellName: 'b', npv: [null, 5], delta: [null, null] },
    ]);
  });
});
