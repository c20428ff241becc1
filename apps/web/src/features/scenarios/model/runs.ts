import type { EconRun, EconRunStatus } from '@econ/contract';

/** Whether the console should stop polling a run: only pending and running runs change. */
export const isSettled = (status: EconRunStatus): boolean => status === 'complete' || status === 'failed';

export const STATUS_TEXT: Record<EconRunStatus, string> = {
  pending: 'Queued',
  running: 'Running',
  complete: 'Complete',
  failed: 'Failed',
};

const integer = new Intl.NumberFormat('en-US');

/** `3 of 12 wells done · 1 failed` (the failed count only when there is one). */
export function progressText(p: EconRun['progress']): string {
  const done = `${integer.format(p.wellsDone)} of ${integer.format(p.wellsTotal)} wells done`;
  return p.wellsFailed > 0 ? `${done} · ${integer.format(p.wellsFailed)} failed` : done;
}

/** A run in the picker: when it was requested (UTC, to the minute), its state and its forecast. */
export function runLabel(run: EconRun, forecastName: (id: string | null) => string): string {
  const when = `${run.runDate.slice(0, 10)} ${run.runDate.slice(11, 16)} UTC`;
  return `${when} · ${STATUS_TEXT[run.status].toLowerCase()} · ${forecastName(run.forecast)}`;
}

/** Newest first by request time (ties: the later id), whatever order the list came in. */
export function newestFirst(runs: readonly EconRun[]): EconRun[] {
  return [...runs].sort((a, b) => b.runDate.localeCompare(a.runDate) || b.id.localeCompare(a.id));
}

/**
 * The run whose results the page shows: the one named in the address if it is the scenario's, else
 * the newest complete run, else the newest run (to watch it), else none.
 */
export function chosenRun(runs: readonly EconRun[], wanted: string | undefined): EconRun | undefined {
  const sorted = newestFirst(runs);
  return (
    (wanted ? sorted.find((r) => r.id === wanted) : undefined) ??
    sorted.find((r) => r.status === 'complete') ??
    sorted[0]
  );
}
