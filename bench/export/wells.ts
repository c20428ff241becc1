/**
 * The wells of the export benchmark, generated deterministically (seeded PRNG) as the database
 * would hand them to the export: per well, oil and water as rate phases of 3 contiguous segments
 * (modified Arps, exponential, Arps tail) over 30 years, and gas as a ratio of oil (a slowly
 * rising GOR, linear), so both the rate and the ratio paths of the volumes are exercised.
 * Every daily volume is positive, so each well gives 3 × DAYS rows.
 */
import type { StoredSegment } from '@econ/contract';
import { fromDayIndex, toDayIndex } from '@econ/decline';
import type { VolumeWell } from '../../apps/api/src/exports/forecastVolumeFiles';

/** 30 years of 365.25 days, rounded up to whole days. */
export const DAYS = Math.ceil(30 * 365.25);
export const PROJECT_ID = 'b0000000000000000000e0e1';
export const FORECAST_ID = 'b0000000000000000000f0f1';

/** mulberry32: a small seeded PRNG, so every run benchmarks the same wells. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` wells in id order, each with oil, gas (ratio of oil) and water over DAYS days. */
export function benchWells(count: number, seed = 0x0e_c5_00_01): VolumeWell[] {
  const random = prng(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();
  const first = toDayIndex('2026-01-01');
  const wells: VolumeWell[] = [];
  for (let w = 0; w < count; w++) {
    const start = first + Math.floor(between(0, 730));
    const day = (offset: number) => fromDayIndex(start + offset);
    // segment boundaries: 2 years of modified Arps, exponential to year 10, Arps to year 30
    const rateSegments = (q: number): StoredSegment[] => [
      {
        segmentType: 'arps_modified',
        startDate: day(0),
        endDate: day(729),
        qStart: q,
        dEff: between(0.55, 0.85),
        b: between(0.8, 1.6),
        realizedDEffSw: between(0.05, 0.1),
      },
      { segmentType: 'exp_dec', startDate: day(730), endDate: day(3651), qStart: q * 0.2, dEff: between(0.06, 0.12) },
      {
        segmentType: 'arps',
        startDate: day(3652),
        endDate: day(DAYS - 1),
        qStart: q * 0.08,
        dEff: between(0.04, 0.1),
        b: between(0.3, 0.6),
      },
    ];
    const gor = between(1.5, 4);
    wells.push({
      id: (0xa0000000 + w).toString(16).padStart(24, '0'),
      name: `Bench well ${String(w + 1).padStart(4, '0')}`,
      phases: [
        {
          phase: 'oil',
          forecastType: 'rate',
          basePhase: undefined,
          dataFrequency: 'daily',
          series: { best: rateSegments(between(300, 1500)) },
        },
        {
          phase: 'gas',
          forecastType: 'ratio',
          basePhase: 'oil',
          dataFrequency: 'daily',
          series: {
            best: [
              { segmentType: 'linear', startDate: day(0), endDate: day(DAYS - 1), qStart: gor, slope: gor / 20_000 },
            ],
          },
        },
        {
          phase: 'water',
          forecastType: 'rate',
          basePhase: undefined,
          dataFrequency: 'daily',
          series: { best: rateSegments(between(200, 2000)) },
        },
      ],
    });
  }
  return wells;
}
