import { segmentView } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { type Combo, draftFromView } from './drafts';
import { bulkResults } from './saveResults';

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

describe('bulk save results', () => {
  it('reads a 207 record by record: saved ones, refused ones with their errors in place', () => {
    const good = draftFromView(combo, view);
    const bad = { ...draftFromView({ ...combo, well: '6523f1a2b4c5d6e7f8091a2d' }, view) };
    const answer = bulkResults([good, bad], {
      generalErrors: [],
      results: [
        { code: 201, status: 'Created', message: 'Successfully updated 2 segments', segmentsCount: 2 },
        {
          code: 400,
          status: 'BadRequest',
          message: 'Invalid record',
          errors: [
            {
              message: 'dEff must be below 1',
              field: 'segments[0].dEff',
              value: 1,
              recordIndex: 1,
              rule: 'must be below 1',
            },
          ],
        },
      ],
      successCount: 1,
      failedCount: 1,
    });
    expect(answer.records.map((r) => r.ok)).toEqual([true, false]);
    expect(answer.records[0]!.segmentsCount).toBe(2);
    expect(answer.records[1]!.issues?.rows[bad.rows[0]!.key]).toEqual({ dEff: 'dEff must be below 1' });
  });

  it('gives a record without a result the general error located at it', () => {
    const d = draftFromView(combo, view);
    const answer = bulkResults([d], {
      generalErrors: [{ name: 'ValidationError', message: 'record broken', location: '[0]' }],
      results: [],
      successCount: 0,
      failedCount: 1,
    });
    expect(answer.records[0]).toMatchObject({ ok: false, message: 'record broken' });
    expect(answer.records[0]!.issues?.general).toContain('record broken');
  });
});
