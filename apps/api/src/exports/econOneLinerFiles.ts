import { ECON_ONE_LINER_RESULT_FIELDS, type EconOneLinerRow } from '@econ/contract';
import type { Db } from '../db/connection';
import { oneLinerList } from '../econRuns/store';
import type { ExportStore } from './fileStore';
import type { ExportFile, ExportProgress } from './forecastVolumeFiles';
import type { ParquetColumn } from './parquetStream';
import { PartFiles } from './partFiles';
import { RowGroupWriter } from './rowGroups';

/*
 * Econ one-liner exports (the v2 `econ-one-liners` job, decision 051): one Parquet row per well and
 * combo of a complete run, in combo then well order, with every figure of `…/one-liners` under the
 * service's snake_case column (`ECON_ONE_LINER_RESULT_FIELDS`, the table the `output` keys come
 * from). Dates are text (YYYY-MM-DD); a figure a well lacks (a refused well, no IRR, no after-tax
 * or breakeven figures) is NaN, a missing date or text ''.
 */

const PAGE = 500;
const ROW_GROUP = 50_000;

const isDate = (unit: string) => unit.startsWith('date');

export const ECON_ONE_LINER_COLUMNS: readonly ParquetColumn[] = [
  { name: 'wellId', type: 'string' },
  { name: 'wellName', type: 'string', statistics: false },
  { name: 'comboName', type: 'string', statistics: false },
  { name: 'status', type: 'string', statistics: false },
  { name: 'error', type: 'string', statistics: false },
  { name: 'econPRMSResourcesClass', type: 'string', statistics: false },
  { name: 'econPRMSReservesCategory', type: 'string', statistics: false },
  { name: 'econPRMSReservesSubCategory', type: 'string', statistics: false },
  ...ECON_ONE_LINER_RESULT_FIELDS.map(
    (f): ParquetColumn => ({ name: f.column, type: isDate(f.unit) ? 'string' : 'double', statistics: false }),
  ),
  { name: 'econRunId', type: 'string', statistics: false },
  { name: 'scenarioId', type: 'string', statistics: false },
  { name: 'projectId', type: 'string', statistics: false },
];

/** `econ-one-liners-{runId}-part-0001.parquet`. */
export const econOneLinerFileName = (runId: string, part: number) =>
  `econ-one-liners-${runId}-part-${String(part).padStart(4, '0')}.parquet`;

/** The values of one one-liner row, in `ECON_ONE_LINER_COLUMNS` order (without the ids at the end). */
export function oneLinerValues(row: EconOneLinerRow): (string | number)[] {
  const out = row.output ?? {};
  return [
    row.well,
    row.wellName,
    row.comboName,
    row.status,
    row.status === 'failed' ? row.error : '',
    row.econPRMSResourcesClass ?? '',
    row.econPRMSReservesCategory ?? '',
    row.econPRMSReservesSubCategory ?? '',
    ...ECON_ONE_LINER_RESULT_FIELDS.map((f) => {
      const v = out[f.key];
      if (isDate(f.unit)) return typeof v === 'string' ? v : '';
      return typeof v === 'number' ? v : Number.NaN;
    }),
  ];
}

/** Writes a complete run's one-liners as Parquet files under `${exportId}/`; resolves with the files. */
export async function writeEconOneLinerExport(opts: {
  db: Db;
  projectId: string;
  scenarioId: string;
  econRunId: string;
  store: ExportStore;
  exportId: string;
  rowsPerFile: number;
  onProgress: (p: ExportProgress) => void | Promise<void>;
}): Promise<ExportFile[]> {
  const { db, projectId, scenarioId, econRunId, store, exportId, rowsPerFile, onProgress } = opts;
  const parts = new PartFiles({
    store,
    exportId,
    columns: ECON_ONE_LINER_COLUMNS,
    kvMetadata: [
      { key: 'econ.exportId', value: exportId },
      { key: 'econ.econRunId', value: econRunId },
    ],
    rowsPerFile,
    nameOf: (part) => econOneLinerFileName(econRunId, part),
  });
  const writer = new RowGroupWriter(parts, ECON_ONE_LINER_COLUMNS, Math.min(ROW_GROUP, rowsPerFile), onProgress);
  const list = oneLinerList(db, econRunId);
  try {
    for (let skip = 0; ; skip += PAGE) {
      const rows = await list.page({ skip, take: PAGE, sort: 'comboName' }, PAGE);
      for (const row of rows) await writer.add([...oneLinerValues(row), econRunId, scenarioId, projectId]);
      if (rows.length < PAGE) break;
    }
    return await writer.finish();
  } catch (e) {
    return parts.fail(e);
  }
}
