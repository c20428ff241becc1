import { describe, expect, it } from 'vitest';
import { assignToWells } from './assignments';
import { clickWell, pageState, togglePage, wellsPhrase } from './wellSelection';

const page = ['A', 'B', 'C', 'D', 'E'].map((n) => ({ well: `id-${n}`, wellName: n }));
const names = (m: ReadonlyMap<string, string>) => [...m.values()].sort();

describe('well selection in the assignment grid', () => {
  it('ticks one well per click, and a range with Shift from the last row clicked', () => {
    let s = clickWell(new Map(), page, 1, true, false, undefined);
    expect(names(s)).toEqual(['B']);
    s = clickWell(s, page, 3, true, true, 1);
    expect(names(s)).toEqual(['B', 'C', 'D']);
    // Shift upwards unticks the range when the clicked box is unticked.
    s = clickWell(s, page, 2, false, true, 3);
    expect(names(s)).toEqual(['B']);
    // Without an anchor on this page, Shift is a plain click.
    expect(names(clickWell(s, page, 4, true, true, 9))).toEqual(['B', 'E']);
  });

  it('ticks a whole page from the header, and unticks it when all are ticked', () => {
    const other = new Map([['id-Z', 'Z']]);
    const all = togglePage(other, page);
    expect(names(all)).toEqual(['A', 'B', 'C', 'D', 'E', 'Z']);
    expect(pageState(all, page)).toBe('all');
    expect(names(togglePage(all, page))).toEqual(['Z']);
    expect(pageState(clickWell(new Map(), page, 0, true, false, undefined), page)).toBe('some');
    expect(pageState(other, page)).toBe('none');
  });

  it('assigns to the ticked wells in one record, and names them shortly', () => {
    expect(assignToWells('pricing', 'm1', 's1', 'default', ['w1', 'w2'])).toEqual({
      kind: 'pricing',
      modelId: 'm1',
      record: { scenario: 's1', qualifierName: 'default', wells: ['w1', 'w2'], allWells: false },
    });
    expect(wellsPhrase(['A'])).toBe('A');
    expect(wellsPhrase(['A', 'B'])).toBe('A and B');
    expect(wellsPhrase(['A', 'B', 'C', 'D'])).toBe('A, B and 2 more wells');
  });
});
