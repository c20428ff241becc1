import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Deps } from '../appEnv';
import { Batch, parseRecord, recordErrors, runBatch, twice } from './batch';
import { conflict, DomainError, notFound } from './errors';
import { multiStatus } from './multiStatus';

/** Deps whose `transaction` runs the callback on a marker, so a test sees what `apply` was given. */
const fakeDeps = () => {
  const tx = { marker: 'tx' };
  const db = { transaction: async <T>(run: (t: unknown) => Promise<T>) => run(tx) };
  return { deps: { db, clock: { now: () => new Date(0) } } as unknown as Deps, tx };
};

const Named = z.object({ name: z.string().min(1) });

describe('recordErrors', () => {
  it('locates each detail as [index].field, names the status, keeps rule and value', () => {
    expect(
      recordErrors(
        3,
        [
          { field: 'name', rule: 'min 1', value: '', message: 'name: too short' },
          { field: '', rule: 'type object', message: 'each record must be an object' },
        ],
        409,
      ),
    ).toEqual([
      {
        name: 'Conflict',
        message: 'name: too short',
        location: '[3].name',
        field: 'name',
        rule: 'min 1',
        value: '',
        recordIndex: 3,
      },
      {
        name: 'Conflict',
        message: 'each record must be an object',
        location: '[3]',
        field: '',
        rule: 'type object',
        recordIndex: 3,
      },
    ]);
    expect(recordErrors(0, [{ field: 'a', rule: 'r', message: 'm' }])[0]!.name).toBe('ValidationError');
    expect(recordErrors(0, [{ field: 'a', rule: 'r', message: 'm' }], 404)[0]!.name).toBe('NotFound');
  });
});

describe('Batch', () => {
  it('unique fails records whose key is taken or used by an earlier pending record, told the earlier index', () => {
    const b = new Batch<{ name: string }>(4);
    for (const [i, name] of ['a', 'b', 'a', 'c'].entries()) b.accept(i, { name });
    const seen: (number | undefined)[] = [];
    b.unique(
      (r) => r.name,
      new Set(['c']),
      (r, earlier) => {
        seen.push(earlier);
        return twice({ field: 'name', rule: 'unique', value: r.name, message: `${r.name} taken` }, earlier);
      },
    );
    expect(b.pending().map(([i]) => i)).toEqual([0, 1]);
    expect(seen).toEqual([0, undefined]);
    b.succeed(0, { code: 201, fields: { name: 'a' } });
    b.succeed(1, { code: 201, fields: { name: 'b' } });
    const out = multiStatus(b.outcomesInOrder());
    expect(out).toMatchObject({ successCount: 2, failedCount: 2 });
    expect(out.results[2]).toMatchObject({
      status: 'Conflict',
      code: 409,
      errors: [{ location: '[2].name', message: 'a taken (twice in this request)', rule: 'unique', recordIndex: 2 }],
    });
    expect(out.results[3]).toMatchObject({ code: 409, errors: [{ message: 'c taken' }] });
  });

  it('a record failed by a check leaves the pending set and does not claim its key', () => {
    const b = new Batch<{ name: string }>(2);
    b.accept(0, { name: 'a' });
    b.accept(1, { name: 'a' });
    b.fail(0, 400, { field: 'name', rule: 'x', message: 'bad' });
    b.unique(
      (r) => r.name,
      new Set(),
      () => ({ field: 'name', rule: 'unique', message: 'dup' }),
    );
    expect(b.pending().map(([i]) => i)).toEqual([1]);
  });

  it('failWith maps domain errors to 400/404/409 and rethrows anything else', () => {
    const b = new Batch<string>(3);
    b.failWith(0, notFound('no such thing'));
    b.failWith(1, conflict('taken', [{ field: 'name', rule: 'unique', message: 'taken' }]));
    expect(() => b.failWith(2, new DomainError('Forbidden', 'no'))).toThrow('no');
    expect(() => b.failWith(2, new Error('bug'))).toThrow('bug');
    b.fail(2, 400, []);
    const [a, c] = b.outcomesInOrder();
    expect(a).toMatchObject({
      ok: false,
      code: 404,
      errors: [{ field: '', rule: 'NotFound', message: 'no such thing' }],
    });
    expect(c).toMatchObject({ ok: false, code: 409, errors: [{ field: 'name', location: '[1].name' }] });
  });

  it('refuses to answer while a record has no outcome', () => {
    const b = new Batch<string>(1);
    expect(() => b.outcomesInOrder()).toThrow(/record 0 has no outcome/);
  });
});

describe('runBatch', () => {
  it('validates each record with its schema; a bad record fails alone, in order', async () => {
    const { deps } = fakeDeps();
    const out = await runBatch(deps, [{ name: 'a' }, { name: '' }, 'x', { name: 'b' }], {
      parse: Named,
      apply: async (r) => ({ code: 201, fields: { name: r.name } }),
    });
    expect(out.map((o) => o.code)).toEqual([201, 400, 400, 201]);
    expect(out[1]).toMatchObject({ errors: [{ location: '[1].name', rule: 'min 1', value: '' }] });
    expect(out[2]).toMatchObject({ errors: [{ location: '[2]', rule: 'type object', value: 'x' }] });
  });

  it('checks run over the valid records only, before any apply', async () => {
    const { deps } = fakeDeps();
    const order: string[] = [];
    await runBatch(deps, [{ name: 'a' }, {}, { name: 'b' }], {
      parse: Named,
      check: (batch) => {
        order.push(
          `check ${batch
            .pending()
            .map(([i]) => i)
            .join(',')}`,
        );
        batch.fail(2, 404, { field: 'name', rule: 'exists', message: 'gone' });
      },
      apply: async (r, i) => {
        order.push(`apply ${i}`);
        return { code: 201, fields: r };
      },
    });
    expect(order).toEqual(['check 0,2', 'apply 0']);
  });

  it('applies each record in a transaction of its own and fails only the record whose apply throws', async () => {
    const { deps, tx } = fakeDeps();
    const given: unknown[] = [];
    const out = await runBatch(deps, [{ name: 'a' }, { name: 'b' }], {
      parse: Named,
      apply: async (r, _i, d) => {
        given.push(d.db);
        if (r.name === 'b') throw conflict('b is taken');
        return { code: 200, fields: { name: r.name } };
      },
    });
    expect(given).toEqual([tx, tx]);
    expect(out.map((o) => o.code)).toEqual([200, 409]);
  });

  it('a bug in apply is not a record failure', async () => {
    const { deps } = fakeDeps();
    await expect(
      runBatch(deps, [{ name: 'a' }], {
        parse: Named,
        apply: async () => {
          throw new TypeError('boom');
        },
      }),
    ).rejects.toThrow('boom');
  });

  it('takes a parse function that converts a record', async () => {
    const { deps } = fakeDeps();
    const out = await runBatch(deps, [1, -1], {
      parse: (raw) =>
        (raw as number) > 0
          ? { ok: true, value: (raw as number) * 10 }
          : { ok: false, details: [{ field: '', rule: 'positive', message: 'must be positive', value: raw }] },
      applyAll: async (batch) => {
        for (const [i, v] of batch.pending()) batch.succeed(i, { code: 201, fields: { v } });
      },
    });
    expect(out).toMatchObject([
      { ok: true, fields: { v: 10 } },
      { ok: false, errors: [{ rule: 'positive', value: -1 }] },
    ]);
  });
});

describe('parseRecord', () => {
  it('gives the value or the details naming field, rule and value', () => {
    expect(parseRecord(Named, { name: 'x' })).toEqual({ ok: true, value: { name: 'x' } });
    expect(parseRecord(Named, { name: 1 })).toMatchObject({
      ok: false,
      details: [{ field: 'name', rule: 'type string', value: 1 }],
    });
  });
});
