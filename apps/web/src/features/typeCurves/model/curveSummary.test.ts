import type { NormalizationView, TypeCurveFitsView } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { curveSummary } from './curveSummary';

const seg = { segmentIndex: 0, segmentType: 'flat', startDate: '2026-01-01', endDate: '2030-12-31', qStart: 500 };
const phase = (more: Record<string, unknown> = {}) => ({
  xAxis: 'perf_lateral_length',
  yAxis: 'eur' as const,
  targets: [],
  eur: { segments: [] },
  peak: { segments: [] },
  ...more,
});

describe('the curve tab summary', () => {
  it('says per phase which fit and which normalization the curve holds', () => {
    const fits = {
      oil: {
        fitType: 'rate',
        regressionType: 'rate',
        eurPercentileMatched: false,
        best: { segments: [seg] },
        p50: { segments: [seg] },
      },
      gas: {
        fitType: 'ratio',
        regressionType: 'rate',
        eurPercentileMatched: false,
        ratio: { basePhase: 'oil', best: { segments: [seg] } },
      },
    } as unknown as TypeCurveFitsView;
    const normalization = {
      oil: phase({
        targets: [{ key: 'perf_lateral_length', value: 10000 }],
        eur: { segments: [{ xStart: 0, fitType: 'linear', aValue: 1, bValue: 2 }] },
      }),
      gas: phase({ linkedTo: 'oil' }),
      water: phase(),
    } as unknown as NormalizationView;
    expect(curveSummary(fits, normalization)).toEqual([
      {
        phase: 'oil',
        fit: 'rate fit: best, p50',
        normalization: 'EUR by perforated lateral length, target 10,000 FT',
      },
      { phase: 'gas', fit: 'ratio to oil fit: best', normalization: 'uses the multipliers of oil' },
      { phase: 'water', fit: 'no fit', normalization: 'not normalized' },
    ]);
  });
});
