import { PassThrough, type Readable } from 'node:stream';
import type { DecodedArray, SchemaElement } from 'hyparquet';
import { ByteWriter, type ColumnSource, ParquetWriter } from 'hyparquet-writer';

/*
 * A thin streaming layer over hyparquet-writer's `ParquetWriter`: the caller hands it one row
 * group at a time (columnar arrays), each row group is encoded (SNAPPY, dictionary-encoded
 * strings) and its bytes are pushed into a Readable at once, so a file of any size is never held
 * in memory: at most one row group's arrays and its encoded bytes.
 */

/** The logical column types an export writes. */
export type ParquetColumnType = 'string' | 'date' | 'double';

/**
 * One column: a name and its type; every column is REQUIRED (no nulls). `statistics` (default
 * true) writes its min/max per row group, which lets readers skip row groups; it costs time, so
 * columns whose bounds would not narrow a search (e.g. constant or unsorted labels) turn it off.
 */
export interface ParquetColumn {
  name: string;
  type: ParquetColumnType;
  statistics?: boolean;
}

/** The values of one column for one row group: strings, days since 1970-01-01 (DATE), or doubles. */
export type ColumnValues = string[] | Int32Array | Float64Array;

/** The Parquet schema of `columns`: UTF8 strings (STRING), DATE on INT32, DOUBLE; all required. */
export function parquetSchema(columns: readonly ParquetColumn[]): SchemaElement[] {
  const element = ({ name, type }: ParquetColumn): SchemaElement => {
    if (type === 'string') {
      return {
        name,
        type: 'BYTE_ARRAY',
        converted_type: 'UTF8',
        logical_type: { type: 'STRING' },
        repetition_type: 'REQUIRED',
      };
    }
    if (type === 'date') {
      return {
        name,
        type: 'INT32',
        converted_type: 'DATE',
        logical_type: { type: 'DATE' },
        repetition_type: 'REQUIRED',
      };
    }
    return { name, type: 'DOUBLE', repetition_type: 'REQUIRED' };
  };
  return [{ name: 'schema', num_children: columns.length }, ...columns.map(element)];
}

/** Room buffered between the encoder and the store before the encoder waits (bytes). */
const HIGH_WATER_MARK = 2 * 1024 * 1024;

/** Resolves when `out` drains or closes (its listeners removed either way: no build-up over a file). */
function drainOrClose(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * hyparquet-writer's byte writer, made to hand its bytes to a stream: `flush` (called after each
 * row group) and `finish` copy what was encoded since the last flush into `out` and reset the
 * buffer, waiting while the consumer is behind (backpressure).
 */
class StreamSink extends ByteWriter {
  constructor(private readonly out: PassThrough) {
    super(1024 * 1024);
  }

  /** Pushes the pending bytes; resolves when the stream can take more. */
  async flush(): Promise<void> {
    if (this.index === 0) return;
    const chunk = new Uint8Array(this.buffer.slice(0, this.index));
    this.index = 0;
    if (this.out.destroyed) throw new Error('parquet: the store stopped reading the file');
    if (!this.out.write(chunk)) {
      await drainOrClose(this.out);
      if (this.out.destroyed) throw new Error('parquet: the store stopped reading the file');
    }
  }

  override finish(): Promise<void> {
    return this.flush().then(() => {
      this.out.end();
    });
  }
}

/**
 * One Parquet file being written to a stream, one row group per `writeRowGroup` call. Give `body`
 * to the consumer (e.g. `store.put`) before writing: writes wait while it is behind.
 */
export class ParquetFileStream {
  /** The file's bytes, in order; ends after `finish`. */
  readonly body: Readable;
  private readonly out: PassThrough;
  private readonly writer: ParquetWriter;
  private rows = 0;

  constructor(
    private readonly columns: readonly ParquetColumn[],
    options: { createdBy?: string; kvMetadata?: { key: string; value: string }[] } = {},
  ) {
    this.out = new PassThrough({ highWaterMark: HIGH_WATER_MARK });
    // An abort before the consumer listens must not crash the process: writes see `destroyed`,
    // and the consumer its own 'error'.
    this.out.on('error', () => undefined);
    this.body = this.out;
    this.writer = new ParquetWriter({
      writer: new StreamSink(this.out),
      schema: parquetSchema(columns),
      codec: 'SNAPPY',
      // whole ids as string bounds (the library's default cuts them at 16 bytes)
      statisticsTruncateLength: 64,
      createdBy: options.createdBy ?? 'econ-api',
      kvMetadata: options.kvMetadata,
    });
  }

  /** Rows written so far. */
  get rowCount(): number {
    return this.rows;
  }

  /**
   * Encodes one row group (every array holds the same number of rows, in column order) and
   * streams its bytes. Strings are dictionary-encoded, dates delta-encoded (consecutive days
   * take a few bits each), doubles written plain (their values rarely repeat).
   */
  async writeRowGroup(values: readonly ColumnValues[]): Promise<void> {
    if (values.length !== this.columns.length) throw new Error('parquet: one array per column');
    const rows = values[0]?.length ?? 0;
    if (rows === 0) return;
    const columnData: ColumnSource[] = this.columns.map((c, i) => {
      const data = values[i] as DecodedArray;
      if (data.length !== rows) throw new Error(`parquet: column ${c.name} has ${data.length} rows, not ${rows}`);
      const statistics = c.statistics ?? true;
      if (c.type === 'string') return { name: c.name, data, encoding: 'RLE_DICTIONARY', statistics };
      if (c.type === 'double') return { name: c.name, data, encoding: 'PLAIN', statistics };
      return { name: c.name, data, encoding: 'DELTA_BINARY_PACKED', statistics };
    });
    await this.writer.write({ columnData, rowGroupSize: rows });
    this.rows += rows;
  }

  /** Writes the footer and ends `body`. */
  async finish(): Promise<void> {
    await this.writer.finish();
  }

  /** Stops the file: `body` errors with `error`, so its consumer stops too. */
  abort(error: Error): void {
    this.out.destroy(error);
  }
}
