import type { ExportStore } from './fileStore';
import type { ExportFile } from './forecastVolumeFiles';
import { type ColumnValues, type ParquetColumn, ParquetFileStream } from './parquetStream';

/**
 * The numbered Parquet files of one export: row groups go into the open file, which is closed once
 * it holds `rowsPerFile` rows; the next group opens the next part. Each file streams into the store
 * as it is written. Shared by the forecast volume and econ monthly writers.
 */
export class PartFiles {
  /** The files closed so far, in order. */
  readonly files: ExportFile[] = [];
  private open: { name: string; file: ParquetFileStream; putting: Promise<number> } | undefined;

  constructor(
    private readonly opts: {
      store: ExportStore;
      exportId: string;
      columns: readonly ParquetColumn[];
      kvMetadata: { key: string; value: string }[];
      rowsPerFile: number;
      /** The file name of part `n` (from 1). */
      nameOf: (part: number) => string;
    },
  ) {
    if (!Number.isInteger(opts.rowsPerFile) || opts.rowsPerFile < 1)
      throw new Error(`rowsPerFile must be a positive integer (got ${opts.rowsPerFile})`);
  }

  /** Rows the open file may still take (a whole file when none is open). */
  get room(): number {
    return this.opts.rowsPerFile - (this.open?.file.rowCount ?? 0);
  }

  private openFile() {
    const name = this.opts.nameOf(this.files.length + 1);
    const file = new ParquetFileStream(this.opts.columns, { kvMetadata: this.opts.kvMetadata });
    const putting = this.opts.store.put(`${this.opts.exportId}/${name}`, file.body);
    // A store that fails (even before reading) stops the writer instead of leaving it waiting; the
    // error itself is taken by close() or by fail().
    putting.catch((e: unknown) => file.abort(e instanceof Error ? e : new Error(String(e))));
    this.open = { name, file, putting };
    return this.open;
  }

  private async close(): Promise<void> {
    if (!this.open) return;
    const { name, file, putting } = this.open;
    await file.finish();
    const bytes = await putting;
    this.files.push({ name, rows: file.rowCount, bytes });
    this.open = undefined;
  }

  /** Writes one row group (at most `room` rows) and closes the file when it is full. */
  async writeGroup(columns: ColumnValues[]): Promise<void> {
    const current = this.open ?? this.openFile();
    await current.file.writeRowGroup(columns);
    if (current.file.rowCount >= this.opts.rowsPerFile) await this.close();
  }

  /** Closes the last file; an export without rows still gets one (empty, readable) file. */
  async finish(): Promise<ExportFile[]> {
    if (this.files.length === 0 && !this.open) this.openFile();
    await this.close();
    return this.files;
  }

  /** Stops the open file's stream; rethrows the store's error when the store failed first, else `error`. */
  async fail(error: unknown): Promise<never> {
    if (this.open) {
      this.open.file.abort(error instanceof Error ? error : new Error(String(error)));
      const storeError: unknown = await this.open.putting.then(
        () => undefined,
        (e: unknown) => e,
      );
      throw storeError ?? error;
    }
    throw error;
  }
}
