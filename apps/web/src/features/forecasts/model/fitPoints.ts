import type { FitPoint } from '@econ/decline';
import { type ChartPhase, type History, monthDays } from '../../../components/productionChart/model/history';

/**
 * The points a fit reads from the history the editor shows: one per record where the phase was
 * measured, its day the record's day (a monthly record's first day, where the chart draws it) and
 * its rate per day (a daily record's volume; a monthly record's volume over the days in its month,
 * the chart's monthly rate). Zero and negative volumes are kept, so the fitter reports them as
 * left out; records without the phase are skipped (nothing was measured).
 */
export function fitPointsFromHistory(history: History, phase: ChartPhase): FitPoint[] {
  const volumes = history.volumes[phase];
  const out: FitPoint[] = [];
  for (let i = 0; i < history.days.length; i++) {
    const v = volumes[i];
    if (v === undefined) continue;
    const day = history.days[i]!;
    out.push({ day, rate: history.resolution === 'monthly' ? v / monthDays(day) : v });
  }
  return out;
}
