import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type EconModelKind, escalationModelIds } from '@econ/contract';
import type { EscalationModel } from '@econ/econ';
import type { Deps } from '../appEnv';
import { forecastPhasesOf } from '../forecasts/store';
import type { Chunk } from '../jobs/chunks';
import { drainQueue, PROCESS_WORKER, pokeWorker, startJobWorker } from '../jobs/worker';
import { historyRecords } from '../productions/history';
import { resolveScenarioModelIds } from '../scenarios/lookupTableStore';
import { computeWell, historyToLoad, type WellToRun } from './compute';
import {
  claimRun,
  claimRunChunk,
  failAbandonedRuns,
  failRun,
  planRun,
  runById,
  storeWellResults,
  type WellResultRecord,
} from './jobStore';
import { type EconRunRow, modelFunctions, runCombos, scenarioWellHeaders } from './store';

/** Wells per chunk (computed and stored per transaction) unless RUN_CHUNK_WELLS says otherwise. */
export const WELL_BATCH = 50;

/** A run that cannot be computed for a reason its user can act on (not a bug: not logged). */
class RunRefused extends Error {}

/** What every chunk of a run reads: its wells' headers and each combo's models. */
interface RunSetup {
  run: EconRunRow;
  members: Map<string, Awaited<ReturnType<typeof scenarioWellHeaders>>[number]>;
  combos: { comboName: string; assigned: Awaited<ReturnType<typeof resolveScenarioModelIds>> }[];
  functions: Map<string, unknown>;
  escalations: Map<string, EscalationModel>;
}

async function loadSetup(deps: Deps, runId: string): Promise<RunSetup> {
  const { db } = deps;
  const run = await runById(db, runId);
  if (!run) throw new RunRefused('the run was deleted');
  const members = new Map((await scenarioWellHeaders(db, run.scenarioId)).map((w) => [w.id, w] as const));
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
  return { run, members, combos, functions, escalations };
}

/**
 * The setups of the runs this process computes chunks of, by run id and plan (a few at a time):
 * read once per process and plan, not once per chunk.
 */
const setups = new Map<string, Promise<RunSetup>>();

function setupOf(deps: Deps, chunk: Chunk): Promise<RunSetup> {
  const key = `${chunk.runId}:${chunk.plan}`;
  let setup = setups.get(key);
  if (!setup) {
    setup = loadSetup(deps, chunk.runId);
    setup.catch(() => setups.delete(key));
    setups.set(key, setup);
    while (setups.size > 4) setups.delete(setups.keys().next().value!);
  }
  return setup;
}

/**
 * Plans a run this worker has claimed: the scenario's wells in chunks of `WELL_BATCH` (or
 * RUN_CHUNK_WELLS) that any process computes. A run that cannot be computed fails with the reason.
 */
export async function planEconRun(deps: Deps, run: EconRunRow, workerId: string): Promise<void> {
  const { db, clock } = deps;
  try {
    if (!run.forecastId) throw new RunRefused('its forecast was deleted: start a new run on another forecast');
    const members = await scenarioWellHeaders(db, run.scenarioId);
    const size = deps.config.runChunkWells ?? WELL_BATCH;
    await planRun(
      db,
      run,
      workerId,
      members.map((w) => w.id),
      size,
      clock.now(),
    );
  } catch (e) {
    await failWith(deps, run.id, e);
  }
}

async function failWith(deps: Deps, runId: string, e: unknown): Promise<void> {
  if (!(e instanceof RunRefused)) console.error(`[api] econ run ${runId} failed:`, e);
  const error = e instanceof RunRefused ? e.message : `the run stopped on an internal error: ${(e as Error).message}`;
  await failRun(deps.db, runId, error, deps.clock.now()).catch(() => {});
}

/**
 * Computes a chunk this worker has claimed and stores its results with the run's progress in one
 * transaction (the last chunk ends the run). Stores nothing if the chunk was taken over; fails the
 * run when something other than a well's inputs goes wrong.
 */
export async function processEconChunk(deps: Deps, chunk: Chunk, workerId: string): Promise<void> {
  const { db, clock } = deps;
  try {
    const { run, members, combos, functions, escalations } = await setupOf(deps, chunk);
    const forecastId = run.forecastId;
    if (!forecastId) throw new RunRefused('its forecast was deleted: start a new run on another forecast');
    const runDay = run.runDate.toISOString().slice(0, 10);
    // A well of the chunk that left the scenario since the plan is not computed.
    const batch = chunk.wellIds.flatMap((id) => {
      const w = members.get(id);
      return w ? [w] : [];
    });
    const phases = await forecastPhasesOf(
      db,
      forecastId,
      batch.map((w) => w.id),
    );
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
    let incomeTax = false;
    const results: WellResultRecord[] = [];
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
    const stored = await storeWellResults(db, chunk, workerId, clock.now(), results, incomeTax);
    if (stored === 'finished') setups.delete(`${chunk.runId}:${chunk.plan}`);
    await yieldToEventLoop();
  } catch (e) {
    await failWith(deps, chunk.runId, e);
  }
}

/**
 * Plans waiting runs and computes chunks of running ones until none is left; returns how many runs
 * it planned. Runs and chunks left by a dead worker are taken up again, or failed after MAX_ATTEMPTS.
 */
export async function runPendingEconRuns(
  deps: Deps,
  workerId = PROCESS_WORKER,
  stopping: () => boolean = () => false,
): Promise<number> {
  return drainQueue(
    deps,
    {
      failAbandoned: (d, now, staleBefore, chunkStaleBefore) =>
        failAbandonedRuns(d.db, now, staleBefore, chunkStaleBefore),
      claim: (d, w, now, staleBefore) => claimRun(d.db, w, now, staleBefore),
      plan: planEconRun,
      claimChunk: (d, w, now, staleBefore) => claimRunChunk(d.db, w, now, staleBefore),
      processChunk: processEconChunk,
    },
    workerId,
    stopping,
  );
}

/**
 * Starts this process's econ-run worker (see `jobs/worker.ts`). Returns a stop function that
 * resolves once the chunk being computed is stored (the rest of the run is left to other processes).
 */
export const startEconRunWorker = (deps: Deps, intervalMs = 2000): (() => Promise<void>) =>
  startJobWorker(deps, 'econ run', runPendingEconRuns, intervalMs);

/** Tells this process's worker (if one runs) that a run was queued. */
export const pokeEconRunWorker = (deps: Deps): void => pokeWorker(deps, 'econ run');
