import type { Deps } from '../appEnv';
import { newUuid } from '../ids';

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
