import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

/**
 * Counts turns of the event loop (check phases) while `work` runs, and gives `work` a way to read
 * the current turn. Requests are served, and connections accepted, only between turns.
 */
async function countingTurns<T>(work: (turn: () => number) => Promise<T>): Promise<T> {
  let turns = 0;
  let done = false;
  const tick = () => {
    turns++;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await work(() => turns);
  } finally {
    done = true;
  }
}

describe('database calls and the event loop', () => {
  it('a request waiting for the database lets the event loop turn between any two of its calls', async () => {
    // 20 "requests" of 5 sequential queries each, all at once: the load test's shape. On PGlite a
    // query is synchronous work behind resolved promises; without a turn between calls, all 100
    // ran before a single socket could be read or a connection accepted.
    const chains = await countingTurns((turn) =>
      Promise.all(
        Array.from({ length: 20 }, async (_, chain) => {
          const seen: number[] = [];
          for (let q = 0; q < 5; q++) {
            const r = (await api.deps.db.execute(sql`select ${chain * 10 + q}::int as v`)) as unknown as {
              rows: { v: number }[];
            };
            expect(r.rows[0]!.v).toBe(chain * 10 + q);
            seen.push(turn());
          }
          return seen;
        }),
      ),
    );
    for (const seen of chains) {
      for (let q = 1; q < seen.length; q++) expect(seen[q]).toBeGreaterThan(seen[q - 1]!);
    }
  });

  it('calls keep the order they were made in, and a transaction stays whole', async () => {
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? api.deps.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              await tx.execute(sql`select 2`);
              order.push(i);
            })
          : api.deps.db.execute(sql`select ${i}::int`).then(() => order.push(i)),
      ),
    );
    // PGlite has one connection: first come, first served. A PostgreSQL pool runs them side by side.
    const all = Array.from({ length: 30 }, (_, i) => i);
    expect(BACKEND === 'pglite' ? order : [...order].sort((a, b) => a - b)).toEqual(all);
  });
});
