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

/** One job queue as the worker loop sees it. */
export interface JobQueue<R> {
  /** Fails the jobs whose worker went silent with no attempts left. */
  failAbandoned(deps: Deps, now: Date, staleBefore: Date): Promise<unknown>;
  /** Takes the next job for `workerId`, or null. */
  claim(deps: Deps, workerId: string, now: Date, staleBefore: Date): Promise<R | null>;
  /** Processes a claimed job to its end (or hands it back when `stopping`). */
  process(deps: Deps, job: R, workerId: string, stopping: () => boolean): Promise<void>;
}

/**
 * Takes and processes jobs until none is waiting (or `stopping`); returns how many it processed.
 * Jobs left by a dead worker (silent for STALE_AFTER_MS) are taken up again, or failed after
 * MAX_ATTEMPTS.
 */
export async function drainQueue<R>(
  deps: Deps,
  queue: JobQueue<R>,
  workerId: string,
  stopping: () => boolean,
): Promise<number> {
  let n = 0;
  while (!stopping()) {
    const now = deps.clock.now();
    const staleBefore = new Date(now.getTime() - STALE_AFTER_MS);
    await queue.failAbandoned(deps, now, staleBefore);
    const job = await queue.claim(deps, workerId, now, staleBefore);
    if (!job) return n;
    await queue.process(deps, job, workerId, stopping);
    n++;
  }
  return n;
}
