import { describe, expect, it } from 'vitest';
import { applyChains, endRate, inferChains, setChained } from './chain';
import { startFromPoint } from './historyStart';
import { addRow, firstRow, setDate, setValue, splitRow } from './rowEdits';
import { numberText, type SegmentRow } from './segmentRows';

/** A valid first segment: exponential, 1000/D at 30 %/yr over two years. */
function first(): SegmentRow {
  const row = firstRow('2024-01-01', 2);
  return { ...row, values: { ...row.values, qStart: '1000', dEff: '0.3' } };
}

/** An edit as the editor applies it: the edit, then the chains. */
const edited = (rows: SegmentRow[], fn: (r: SegmentRow[]) => SegmentRow[]) => applyChains(rows, fn(rows));

describe('chained segments', () => {
  it('a new segment is chained and starts at the end rate of the one before', () => {
    const rows = addRow([first()], '2024-01-01');
    expect(rows[1]!.chained).toBe(true);
    expect(Number(rows[1]!.values.qStart)).toBeCloseTo(endRate(rows[0]!)!, 6);
  });

  it("changing segment 1's parameters moves a chained segment 2's qStart to segment 1's new end rate", () => {
    const rows = addRow([first()], '2024-01-01');
    const before = rows[1]!.values.qStart;
    const after = edited(rows, (r) => setValue(r, 0, 'qStart', '2000'));
    expect(after[1]!.values.qStart).not.toBe(before);
    expect(after[1]!.values.qStart).toBe(numberText(endRate(after[0]!)));
    const steeper = edited(after, (r) => setValue(r, 0, 'dEff', '0.6'));
    expect(steeper[1]!.values.qStart).toBe(numberText(endRate(steeper[0]!)));
    // A new end date moves segment 2's start, and its rate with it.
    const shorter = edited(steeper, (r) => setDate(r, 0, 'endDate', '2024-06-30'));
    expect(shorter[1]!.startDate).toBe('2024-07-01');
    expect(shorter[1]!.values.qStart).toBe(numberText(endRate(shorter[0]!)));
  });

  it('an unchained segment 2 keeps its own qStart', () => {
    const rows = setChained(addRow([first()], '2024-01-01'), 1, false);
    const before = rows[1]!.values.qStart;
    const after = edited(rows, (r) => setValue(r, 0, 'qStart', '2000'));
    expect(after[1]!.chained).toBe(false);
    expect(after[1]!.values.qStart).toBe(before);
  });

  it('chaining again takes the end rate at once, and a chain follows through every chained segment', () => {
    let rows = addRow(addRow([first()], '2024-01-01'), '2024-01-01');
    rows = setChained(rows, 1, false);
    rows = edited(rows, (r) => setValue(r, 1, 'qStart', '50'));
    expect(rows[1]!.values.qStart).toBe('50');
    expect(rows[2]!.values.qStart).toBe(numberText(endRate(rows[1]!)));
    rows = setChained(rows, 1, true);
    expect(rows[1]!.values.qStart).toBe(numberText(endRate(rows[0]!)));
    expect(rows[2]!.values.qStart).toBe(numberText(endRate(rows[1]!)));
  });

  it('typing a qStart or starting from a history point ends the chain of that segment', () => {
    const rows = addRow([first()], '2024-01-01');
    expect(edited(rows, (r) => setValue(r, 1, 'qStart', '123'))[1]).toMatchObject({
      chained: false,
      values: { qStart: '123' },
    });
    const started = edited(rows, (r) => startFromPoint(r, 1, { date: '2025-06-01', rate: 321 }));
    expect(started[1]).toMatchObject({ chained: false, values: { qStart: '321' } });
  });

  it('a split keeps its exact curve until the segment before it changes', () => {
    const rows = splitRow([first()], 0);
    expect(rows[1]!.chained).toBe(true);
    const same = edited(rows, (r) => setValue(r, 1, 'dEff', '0.2'));
    expect(same[1]!.values.qStart).toBe(rows[1]!.values.qStart);
    const moved = edited(rows, (r) => setValue(r, 0, 'qStart', '500'));
    expect(moved[1]!.values.qStart).toBe(numberText(endRate(moved[0]!)));
  });

  it('stored segments are chained where their rates meet, not where they step', () => {
    const rows = addRow(addRow([first()], '2024-01-01'), '2024-01-01').map((r) => ({ ...r, chained: undefined }));
    rows[2] = { ...rows[2]!, values: { ...rows[2]!.values, qStart: '5' } };
    const inferred = inferChains(rows);
    expect(inferred.map((r) => r.chained === true)).toEqual([false, true, false]);
  });
});
