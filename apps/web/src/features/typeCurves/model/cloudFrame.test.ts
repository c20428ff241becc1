import type { FitFromWellsPhase, FitFromWellsResult } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { cloudFrame, fittedRates } from './cloudFrame';
import { normalizationScatter } from './normalizationScatter';

const step = (k: number, p10: number, p50: number, p90: number, average: number) => ({
  step: k,
  wellCount: 3,
  p10,
  p50,
  p90,
  average,
});
const preview: FitFromWellsPhase = {
  phase: 'oil',
  resolution: 'monthly',
  align: 'peak',
  minWells: 3,
  normalization: { source: 'oil', xAxis: 'perf_lateral_length', yAxis: 'eur', factors: ['eur'], targetX: 10000 },
  steps: [step(0, 300, 200, 100, 210), step(1, 150, 100, 50, 105)],
  wells: [
    { well: 'a', status: 'used', x: 5000, cumulative: 1000, peakRate: 10, multipliers: { eur: 2 } },
    { well: 'b', status: 'used', x: 8000, cumulative: 2000, peakRate: 20, multipliers: { eur: 1.25 } },
    { well: 'c', status: 'noProduction', reason: 'no monthly oil production', cumulative: 0, peakRate: 0 },
  ],
  cloud: [
    { well: 'a', steps: [0, 1, 2], rates: [320, 140, 0.5] },
    { well: 'b', steps: [0], rates: [90] },
  ],
};

describe('the cloud frame', () => {
  it('draws the series over every step the wells reach, and the cloud', () => {
    const f = cloudFrame(preview);
    expect(f.x).toEqual([0, 1, 2]);
    expect(f.lines.map((l) => l.key)).toEqual(['p10', 'p50', 'p90', 'average']);
    expect(f.lines[0]?.values).toEqual([300, 150, null]);
    expect(f.points).toBe(4);
    // Whole decades around 0.5 … 320.
    expect(f.y).toEqual([0.1, 1000]);
  });
  it('adds each fitted series as a dashed line dated from the fit’s step 0', () => {
    const seg = { segmentIndex: 0, segmentType: 'flat', startDate: '2025-01-01', endDate: '2025-01-31', qStart: 7 };
    const result = {
      dryRun: true,
      fits: {
        oil: { fitType: 'rate', regressionType: 'rate', eurPercentileMatched: false, best: { segments: [seg] } },
      },
      phases: { oil: { ...preview, steps: [{ ...preview.steps[0]!, date: '2025-01-01' }] } },
    } as FitFromWellsResult;
    const f = cloudFrame(preview, { result, phase: 'oil' });
    const best = f.lines.find((l) => l.key === 'best');
    expect(best).toMatchObject({ dashed: true, values: [7, null, null] });
  });
  it('reads a fitted segment at the first of each month', () => {
    const seg = { segmentType: 'exp_dec', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 100, d: 0.36525 };
    const rates = fittedRates([seg], '2025-01-01', 'monthly', 2);
    expect(rates[0]).toBe(100);
    expect(rates[1]).toBeCloseTo(100 * Math.exp(-0.001 * 31), 12);
  });
});

describe('the normalization scatter', () => {
  const doc = {
    oil: {
      xAxis: 'perf_lateral_length',
      yAxis: 'eur' as const,
      targets: [{ key: 'perf_lateral_length', value: 10000 }],
      eur: { segments: [{ xStart: 0, fitType: 'linear' as const, aValue: 0.2, bValue: 0 }] },
      peak: { segments: [] },
    },
    gas: { xAxis: 'x', yAxis: 'eur' as const, targets: [], eur: { segments: [] }, peak: { segments: [] } },
    water: { xAxis: 'x', yAxis: 'eur' as const, targets: [], eur: { segments: [] }, peak: { segments: [] } },
  };
  it('plots the used wells’ EUR against x with the curve f(x) from 0.9× the least to 1.1× the largest x', () => {
    const s = normalizationScatter(preview, doc)!;
    expect(s.factor).toBe('eur');
    const wells = s.x.flatMap((x, i) => (s.wells[i] !== null ? [[x, s.wells[i]]] : []));
    expect(wells).toEqual([
      [5000, 1000],
      [8000, 2000],
    ]);
    const curve = s.x.flatMap((x, i) => (s.curve[i] !== null ? [x] : []));
    expect(curve[0]).toBeCloseTo(4500, 9);
    expect(curve[curve.length - 1]).toBeCloseTo(11000, 9);
    const i = s.x.indexOf(curve[0]!);
    expect(s.curve[i]).toBeCloseTo(900, 9);
  });
  it('is undefined when the phase is not normalized', () => {
    const { normalization: _n, ...bare } = preview;
    expect(normalizationScatter(bare, doc)).toBeUndefined();
  });
});
