import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/tolerance';
import {
  curveValue,
  type NormalizationDocument,
  normalizationPlan,
  type PhaseNormalization,
  pieceAt,
  wellMultipliers,
} from './multipliers';

const none = (): PhaseNormalization => ({
  xAxis: 'perf_lateral_length',
  yAxis: 'eur',
  targets: [],
  eur: { segments: [] },
  peak: { segments: [] },
});
const doc = (oil: Partial<PhaseNormalization>, rest: Partial<NormalizationDocument> = {}): NormalizationDocument => ({
  oil: { ...none(), ...oil },
  gas: none(),
  water: none(),
  ...rest,
});
const target = (value: number) => [{ key: 'perf_lateral_length', value }];
const plan = (d: NormalizationDocument, phase: 'oil' | 'gas' | 'water' = 'oil') => {
  const p = normalizationPlan(d, phase);
  if (!p.ok) throw new Error(p.reason);
  return p;
};
const pll = (x: number) => ({ perf_lateral_length: x });

describe('the normalization curve', () => {
  const pieces = [
    { xStart: 0, fitType: 'linear' as const, aValue: 10, bValue: 1000 },
    { xStart: 9000, fitType: 'power_law_fit' as const, aValue: 3, bValue: 0.5 },
  ];
  it('takes the last piece whose xStart ≤ x, and the first below every xStart', () => {
    expect(pieceAt(pieces, 8999)?.fitType).toBe('linear');
    expect(pieceAt(pieces, 9000)?.fitType).toBe('power_law_fit');
    expect(pieceAt([{ xStart: 100, fitType: '1_to_1' }], 50)?.fitType).toBe('1_to_1');
  });
  it('is a·x + b (linear), a·x^b (power_law_fit), x (1_to_1)', () => {
    expect(curveValue(pieces, 5000)).toBe(51000);
    expect(curveValue(pieces, 10000)).toBe(300);
    expect(curveValue([{ xStart: 0, fitType: '1_to_1' }], 7)).toBe(7);
  });
});

describe('per-well multipliers: m = f(x_target) / f(x_well)', () => {
  it('yAxis eur, linear: (10·10000 + 1000) / (10·5000 + 1000)', () => {
    const p = plan(
      doc({ targets: target(10000), eur: { segments: [{ xStart: 0, fitType: 'linear', aValue: 10, bValue: 1000 }] } }),
    );
    expect(p.factors).toEqual(['eur']);
    expectClose(wellMultipliers(p, pll(5000)).multipliers.eur!, 101000 / 51000);
  });
  it('power_law_fit across pieces: the target and the well each on their own piece', () => {
    const p = plan(
      doc({
        targets: target(10000),
        eur: {
          segments: [
            { xStart: 0, fitType: 'linear', aValue: 10, bValue: 1000 },
            { xStart: 9000, fitType: 'power_law_fit', aValue: 3, bValue: 0.5 },
          ],
        },
      }),
    );
    expectClose(wellMultipliers(p, pll(5000)).multipliers.eur!, 300 / 51000);
  });
  it('1_to_1 is x_target / x_well', () => {
    const p = plan(doc({ targets: target(10000), eur: { segments: [{ xStart: 0, fitType: '1_to_1' }] } }));
    expectClose(wellMultipliers(p, pll(8000)).multipliers.eur!, 1.25);
  });
  it('yAxis peak gives only a peak multiplier; eur_and_peak gives both', () => {
    const eur = { segments: [{ xStart: 0, fitType: '1_to_1' as const }] };
    const peak = { segments: [{ xStart: 0, fitType: 'power_law_fit' as const, aValue: 2, bValue: 0.5 }] };
    const onlyPeak = plan(doc({ yAxis: 'peak', targets: target(10000), eur, peak }));
    expect(wellMultipliers(onlyPeak, pll(2500)).multipliers).toEqual({ peak: 2 });
    const both = plan(doc({ yAxis: 'eur_and_peak', targets: target(10000), eur, peak }));
    expect(wellMultipliers(both, pll(2500)).multipliers).toEqual({ eur: 4, peak: 2 });
  });
  it('eur_per_pll: f gives EUR per foot, m = f(x_t)·pll_t / (f(x_w)·pll_w)', () => {
    const p = plan(
      doc({
        xAxis: 'true_vertical_depth',
        yAxis: 'eur_per_pll',
        targets: [
          { key: 'true_vertical_depth', value: 9000 },
          { key: 'perf_lateral_length', value: 10000 },
        ],
        eur: { segments: [{ xStart: 0, fitType: 'linear', aValue: 0.01, bValue: 10 }] },
      }),
    );
    const m = wellMultipliers(p, { true_vertical_depth: 8000, perf_lateral_length: 5000 }).multipliers.eur!;
    expectClose(m, (100 * 10000) / (90 * 5000));
  });
  it('a linked phase takes the multipliers of the phase it links to', () => {
    const d = doc(
      { targets: target(10000), eur: { segments: [{ xStart: 0, fitType: '1_to_1' }] } },
      {
        gas: {
          ...none(),
          linkedTo: 'oil',
          targets: target(1),
          eur: { segments: [{ xStart: 0, fitType: 'linear', aValue: 1, bValue: 1 }] },
        },
      },
    );
    const p = plan(d, 'gas');
    expect(p.source).toBe('oil');
    expectClose(wellMultipliers(p, pll(5000)).multipliers.eur!, 2);
  });
  it('a phase without segments normalizes nothing', () => {
    const p = plan(doc({}), 'water');
    expect(p.factors).toEqual([]);
    expect(wellMultipliers(p, pll(5000))).toEqual({ multipliers: {} });
  });
  it('a well without the x header keeps multiplier 1 and says why', () => {
    const p = plan(doc({ targets: target(10000), eur: { segments: [{ xStart: 0, fitType: '1_to_1' }] } }));
    const m = wellMultipliers(p, {});
    expect(m.multipliers).toEqual({ eur: 1 });
    expect(m.note).toMatch(/no positive perf_lateral_length header/);
  });
  it('a curve not positive at the well keeps 1', () => {
    const p = plan(
      doc({ targets: target(10000), eur: { segments: [{ xStart: 0, fitType: 'linear', aValue: 1, bValue: -6000 }] } }),
    );
    expect(wellMultipliers(p, pll(5000)).multipliers).toEqual({ eur: 1 });
  });
  it('refuses a normalization without a target for its xAxis, naming the field', () => {
    const p = normalizationPlan(doc({ targets: [], eur: { segments: [{ xStart: 0, fitType: '1_to_1' }] } }), 'oil');
    expect(p).toMatchObject({ ok: false, field: 'normalization.oil.targets', rule: 'target for xAxis' });
  });
  it('refuses customBasisKey (the compound bases are not defined)', () => {
    const p = normalizationPlan(
      doc({
        customBasisKey: 'oil_eur_per_ft',
        targets: target(1),
        eur: { segments: [{ xStart: 0, fitType: '1_to_1' }] },
      }),
      'oil',
    );
    expect(p).toMatchObject({ ok: false, field: 'normalization.oil.customBasisKey', rule: 'not supported' });
  });
});
