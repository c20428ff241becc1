import { type HistoryPoint, historyPoint } from '@econ/decline';
import type { ChartPhase, History } from '../../../components/productionChart/model/history';

export type { HistoryPoint };

/**
 * The points a fit reads from the history the editor shows, one per record where the phase was
 * measured (`historyPoint` of @econ/decline, as the API's forecast runs read them: a monthly
 * average at mid-month, standing for its month). Zero and negative volumes are kept, so the fitter
 * reports them as left out; records without the phase are skipped (nothing was measured).
 */
export function fitPointsFromHistory(history: History, phase: ChartPhase): HistoryPoint[] {
  const volumes = history.volumes[phase];
  const out: HistoryPoint[] = [];
  for (let i = 0; i < history.days.length; i++) {
    const v = volumes[i];
    if (v !== undefined) out.push(historyPoint(history.days[i]!, v, history.resolution));
  }
  return out;
}
