import { NormalizationInput, type NormalizationView } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { normalizationBody, normFormPath, normValuesFromView, validateNormalization } from './normalizationForm';

const phase = (patch: Record<string, unknown> = {}) => ({
  xAxis: 'perf_lateral_length',
  yAxis: 'eur' as const,
  targets: [{ key: 'perf_lateral_length', value: 10000 }],
  eur: { segments: [{ xStart: 0, fitType: 'power_law_fit' as const, aValue: 2, bValue: 0.5 }] },
  peak: { segments: [] },
  ...patch,
});
const view = { oil: phase(), gas: phase({ linkedTo: 'oil' }), water: phase() } as NormalizationView;

describe('normalization form', () => {
  it('gives back a GET body as a PUT body', () => {
    const body = normalizationBody(normValuesFromView(view));
    expect(body).toEqual(view);
    expect(NormalizationInput.safeParse(body).success).toBe(true);
  });

  it('starts every phase empty when nothing is stored, and that body is valid', () => {
    const values = normValuesFromView(null);
    expect(values.water).toMatchObject({ xAxis: 'perf_lateral_length', yAxis: 'eur', linkedTo: '' });
    expect(validateNormalization(values)).toEqual([]);
  });

  it('drops a composite-ratio xAxis read with customBasisKey (write rule 2)', () => {
    const withBasis = {
      ...view,
      oil: phase({ xAxis: 'oil_eur/perf_lateral_length', customBasisKey: 'basis1' }),
    } as NormalizationView;
    const body = normalizationBody(normValuesFromView(withBasis));
    expect(body.oil).not.toHaveProperty('xAxis');
    expect(body.oil.customBasisKey).toBe('basis1');
    expect(NormalizationInput.safeParse(body).success).toBe(true);
  });

  it('leaves out empty optional coefficients and reports the required ones at their field', () => {
    const values = normValuesFromView(view);
    values.oil.eur.segments = [
      { xStart: 0, fitType: '1_to_1', aValue: undefined, bValue: Number.NaN },
      { xStart: 0, fitType: 'linear', aValue: 1, bValue: undefined },
    ];
    expect(normalizationBody(values).oil.eur).toEqual({
      segments: [
        { xStart: 0, fitType: '1_to_1' },
        { xStart: 0, fitType: 'linear', aValue: 1 },
      ],
    });
    expect(validateNormalization(values)).toEqual(
      expect.arrayContaining([
        { path: 'oil.eur.segments.1.bValue', message: 'bValue is required with fitType linear' },
        {
          path: 'oil.eur.segments.1.xStart',
          message: 'segments[1].xStart (0) must be greater than segments[0].xStart (0)',
        },
      ]),
    );
  });

  it('reports a fourth target at the targets list', () => {
    const values = normValuesFromView(view);
    values.oil.targets = [1, 2, 3, 4].map((value) => ({ key: 'k', value }));
    expect(validateNormalization(values)).toEqual([
      { path: 'oil.targets', message: 'targets holds at most 3 targets' },
    ]);
  });

  it('reports a link to a linked phase at its linkedTo', () => {
    const values = normValuesFromView(view);
    values.water.linkedTo = 'gas';
    expect(validateNormalization(values)).toEqual([
      { path: 'water.linkedTo', message: 'water cannot link to gas: gas is itself linked to oil' },
    ]);
  });

  it('turns detail fields into form paths', () => {
    expect(normFormPath('gas.peak.segments[4].aValue')).toBe('gas.peak.segments.4.aValue');
    expect(normFormPath(['oil', 'targets', 0, 'key'])).toBe('oil.targets.0.key');
  });
});
