import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, BATCH_RECORDS, BatchBuilder } from './batches';
import { FIELDS } from './columns';

describe('BatchBuilder', () => {
  it('closes a batch when it holds maxRecords records, as a JSON array with the rows in order', () => {
    const b = new BatchBuilder(2, 1000);
    expect(b.add({ a: 1 }, 2)).toBeUndefined();
    expect(b.add({ a: 2 }, 3)).toEqual({ body: '[{"a":1},{"a":2}]', rows: [2, 3] });
    expect(b.add({ a: 3 }, 5)).toBeUndefined();
    expect(b.flush()).toEqual({ body: '[{"a":3}]', rows: [5] });
    expect(b.flush()).toBeUndefined();
  });
  it('closes a batch before a record that would take it past maxBytes (counting UTF-8 bytes)', () => {
    // '[' + '{"t":"é"}' (10 bytes) + ']' = 12 bytes; a second one needs 11 more.
    const b = new BatchBuilder(100, 22);
    expect(b.add({ t: 'é' }, 2)).toBeUndefined();
    expect(b.add({ t: 'é' }, 3)).toEqual({ body: '[{"t":"é"}]', rows: [2] });
    expect(new TextEncoder().encode(b.flush()!.body).length).toBeLessThanOrEqual(22);
  });
  it('sends a record larger than maxBytes alone', () => {
    const b = new BatchBuilder(100, 10);
    expect(b.add({ long: 'x'.repeat(50) }, 2)).toBeUndefined();
    expect(b.add({ a: 1 }, 3)?.rows).toEqual([2]);
  });
  it('keeps every default batch within the API limits: 5,000 full daily records under 4 MiB', () => {
    const full = {
      well: 'a'.repeat(24),
      date: '2024-01-01',
      // Every daily field of the contract, each a long number.
      ...Object.fromEntries(FIELDS.daily.map((f) => [f, 12345.678])),
      operationalTag: 'flowing to sales',
    };
    const b = new BatchBuilder();
    let batch: ReturnType<BatchBuilder['add']>;
    for (let i = 0; i < BATCH_RECORDS && !batch; i++) batch = b.add(full, i + 2);
    expect(batch?.rows.length).toBe(BATCH_RECORDS);
    expect(batch!.body.length).toBeLessThanOrEqual(BATCH_BYTES);
  });
  it('refuses a record count the API would refuse', () => {
    expect(() => new BatchBuilder(20_001)).toThrow(RangeError);
    expect(() => new BatchBuilder(0)).toThrow(RangeError);
  });
});
