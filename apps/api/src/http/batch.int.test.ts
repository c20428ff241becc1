import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projects } from '../db/schema';
import { newObjectId } from '../ids';
import { createCompany } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { parseRecord, runBatch } from './batch';
import { conflict } from './errors';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const Two = z.object({ name: z.string(), failAfterWrite: z.boolean().default(false) });

describe(`the batch pipeline on storage (${BACKEND})`, () => {
  it('applies each record whole or not at all: a record failing after a write leaves nothing behind', async () => {
    const { id: companyId } = await createCompany(t);
    const now = t.clock.now();
    const out = await runBatch(
      t.deps,
      [{ name: 'kept' }, { name: 'undone', failAfterWrite: true }, { name: 'also kept' }],
      {
        parse: Two,
        apply: async (r, _i, tx) => {
          // Two writes per record: the second fails the record after the first went through.
          const id = newObjectId(tx.clock);
          await tx.db.insert(projects).values({ id, companyId, name: r.name, createdAt: now, updatedAt: now });
          await tx.db
            .update(projects)
            .set({ name: `${r.name}!` })
            .where(eq(projects.id, id));
          if (r.failAfterWrite) throw conflict(`${r.name} failed after its write`);
          return { code: 201, fields: { id } };
        },
      },
    );
    expect(out.map((o) => o.code)).toEqual([201, 409, 201]);
    const names = (await t.deps.db.select({ name: projects.name }).from(projects)).map((p) => p.name).sort();
    expect(names).toEqual(['also kept!', 'kept!']);
  });

  it('a database error in one record rolls it back and is not swallowed', async () => {
    const { id: companyId } = await createCompany(t);
    const now = t.clock.now();
    await expect(
      runBatch(t.deps, [{ name: 'x' }], {
        parse: Two,
        apply: async (r, _i, tx) => {
          await tx.db
            .insert(projects)
            .values({ id: newObjectId(tx.clock), companyId, name: r.name, createdAt: now, updatedAt: now });
          await tx.db.insert(projects).values({
            id: 'not-an-object-id-and-too-long',
            companyId: 'nope',
            name: r.name,
            createdAt: now,
            updatedAt: now,
          });
          return { code: 201, fields: {} };
        },
      }),
    ).rejects.toThrow();
    expect(await t.deps.db.select().from(projects)).toEqual([]);
    expect(parseRecord(Two, { name: 'y' })).toEqual({ ok: true, value: { name: 'y', failAfterWrite: false } });
  });
});
