import type { ForecastInput, ForecastParameterInput, ProjectInput, ScenarioInput, WellInput } from '@econ/contract';
import { fromDayIndex, toDayIndex, toSegment } from '@econ/decline';
import { forecastFrom } from './demo/forecastFrom';
import { type History, type PhaseDecline, productionHistory } from './demo/histories';

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
 * The demo's as-of date: the wells' histories end the day before it and their forecasts start on it
 * (decision 025). A constant, so the demo is the same on every machine and every day.
 */
export const DEMO_AS_OF = '2026-11-01';

/** Histories reach back at most this many years before the as-of date (3 to 7 for the demo wells). */
const HISTORY_YEARS_MAX = 7;

interface DemoWell {
  id: string;
  firstProdDate: string;
}

const yearsAfter = (date: string, years: number) => toDayIndex(date) + Math.round(years * 365.25);

/**
 * The decline each demo well follows from its first production (index `i` of the demo wells): oil a
 * modified Arps decline that hands over to an exponential of 8 %/year, gas a ratio on oil (MCF/BBL),
 * water an exponential decline. The history is this decline before {@link DEMO_AS_OF}, the forecast
 * the same decline from it ({@link forecastFrom}).
 */
export function demoDeclines(firstProdDate: string, i: number): Record<'oil' | 'gas' | 'water', PhaseDecline> {
  const endDate = fromDayIndex(yearsAfter(DEMO_AS_OF, 30) - 1);
  return {
    oil: {
      forecastType: 'rate',
      segments: [
        {
          segmentType: 'arps_modified',
          startDate: firstProdDate,
          endDate: fromDayIndex(yearsAfter(DEMO_AS_OF, 6) - 1),
          qStart: 650 + i * 45,
          b: 1.05 + (i % 3) * 0.1,
          dEff: 0.62 + (i % 4) * 0.03,
          realizedDEffSw: 0.08,
        },
      ],
    },
    gas: {
      forecastType: 'ratio',
      basePhase: 'oil',
      segments: [{ segmentType: 'flat', startDate: firstProdDate, endDate, qStart: 1.4 + i * 0.15 }],
    },
    water: {
      forecastType: 'rate',
      segments: [{ segmentType: 'exp_dec', startDate: firstProdDate, endDate, qStart: 900 + i * 60, dEff: 0.35 }],
    },
  };
}

/**
 * Demo forecast parameters (bulk PUT records) for the first six wells, over 30 years from
 * {@link DEMO_AS_OF}: each well's decline ({@link demoDeclines}) from that date: oil the modified
 * Arps decline re-anchored there, then an exponential of 8 %/year and a flat tail, each segment
 * starting at the rate the previous one ends; gas the ratio on oil; water the exponential decline.
 * The other six wells are left without parameters.
 */
export function demoForecastParameters(wells: DemoWell[]): ForecastParameterInput[] {
  return wells.slice(0, 6).flatMap(({ id, firstProdDate }, i) => {
    const declines = demoDeclines(firstProdDate, i);
    const at = (years: number) => fromDayIndex(yearsAfter(DEMO_AS_OF, years));
    const [first] = forecastFrom(declines.oil.segments, DEMO_AS_OF);
    const second = {
      segmentType: 'exp_dec',
      startDate: at(6),
      endDate: fromDayIndex(toDayIndex(at(25)) - 1),
      qStart: toSegment(first!).qEnd,
      dEff: 0.08,
    };
    const third = {
      segmentType: 'flat',
      startDate: at(25),
      endDate: fromDayIndex(toDayIndex(at(30)) - 1),
      qStart: toSegment(second).qEnd,
    };
    return [
      { well: id, forecastType: 'rate', phase: 'oil', series: 'best', segments: [first!, second, third] },
      {
        well: id,
        forecastType: 'ratio',
        basePhase: 'oil',
        phase: 'gas',
        series: 'best',
        segments: forecastFrom(declines.gas.segments, DEMO_AS_OF),
      },
      {
        well: id,
        forecastType: 'rate',
        phase: 'water',
        series: 'best',
        dataFrequency: 'daily',
        segments: forecastFrom(declines.water.segments, DEMO_AS_OF),
      },
    ] satisfies ForecastParameterInput[];
  });
}

/**
 * The production history of every demo well: daily and monthly records from its first production
 * (at most {@link HISTORY_YEARS_MAX} years back) to the day before {@link DEMO_AS_OF}, following its
 * decline ({@link demoDeclines}), seeded by the well's place so each well's history is its own and
 * the same on every run.
 */
export function demoHistories(wells: DemoWell[]): History[] {
  const earliest = fromDayIndex(yearsAfter(DEMO_AS_OF, -HISTORY_YEARS_MAX));
  return wells.map(({ id, firstProdDate }, i) =>
    productionHistory({
      well: id,
      startDate: firstProdDate > earliest ? firstProdDate : earliest,
      endDate: fromDayIndex(toDayIndex(DEMO_AS_OF) - 1),
      phases: demoDeclines(firstProdDate, i),
      seed: 1000 + i,
    }),
  );
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
