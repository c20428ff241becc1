import { ECON_MODEL_KINDS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { gridRows, groupAssignments, listText, resolveWells } from './rules';

const W = (n: number) => `6523f1a2b4c5d6e7f80910${String(n).padStart(2, '0')}`;
const S1 = '6523f1a2b4c5d6e7f8092001';
const S2 = '6523f1a2b4c5d6e7f8092002';

describe('resolveWells', () => {
  it('takes every scenario well for allWells, sorted', () => {
    expect(resolveWells({ allWells: true }, [W(3), W(1), W(2)])).toEqual({ ok: true, wells: [W(1), W(2), W(3)] });
  });
  it('takes each listed well once, sorted', () => {
    expect(resolveWells({ allWells: false, wells: [W(2), W(1), W(2)] }, [W(1), W(2), W(3)])).toEqual({
      ok: true,
      wells: [W(1), W(2)],
    });
  });
  it('names every well not in the scenario', () => {
    expect(resolveWells({ allWells: false, wells: [W(9), W(1), W(8)] }, [W(1)])).toEqual({
      ok: false,
      missing: [W(8), W(9)],
    });
  });
  it('gives no wells for an empty list (a PUT that clears)', () => {
    expect(resolveWells({ allWells: false, wells: [] }, [W(1)])).toEqual({ ok: true, wells: [] });
  });
});

describe('listText', () => {
  it('shows at most ten ids and counts the rest', () => {
    expect(listText(['a', 'b'])).toBe('a, b');
    expect(listText(Array.from({ length: 12 }, (_, i) => String(i)))).toBe('0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (and 2 more)');
  });
});

describe('groupAssignments', () => {
  it('groups by scenario and qualifier, sorted, and marks a whole scenario as allWells', () => {
    const rows = [
      { scenarioId: S2, qualifierName: 'default', wellId: W(2) },
      { scenarioId: S1, qualifierName: 'high', wellId: W(1) },
      { scenarioId: S1, qualifierName: 'default', wellId: W(2) },
      { scenarioId: S1, qualifierName: 'default', wellId: W(1) },
    ];
    const counts = new Map([
      [S1, 2],
      [S2, 3],
    ]);
    expect(groupAssignments(rows, counts)).toEqual([
      { scenario: S1, qualifierName: 'default', wells: [], allWells: true },
      { scenario: S1, qualifierName: 'high', wells: [W(1)], allWells: false },
      { scenario: S2, qualifierName: 'default', wells: [W(2)], allWells: false },
    ]);
  });
  it('gives nothing for no rows', () => {
    expect(groupAssignments([], new Map())).toEqual([]);
  });
});

describe('gridRows', () => {
  it('has every kind for every well and the model per qualifier', () => {
    const wells = [
      { id: W(1), wellName: 'A 1H' },
      { id: W(2), wellName: 'B 2H' },
    ];
    const M = '6523f1a2b4c5d6e7f8093001';
    const C = '6523f1a2b4c5d6e7f8093002';
    const rows = [
      { wellId: W(1), kind: 'capex', qualifierName: 'default', id: M, name: 'Capex A', scope: S1 },
      { wellId: W(1), kind: 'capex', qualifierName: 'high', id: C, name: 'Capex C', scope: 'company' },
      { wellId: W(2), kind: 'retired-kind', qualifierName: 'default', id: M, name: 'x', scope: S1 },
      { wellId: W(9), kind: 'capex', qualifierName: 'default', id: M, name: 'x', scope: S1 },
    ];
    const grid = gridRows(wells, rows, ECON_MODEL_KINDS);
    expect(grid.map((g) => g.well)).toEqual([W(1), W(2)]);
    for (const g of grid) expect(Object.keys(g.assignments).sort()).toEqual([...ECON_MODEL_KINDS].sort());
    expect(grid[0]!.assignments.capex).toEqual({
      default: { id: M, name: 'Capex A', scope: 'project' },
      high: { id: C, name: 'Capex C', scope: 'company' },
    });
    expect(grid[1]!.assignments.capex).toEqual({});
    expect(grid[1]!.wellName).toBe('B 2H');
  });
});
