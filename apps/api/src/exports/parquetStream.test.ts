import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ColumnValues, type ParquetColumn, ParquetFileStream } from './parquetStream';

const COLUMNS: ParquetColumn[] = [
  { name: 'well', type: 'string' },
  { name: 'date', type: 'date' },
  { name: 'volume', type: 'double' },
];
/** 1970-01-01 + n days as 'YYYY-MM-DD'. */
const iso = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);

/** Rows i in [from, to): well `W{i % 3}` with a non-ASCII name, date 2020-01-01 + i, volume i / 7. */
function group(from: number, to: number): ColumnValues[] {
  const n = to - from;
  const wells = Array.from({ length: n }, (_, k) => `W${(from + k) % 3}-é`);
  const dates = Int32Array.from({ length: n }, (_, k) => 18_262 + from + k);
  const volumes = Float64Array.from({ length: n }, (_, k) => (from + k) / 7);
  return [wells, dates, volumes];
}

/** Reads a stream whole (tests only). */
async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

let dir: string;
let duck: Awaited<ReturnType<DuckDBInstance['connect']>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parquet-stream-'));
  duck = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(async () => {
  duck.closeSync();
  await rm(dir, { recursive: true, force: true });
});

describe('ParquetFileStream', () => {
  it('streams row groups that hyparquet and DuckDB read back value for value, with DATE, UTF8, dictionaries and SNAPPY', async () => {
    const file = new ParquetFileStream(COLUMNS);
    const reading = collect(file.body);
    await file.writeRowGroup(group(0, 1000));
    await file.writeRowGroup(group(1000, 2000));
    await file.writeRowGroup(group(2000, 2500));
    await file.finish();
    expect(file.rowCount).toBe(2500);
    const bytes = await reading;
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

    const meta = parquetMetadata(buffer);
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([1000, 1000, 500]);
    expect(meta.schema.slice(1)).toMatchObject([
      {
        name: 'well',
        type: 'BYTE_ARRAY',
        converted_type: 'UTF8',
        logical_type: { type: 'STRING' },
        repetition_type: 'REQUIRED',
      },
      { name: 'date', type: 'INT32', converted_type: 'DATE', logical_type: { type: 'DATE' } },
      { name: 'volume', type: 'DOUBLE' },
    ]);
    for (const g of meta.row_groups) {
      const [well, date, volume] = g.columns.map((c) => c.meta_data!);
      expect(date!.encodings).toEqual(['DELTA_BINARY_PACKED']);
      expect(well!.codec).toBe('SNAPPY');
      expect(well!.encodings).toContain('RLE_DICTIONARY');
      expect(well!.dictionary_page_offset).toBeDefined();
      expect(volume!.encodings).toEqual(['PLAIN']);
    }

    const expected = group(0, 2500);
    const rows = await parquetReadObjects({ file: buffer });
    expect(rows).toHaveLength(2500);
    rows.forEach((r, i) => {
      expect(r.well).toBe(expected[0]![i]);
      expect((r.date as Date).toISOString().slice(0, 10)).toBe(iso(expected[1]![i] as number));
      expect(r.volume).toBe(expected[2]![i]);
    });

    const path = join(dir, 'a.parquet');
    await writeFile(path, bytes);
    const types = (await duck.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${path}')`)).getRowObjectsJS();
    expect(types.map((t) => [t.column_name, t.column_type])).toEqual([
      ['well', 'VARCHAR'],
      ['date', 'DATE'],
      ['volume', 'DOUBLE'],
    ]);
    const duckRows = (
      await duck.runAndReadAll(
        `SELECT well, CAST(date AS VARCHAR) AS date, volume FROM read_parquet('${path}') ORDER BY date`,
      )
    ).getRowObjectsJS();
    expect(duckRows).toHaveLength(2500);
    duckRows.forEach((r, i) => {
      expect(r).toEqual({ well: expected[0]![i], date: iso(expected[1]![i] as number), volume: expected[2]![i] });
    });
  });

  it('a file with no row groups is a valid empty file with the schema', async () => {
    const file = new ParquetFileStream(COLUMNS);
    const reading = collect(file.body);
    await file.finish();
    const bytes = await reading;
    const path = join(dir, 'empty.parquet');
    await writeFile(path, bytes);
    const [row] = (
      await duck.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM read_parquet('${path}')`)
    ).getRowObjectsJS();
    expect(row).toEqual({ n: 0 });
    const meta = parquetMetadata(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(meta.schema.map((s) => s.name)).toEqual(['schema', 'well', 'date', 'volume']);
  });

  it('waits for a slow reader (backpressure) and stops with an error when the reader goes away', async () => {
    const file = new ParquetFileStream(COLUMNS);
    // Incompressible volumes: 20 groups × 50 000 doubles are ~8 MB, four times the 2 MB buffered.
    const noisy = (i: number): ColumnValues[] => {
      const [wells, dates] = group(i * 50_000, (i + 1) * 50_000);
      return [wells!, dates!, Float64Array.from({ length: 50_000 }, (_, k) => Math.sin(i * 50_000 + k) * 1e6)];
    };
    // Nobody reads yet: the writer stops once the buffer is full, and goes on when read.
    let writes = 0;
    const writing = (async () => {
      for (let i = 0; i < 20; i++) {
        await file.writeRowGroup(noisy(i));
        writes++;
      }
      await file.finish();
    })();
    await new Promise((r) => setTimeout(r, 100));
    expect(writes).toBeLessThan(20);
    const bytes = await collect(file.body);
    await writing;
    expect(writes).toBe(20);
    const meta = parquetMetadata(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(Number(meta.num_rows)).toBe(1_000_000);

    const broken = new ParquetFileStream(COLUMNS);
    const seen = new Promise((resolve) => broken.body.on('error', resolve));
    broken.abort(new Error('disk full'));
    expect(await seen).toMatchObject({ message: 'disk full' });
    await expect(broken.writeRowGroup(group(0, 10))).rejects.toThrow(/disk full|stopped reading/);
  });
});
