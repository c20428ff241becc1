import { NormalizationInput } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { defaultNormalization, normalizationView, storedNormalization } from './normalization';

const SEG = { xStart: 0, fitType: 'power_law_fit', aValue: 2, bValue: 0.5 } as const;
const phase = { xAxis: 'perf_lateral_length', yAxis: 'eur', eur: { segments: [SEG] }, peak: { segments: [] } } as const;

describe('normalization documents', () => {
  it('the never-normalized document is a valid PUT body that reads back unchanged', () => {
    const doc = defaultNormalization();
    const parsed = NormalizationInput.parse(doc);
    expect(normalizationView(storedNormalization(parsed))).toEqual(doc);
    expect(doc.oil).toEqual({
      xAxis: 'perf_lateral_length',
      yAxis: 'eur',
      targets: [],
      eur: { segments: [] },
      peak: { segments: [] },
    });
  });

  it('reads xAxis as the composite ratio with customBasisKey, and the stored xAxis otherwise', () => {
    const doc = NormalizationInput.parse({
      oil: {
        ...phase,
        xAxis: undefined,
        customBasisKey: 'b1',
        targets: [{ key: 'oil_eur/perf_lateral_length', value: 3 }],
      },
      gas: { ...phase, xAxis: 'true_vertical_depth', linkedTo: 'oil' },
      water: phase,
    });
    const view = normalizationView(storedNormalization(doc));
    expect(view.oil.xAxis).toBe('oil_eur/perf_lateral_length');
    expect(view.oil.customBasisKey).toBe('b1');
    expect(view.gas).toEqual({ ...phase, xAxis: 'true_vertical_depth', targets: [], linkedTo: 'oil' });
    expect(view.water).not.toHaveProperty('linkedTo');
    expect(view.water).not.toHaveProperty('customBasisKey');
    expect(Object.keys(view.water.eur.segments[0] ?? {})).toEqual(['xStart', 'fitType', 'aValue', 'bValue']);
  });

  it('stores no undefined keys', () => {
    const sent = { ...phase, linkedTo: undefined, customBasisKey: undefined };
    const stored = storedNormalization(NormalizationInput.parse({ oil: sent, gas: phase, water: phase }));
    expect(Object.keys(stored.oil).sort()).toEqual(['eur', 'peak', 'targets', 'xAxis', 'yAxis']);
  });
});
