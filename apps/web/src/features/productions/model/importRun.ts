import type { ProductionResolution } from '@econ/contract';
import { type Batch, BatchBuilder } from './batches';
import type { ColumnMapping } from './columns';
import { type CsvSource, dataRows } from './csvRows';
import { type ProductionInput, RowChecker, type RowIssue } from './rowChecker';
import { countResults, emptySummary, type ImportSummary, type RecordResult } from './summary';
import type { WellIndex } from './wellIndex';

/** What to read and how to read it. */
export interface ImportPlan {
  source: CsvSource;
  delimiter: string;
  headers: string[];
  mapping: ColumnMapping;
  resolution: ProductionResolution;
  wells: WellIndex;
  /** Papa Parse chunk size (tests make it small) */
  chunkSize?: number;
}

/** Bad-row reasons kept for the page (the rest are counted); rows shown as records. */
export const ISSUES_KEPT = 2_000;
export const PREVIEW_ROWS = 10;

/** The check of a whole file before anything is sent. */
export interface ScanResult {
  /** rows with a cell filled (blank lines, such as the one a final newline makes, are not counted) */
  rows: number;
  records: number;
  empty: number;
  badRows: number;
  /** the first ISSUES_KEPT reasons, by row */
  issues: RowIssue[];
  /** the first PREVIEW_ROWS good rows as the records that will be sent */
  preview: { row: number; record: ProductionInput }[];
}

const sizeOf = (source: CsvSource) => (typeof source === 'string' ? source.length : source.size);
const fraction = (cursor: number, size: number) => (size > 0 ? Math.min(1, cursor / size) : 1);

/**
 * Reads the whole file once, chunk by chunk, and checks every row as the import will: counts,
 * the reasons of bad rows and a preview. Keeps no records but the preview's. Stops (throws an
 * AbortError) when `signal` is aborted.
 */
export async function scanFile(
  plan: ImportPlan,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<ScanResult> {
  const checker = new RowChecker(plan.headers, plan.mapping, plan.resolution, plan.wells);
  const out: ScanResult = { rows: 0, records: 0, empty: 0, badRows: 0, issues: [], preview: [] };
  const size = sizeOf(plan.source);
  for await (const chunk of dataRows(plan.source, plan.delimiter, plan.chunkSize)) {
    opts.signal?.throwIfAborted();
    chunk.rows.forEach((cells, i) => {
      const row = chunk.firstRow + i;
      const r = checker.check(cells, row);
      if (r.kind === 'empty') out.empty++;
      else out.rows++;
      if (r.kind === 'bad') {
        out.badRows++;
        for (const issue of r.issues) if (out.issues.length < ISSUES_KEPT) out.issues.push(issue);
      } else if (r.kind === 'record') {
        out.records++;
        if (out.preview.length < PREVIEW_ROWS) out.preview.push({ row, record: r.record });
      }
    });
    opts.onProgress?.(fraction(chunk.cursor, size));
  }
  return out;
}

/** add only: POST (a stored (well, date) is left as it is); add or replace: PUT (upsert). */
export type ImportMode = 'add' | 'replace';

/** Sends one batch body and answers the API's results, one per record in order (throws on a refused request). */
export type SendBatch = (body: string) => Promise<RecordResult[]>;

export interface ImportEnd {
  summary: ImportSummary;
  end: 'done' | 'cancelled' | 'failed';
  /** why the import failed: the server's or the network's message */
  error?: string;
  /** the last file row whose batch was answered (0 before the first) */
  lastRow: number;
}

/**
 * Reads the file again and sends its good rows, one batch at a time: read a chunk → check its rows
 * → send each batch it fills → wait for the answer → go on. Bad and empty rows are skipped (the
 * scan listed them). Never more than one batch is in flight or held. A cancel is honoured between
 * batches, so every batch sent is counted; a refused request (403, 413, the server down) ends the
 * import with its message, keeping the counts of the batches before it.
 */
export async function importFile(
  plan: ImportPlan,
  opts: {
    mode: ImportMode;
    send: SendBatch;
    signal?: AbortSignal;
    builder?: BatchBuilder;
    onProgress?: (summary: ImportSummary, fraction: number) => void;
  },
): Promise<ImportEnd> {
  const checker = new RowChecker(plan.headers, plan.mapping, plan.resolution, plan.wells);
  const builder = opts.builder ?? new BatchBuilder();
  const summary = emptySummary();
  const size = sizeOf(plan.source);
  let lastRow = 0;
  let cursor = 0;
  const sendOne = async (batch: Batch) => {
    countResults(summary, batch.rows, await opts.send(batch.body), opts.mode);
    lastRow = batch.rows[batch.rows.length - 1]!;
    opts.onProgress?.(summary, fraction(cursor, size));
  };
  try {
    for await (const chunk of dataRows(plan.source, plan.delimiter, plan.chunkSize)) {
      cursor = chunk.cursor;
      for (let i = 0; i < chunk.rows.length; i++) {
        const row = chunk.firstRow + i;
        const r = checker.check(chunk.rows[i]!, row);
        summary.rowsRead++;
        if (r.kind === 'empty') summary.empty++;
        else if (r.kind === 'bad') summary.bad++;
        else {
          const full = builder.add(r.record, row);
          if (full) {
            await sendOne(full);
            if (opts.signal?.aborted) return { summary, end: 'cancelled', lastRow };
          }
        }
      }
      opts.onProgress?.(summary, fraction(cursor, size));
      if (opts.signal?.aborted) {
        // Rows read but not sent are no part of the summary's counts of what the server holds.
        return { summary, end: 'cancelled', lastRow };
      }
    }
    const rest = builder.flush();
    if (rest) await sendOne(rest);
    return { summary, end: 'done', lastRow };
  } catch (e) {
    return { summary, end: 'failed', error: e instanceof Error ? e.message : String(e), lastRow };
  }
}
