import { describe, expect, it } from 'vitest';
import { errorPath, placeServerErrors, withoutIssue } from './issues';
import { firstRow } from './rowEdits';
import type { SegmentRow } from './segmentRows';

const rows: SegmentRow[] = [
  { ...firstRow('2024-01-01'), declineBy: 'dEff' },
  { ...firstRow('2054-01-01'), segmentType: 'arps', declineBy: 'd' },
  { ...firstRow('2084-01-01'), segmentType: 'flat' },
];
const err = (field: string, message: string, recordIndex = 0) => ({ field, message, recordIndex, rule: 'r' });

describe('server errors placed next to their fields', () => {
  it('reads both routes’ field names', () => {
    expect(errorPath('[2].dEff')).toEqual(['segments', 2, 'dEff']);
    expect(errorPath('segments[2].dEff')).toEqual(['segments', 2, 'dEff']);
    expect(errorPath('[1]')).toEqual(['segments', 1]);
    expect(errorPath('segments')).toEqual(['segments']);
    expect(errorPath('basePhase')).toEqual(['basePhase']);
  });

  it('maps the single route’s `[i].field` to row i', () => {
    const issues = placeServerErrors(
      [err('[0].dEff', 'dEff must be below 1', 0), err('[2].qStart', 'qStart must be ≥ 0', 2)],
      rows,
      true,
    );
    expect(issues.rows[rows[0]!.key]).toEqual({ dEff: 'dEff must be below 1' });
    expect(issues.rows[rows[2]!.key]).toEqual({ qStart: 'qStart must be ≥ 0' });
    expect(issues.general).toEqual([]);
  });

  it('maps the bulk route’s `segments[i].field` to row i, whatever the record index', () => {
    const issues = placeServerErrors([err('segments[1].b', 'b must be at most 10', 7)], rows, false);
    expect(issues.rows[rows[1]!.key]).toEqual({ b: 'b must be at most 10' });
  });

  it('drops a leading copy of the field from the message', () => {
    const issues = placeServerErrors(
      [err('segments[0].dEff', 'segments[0].dEff: dEff must be at most 1')],
      rows,
      false,
    );
    expect(issues.rows[rows[0]!.key]).toEqual({ dEff: 'dEff must be at most 1' });
  });

  it('puts a message about the other decline on the decline the row shows', () => {
    // Row 1 is entered by d; "d or dEff is required" may name either.
    const issues = placeServerErrors([err('[1].dEff', 'dEff is required')], rows, true);
    expect(issues.rows[rows[1]!.key]).toEqual({ d: 'dEff is required' });
  });

  it('puts a message about a field the row does not show on the row', () => {
    const issues = placeServerErrors([err('[2].b', 'b does not apply to segmentType flat')], rows, true);
    expect(issues.rows[rows[2]!.key]).toEqual({ row: 'b does not apply to segmentType flat' });
  });

  it('uses the single route’s recordIndex when the field has no index', () => {
    const issues = placeServerErrors([err('startDate', 'must be a date', 1)], rows, true);
    expect(issues.rows[rows[1]!.key]).toEqual({ startDate: 'must be a date' });
  });

  it('keeps settings and request errors apart, and an index past the rows as general', () => {
    const issues = placeServerErrors(
      [err('basePhase', 'basePhase is required'), err('segments', 'at most 25 segments'), err('[9].qStart', 'bad')],
      rows,
      false,
      ['the body must be an array'],
    );
    expect(issues.settings).toEqual({ basePhase: 'basePhase is required' });
    expect(issues.general).toEqual(['at most 25 segments', 'Segment 10: bad', 'the body must be an array']);
  });

  it('drops the message of a field once it is edited', () => {
    const issues = placeServerErrors([err('[0].dEff', 'x'), err('[0].qStart', 'y'), err('basePhase', 'z')], rows, true);
    const after = withoutIssue(issues, rows[0]!.key, 'dEff');
    expect(after?.rows[rows[0]!.key]).toEqual({ qStart: 'y' });
    expect(withoutIssue(after, undefined, 'basePhase')?.settings).toEqual({});
  });
});
