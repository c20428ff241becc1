import type { FitPoint } from '@econ/decline';
import { type ChartPhase, type History, monthDays } from '../../../components/productionChart/model/history';

/**
 * A history point as the fit reads it: `day` where its rate belongs (the fitter's day), `record`
 * the record's own day (where the chart draws it, and what a click on it gives).
 */
export interface HistoryPoint extends FitPoint {
  record: number;
}

/**
 * The points a fit reads from the history the editor shows, one per record where the phase was
 * measured: a daily record's volume is the rate of its day; a monthly record's volume over its
 * days is the month's average rate, placed at the middle day of the month (the day whose rate
 * the average is closest to on a decline: at the month's first day, a steep decline's fitted
 * qStart comes out ~9 % low). Zero and negative volumes are kept, so the fitter reports them as
 * left out; records without the phase are skipped (nothing was measured).
 */
export function fitPointsFromHistory(history: History, phase: ChartPhase): HistoryPoint[] {
  const volumes = history.volumes[phase];
  const out: HistoryPoint[] = [];
  for (let i = 0; i < history.days.length; i++) {
    const v = volumes[i];
    if (v === undefined) continue;
    const record = history.days[i]!;
    if (history.resolution === 'daily') out.push({ day: record, rate: v, record });
    else {
      const days = monthDays(record);
      out.push({ day: record + Math.floor((days - 1) / 2), rate: v / days, record });
    }
  }
  return out;
}
