import type { FitFromWellsPhase } from '@econ/contract';
import { toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { ALL_FIT_CHART, DEFAULT_FIT_CHART, type FitChartItem, fitChartFrame } from './fitChart';

const flat = (q: number, startDate = '2026-01-01', endDate = '2026-12-31') => [
  toSegment({ segmentType: 'flat', startDate, endDate, qStart: q } as never),
];
const wells: FitFromWellsPhase = {
  phase: 'oil',
  resolution: 'monthly',
  align: 'peak',
  minWells: 2,
  steps: [
    { step: 0, wellCount: 2, p10: 300, p50: 200, p90: 100, average: 210 },
    { step: 1, wellCount: 2, p10: 150, p50: 100, p90: 50, average: 105 },
  ],
  wells: [],
  cloud: [
    { well: 'a', steps: [0, 1, 30], rates: [320, 140, 5] },
    { well: 'b', steps: [0], rates: [90] },
  ],
};
const series = { best: flat(200), p10: flat(300), p50: flat(190), p90: flat(90) };

describe('the fit chart frame', () => {
  it('draws every fitted series at once by default, over the months the fits cover', () => {
    const f = fitChartFrame({ series, shown: DEFAULT_FIT_CHART, resolution: 'monthly' });
    expect(f?.lines.map((l) => l.label)).toEqual(['Fit best', 'Fit P10', 'Fit P50', 'Fit P90']);
    expect(f?.x).toHaveLength(12);
    expect(f?.lines[1]?.values[0]).toBe(300);
    expect(f?.cloud).toEqual([]);
  });

  it('hides a series whose toggle is off, and one that is not valid yet', () => {
    const shown = new Set<FitChartItem>(['fit:best', 'fit:p90']);
    const f = fitChartFrame({ series: { ...series, best: undefined }, shown, resolution: 'monthly' });
    expect(f?.lines.map((l) => l.key)).toEqual(['p90']);
  });

  it('adds the member wells: their P10/P50/P90/average (dashed) and their points, steps from the fits’ start', () => {
    const f = fitChartFrame({ series, shown: ALL_FIT_CHART, resolution: 'monthly', wells });
    expect(f?.lines.map((l) => l.label)).toEqual([
      'Fit best',
      'Fit P10',
      'Fit P50',
      'Fit P90',
      'Wells P10',
      'Wells P50',
      'Wells P90',
      'Wells Average',
    ]);
    expect(f?.lines.filter((l) => l.dashed)).toHaveLength(4);
    expect(f?.lines[4]?.values.slice(0, 3)).toEqual([300, 150, null]);
    // The wells reach step 30: the frame runs past the fits' 12 months.
    expect(f?.x).toHaveLength(31);
    expect(f?.points).toBe(4);
    expect(f?.y).toEqual([1, 1000]);
  });

  it('draws the wells alone when no fit is valid, and nothing when nothing is shown', () => {
    const onlyPoints = new Set<FitChartItem>(['points']);
    expect(fitChartFrame({ series: {}, shown: onlyPoints, resolution: 'monthly', wells })?.points).toBe(4);
    expect(fitChartFrame({ series: {}, shown: DEFAULT_FIT_CHART, resolution: 'monthly', wells })).toBeUndefined();
    // The wells' items need the wells' preview.
    expect(fitChartFrame({ series: {}, shown: onlyPoints, resolution: 'monthly' })).toBeUndefined();
  });
});
