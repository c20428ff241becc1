import { describe, expect, it } from 'vitest';
import { WELL_SORT, Well, WellInput, WellListQuery, WellPatchRecord } from './resources';
import { WELL_HEADER_NAMES, WELL_HEADERS, wellHeader, wellHeadersOfKind } from './wellHeaders';

/* The one table of well headers, and what is derived from it (decision 047). */

const base = { wellName: 'W', chosenID: 'C1', dataSource: 'di' };

describe('well headers', () => {
  it('holds the service header groups, custom fields included, each with a label', () => {
    expect(WELL_HEADER_NAMES.length).toBeGreaterThanOrEqual(250);
    for (const n of [
      'api10',
      'api12',
      'api14',
      'ariesId',
      'phdwinId',
      'inptID',
      'ihsId',
      'surfaceLatitude',
      'toeLongitude',
      'spudDate',
      'til',
      'refracDate',
      'perfLateralLength',
      'totalPropWeight',
      'refracStageCount',
      'firstClusterCount',
      'gasC1',
      'gasNc10',
      'prmsReservesCategory',
      'customString34',
      'customNumber19',
      'customDate19',
      'customBool4',
    ]) {
      expect(WELL_HEADER_NAMES, n).toContain(n);
    }
    expect(WELL_HEADER_NAMES).not.toContain('customString35');
    for (const n of WELL_HEADER_NAMES) expect(wellHeader(n).label.length, n).toBeGreaterThan(0);
    expect(wellHeadersOfKind('boolean')).toHaveLength(5);
    expect(Object.keys(WELL_HEADERS)).toEqual(WELL_HEADER_NAMES);
  });

  it('derives the write, patch, read, filter and sort schemas from the table', () => {
    const every = Object.fromEntries(
      WELL_HEADER_NAMES.map((n) => {
        const kind = wellHeader(n).kind;
        const v = kind === 'number' ? 1 : kind === 'boolean' ? true : kind === 'date' ? '2020-01-01' : 'x';
        return [n, v];
      }),
    );
    const full = { ...every, ...base, api10: '1234567890', api12: '123456789012', api14: '12345678901234' };
    expect(WellInput.safeParse(full).success).toBe(true);
    expect(
      Well.safeParse({
        ...full,
        id: 'a'.repeat(24),
        project: null,
        scope: 'company',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }).success,
    ).toBe(true);
    expect(WellPatchRecord.safeParse({ id: 'a'.repeat(24), basin: null, customNumber0: null }).success).toBe(true);
    // Required headers cannot be cleared.
    expect(WellPatchRecord.safeParse({ id: 'a'.repeat(24), wellName: null }).success).toBe(false);
    for (const n of WELL_HEADER_NAMES) {
      expect(WELL_SORT, n).toContain(n);
      expect(Object.keys(WellListQuery.shape), n).toContain(n);
    }
    expect(Object.keys(WellListQuery.shape)).toContain('spudDate[ge]');
    expect(Object.keys(WellListQuery.shape)).not.toContain('basin[ge]');
  });

  it('keeps the rules of the fields the API always had', () => {
    const bad = (extra: Record<string, unknown>) => WellInput.safeParse({ ...base, ...extra }).success;
    expect(bad({ api14: '123' })).toBe(false);
    expect(bad({ lateralLength: -1 })).toBe(false);
    expect(bad({ lateralLength: 100_001 })).toBe(false);
    expect(bad({ chosenID: 'x'.repeat(65) })).toBe(false);
    expect(bad({ county: 'x'.repeat(101) })).toBe(false);
    expect(bad({ firstProdDate: '2023-02-30' })).toBe(false);
    expect(bad({ surfaceLatitude: -90, surfaceLongitude: 180 })).toBe(true);
    expect(bad({ color: 'red' })).toBe(false);
  });

  it('takes a date header sent as a midnight-UTC timestamp (as the service writes them) as its day; other times are refused', () => {
    const parse = (firstProdDate: unknown) => WellInput.safeParse({ ...base, firstProdDate });
    for (const v of [
      '2020-03-01T00:00:00.000Z',
      '2020-03-01T00:00:00Z',
      '2020-03-01T00:00Z',
      '2020-03-01T00:00:00+00:00',
    ]) {
      const r = parse(v);
      expect(r.success, v).toBe(true);
      expect(r.data?.firstProdDate).toBe('2020-03-01');
    }
    for (const v of ['2020-03-01T05:00:00.000Z', '2020-03-01T00:00:00-05:00', '2020-02-30T00:00:00Z']) {
      expect(parse(v).success, v).toBe(false);
    }
  });
});
