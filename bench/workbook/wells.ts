import { econModelExample, type ForecastParameterInput } from '@econ/contract';
import { prng } from '../prng';

/*
 * The wells and models of the workbook benchmark: 50 years of production and a 50-year life from
 * 2027-01-01, flat prices and no expenses, so no well is cut off early: every well has 600 rows.
 */

const START = '2027-01-01';
const END = '2076-12-31';

/** Well i's forecast records: oil modified Arps, gas a flat ratio of oil, water exponential. */
export function wellForecast(well: string, i: number): ForecastParameterInput[] {
  const r = prng(0x3b00c + i);
  const span = { startDate: START, endDate: END };
  return [
    {
      well,
      forecastType: 'rate',
      phase: 'oil',
      series: 'best',
      segments: [
        {
          segmentType: 'arps_modified',
          ...span,
          qStart: 300 + 900 * r(),
          b: 0.8 + 0.6 * r(),
          dEff: 0.55 + 0.2 * r(),
          realizedDEffSw: 0.08,
        },
      ],
    },
    {
      well,
      forecastType: 'ratio',
      basePhase: 'oil',
      phase: 'gas',
      series: 'best',
      segments: [{ segmentType: 'flat', ...span, qStart: 0.8 + 2.5 * r() }],
    },
    {
      well,
      forecastType: 'rate',
      phase: 'water',
      series: 'best',
      segments: [{ segmentType: 'exp_dec', ...span, qStart: 400 + 1200 * r(), dEff: 0.25 + 0.2 * r() }],
    },
  ] as ForecastParameterInput[];
}

const dates = econModelExample('date-settings') as { dateSetting: object };

/** The models assigned to every well of the scenario. */
export const BENCH_MODELS: Record<string, Record<string, unknown>> = {
  'date-settings': {
    ...dates,
    dateSetting: { ...dates.dateSetting, maxWellLife: 50, asOfDate: { date: START }, discountDate: { date: START } },
  },
  'ownership-reversions': {
    ownership: {
      initialOwnership: {
        workingInterest: 100,
        netProfitInterestType: 'expense',
        netProfitInterest: 0,
        netRevenueInterest: 80,
        leaseNetRevenueInterest: 80,
      },
    },
  },
  pricing: {
    priceModel: {
      oil: { rows: [{ entireWellLife: 'Flat', price: 70 }] },
      gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3 }] },
      ngl: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] },
      dripCondensate: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] },
    },
  },
  expenses: { variableExpenses: {}, fixedExpenses: {}, waterDisposal: {} },
  'general-options': econModelExample('general-options') as Record<string, unknown>,
  'production-taxes': { data: { state: 'custom', rows: [] } },
};
