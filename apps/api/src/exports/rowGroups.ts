import type { ExportFile, ExportProgress } from './forecastVolumeFiles';
import type { ColumnValues, ParquetColumn } from './parquetStream';
import type { PartFiles } from './partFiles';

/** One row's values, in column order: strings, DATE days since 1970-01-01, doubles. */
export type RowValues = (string | number)[];

/**
 * Gathers rows of small, row-at-a-time exports (forecast parameters, one-liners) into row groups of
 * at most `groupSize` rows that never cross a file boundary, and writes them into `parts`,
 * reporting progress after each group.
 */
export class RowGroupWriter {
  private rows: RowValues[] = [];
  rowsWritten = 0;

  constructor(
    private readonly parts: PartFiles,
    private readonly columns: readonly ParquetColumn[],
    private readonly groupSize: number,
    private readonly onProgress: (p: ExportProgress) => void | Promise<void>,
  ) {}

  async add(row: RowValues): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= Math.min(this.groupSize, this.parts.room)) await this.flush();
  }

  async flush(): Promise<void> {
    const n = this.rows.length;
    if (n === 0) return;
    const values: ColumnValues[] = this.columns.map((c, i) => {
      if (c.type === 'string') return this.rows.map((r) => String(r[i]));
      const out = c.type === 'date' ? new Int32Array(n) : new Float64Array(n);
      for (let k = 0; k < n; k++) out[k] = this.rows[k]![i] as number;
      return out;
    });
    await this.parts.writeGroup(values);
    this.rowsWritten += n;
    this.rows = [];
    await this.onProgress({ rowsWritten: this.rowsWritten, filesDone: this.parts.files.length });
  }

  /** Writes the last group and closes the last file; the files, in order. */
  async finish(): Promise<ExportFile[]> {
    await this.flush();
    const files = await this.parts.finish();
    await this.onProgress({ rowsWritten: this.rowsWritten, filesDone: files.length });
    return files;
  }
}
