import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type ForecastSettings, type Phase, wellFitStatus } from '@econ/contract';
import type { Deps } from '../appEnv';
import { forecastRuns } from '../db/schema';
import { type Chunk, claimChunk, failAbandonedChunks, failChunkedRun } from '../jobs/chunks';
import { failAbandonedJobs } from '../jobs/queue';
import { drainQueue, PROCESS_WORKER, pokeWorker, startJobWorker } from '../jobs/worker';
import { historyRecords } from '../productions/history';
import { fitWell, KEPT_REASON, type StoredPhaseState } from './fitWell';
import {
  claimRun,
  type ForecastRunRow,
  planRun,
  runById,
  storeBatch,
  storedPhases,
  type WellOutcome,
  wellsInfo,
} from './store';

/** Wells per chunk (fitted and stored per transaction) unless RUN_CHUNK_WELLS says otherwise. */
export const WELL_BATCH = 200;

const QUEUE = 'forecast run';

/**
 * A fitted phase whose best segments appeared (or whose stored kind, rate or ratio, became another
 * than the fit's) between the fit and the write, with overwrite off, is kept as it is now: skipped,
 * like a phase found so before the fit.
 */
function recheckFor(settings: ForecastSettings) {
  return (stored: Map<string, Partial<Record<Phase, StoredPhaseState>>>, o: WellOutcome): WellOutcome => {
    if (settings.overwrite) return o;
    const now = stored.get(o.wellId) ?? {};
    const kept = o.writes.filter((w) => {
      const stored = now[w.phase];
      return stored !== undefined && (stored.hasBest || stored.ratio !== (w.kind.forecastType === 'ratio'));
    });
    if (kept.length === 0) return o;
    const phases = { ...o.phases };
    for (const w of kept) {
      const reason = now[w.phase]?.hasBest
        ? KEPT_REASON
        : 'the phase was stored as another kind (rate or ratio) during the run (overwrite is off)';
      phases[w.phase] = { status: 'skipped', reason };
    }
    return {
      ...o,
      phases,
      status: wellFitStatus(phases),
      writes: o.writes.filter((w) => !kept.includes(w)),
    };
  };
}

/** Plans a run this worker has claimed: its wells not done yet in chunks any process fits. */
export async function planForecastRun(deps: Deps, run: ForecastRunRow, workerId: string): Promise<void> {
  try {
    await planRun(deps.db, run, workerId, deps.config.runChunkWells ?? WELL_BATCH, deps.clock.now());
  } catch (e) {
    await failWith(deps, run.id, e);
  }
}

async function failWith(deps: Deps, runId: string, e: unknown): Promise<void> {
  console.error(`[api] forecast run ${runId} failed:`, e);
  const error = `the run stopped on an internal error: ${(e as Error).message}`;
  await failChunkedRun(deps.db, forecastRuns, runId, error, deps.clock.now()).catch(() => {});
}

/**
 * Fits a chunk this worker has claimed and stores its segments, results and the run's progress in
 * one transaction (the last chunk ends the run). Stores nothing if the chunk was taken over.
 */
export async function processForecastChunk(deps: Deps, chunk: Chunk, workerId: string): Promise<void> {
  const { db, clock } = deps;
  try {
    const run = await runById(db, chunk.runId);
    if (!run) return;
    const settings = run.settings as ForecastSettings;
    const batch = await wellsInfo(db, chunk.wellIds);
    // The resolution asked for, else the one the well holds (a well with neither has no history).
    const resolutionOf = (w: (typeof batch)[number]) => {
      const wanted = settings.resolution;
      if (wanted === 'monthly' ? w.hasMonthly : w.hasDaily) return wanted;
      const other = wanted === 'monthly' ? 'daily' : 'monthly';
      return (other === 'monthly' ? w.hasMonthly : w.hasDaily) ? other : wanted;
    };
    const ids = (r: 'daily' | 'monthly') => batch.filter((w) => resolutionOf(w) === r).map((w) => w.id);
    const [daily, monthly, stored] = await Promise.all([
      historyRecords(db, 'daily', ids('daily')),
      historyRecords(db, 'monthly', ids('monthly')),
      storedPhases(
        db,
        run.forecastId,
        batch.map((w) => w.id),
      ),
    ]);
    const outcomes: WellOutcome[] = batch.map((w) => {
      const resolution = resolutionOf(w);
      const fit = fitWell(
        {
          history: (resolution === 'daily' ? daily : monthly).get(w.id) ?? [],
          resolution,
          stored: stored.get(w.id) ?? {},
        },
        settings,
      );
      return {
        wellId: w.id,
        wellName: w.name,
        status: wellFitStatus(fit.phases),
        phases: fit.phases,
        writes: Object.entries(fit.segments).map(([phase, series]) => ({
          phase: phase as Phase,
          series,
          kind: fit.kinds[phase as Phase]!,
          dataFrequency: resolution,
        })),
      };
    });
    await storeBatch(db, run, chunk, workerId, clock.now(), outcomes, recheckFor(settings));
    await yieldToEventLoop();
  } catch (e) {
    await failWith(deps, chunk.runId, e);
  }
}

/** Plans waiting runs and fits chunks of running ones until none is left; returns how many runs it planned. */
export async function runPendingForecastRuns(
  deps: Deps,
  workerId = PROCESS_WORKER,
  stopping: () => boolean = () => false,
): Promise<number> {
  return drainQueue(
    deps,
    {
      failAbandoned: async (d, now, staleBefore, chunkStaleBefore) =>
        (await failAbandonedJobs(d.db, forecastRuns, QUEUE, now, staleBefore)) +
        (await failAbandonedChunks(d.db, forecastRuns, QUEUE, now, chunkStaleBefore)),
      claim: (d, w, now, staleBefore) => claimRun(d.db, w, now, staleBefore),
      plan: planForecastRun,
      claimChunk: (d, w, now, staleBefore) => claimChunk(d.db, forecastRuns, w, now, staleBefore),
      processChunk: processForecastChunk,
    },
    workerId,
    stopping,
  );
}

/** Starts this process's forecast-run worker (see `jobs/worker.ts`); returns its stop function. */
export const startForecastRunWorker = (deps: Deps, intervalMs = 2000): (() => Promise<void>) =>
  startJobWorker(deps, QUEUE, runPendingForecastRuns, intervalMs);

/** Tells this process's worker (if one runs) that a run was queued. */
export const pokeForecastRunWorker = (deps: Deps): void => pokeWorker(deps, QUEUE);
