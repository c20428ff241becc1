import type { Deps } from '../appEnv';
import { newUuid } from '../ids';
import { STALE_AFTER_MS } from './queue';

/** This process's worker id (several API processes may share one database). */
export const PROCESS_WORKER = `api-${process.pid}-${newUuid().slice(0, 8)}`;

/** Takes and processes jobs until none is waiting (or `stopping` says so). */
export type RunPending = (deps: Deps, workerId: string, stopping: () => boolean) => Promise<unknown>;

const pokes = new WeakMap<Deps, Map<string, () => void>>();

/**
 * Starts this process's worker of one job queue (`name`): it polls every `intervalMs` (other API
 * processes may have queued jobs) and at once when this process queues one ({@link pokeWorker}).
 * Returns a stop function that resolves once the batch being processed is stored.
 */
export function startJobWorker(
  deps: Deps,
  name: string,
  runPending: RunPending,
  intervalMs = 2000,
): () => Promise<void> {
  let busy: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = runPending(deps, PROCESS_WORKER, () => stopped)
      .catch((e: unknown) => console.error(`[api] ${name} worker:`, e))
      .finally(() => {
        busy = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const map = pokes.get(deps) ?? new Map<string, () => void>();
  pokes.set(deps, map);
  map.set(name, tick);
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    map.delete(name);
    await busy;
  };
}

/** Tells this process's worker of queue `name` (if one runs) that a job was queued. */
export function pokeWorker(deps: Deps, name: string): void {
  pokes.get(deps)?.get(name)?.();
}

/** How often a worker that keeps finding chunks sweeps for abandoned runs (it always does on waking). */
export const SWEEP_EVERY_MS = 5_000;

/** One job queue as the worker loop sees it (runs planned into chunks, decision 055). */
export interface JobQueue<R, C> {
  /** Fails the runs whose worker (or a chunk's workers) went silent with no attempts left. */
  failAbandoned(deps: Deps, now: Date, staleBefore: Date, chunkStaleBefore: Date): Promise<unknown>;
  /** Takes the next run to plan for `workerId`, or null. */
  claim(deps: Deps, workerId: string, now: Date, staleBefore: Date): Promise<R | null>;
  /** Splits a claimed run into chunks any process may take (or ends it at once). */
  plan(deps: Deps, run: R, workerId: string): Promise<void>;
  /** Takes the next chunk of a running run for `workerId`, or null. */
  claimChunk(deps: Deps, workerId: string, now: Date, staleBefore: Date): Promise<C | null>;
  /** Computes a claimed chunk and stores it (the last one ends its run). */
  processChunk(deps: Deps, chunk: C, workerId: string): Promise<void>;
}

/**
 * Takes and processes work until none is waiting (or `stopping`): chunks of running runs first
 * (so the runs started are finished by every process at once), else the next run, which it plans.
 * Returns how many runs it planned. A run left by a dead planner (silent for STALE_AFTER_MS) is
 * planned again, a chunk left by a dead worker (silent for `jobChunkStaleMs`) is taken by another,
 * and after MAX_ATTEMPTS of either the run is failed.
 */
export async function drainQueue<R, C>(
  deps: Deps,
  queue: JobQueue<R, C>,
  workerId: string,
  stopping: () => boolean,
): Promise<number> {
  let n = 0;
  let swept = Number.NEGATIVE_INFINITY;
  while (!stopping()) {
    const now = deps.clock.now();
    const staleBefore = new Date(now.getTime() - STALE_AFTER_MS);
    const chunkStaleBefore = new Date(now.getTime() - deps.config.jobChunkStaleMs);
    // The sweep for abandoned runs is a few statements: at the start of a pass, then every
    // SWEEP_EVERY_MS while chunks keep coming, not before every chunk.
    if (now.getTime() - swept >= SWEEP_EVERY_MS) {
      await queue.failAbandoned(deps, now, staleBefore, chunkStaleBefore);
      swept = now.getTime();
    }
    const chunk = await queue.claimChunk(deps, workerId, now, chunkStaleBefore);
    if (chunk) {
      await queue.processChunk(deps, chunk, workerId);
      continue;
    }
    const run = await queue.claim(deps, workerId, now, staleBefore);
    if (!run) return n;
    await queue.plan(deps, run, workerId);
    n++;
  }
  return n;
}
