import type { Readable } from 'node:stream';

/*
 * Where export files live. The default is a folder under DATA_DIR (`FolderStore`); an
 * S3-compatible bucket can replace it by implementing this interface (see the README).
 * Keys are made by the service only (`<exportId>/<fileName>`), never taken from a request.
 */

/** A byte range, both ends inclusive (as in an HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ExportStore {
  /** Streams `body` into the object `key` (replacing it); resolves with its size in bytes. */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<number>;
  /** The size in bytes, or undefined when there is no such object. */
  size(key: string): Promise<number | undefined>;
  /** A stream of the object, or of one range of it. */
  read(key: string, range?: ByteRange): Readable;
  /** Deletes every object under `prefix` (an export's folder); no error when none. */
  deletePrefix(prefix: string): Promise<void>;
  /** The export ids that have objects in the store (the `<exportId>` of every `<exportId>/…` key). */
  listExportIds(): Promise<string[]>;
}
