import { PHASES, type Phase, type Series } from '@econ/contract';
import { type DailySeries, monthlySeries, toDayIndex } from '@econ/decline';
import type { Db } from '../db/connection';
import { forecastPhasesOf, forecastWellsAfter } from '../forecasts/store';
import { type WellPhase, wellVolumes } from '../forecasts/volumes';
import type { ExportStore } from './fileStore';
import type { ColumnValues, ParquetColumn } from './parquetStream';
import { PartFiles } from './partFiles';

/*
 * Forecast volume exports: one Parquet row per well, phase, series and day (or month) with a
 * positive volume, computed from the stored segments by the decline engine exactly as the volumes
 * routes compute them (`wellVolumes`: a ratio phase is its ratio × its base phase's same series,
 * else its `best`). Wells are read from the database a batch at a time and their volumes computed
 * one well at a time; rows are gathered into one row group at a time and streamed into the store,
 * so memory stays bounded whatever the forecast's size.
 */

export interface ExportFile {
  name: string;
  rows: number;
  bytes: number;
}
export interface ExportProgress {
  rowsWritten: number;
  filesDone: number;
}

/**
 * The columns of a forecast volume file, in order. Min/max statistics where they let a reader
 * skip row groups: `wellId` (rows are sorted by well), `date`, `volume`; the labels and the
 * constant ids go without (they cost a third of the encoding time and narrow nothing).
 */
export const FORECAST_VOLUME_COLUMNS: readonly ParquetColumn[] = [
  { name: 'wellId', type: 'string' },
  { name: 'wellName', type: 'string', statistics: false },
  { name: 'phase', type: 'string', statistics: false },
  { name: 'series', type: 'string', statistics: false },
  { name: 'date', type: 'date' },
  { name: 'volume', type: 'double' },
  { name: 'forecastId', type: 'string', statistics: false },
  { name: 'projectId', type: 'string', statistics: false },
];

export const DEFAULT_ROW_GROUP_SIZE = 100_000;
/** Wells read from the database per query (their segments are small; volumes are computed per well). */
const WELL_BATCH = 200;
/** The decline engine counts days from 1900-01-01; Parquet DATE counts them from 1970-01-01. */
const EPOCH = toDayIndex('1970-01-01');

/** `daily-forecast-volumes-{forecastId}-part-0001.parquet` (parts numbered from 1). */
export function forecastVolumeFileName(resolution: 'daily' | 'monthly', forecastId: string, part: number): string {
  return `${resolution}-forecast-volumes-${forecastId}-part-${String(part).padStart(4, '0')}.parquet`;
}

/** One series' volumes as Parquet DATE days (since 1970-01-01) and values: each day, or each month's sum. */
export function datedVolumes(
  daily: DailySeries,
  resolution: 'daily' | 'monthly',
): { dates: Int32Array; volumes: Float64Array } {
  if (resolution === 'daily') {
    const dates = new Int32Array(daily.values.length);
    for (let i = 0; i < dates.length; i++) dates[i] = daily.start + i - EPOCH;
    return { dates, volumes: daily.values };
  }
  const monthly = monthlySeries(daily);
  return { dates: Int32Array.from(monthly.labels, (label) => toDayIndex(label) - EPOCH), volumes: monthly.values };
}

/** One well of an export: its id, name and stored phases (each with its series' segments). */
export interface VolumeWell {
  id: string;
  name: string;
  phases: WellPhase[];
}

/** The forecast's wells after `after` (by id), at most `limit`, with their stored phases and series. */
async function loadWellBatch(db: Db, forecastId: string, after: string, limit: number): Promise<VolumeWell[]> {
  const members = await forecastWellsAfter(db, forecastId, after, limit);
  if (members.length === 0) return [];
  const byWell = await forecastPhasesOf(
    db,
    forecastId,
    members.map((m) => m.id),
  );
  const order = (p: Phase) => PHASES.indexOf(p);
  return members.map((m) => ({
    id: m.id,
    name: m.name,
    phases: (byWell.get(m.id) ?? []).sort((a, b) => order(a.phase) - order(b.phase)),
  }));
}

/** The forecast's wells (membership in `forecast_wells`) in id order, read `batchSize` at a time. */
export async function* forecastWellsOf(db: Db, forecastId: string, batchSize = WELL_BATCH): AsyncGenerator<VolumeWell> {
  let after = '';
  for (;;) {
    const batch = await loadWellBatch(db, forecastId, after, batchSize);
    if (batch.length === 0) return;
    after = batch[batch.length - 1]!.id;
    yield* batch;
  }
}

/**
 * The rows of one well in export order (phase oil, gas, water; series best, p10, p50, p90; date):
 * each series' dated volumes, zero and negative volumes included (the writer skips them).
 */
export function wellRows(
  phases: readonly WellPhase[],
  resolution: 'daily' | 'monthly',
): { phase: Phase; series: Series; dates: Int32Array; volumes: Float64Array }[] {
  const computed = wellVolumes(phases);
  const out: { phase: Phase; series: Series; dates: Int32Array; volumes: Float64Array }[] = [];
  for (const p of phases) {
    for (const [series, v] of computed.get(p.phase) ?? []) {
      if (v.volumes) out.push({ phase: p.phase, series, ...datedVolumes(v.volumes, resolution) });
    }
  }
  return out;
}

/** Column arrays of one row group, reused from group to group. */
class RowGroupBuffer {
  readonly wellId: string[];
  readonly wellName: string[];
  readonly phase: string[];
  readonly series: string[];
  readonly date: Int32Array;
  readonly volume: Float64Array;
  private readonly forecastId: string[];
  private readonly projectId: string[];
  length = 0;

  constructor(size: number, forecastId: string, projectId: string) {
    this.wellId = new Array<string>(size);
    this.wellName = new Array<string>(size);
    this.phase = new Array<string>(size);
    this.series = new Array<string>(size);
    this.date = new Int32Array(size);
    this.volume = new Float64Array(size);
    this.forecastId = new Array<string>(size).fill(forecastId);
    this.projectId = new Array<string>(size).fill(projectId);
  }

  /** The columns of the rows gathered so far, in FORECAST_VOLUME_COLUMNS order. */
  columns(): ColumnValues[] {
    const n = this.length;
    const full = n === this.wellId.length;
    const cut = <T extends string[]>(a: T) => (full ? a : a.slice(0, n));
    return [
      cut(this.wellId),
      cut(this.wellName),
      cut(this.phase),
      cut(this.series),
      this.date.subarray(0, n),
      this.volume.subarray(0, n),
      cut(this.forecastId),
      cut(this.projectId),
    ];
  }
}

/**
 * Writes the forecast's daily or monthly volumes as Parquet files into `store` under
 * `${exportId}/`, a new file every `rowsPerFile` rows, in row groups of `rowGroupSize` rows
 * (default 100 000), calling `onProgress` after each row group and once more when the last file is
 * done (so the last report counts every file). A forecast without volumes gives one file with no
 * rows. Resolves with the files written, in order. The caller owns the export's folder: on
 * failure it rejects and may leave partial files there. Wells are read in batches, not from one
 * snapshot: a forecast edited during the export may mix its state before and after the edit.
 */
export function writeForecastVolumeExport(opts: {
  db: Db;
  projectId: string;
  forecastId: string;
  resolution: 'daily' | 'monthly';
  store: ExportStore;
  exportId: string;
  rowsPerFile: number;
  rowGroupSize?: number;
  filter?: VolumeFilter | undefined;
  onProgress: (p: ExportProgress) => void | Promise<void>;
}): Promise<ExportFile[]> {
  const { db, ...rest } = opts;
  return writeVolumeFiles({ ...rest, wells: forecastWellsOf(db, opts.forecastId) });
}

/** What a v2 forecast-volumes job keeps (decision 051): some wells, phases, and days (YYYY-MM-DD, inclusive). */
export interface VolumeFilter {
  wells?: ReadonlySet<string> | undefined;
  phases?: ReadonlySet<Phase> | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

/**
 * The writer behind `writeForecastVolumeExport`, over any source of wells (in the order given):
 * the export reads them from the database; the benchmark hands them from memory.
 */
export async function writeVolumeFiles(opts: {
  wells: AsyncIterable<VolumeWell> | Iterable<VolumeWell>;
  projectId: string;
  forecastId: string;
  resolution: 'daily' | 'monthly';
  store: ExportStore;
  exportId: string;
  rowsPerFile: number;
  rowGroupSize?: number;
  filter?: VolumeFilter | undefined;
  onProgress: (p: ExportProgress) => void | Promise<void>;
}): Promise<ExportFile[]> {
  const { projectId, forecastId, resolution, store, exportId, rowsPerFile, onProgress, filter } = opts;
  const first = filter?.start === undefined ? -Infinity : toDayIndex(filter.start) - EPOCH;
  const last = filter?.end === undefined ? Infinity : toDayIndex(filter.end) - EPOCH;
  const rowGroupSize = opts.rowGroupSize ?? DEFAULT_ROW_GROUP_SIZE;
  if (!Number.isInteger(rowGroupSize) || rowGroupSize < 1)
    throw new Error(`rowGroupSize must be a positive integer (got ${rowGroupSize})`);
  const parts = new PartFiles({
    store,
    exportId,
    columns: FORECAST_VOLUME_COLUMNS,
    kvMetadata: [
      { key: 'econ.exportId', value: exportId },
      { key: 'econ.forecastId', value: forecastId },
      { key: 'econ.resolution', value: resolution },
    ],
    rowsPerFile,
    nameOf: (part) => forecastVolumeFileName(resolution, forecastId, part),
  });
  let rowsWritten = 0;
  const buffer = new RowGroupBuffer(Math.min(rowGroupSize, rowsPerFile), forecastId, projectId);
  /** Rows the current group may still take: up to rowGroupSize, without crossing a file boundary. */
  let capacity = Math.min(rowGroupSize, rowsPerFile);

  let reported = { rowsWritten: 0, filesDone: 0 };
  const report = async () => {
    if (reported.rowsWritten === rowsWritten && reported.filesDone === parts.files.length) return;
    reported = { rowsWritten, filesDone: parts.files.length };
    await onProgress(reported);
  };
  const flushGroup = async () => {
    if (buffer.length === 0) return;
    await parts.writeGroup(buffer.columns());
    rowsWritten += buffer.length;
    buffer.length = 0;
    capacity = Math.min(rowGroupSize, parts.room);
    await report();
  };

  try {
    for await (const well of opts.wells) {
      if (filter?.wells && !filter.wells.has(well.id)) continue;
      for (const { phase, series, dates, volumes } of wellRows(well.phases, resolution)) {
        if (filter?.phases && !filter.phases.has(phase)) continue;
        const n = volumes.length;
        let i = 0;
        while (i < n) {
          let k = buffer.length;
          while (i < n && k < capacity) {
            const v = volumes[i]!;
            const day = dates[i]!;
            if (v > 0 && day >= first && day <= last) {
              buffer.wellId[k] = well.id;
              buffer.wellName[k] = well.name;
              buffer.phase[k] = phase;
              buffer.series[k] = series;
              buffer.date[k] = dates[i]!;
              buffer.volume[k] = v;
              k++;
            }
            i++;
          }
          buffer.length = k;
          if (k === capacity) await flushGroup();
        }
      }
    }
    await flushGroup();
    const files = await parts.finish();
    await report();
    return files;
  } catch (error) {
    return parts.fail(error);
  }
}
