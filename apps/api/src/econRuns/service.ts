import type { EconRunInput } from '@econ/contract';
import type { Deps } from '../appEnv';
import { scenarioWellCounts } from '../assignments/store';
import { findForecast, projectForecastIds } from '../forecasts/store';
import { invalid, notFound } from '../http/errors';
import { pokeEconRunWorker } from './runner';
import { type EconRunRow, insertRun } from './store';

/** The forecast a run uses: the one named, else the project's only forecast (400 when it has none or several). */
async function runForecast(deps: Deps, projectId: string, named: string | undefined): Promise<string> {
  if (named) {
    const row = await findForecast(deps.db, projectId, named);
    if (!row) throw notFound(`No forecast with id ${named} in project ${projectId} (field forecast)`);
    return row.id;
  }
  const ids = await projectForecastIds(deps.db, projectId, 2);
  if (ids.length === 1) return ids[0]!;
  const why = ids.length === 0 ? 'the project has no forecast' : 'the project has several forecasts';
  throw invalid(`forecast is required: ${why}; name the forecast whose best series the run uses`, [
    { field: 'forecast', rule: 'required unless the project has one forecast', message: why },
  ]);
}

/**
 * Queues a run of a scenario (of a project already checked) on its forecast, counting the wells
 * it will compute, and wakes this process's worker.
 */
export async function startRun(
  deps: Deps,
  projectId: string,
  scenarioId: string,
  input: EconRunInput,
): Promise<EconRunRow> {
  const forecastId = await runForecast(deps, projectId, input.forecast);
  const wells = await scenarioWellCounts(deps.db, [scenarioId]);
  const row = await insertRun(deps, {
    projectId,
    scenarioId,
    forecastId,
    qualifiers: input.qualifiers ?? {},
    wellsTotal: wells.get(scenarioId) ?? 0,
  });
  pokeEconRunWorker(deps);
  return row;
}
