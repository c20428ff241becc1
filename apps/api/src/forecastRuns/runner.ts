import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type ForecastSettings, type Phase, wellFitStatus } from '@econ/contract';
import type { Deps } from '../appEnv';
import { forecastRuns } from '../db/schema';
import { failAbandonedJobs, finishJob, releaseJob } from '../jobs/queue';
import { drainQueue, PROCESS_WORKER, pokeWorker, startJobWorker } from '../jobs/worker';
import { historyRecords } from '../productions/history';
import { fitWell, KEPT_REASON, type StoredPhaseState } from './fitWell';
import { claimRun, type ForecastRunRow, storeBatch, storedPhases, type WellOutcome, wellsToDo } from './store';

/** Wells fitted and stored per transaction (also the heartbeat's granularity). */
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

/**
 * Fits a run this worker has claimed: its wells not done yet, `WELL_BATCH` at a time, each batch's
 * segments, results and progress stored in one transaction. Stops quietly if another worker took
 * the run over; hands it back when the process stops.
 */
export async function processRun(
  deps: Deps,
  run: ForecastRunRow,
  workerId: string,
  stopping: () => boolean = () => false,
  batchSize = WELL_BATCH,
): Promise<void> {
  const { db, clock } = deps;
  const settings = run.settings as ForecastSettings;
  const recheck = recheckFor(settings);
  try {
    const todo = await wellsToDo(db, run);
    for (let at = 0; at < todo.length; at += batchSize) {
      const batch = todo.slice(at, at + batchSize);
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
      if (!(await storeBatch(db, run, workerId, clock.now(), outcomes, recheck))) return;
      if (stopping()) {
        // The process is stopping: the run goes back to the queue; whoever takes it resumes it.
        await releaseJob(db, forecastRuns, run.id, workerId, clock.now());
        return;
      }
      await yieldToEventLoop();
    }
    await finishJob(db, forecastRuns, run.id, workerId, clock.now(), { status: 'complete' });
  } catch (e) {
    console.error(`[api] forecast run ${run.id} failed:`, e);
    const error = `the run stopped on an internal error: ${(e as Error).message}`;
    await finishJob(db, forecastRuns, run.id, workerId, clock.now(), { status: 'failed', error }).catch(() => {});
  }
}

/** Takes and fits runs until none is waiting; returns how many it processed. */
export async function runPendingForecastRuns(
  deps: Deps,
  workerId = PROCESS_WORKER,
  stopping: () => boolean = () => false,
): Promise<number> {
  return drainQueue(
    deps,
    {
      failAbandoned: (d, now, staleBefore) => failAbandonedJobs(d.db, forecastRuns, QUEUE, now, staleBefore),
      claim: (d, w, now, staleBefore) => claimRun(d.db, w, now, staleBefore),
      process: (d, run, w, stop) => processRun(d, run, w, stop),
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
