import type { ForecastInput, ForecastParameterInput, ProjectInput, ScenarioInput, WellInput } from '@econ/contract';
import { fromDayIndex, toDayIndex, toSegment } from '@econ/decline';

/** The demo project: a dozen horizontal Permian wells with plausible headers. */
export const DEMO_PROJECT: ProjectInput = { name: 'Permian Basin Demo' };

const COUNTIES = [
  { county: 'Midland', code: '329' },
  { county: 'Martin', code: '317' },
  { county: 'Howard', code: '227' },
] as const;

export function demoWells(): WellInput[] {
  return Array.from({ length: 12 }, (_, i) => {
    const { county, code } = COUNTIES[i % COUNTIES.length]!;
    const lateral = 7500 + ((i * 733) % 3000);
    const tvd = 8800 + ((i * 97) % 700);
    const year = 2019 + (i % 5);
    const month = String(1 + ((i * 5) % 12)).padStart(2, '0');
    return {
      wellName: `${county.toUpperCase()} UNIT ${100 + i}H`,
      chosenID: `42${code}${String(40000 + i * 17).padStart(5, '0')}`,
      dataSource: 'internal',
      api14: `42${code}${String(40000 + i * 17).padStart(5, '0')}0000`,
      county,
      state: 'TX',
      firstProdDate: `${year}-${month}-01`,
      perfLateralLength: lateral - 150,
      lateralLength: lateral,
      measuredDepth: tvd + lateral + 900,
      trueVerticalDepth: tvd,
    };
  });
}

export const DEMO_FORECAST: ForecastInput = { name: 'Demo deterministic forecast', type: 'deterministic' };
export const DEMO_SCENARIO: ScenarioInput = { name: 'Base case' };

/**
 * Demo forecast parameters (bulk PUT records) for the first six wells: oil as a modified Arps
 * decline that hands over to an exponential and then a flat tail, each segment starting at the
 * rate the previous one ends; gas as a ratio on oil (MCF/BBL); water as an exponential decline.
 * The other six wells are left without parameters.
 */
export function demoForecastParameters(wells: { id: string; firstProdDate: string }[]): ForecastParameterInput[] {
  return wells.slice(0, 6).flatMap(({ id, firstProdDate }, i) => {
    const start = toDayIndex(firstProdDate);
    const at = (years: number) => fromDayIndex(start + Math.round(years * 365.25));
    const first = {
      segmentType: 'arps_modified',
      startDate: at(0),
      endDate: fromDayIndex(toDayIndex(at(6)) - 1),
      qStart: 650 + i * 45,
      b: 1.05 + (i % 3) * 0.1,
      dEff: 0.62 + (i % 4) * 0.03,
      realizedDEffSw: 0.08,
    };
    const second = {
      segmentType: 'exp_dec',
      startDate: at(6),
      endDate: fromDayIndex(toDayIndex(at(25)) - 1),
      qStart: toSegment(first).qEnd,
      dEff: 0.08,
    };
    const third = {
      segmentType: 'flat',
      startDate: at(25),
      endDate: fromDayIndex(toDayIndex(at(30)) - 1),
      qStart: toSegment(second).qEnd,
    };
    const span = { startDate: first.startDate, endDate: third.endDate };
    return [
      { well: id, forecastType: 'rate', phase: 'oil', series: 'best', segments: [first, second, third] },
      {
        well: id,
        forecastType: 'ratio',
        basePhase: 'oil',
        phase: 'gas',
        series: 'best',
        segments: [{ segmentType: 'flat', ...span, qStart: 1.4 + i * 0.15 }],
      },
      {
        well: id,
        forecastType: 'rate',
        phase: 'water',
        series: 'best',
        dataFrequency: 'daily',
        segments: [{ segmentType: 'exp_dec', ...span, qStart: 900 + i * 60, dEff: 0.35 }],
      },
    ] satisfies ForecastParameterInput[];
  });
}

/** The demo type curve's name (the console's stories open it). */
export const DEMO_TYPE_CURVE = 'Demo Wolfcamp A type curve';

/**
 * The demo type curve as the three V2 calls of spec part 9.5: the curve on the demo forecast with
 * its first six wells (the last excluded), its fits (oil rate fit with four series, gas a ratio on
 * oil, water a rate fit) and a normalization of oil EUR by lateral length that gas links to.
 */
export function demoTypeCurve(forecastId: string, wellIds: string[]) {
  const oil = (qStart: number) => ({
    segments: [
      {
        segmentIndex: 0,
        segmentType: 'arps_modified',
        startDate: '2025-01-01',
        endDate: '2030-12-31',
        qStart,
        b: 1.1,
        dEff: 0.65,
        realizedDEffSw: 0.08,
      },
    ],
  });
  const span = { startDate: '2025-01-01', endDate: '2030-12-31' };
  return {
    curve: {
      name: DEMO_TYPE_CURVE,
      forecast: forecastId,
      forecastSeries: 'best',
      wells: wellIds.slice(0, 6),
      excludedWells: wellIds.slice(5, 6),
    },
    fits: {
      oil: {
        fitType: 'rate',
        regressionType: 'rate',
        eurPercentileMatched: true,
        best: oil(720),
        p10: oil(980),
        p50: oil(700),
        p90: oil(460),
      },
      gas: {
        fitType: 'ratio',
        regressionType: 'rate',
        eurPercentileMatched: false,
        ratio: {
          basePhase: 'oil',
          best: { segments: [{ segmentIndex: 0, segmentType: 'flat', ...span, qStart: 1.6 }] },
        },
      },
      water: {
        fitType: 'rate',
        regressionType: 'cum',
        eurPercentileMatched: false,
        best: { segments: [{ segmentIndex: 0, segmentType: 'exp_dec', ...span, qStart: 950, dEff: 0.35 }] },
      },
    },
    normalization: {
      oil: {
        xAxis: 'perf_lateral_length',
        yAxis: 'eur',
        targets: [{ key: 'perf_lateral_length', value: 10000 }],
        eur: {
          segments: [
            { xStart: 0, fitType: 'linear', aValue: 42.5, bValue: 85000 },
            { xStart: 9000, fitType: 'power_law_fit', aValue: 310, bValue: 0.82 },
          ],
        },
        peak: { segments: [] },
      },
      gas: {
        xAxis: 'perf_lateral_length',
        yAxis: 'eur',
        targets: [],
        eur: { segments: [] },
        peak: { segments: [] },
        linkedTo: 'oil',
      },
      water: { xAxis: 'perf_lateral_length', yAxis: 'eur', targets: [], eur: { segments: [] }, peak: { segments: [] } },
    },
  };
}
