import { describe, expect, it } from 'vitest';
import { civilFromDayIndex, daysInMonth, fromDayIndex, toDayIndex } from '../dayIndex';
import { arpsNominalFromEffective, exponentialNominalFromEffective } from '../declines';
import { arpsRate } from '../rate';
import { seededRandom } from '../test/random';
import { expectClose } from '../test/tolerance';
import { dayOfStep } from './alignedRates';
import type { NormalizationDocument, PhaseNormalization } from './multipliers';
import { fitSeries, type TypeCurveWellInput, typeCurveCloud } from './typeCurveFit';

const START = toDayIndex('2020-01-01');
const END = toDayIndex('2049-12-31');

/** Monthly records from 2020-01 whose per-day rate in month k is `rate(Δ days of its first day)`. */
function monthlyWell(
  id: string,
  x: number | undefined,
  months: number,
  rate: (delta: number) => number,
  extra: Partial<TypeCurveWellInput> = {},
): TypeCurveWellInput {
  const records = Array.from({ length: months }, (_, k) => {
    const day = dayOfStep('monthly', START, k);
    const { y, m } = civilFromDayIndex(day);
    // The month's volume: the sum of its days' rates.
    let volume = 0;
    for (let d = 0; d < daysInMonth(y, m); d++) volume += rate(day - START + d);
    return { day, volume };
  });
  return { id, excluded: false, headers: x === undefined ? {} : { perf_lateral_length: x }, records, ...extra };
}

const empty = (): PhaseNormalization => ({
  xAxis: 'perf_lateral_length',
  yAxis: 'eur',
  targets: [],
  eur: { segments: [] },
  peak: { segments: [] },
});
/** Oil EUR proportional to lateral length (1_to_1) with the target 10,000 ft; gas linked to oil. */
const NORMALIZATION: NormalizationDocument = {
  oil: {
    ...empty(),
    targets: [{ key: 'perf_lateral_length', value: 10000 }],
    eur: { segments: [{ xStart: 0, fitType: '1_to_1' }] },
  },
  gas: { ...empty(), linkedTo: 'oil' },
  water: empty(),
};

const D = exponentialNominalFromEffective(0.4);
/** The average over January of e^(−DΔ), Δ the day of the month from 0: the first month's average rate over its first day's. */
const JANUARY = Array.from({ length: 31 }, (_, d) => Math.exp(-D * d)).reduce((a, b) => a + b) / 31;
/** Oil, monthly, aligned on the peak, normalized. */
const OIL = {
  phase: 'oil',
  resolution: 'monthly',
  align: 'peak',
  normalization: NORMALIZATION,
  normalize: true,
} as const;
/** A well whose initial rate is 0.1 BBL/D per foot of lateral: normalized to 10,000 ft it starts at 1,000. */
const proportional = (id: string, x: number, months = 36) =>
  monthlyWell(id, x, months, (delta) => 0.1 * x * Math.exp(-D * delta));

describe('a type curve from its wells', () => {
  const wells = [proportional('a', 5000), proportional('b', 8000), proportional('c', 10000), proportional('d', 12500)];

  it('gives each well the multiplier x_target / x_well and normalizes them onto one curve', () => {
    const cloud = typeCurveCloud(wells, OIL);
    if (!cloud.ok) throw new Error(cloud.reason);
    expect(cloud.wells.map((w) => (w.status === 'used' ? w.multipliers.eur : undefined))).toEqual([2, 1.25, 1, 0.8]);
    expect(cloud.steps).toHaveLength(36);
    for (const s of cloud.steps) {
      const first = dayOfStep('monthly', START, s.step);
      const days = dayOfStep('monthly', START, s.step + 1) - first;
      let expected = 0;
      for (let d = 0; d < days; d++) expected += (1000 * Math.exp(-D * (first - START + d))) / days;
      expect(s.wellCount).toBe(4);
      for (const v of [s.p10, s.p50, s.p90, s.average]) expectClose(v, expected, 1e-12);
    }
  });

  it('fits each series: best (the average) recovers the decline it was built from', () => {
    const cloud = typeCurveCloud(wells, OIL);
    if (!cloud.ok) throw new Error(cloud.reason);
    const fits = fitSeries(cloud.steps, { resolution: 'monthly', startDay: START, endDay: END, model: 'exp_dec' });
    for (const series of ['best', 'p10', 'p50', 'p90'] as const) {
      const fit = fits[series];
      if (!fit.ok) throw new Error(fit.reason);
      expect(fit.segment).toMatchObject({
        segmentType: 'exp_dec',
        startDate: '2020-01-01',
        endDate: fromDayIndex(END),
      });
      // Monthly averages placed at mid-month: within 0.01 % of the decline they were made from.
      expect(fit.segment.qStart).toBeCloseTo(1000, 0);
      expect(fit.segment.dEff).toBeCloseTo(0.4, 4);
    }
  });

  it('a linked phase uses the multipliers of the phase it links to', () => {
    const cloud = typeCurveCloud(wells, {
      phase: 'gas',
      resolution: 'monthly',
      align: 'peak',
      normalization: NORMALIZATION,
      normalize: true,
    });
    if (!cloud.ok) throw new Error(cloud.reason);
    expect(cloud.plan?.source).toBe('oil');
    expect(cloud.wells.map((w) => (w.status === 'used' ? w.multipliers.eur : undefined))).toEqual([2, 1.25, 1, 0.8]);
  });

  it('normalize false (or a phase without segments) leaves the rates as they are', () => {
    for (const o of [
      { phase: 'oil' as const, normalize: false },
      { phase: 'water' as const, normalize: true },
    ]) {
      const cloud = typeCurveCloud(wells, { ...o, resolution: 'monthly', align: 'peak', normalization: NORMALIZATION });
      if (!cloud.ok) throw new Error(cloud.reason);
      expect(cloud.wells.every((w) => w.status === 'used' && Object.keys(w.multipliers).length === 0)).toBe(true);
      // The raw initial rates 500, 800, 1000, 1250: type 7 percentiles.
      // The first month's average rate: its first day's times JANUARY.
      for (const [k, v] of Object.entries({ p10: 1175, p50: 900, p90: 590, average: 887.5 }))
        expect((cloud.steps[0] as unknown as Record<string, number>)[k]).toBeCloseTo(v * JANUARY, 9);
    }
  });

  it('leaves out excluded wells and drops a well without production of the phase', () => {
    const dry = monthlyWell('dry', 9000, 12, () => 0);
    const excluded = { ...proportional('x', 9000), excluded: true };
    const cloud = typeCurveCloud([...wells, dry, excluded], OIL);
    if (!cloud.ok) throw new Error(cloud.reason);
    const byId = new Map(cloud.wells.map((w) => [w.id, w]));
    expect(byId.get('dry')).toMatchObject({ status: 'noProduction', reason: 'no monthly oil production' });
    expect(byId.get('x')).toMatchObject({ status: 'excluded', reason: 'in excludedWells' });
    expect(cloud.steps.every((s) => s.wellCount === 4)).toBe(true);
  });

  it('stops the series where fewer than the minimum of wells remain (3 by default)', () => {
    const mixed = [
      proportional('a', 5000, 12),
      proportional('b', 8000, 24),
      proportional('c', 10000, 36),
      proportional('d', 12500, 48),
    ];
    const cloud = typeCurveCloud(mixed, OIL);
    if (!cloud.ok) throw new Error(cloud.reason);
    expect(cloud.steps).toHaveLength(24);
    expect(cloud.stop).toEqual({ step: 24, wellCount: 2, minWells: 3 });
    expect(cloud.steps[11]?.wellCount).toBe(4);
    expect(cloud.steps[12]?.wellCount).toBe(3);
    const two = typeCurveCloud(mixed.slice(0, 2), {
      phase: 'oil',
      resolution: 'monthly',
      align: 'peak',
      normalize: false,
    });
    if (!two.ok) throw new Error(two.reason);
    expect(two.minWells).toBe(2);
    expect(two.steps).toHaveLength(12);
  });

  it('refuses a phase no well has produced, naming the field, rule and phase', () => {
    const cloud = typeCurveCloud(
      [monthlyWell('dry', 9000, 12, () => 0), { ...proportional('x', 9000), excluded: true }],
      {
        phase: 'water',
        resolution: 'monthly',
        align: 'peak',
        normalize: false,
      },
    );
    expect(cloud).toMatchObject({ ok: false, field: 'phases', rule: 'wells with production', value: 'water' });
    if (!cloud.ok)
      expect(cloud.reason).toMatch(/no well of the type curve has monthly water production \(2 wells, 1 excluded\)/);
  });

  it('refuses a normalization it cannot apply, naming the field', () => {
    const bad: NormalizationDocument = { ...NORMALIZATION, oil: { ...NORMALIZATION.oil, targets: [] } };
    const cloud = typeCurveCloud(wells, {
      phase: 'oil',
      resolution: 'monthly',
      align: 'peak',
      normalization: bad,
      normalize: true,
    });
    expect(cloud).toMatchObject({ ok: false, field: 'normalization.oil.targets', rule: 'target for xAxis' });
  });

  it('fits P10 ≥ P50 ≥ P90 in EUR on scattered Arps wells with noise', () => {
    const { normal } = seededRandom(7);
    const scattered = Array.from({ length: 20 }, (_, i) => {
      const qi = 400 * Math.exp(0.5 * normal());
      const b = 0.8;
      const Dw = arpsNominalFromEffective(0.6, b);
      return monthlyWell(`w${i}`, 10000, 60, (delta) => arpsRate(qi, Dw, b, delta) * Math.exp(0.1 * normal()));
    });
    const cloud = typeCurveCloud(scattered, { phase: 'oil', resolution: 'monthly', align: 'peak', normalize: false });
    if (!cloud.ok) throw new Error(cloud.reason);
    for (const s of cloud.steps) {
      expect(s.p10).toBeGreaterThanOrEqual(s.p50);
      expect(s.p50).toBeGreaterThanOrEqual(s.p90);
    }
    const fits = fitSeries(cloud.steps, {
      resolution: 'monthly',
      startDay: START,
      endDay: END,
      model: 'arps',
      bRange: [0.3, 1.5],
    });
    const eur = (k: 'p10' | 'p50' | 'p90' | 'best') => {
      const f = fits[k];
      if (!f.ok) throw new Error(`${k}: ${f.reason}`);
      return f.eur;
    };
    expect(eur('p10')).toBeGreaterThan(eur('p50'));
    expect(eur('p50')).toBeGreaterThan(eur('p90'));
    // The average of a log-normal spread sits above its median.
    expect(eur('best')).toBeGreaterThan(eur('p50'));
  });
});
