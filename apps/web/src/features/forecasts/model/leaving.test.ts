import { describe, expect, it } from 'vitest';
import { type Combo, comboKey, type Draft, draftFromView } from './drafts';
import { leaving } from './leaving';
import { addRow } from './rowEdits';

const shown: Combo = { well: 'w1', phase: 'oil', series: 'best' };
const clean = (c: Combo): Draft => draftFromView(c, null);
const dirty = (c: Combo): Draft => {
  const d = clean(c);
  return { ...d, rows: addRow(d.rows, '2025-01-01') };
};
const drafts = (...list: Draft[]) => new Map(list.map((d) => [comboKey(d.combo), d]));
const here = { pathname: '/projects/p/forecasts/f', search: { well: 'w1', phase: 'oil', series: 'best' } };

describe('leaving the forecast editor', () => {
  it('asks nothing when no draft holds changes', () => {
    expect(leaving(here, { pathname: '/projects/p', search: {} }, shown, drafts(clean(shown)))).toBeUndefined();
    expect(leaving(here, { ...here, search: { ...here.search, well: 'w2' } }, shown, new Map())).toBeUndefined();
  });

  it('asks before another page when any draft of the forecast is unsaved', () => {
    const other = dirty({ ...shown, well: 'w2' });
    expect(leaving(here, { pathname: '/projects/p', search: {} }, shown, drafts(other))).toEqual({
      kind: 'page',
      drafts: [other],
    });
  });

  it('asks before another well, phase or series when the shown one is unsaved', () => {
    const mine = dirty(shown);
    for (const search of [{ well: 'w2' }, { phase: 'gas' }, { series: 'p50' }]) {
      expect(leaving(here, { ...here, search: { ...here.search, ...search } }, shown, drafts(mine))).toEqual({
        kind: 'combo',
        drafts: [mine],
      });
    }
    // Another combination's draft is not lost by switching (it stays in the drafts list).
    const other = dirty({ ...shown, well: 'w3' });
    expect(leaving(here, { ...here, search: { ...here.search, well: 'w2' } }, shown, drafts(other))).toBeUndefined();
  });

  it('asks nothing for a navigation that shows the same combination', () => {
    const mine = dirty(shown);
    expect(leaving(here, here, shown, drafts(mine))).toBeUndefined();
    expect(leaving(here, { ...here, search: { phase: 'oil', series: 'best' } }, shown, drafts(mine))).toBeUndefined();
  });
});
