import fc from 'fast-check';
import { type BodyCase, FUZZ_RUNS, LONG_RUN } from './arbitraries';
import { changedTables } from './snapshot';

/** A case, and whether it must leave the data as it was (by default: when it is certainly invalid). */
export type Case = BodyCase & { keepsData?: boolean };

/** What a route answered. */
export interface Answer {
  status: number;
  text: string;
}

/** What the runner needs of a suite (the API's or the BFF's). */
export interface RunnerHooks<A extends Answer> {
  /** One checksum per table, volatile tables left out. */
  snapshot(): Promise<Record<string, string>>;
  send(url: string, c: Case): Promise<A>;
  /** What is wrong with an answer (empty: nothing). */
  problemsOf(c: Case, answer: A): string[];
  /** Waits for work a taken body started (the API's exports) before the data becomes the baseline. */
  settle?(): Promise<void>;
}

/**
 * Runs a route's cases and checks the stored data: in the quick run once per stretch of cases that
 * must change nothing (and before any case that may), in the long run after every case. A 2xx to a
 * body the suite cannot call invalid moves the baseline.
 */
export class CaseRunner<A extends Answer> {
  problems: string[] = [];
  count = 0;
  statuses = new Set<number>();
  #baseline: Record<string, string> = {};
  #pending: string[] = [];

  constructor(private readonly hooks: RunnerHooks<A>) {}

  async start(): Promise<void> {
    this.#baseline = await this.hooks.snapshot();
  }

  /** Compares the data with the baseline: a change is blamed on the cases sent since the last check. */
  async check(): Promise<void> {
    if (this.#pending.length === 0) return;
    const after = await this.hooks.snapshot();
    const changed = changedTables(this.#baseline, after);
    if (changed.length > 0) {
      this.problems.push(`changed ${changed.join(', ')} after one of: ${this.#pending.join(' | ').slice(0, 1500)}`);
      this.#baseline = after;
    }
    this.#pending = [];
  }

  async run(url: string, c: Case): Promise<boolean> {
    this.count++;
    const keeps = c.keepsData ?? c.certain;
    if (!keeps) await this.check();
    const answer = await this.hooks.send(url, c);
    this.statuses.add(answer.status);
    const found = this.hooks.problemsOf(c, answer).map((p) => `${c.label} → ${url.slice(0, 120)}: ${p}`);
    this.problems.push(...found);
    if (!keeps && answer.status < 300) {
      // A body the suite cannot call invalid was taken: whatever it changed is now the baseline.
      await this.hooks.settle?.();
      this.#baseline = await this.hooks.snapshot();
    } else {
      this.#pending.push(`${c.label} (${answer.status})`);
      if (LONG_RUN) await this.check();
    }
    return found.length === 0;
  }

  /** Runs a property FUZZ_RUNS times (FUZZ_SEED to replay); its first failure joins the problems. */
  async property<T extends unknown[]>(p: fc.IAsyncProperty<T>): Promise<void> {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    const out = await fc.check(p, { numRuns: FUZZ_RUNS, endOnFailure: true, seed });
    if (out.failed) this.problems.push(`fast-check (seed ${out.seed}) found a failing case; see above`);
  }
}
