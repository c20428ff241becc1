import { describe, expect, it } from 'vitest';
import type { Deps } from '../appEnv';
import { ManualClock } from '../clock';
import { drainQueue, type JobQueue, SWEEP_EVERY_MS } from './worker';

/** A queue of `chunks` chunks (each moving the clock by `chunkMs`) and `runs` runs to plan, recording the calls. */
function fakeQueue(clock: ManualClock, chunks: number, runs: number, chunkMs: number) {
  const calls: string[] = [];
  const queue: JobQueue<string, { left: number }> = {
    async failAbandoned() {
      calls.push('sweep');
    },
    async claim() {
      return runs-- > 0 ? 'run' : null;
    },
    async plan() {
      calls.push('plan');
    },
    async claimChunk() {
      return chunks-- > 0 ? { left: chunks } : null;
    },
    async processChunk() {
      calls.push('chunk');
      clock.advance(chunkMs);
    },
  };
  return { queue, calls };
}

const depsOf = (clock: ManualClock) => ({ clock, config: { jobChunkStaleMs: 120_000 } }) as unknown as Deps;

describe('drainQueue', () => {
  it('sweeps for abandoned runs when it wakes, not before every chunk, and again every SWEEP_EVERY_MS', async () => {
    const clock = new ManualClock();
    // 12 chunks of 1 s each: sweeps at 0 s, 5 s and 10 s of clock time.
    const { queue, calls } = fakeQueue(clock, 12, 0, 1_000);
    expect(SWEEP_EVERY_MS).toBe(5_000);
    expect(await drainQueue(depsOf(clock), queue, 'w1', () => false)).toBe(0);
    expect(calls.filter((c) => c === 'chunk')).toHaveLength(12);
    expect(calls.filter((c) => c === 'sweep')).toHaveLength(3);
    expect(calls.slice(0, 6)).toEqual(['sweep', 'chunk', 'chunk', 'chunk', 'chunk', 'chunk']);
    expect(calls[6]).toBe('sweep');
  });

  it('sweeps first on every pass, then plans the runs waiting and counts them', async () => {
    const clock = new ManualClock();
    const { queue, calls } = fakeQueue(clock, 0, 2, 0);
    expect(await drainQueue(depsOf(clock), queue, 'w1', () => false)).toBe(2);
    expect(calls).toEqual(['sweep', 'plan', 'plan']);
    // A new pass at the same instant sweeps again: a process waking always looks.
    const again = fakeQueue(clock, 0, 0, 0);
    await drainQueue(depsOf(clock), again.queue, 'w1', () => false);
    expect(again.calls).toEqual(['sweep']);
  });
});
