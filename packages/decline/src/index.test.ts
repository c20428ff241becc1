import { describe, expect, it } from 'vitest';
import * as decline from './index';

describe('public API', () => {
  it('re-exports the segment math', () => {
    for (const name of [
      'toDayIndex',
      'fromDayIndex',
      'DeclineError',
      'arpsNominalFromEffective',
      'exponentialNominalFromEffective',
      'toSegment',
      'segmentRate',
      'segmentVolume',
      'dailySeries',
      'monthlySeries',
      'eur',
      'assertContiguous',
      'fitDecline',
      'fitSequence',
      'fitRatio',
    ]) {
      expect(typeof (decline as Record<string, unknown>)[name]).toBe('function');
    }
    expect(decline.DAYS_PER_YEAR).toBe(365.25);
  });
});
