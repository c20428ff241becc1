import { describe, expect, it } from 'vitest';
import { countResults, emptySummary, REFUSALS_KEPT } from './summary';

describe('countResults', () => {
  it('counts 201 created and 200 updated, and lists refusals by file row with the server messages', () => {
    const s = emptySummary();
    countResults(
      s,
      [2, 3, 7],
      [
        { status: 'Created', code: 201 },
        { status: 'OK', code: 200 },
        {
          status: 'Not Found',
          code: 404,
          errors: [{ name: 'NotFound', message: 'well not in the project', location: '[2].well' }],
        },
      ],
      'replace',
    );
    expect(s).toMatchObject({ sent: 3, created: 1, updated: 1, existing: 0, refused: 1 });
    expect(s.refusals).toEqual([{ row: 7, code: 404, messages: ['well not in the project'] }]);
  });
  it('counts a 409 under add only as already stored, and as refused under add or replace', () => {
    const add = emptySummary();
    countResults(add, [2], [{ status: 'Conflict', code: 409 }], 'add');
    expect(add).toMatchObject({ existing: 1, refused: 0 });
    const replace = emptySummary();
    countResults(replace, [2], [{ status: 'Conflict', code: 409 }], 'replace');
    expect(replace).toMatchObject({
      existing: 0,
      refused: 1,
      refusals: [{ row: 2, code: 409, messages: ['Conflict'] }],
    });
  });
  it('keeps the first refusals listed and counts the rest', () => {
    const s = emptySummary();
    const n = REFUSALS_KEPT + 5;
    const rows = Array.from({ length: n }, (_, i) => i + 2);
    countResults(
      s,
      rows,
      rows.map(() => ({ status: 'Error', code: 400 })),
      'add',
    );
    expect(s.refused).toBe(n);
    expect(s.refusals.length).toBe(REFUSALS_KEPT);
  });
  it('throws when the server answers another number of results than records sent', () => {
    expect(() => countResults(emptySummary(), [2, 3], [{ status: 'OK', code: 200 }], 'add')).toThrow(
      /1 results for 2 records/,
    );
  });
});
