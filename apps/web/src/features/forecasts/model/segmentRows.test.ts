import { describe, expect, it } from 'vitest';
import { firstRow } from './rowEdits';
import { rowsFromView, rowToPayload, type SegmentRow, visibleFields } from './segmentRows';

const row = (over: Partial<SegmentRow> & Pick<SegmentRow, 'startDate' | 'endDate'>): SegmentRow => ({
  ...firstRow('2024-01-01'),
  segmentType: 'exp_dec',
  declineBy: 'dEff',
  values: { qStart: '1000', b: '', d: '', dEff: '0.3', slope: '', realizedDEffSw: '' },
  ...over,
});

describe('segment rows', () => {
  it('shows exactly the fields a type takes, with one decline', () => {
    expect(visibleFields({ segmentType: 'arps_modified', declineBy: 'dEff' })).toEqual([
      'qStart',
      'dEff',
      'b',
      'realizedDEffSw',
    ]);
    expect(visibleFields({ segmentType: 'arps', declineBy: 'd' })).toEqual(['qStart', 'd', 'b']);
    expect(visibleFields({ segmentType: 'linear', declineBy: 'slope' })).toEqual(['qStart', 'slope']);
    expect(visibleFields({ segmentType: 'linear', declineBy: 'dEff' })).toEqual(['qStart', 'dEff']);
    expect(visibleFields({ segmentType: 'flat', declineBy: 'dEff' })).toEqual(['qStart']);
    expect(visibleFields({ segmentType: 'empty', declineBy: 'dEff' })).toEqual([]);
  });

  it('sends only the visible fields, numbers as numbers and other text as it is', () => {
    const r = row({ startDate: '2024-01-01', endDate: '2024-12-31' });
    r.values.d = '0.5';
    r.values.b = '0.9';
    expect(rowToPayload(r)).toEqual({
      segmentType: 'exp_dec',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      qStart: 1000,
      dEff: 0.3,
    });
    expect(rowToPayload({ ...r, values: { ...r.values, qStart: '12abc', dEff: ' ' } })).toMatchObject({
      qStart: '12abc',
    });
    expect(rowToPayload({ ...r, values: { ...r.values, dEff: '' } })).not.toHaveProperty('dEff');
  });

  it('reads stored segments with the decline that was typed (the shorter text)', () => {
    const [a, b] = rowsFromView([
      {
        segmentType: 'exp_dec',
        startDate: '2024-01-01',
        endDate: '2024-12-31',
        qStart: 100,
        qEnd: 70,
        d: 0.356674943938732,
        dEff: 0.3,
      },
      {
        segmentType: 'exp_dec',
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        qStart: 70,
        qEnd: 40,
        d: 0.5,
        dEff: 0.3934693402873666,
      },
    ]);
    expect(a!.declineBy).toBe('dEff');
    expect(b!.declineBy).toBe('d');
    expect(rowToPayload(b!)).toEqual({
      segmentType: 'exp_dec',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      qStart: 70,
      d: 0.5,
    });
  });
});
