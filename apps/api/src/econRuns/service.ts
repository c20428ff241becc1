import { type EconRunInput, type RunCombo, runCombo } from '@econ/contract';
import type { Deps } from '../appEnv';
import { scenarioWellCounts } from '../assignments/store';
import { findSavedCombos, unknownQualifiers } from '../combos/store';
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
 * The combos a run computes: those of the body, or the selected ones of the scenario's saved set
 * `savedCombos` (404 when there is none, 400 when none is selected); empty for one combo `default`.
 */
async function runCombosOf(deps: Deps, scenarioId: string, input: EconRunInput): Promise<RunCombo[]> {
  if (input.combos) {
    const unknown = await unknownQualifiers(deps.db, scenarioId, input.combos);
    if (unknown.length) throw invalid(unknown[0]!.message, unknown);
    return input.combos.map(runCombo);
  }
  if (input.savedCombos === undefined) return [];
  const saved = await findSavedCombos(deps.db, scenarioId, input.savedCombos);
  if (!saved) {
    throw notFound(`No saved combos named "${input.savedCombos}" in scenario ${scenarioId} (field savedCombos)`, [
      {
        field: 'savedCombos',
        rule: 'saved combos of the scenario',
        value: input.savedCombos,
        message: 'no such saved combos',
      },
    ]);
  }
  const selected = saved.combos.filter((c) => c.selected);
  if (selected.length === 0) {
    throw invalid(`savedCombos "${input.savedCombos}" has no selected combo: select at least one`, [
      { field: 'savedCombos', rule: 'a selected combo', value: input.savedCombos, message: 'no combo is selected' },
    ]);
  }
  return selected.map(runCombo);
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
  const combos = await runCombosOf(deps, scenarioId, input);
  const wells = await scenarioWellCounts(deps.db, [scenarioId]);
  const row = await insertRun(deps, {
    projectId,
    scenarioId,
    forecastId,
    qualifiers: input.qualifiers ?? {},
    combos,
    wellsTotal: (wells.get(scenarioId) ?? 0) * Math.max(1, combos.length),
  });
  pokeEconRunWorker(deps);
  return row;
}
