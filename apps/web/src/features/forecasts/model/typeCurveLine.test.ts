import type { TypeCurve, TypeCurveFitsView } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { applicableTypeCurve, typeCurveAtWell } from './typeCurveLine';

const curve = (id: string, over: Partial<TypeCurve>): TypeCurve => ({
  id,
  name: id,
  project: 'p',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const seg = (qStart: number) => ({
  segmentIndex: 0,
  segmentType: 'exp_dec' as const,
  startDate: '2026-12-01',
  endDate: '2056-11-30',
  qStart,
  dEff: 0.3,
});

describe('the type curve that applies to a well', () => {
  it('is one that holds the well without excluding it, this forecast’s first', () => {
    const curves = [
      curve('a', { wells: ['w1', 'w2'], excludedWells: ['w2'] }),
      curve('b', { wells: ['w2'], forecast: 'other' }),
      curve('c', { wells: ['w2'], forecast: 'f' }),
    ];
    expect(applicableTypeCurve(curves, 'w1', 'f')?.id).toBe('a');
    expect(applicableTypeCurve(curves, 'w2', 'f')?.id).toBe('c');
    expect(applicableTypeCurve(curves, 'w2', 'x')?.id).toBe('b');
    expect(applicableTypeCurve(curves, 'w9', 'f')).toBeUndefined();
  });

  it('draws the fit’s series of the phase from the well’s first production', () => {
    const fits: TypeCurveFitsView = {
      oil: {
        fitType: 'rate',
        regressionType: 'rate',
        eurPercentileMatched: false,
        best: { segments: [seg(500)] },
        p10: { segments: [seg(800)] },
      },
      gas: { fitType: 'ratio', regressionType: 'rate', eurPercentileMatched: false, best: { segments: [seg(2)] } },
    };
    const anchor = toDayIndex('2019-03-01');
    const p10 = typeCurveAtWell(fits, 'oil', 'p10', anchor)!;
    expect(p10.series).toBe('p10');
    expect(p10.segments[0]).toMatchObject({ start: anchor, q0: 800 });
    expect(p10.segments[0]!.end - p10.segments[0]!.start).toBe(toDayIndex('2056-11-30') - toDayIndex('2026-12-01'));
    // No P90 in the fit: its best.
    expect(typeCurveAtWell(fits, 'oil', 'p90', anchor)).toMatchObject({ series: 'best', segments: [{ q0: 500 }] });
    // A ratio fit, or no fit of the phase: nothing to draw.
    expect(typeCurveAtWell(fits, 'gas', 'best', anchor)).toBeUndefined();
    expect(typeCurveAtWell(fits, 'water', 'best', anchor)).toBeUndefined();
  });
});
