import type { ForecastParameterInput, WellInput } from '@econ/contract';
import { fromDayIndex, toDayIndex } from '@econ/decline';
import { DEMO_AS_OF } from '../demoData';
import { forecastFrom } from './forecastFrom';
import { type History, type HistoryPhase, type PhaseDecline, productionHistory } from './histories';
import { seededRandom } from './random';

/*
 * The wells of `seed --wells N` (scale tests): plausible horizontal wells with first production 3
 * to 7 years before the demo's as-of date, each with its own decline (drawn from a seed made of its
 * index), a history that follows it and a forecast that continues it (decision 025).
 */

const yearsAfter = (date: string, years: number) => toDayIndex(date) + Math.round(years * 365.25);

/**
 * The i-th scale well (0-based): its header and the declines it follows from first production,
 * 3 to 7 years before the as-of date (drawn), or exactly `historyDays` before it when given.
 */
export function scaleWell(
  i: number,
  historyDays?: number,
): { well: WellInput; declines: Record<HistoryPhase, PhaseDecline> } {
  const r = seededRandom(0x5ca1e + i);
  const drawn = r.int(3 * 365 + 1, 7 * 365);
  const firstProdDate = fromDayIndex(toDayIndex(DEMO_AS_OF) - (historyDays ?? drawn));
  const lateral = 6000 + r.int(0, 6000);
  const tvd = 8000 + r.int(0, 2500);
  const chosenID = `SCALE-${String(i).padStart(6, '0')}`;
  const end = fromDayIndex(yearsAfter(DEMO_AS_OF, 30) - 1);
  return {
    well: {
      wellName: `SCALE ${i}H`,
      chosenID,
      dataSource: 'internal',
      state: 'TX',
      firstProdDate,
      perfLateralLength: lateral - 150,
      lateralLength: lateral,
      measuredDepth: tvd + lateral + 900,
      trueVerticalDepth: tvd,
    },
    declines: {
      oil: {
        forecastType: 'rate',
        segments: [
          {
            segmentType: 'arps_modified',
            startDate: firstProdDate,
            endDate: end,
            qStart: 300 + r.int(0, 900),
            b: 0.8 + r.next() * 0.6,
            dEff: 0.55 + r.next() * 0.2,
            realizedDEffSw: 0.08,
          },
        ],
      },
      gas: {
        forecastType: 'ratio',
        basePhase: 'oil',
        segments: [{ segmentType: 'flat', startDate: firstProdDate, endDate: end, qStart: 0.8 + r.next() * 2.5 }],
      },
      water: {
        forecastType: 'rate',
        segments: [
          {
            segmentType: 'exp_dec',
            startDate: firstProdDate,
            endDate: end,
            qStart: 400 + r.int(0, 1200),
            dEff: 0.25 + r.next() * 0.2,
          },
        ],
      },
    },
  };
}

/** The forecast parameter records of a well: each phase's decline from the as-of date ({@link forecastFrom}). */
export function scaleForecast(wellId: string, declines: Record<HistoryPhase, PhaseDecline>): ForecastParameterInput[] {
  return (['oil', 'gas', 'water'] as const).map((phase) => {
    const d = declines[phase];
    const segments = forecastFrom(d.segments, DEMO_AS_OF);
    return d.forecastType === 'ratio'
      ? { well: wellId, forecastType: 'ratio', basePhase: d.basePhase, phase, series: 'best', segments }
      : { well: wellId, forecastType: 'rate', phase, series: 'best', segments };
  });
}

/** A well's history from its first production to the day before the as-of date. */
export function scaleHistory(wellId: string, i: number, historyDays?: number): History {
  const { well, declines } = scaleWell(i, historyDays);
  return productionHistory({
    well: wellId,
    startDate: well.firstProdDate!,
    endDate: fromDayIndex(toDayIndex(DEMO_AS_OF) - 1),
    phases: declines,
    seed: 0xd417 + i,
  });
}
