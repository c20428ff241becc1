import { ForecastParameterInput, segmentView } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { type Combo, draftFromView, draftRecord, isDirty, settingsChanged, validateDraft } from './drafts';
import { addRow, setDate, setValue } from './rowEdits';

const combo: Combo = { well: '6523f1a2b4c5d6e7f8091a2b', phase: 'oil', series: 'best' };
const view = {
  forecast: '6523f1a2b4c5d6e7f8091a2c',
  well: combo.well,
  phase: 'oil' as const,
  series: 'best' as const,
  forecastType: 'rate' as const,
  dataFrequency: 'monthly' as const,
  updatedAt: '2026-11-22T10:00:00.000Z',
  segments: [
    segmentView({ segmentType: 'exp_dec', startDate: '2025-01-01', endDate: '2029-12-31', qStart: 500, dEff: 0.3 }),
    segmentView({ segmentType: 'flat', startDate: '2030-01-01', endDate: '2034-12-31', qStart: 84 }),
  ],
};

describe('drafts', () => {
  it('starts clean from what the server holds, and from nothing', () => {
    const d = draftFromView(combo, view);
    expect(isDirty(d)).toBe(false);
    expect(d.rows).toHaveLength(2);
    expect(validateDraft(d)).toEqual({ rows: {}, settings: {}, general: [] });
    const empty = draftFromView(combo, null);
    expect(isDirty(empty)).toBe(false);
    expect(empty.base.stored).toBe(false);
  });

  it('is dirty after an edit, and clean again when the edit is undone', () => {
    const d = draftFromView(combo, view);
    const edited = { ...d, rows: setValue(d.rows, 0, 'qStart', '600') };
    expect(isDirty(edited)).toBe(true);
    expect(isDirty({ ...edited, rows: setValue(edited.rows, 0, 'qStart', '500') })).toBe(false);
  });

  it('tells a settings change (the single PUT cannot make it) from a segment change', () => {
    const d = draftFromView(combo, view);
    expect(settingsChanged({ ...d, settings: { ...d.settings, dataFrequency: 'daily' } })).toBe(true);
    expect(settingsChanged({ ...d, rows: setValue(d.rows, 0, 'qStart', '1') })).toBe(false);
  });

  it('makes a bulk record the contract accepts', () => {
    const d = draftFromView(combo, view);
    const ratio = {
      ...d,
      settings: { forecastType: 'ratio' as const, basePhase: 'gas' as const, dataFrequency: 'daily' as const },
    };
    expect(ForecastParameterInput.safeParse(draftRecord(ratio)).success).toBe(true);
    expect(draftRecord(d)).not.toHaveProperty('basePhase');
  });

  it('places the contract’s messages next to the fields, a gap included while another row is invalid', () => {
    const d = draftFromView(combo, view);
    let rows = addRow(d.rows, '2000-01-01');
    rows = setValue(rows, 0, 'dEff', '1.5');
    rows = setDate(rows, 2, 'startDate', '2035-02-01');
    // setDate moved row 1's end along; break the chain by hand to make a gap.
    rows = rows.map((r, i) => (i === 1 ? { ...r, endDate: '2034-12-31' } : r));
    const issues = validateDraft({ ...d, rows });
    expect(issues.rows[rows[0]!.key]?.dEff).toBe('dEff must be at most 1');
    expect(issues.rows[rows[2]!.key]?.startDate).toMatch(/^startDate must be 2035-01-01.*a gap/);
  });

  it('names a missing base phase of a ratio forecast', () => {
    const d = draftFromView(combo, view);
    const issues = validateDraft({ ...d, settings: { ...d.settings, forecastType: 'ratio', basePhase: undefined } });
    expect(issues.settings.basePhase).toBe('basePhase is required when forecastType is ratio');
  });
});
