import { ECON_MONTHLY_COLUMNS, ECON_MONTHLY_TAX_COLUMNS } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import type { Db } from '../db/connection';
import { monthAfter, packedValues, sourceIndex } from '../econRuns/results';
import { findRun, runWellsAfter } from '../econRuns/store';
import type { ExportStore } from './fileStore';
import type { ExportFile, ExportProgress } from './forecastVolumeFiles';
import type { ParquetColumn } from './parquetStream';
import { PartFiles } from './partFiles';

/*
 * Econ monthly exports: one Parquet row per well and month of a complete run, with the run's
 * monthly columns (the `GET …/econ-runs/{id}/monthly` rows). Wells are read a batch at a time in
 * well-id order, rows gathered into row groups and streamed into the store.
 *
 * After-tax columns are written when the run had income tax; a well of such a run whose own
 * general options had no income tax pays none, so its AFIT columns equal its BFIT ones.
 */

const ROW_GROUP = 50_000;
const WELL_BATCH = 100;
const EPOCH = toDayIndex('1970-01-01');

/** The file's columns: ids and month, then the run's monthly columns (DOUBLE). */
export function econMonthlyColumns(incomeTax: boolean): ParquetColumn[] {
  const numbers = incomeTax ? [...ECON_MONTHLY_COLUMNS, ...ECON_MONTHLY_TAX_COLUMNS] : [...ECON_MONTHLY_COLUMNS];
  return [
    { name: 'wellId', type: 'string' },
    { name: 'wellName', type: 'string', statistics: false },
    { name: 'date', type: 'date' },
    ...numbers.map((name): ParquetColumn => ({ name, type: 'double', statistics: false })),
    { name: 'econRunId', type: 'string', statistics: false },
    { name: 'scenarioId', type: 'string', statistics: false },
    { name: 'projectId', type: 'string', statistics: false },
  ];
}

/** `econ-monthly-{runId}-part-0001.parquet`. */
export const econMonthlyFileName = (runId: string, part: number) =>
  `econ-monthly-${runId}-part-${String(part).padStart(4, '0')}.parquet`;

/**
 * Writes a complete run's monthly rows as Parquet files under `${exportId}/`, a new file every
 * `rowsPerFile` rows; resolves with the files, in order. Reports progress after each row group.
 */
export async function writeEconMonthlyExport(opts: {
  db: Db;
  projectId: string;
  scenarioId: string;
  econRunId: string;
  store: ExportStore;
  exportId: string;
  rowsPerFile: number;
  /** Rows per row group (default 50 000). */
  rowGroupSize?: number;
  onProgress: (p: ExportProgress) => void | Promise<void>;
}): Promise<ExportFile[]> {
  const { db, store, exportId, rowsPerFile, econRunId, scenarioId, projectId, onProgress } = opts;
  const run = await findRun(db, econRunId);
  const incomeTax = run?.incomeTax ?? false;
  const columns = econMonthlyColumns(incomeTax);
  const numeric = columns.filter((c) => c.type === 'double').map((c) => c.name);
  const groupSize = Math.min(opts.rowGroupSize ?? ROW_GROUP, rowsPerFile);

  const parts = new PartFiles({
    store,
    exportId,
    columns,
    kvMetadata: [
      { key: 'econ.exportId', value: exportId },
      { key: 'econ.econRunId', value: econRunId },
    ],
    rowsPerFile,
    nameOf: (part) => econMonthlyFileName(econRunId, part),
  });
  let rowsWritten = 0;
  // The row group being gathered.
  let wellIds: string[] = [];
  let wellNames: string[] = [];
  let dates = new Int32Array(groupSize);
  let values = numeric.map(() => new Float64Array(groupSize));
  let n = 0;

  const flush = async () => {
    if (n === 0) return;
    await parts.writeGroup([
      wellIds,
      wellNames,
      dates.subarray(0, n),
      ...values.map((v) => v.subarray(0, n)),
      new Array<string>(n).fill(econRunId),
      new Array<string>(n).fill(scenarioId),
      new Array<string>(n).fill(projectId),
    ]);
    rowsWritten += n;
    n = 0;
    wellIds = [];
    wellNames = [];
    dates = new Int32Array(groupSize);
    values = numeric.map(() => new Float64Array(groupSize));
    await onProgress({ rowsWritten, filesDone: parts.files.length });
  };
  const capacity = () => Math.min(groupSize, parts.room);

  try {
    let after = '';
    for (;;) {
      const batch = await runWellsAfter(db, econRunId, after, WELL_BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.wellId;
      for (const w of batch) {
        if (!w.firstMonth || w.months === 0) continue;
        const stored = packedValues(w.monthly);
        const source = numeric.map((name) => sourceIndex(w.columns as string[], name));
        const first = toDayIndex(w.firstMonth);
        for (let i = 0; i < w.months; i++) {
          wellIds.push(w.wellId);
          wellNames.push(w.wellName);
          dates[n] = (i === 0 ? first : toDayIndex(monthAfter(w.firstMonth, i))) - EPOCH;
          for (let c = 0; c < numeric.length; c++) {
            const at = source[c]!;
            values[c]![n] = at < 0 ? 0 : stored[at * w.months + i]!;
          }
          n++;
          if (n >= capacity()) await flush();
        }
      }
    }
    await flush();
    const files = await parts.finish();
    await onProgress({ rowsWritten, filesDone: files.length });
    return files;
  } catch (e) {
    return parts.fail(e);
  }
}
