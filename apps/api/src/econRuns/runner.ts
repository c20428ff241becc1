import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type EconModelKind, escalationModelIds } from '@econ/contract';
import type { EscalationModel } from '@econ/econ';
import type { Deps } from '../appEnv';
import { forecastPhasesOf } from '../forecasts/store';
import { drainQueue, PROCESS_WORKER, pokeWorker, startJobWorker } from '../jobs/worker';
import { historyRecords } from '../productions/history';
import { resolveScenarioModelIds } from '../scenarios/lookupTableStore';
import { computeWell, historyToLoad, type WellToRun } from './compute';
import {
  claimRun,
  failAbandonedRuns,
  finishRun,
  releaseRun,
  storeWellResults,
  type WellResultRecord,
} from './jobStore';
import { type EconRunRow, modelFunctions, runCombos, scenarioWellHeaders } from './store';

/** Wells computed and stored per transaction (also the heartbeat's granularity). */
export const WELL_BATCH = 50;

/** A run that cannot be computed for a reason its user can act on (not a bug: not logged). */
class RunRefused extends Error {}

/**
 * Computes a run this worker has claimed: every well of the scenario, `WELL_BATCH` at a time,
 * each batch stored with the progress in one transaction. Ends it complete, or failed with the
 * reason when something other than a well's inputs goes wrong. Stops quietly if another worker
 * took the run over (this one was presumed dead).
 */
export async function processRun(
  deps: Deps,
  run: EconRunRow,
  workerId: string,
  stopping: () => boolean = () => false,
): Promise<void> {
  const { db, clock } = deps;
  try {
    const members = await scenarioWellHeaders(db, run.scenarioId);
    // Each combo's models by well (decision 044); a run of one combo is `default` of its qualifiers.
    const combos = await Promise.all(
      runCombos(run).map(async (combo) => ({
        comboName: combo.comboName,
        assigned: await resolveScenarioModelIds(db, run.scenarioId, combo.qualifiers),
      })),
    );
    const modelIds = combos.flatMap((c) => [...c.assigned.values()].flatMap((m) => Object.values(m)));
    const functions = await modelFunctions(db, [...new Set(modelIds)]);
    // The escalations models the assigned models name, by id (decision 034).
    const escalationIds = [...new Set([...functions.values()].flatMap((f) => escalationModelIds(f)))];
    const escalations = new Map(
      [...(await modelFunctions(db, escalationIds, 'escalations'))].map(
        ([id, f]) => [id, (f as { escalation: EscalationModel }).escalation] as const,
      ),
    );
    const runDay = run.runDate.toISOString().slice(0, 10);
    const forecastId = run.forecastId;
    if (!forecastId) throw new RunRefused('its forecast was deleted: start a new run on another forecast');
    let incomeTax = false;
    for (let at = 0; at < members.length; at += WELL_BATCH) {
      const batch = members.slice(at, at + WELL_BATCH);
      const phases = await forecastPhasesOf(
        db,
        forecastId,
        batch.map((w) => w.id),
      );
      const results: WellResultRecord[] = [];
      const wells = combos.flatMap(({ comboName, assigned }) =>
        batch.map((w) => {
          const models: Partial<Record<EconModelKind, unknown>> = {};
          for (const [kind, id] of Object.entries(assigned.get(w.id) ?? {}))
            models[kind as EconModelKind] = functions.get(id);
          const wellPhases = phases.get(w.id) ?? [];
          return { w, comboName, models, wellPhases, history: historyToLoad(w, wellPhases, models) };
        }),
      );
      const histories = {
        daily: await historyRecords(db, 'daily', [
          ...new Set(wells.flatMap((x) => (x.history === 'daily' ? [x.w.id] : []))),
        ]),
        monthly: await historyRecords(db, 'monthly', [
          ...new Set(wells.flatMap((x) => (x.history === 'monthly' ? [x.w.id] : []))),
        ]),
      };
      for (const { w, comboName, models, wellPhases, history } of wells) {
        const records = history ? histories[history].get(w.id) : undefined;
        const well: WellToRun = {
          headers: w,
          phases: wellPhases,
          ...(history && records ? { histories: { [history]: records } } : {}),
        };
        const computed = computeWell(runDay, forecastId, well, models, escalations, comboName);
        incomeTax ||= computed.incomeTax;
        results.push({
          wellId: w.id,
          wellName: w.wellName,
          comboName,
          oneLiner: computed.oneLiner,
          monthly: computed.monthly,
        });
      }
      if (!(await storeWellResults(db, run.id, workerId, clock.now(), results))) return;
      if (stopping()) {
        // The process is stopping: the run goes back to the queue for any process to start afresh.
        await releaseRun(db, run.id, workerId, clock.now());
        return;
      }
      await yieldToEventLoop();
    }
    await finishRun(db, run.id, workerId, clock.now(), { status: 'complete', incomeTax });
  } catch (e) {
    if (!(e instanceof RunRefused)) console.error(`[api] econ run ${run.id} failed:`, e);
    const error = e instanceof RunRefused ? e.message : `the run stopped on an internal error: ${(e as Error).message}`;
    await finishRun(db, run.id, workerId, clock.now(), { status: 'failed', error }).catch(() => {});
  }
}

/**
 * Takes and computes runs until none is waiting; returns how many it computed. Runs left by a dead
 * worker (silent for STALE_AFTER_MS) are taken up again, or failed after MAX_ATTEMPTS.
 */
export async function runPendingEconRuns(
  deps: Deps,
  workerId = PROCESS_WORKER,
  stopping: () => boolean = () => false,
): Promise<number> {
  return drainQueue(
    deps,
    {
      failAbandoned: (d, now, staleBefore) => failAbandonedRuns(d.db, now, staleBefore),
      claim: (d, w, now, staleBefore) => claimRun(d.db, w, now, staleBefore),
      process: processRun,
    },
    workerId,
    stopping,
  );
}

/**
 * Starts this process's econ-run worker (see `jobs/worker.ts`). Returns a stop function that
 * resolves once the batch being computed is stored (the run handed back).
 */
export const startEconRunWorker = (deps: Deps, intervalMs = 2000): (() => Promise<void>) =>
  startJobWorker(deps, 'econ run', runPendingEconRuns, intervalMs);

/** Tells this process's worker (if one runs) that a run was queued. */
export const pokeEconRunWorker = (deps: Deps): void => pokeWorker(deps, 'econ run');
