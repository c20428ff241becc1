import { PRODUCTION_WRITE_MAX } from '@econ/contract';

/** One request body of records, and the file row of each record (in order). */
export interface Batch {
  body: string;
  rows: number[];
}

/**
 * Records per request: the API takes up to 20,000, but a batch of 5,000 keeps the progress bar
 * moving every second or two on the embedded database and a cancel waiting for little.
 */
export const BATCH_RECORDS = 5_000;
/**
 * Bytes per request body: half the API's default body limit (`BODY_LIMIT_BYTES`, 8 MiB; the
 * console backend streams bodies through without a limit of its own). A daily record with every
 * field filled is ~700 bytes, so 5,000 of them (3.5 MB) fit; the byte limit is the guard for
 * unusual files (long operational tags).
 */
export const BATCH_BYTES = 4 * 1024 * 1024;

const NON_ASCII = /[^ -~\t\n\r]/;
const utf8 = new TextEncoder();
const byteLength = (s: string) => (NON_ASCII.test(s) ? utf8.encode(s).length : s.length);

/**
 * Gathers records into request bodies of at most `maxRecords` records and `maxBytes` bytes of
 * JSON (a single larger record goes alone). Each record is serialized once, when added.
 */
export class BatchBuilder {
  private parts: string[] = [];
  private rows: number[] = [];
  private bytes = 2;

  constructor(
    private readonly maxRecords = BATCH_RECORDS,
    private readonly maxBytes = BATCH_BYTES,
  ) {
    if (maxRecords < 1 || maxRecords > PRODUCTION_WRITE_MAX)
      throw new RangeError(`maxRecords must be 1..${PRODUCTION_WRITE_MAX}`);
  }

  /** Adds a record; answers the batch it completed, if any (the one before it, or the one it filled). */
  add(record: unknown, row: number): Batch | undefined {
    const json = JSON.stringify(record);
    const size = byteLength(json) + 1;
    let done: Batch | undefined;
    if (this.parts.length > 0 && this.bytes + size > this.maxBytes) done = this.flush();
    this.parts.push(json);
    this.rows.push(row);
    this.bytes += size;
    // Never both: after a flush for bytes the new batch holds one record, below any maxRecords > 1.
    if (this.parts.length >= this.maxRecords) done = this.flush();
    return done;
  }

  /** The batch gathered so far (undefined when empty); the builder starts a new one. */
  flush(): Batch | undefined {
    if (this.parts.length === 0) return undefined;
    const batch = { body: `[${this.parts.join(',')}]`, rows: this.rows };
    this.parts = [];
    this.rows = [];
    this.bytes = 2;
    return batch;
  }
}
