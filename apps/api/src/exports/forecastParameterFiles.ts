import { type Phase, SERIES, type Series, type StoredSegment, segmentView } from '@econ/contract';
import {
  exponentialEffectiveFromNominal,
  fromDayIndex,
  type Segment,
  segmentsFrom,
  toDayIndex,
  toSegment,
} from '@econ/decline';
import type { Db } from '../db/connection';
import type { ExportStore } from './fileStore';
import { type ExportFile, type ExportProgress, forecastWellsOf } from './forecastVolumeFiles';
import type { ParquetColumn } from './parquetStream';
import { PartFiles } from './partFiles';
import { RowGroupWriter } from './rowGroups';

/*
 * Forecast parameter exports (the v2 `forecast-parameters` job, decision 051): one Parquet row per
 * well, phase, series and segment, with the segment's fields as `GET …/outputs` reads them back
 * (computed `qEnd`, `d` and `dEff`, and for arps_modified `dSw` and `switchDate`). A field a segment
 * type does not have is NaN (a number) or '' (a date or text): Parquet columns here are required.
 */

const ROW_GROUP = 50_000;
const EPOCH = toDayIndex('1970-01-01');
const NUMBERS = ['qStart', 'qEnd', 'd', 'dEff', 'b', 'slope', 'realizedDEffSw', 'dSw'] as const;

export const FORECAST_PARAMETER_COLUMNS: readonly ParquetColumn[] = [
  { name: 'wellId', type: 'string' },
  { name: 'wellName', type: 'string', statistics: false },
  { name: 'phase', type: 'string', statistics: false },
  { name: 'series', type: 'string', statistics: false },
  { name: 'forecastType', type: 'string', statistics: false },
  { name: 'basePhase', type: 'string', statistics: false },
  { name: 'dataFrequency', type: 'string', statistics: false },
  { name: 'segmentIndex', type: 'double', statistics: false },
  { name: 'segmentType', type: 'string', statistics: false },
  { name: 'startDate', type: 'date' },
  { name: 'endDate', type: 'date' },
  ...NUMBERS.map((name): ParquetColumn => ({ name, type: 'double', statistics: false })),
  { name: 'switchDate', type: 'string', statistics: false },
  { name: 'forecastId', type: 'string', statistics: false },
  { name: 'projectId', type: 'string', statistics: false },
];

/** `forecast-parameters-{forecastId}-part-0001.parquet`. */
export const forecastParameterFileName = (forecastId: string, part: number) =>
  `forecast-parameters-${forecastId}-part-${String(part).padStart(4, '0')}.parquet`;

/** What a forecast parameters export writes: phases (each from an optional day), series, wells. */
export interface ParameterSelection {
  /** Phases written, each with the first day kept (undefined: all of it). */
  phases: Partial<Record<Phase, { from: string | undefined }>>;
  /** Cut the segment holding a phase's start day there (its rate and decline at that day); else keep it whole. */
  adjust: boolean;
  series: readonly Series[] | undefined;
  wells: ReadonlySet<string> | undefined;
}

/** The segments of a series from `from` on: cut at it (`adjust`), or those ending on or after it. */
export function segmentsKept(stored: readonly StoredSegment[], from: string | undefined, adjust: boolean) {
  const pairs = stored.map((s) => ({ stored: s, seg: toSegment(s) }));
  if (from === undefined) return pairs;
  const day = toDayIndex(from);
  if (!adjust) return pairs.filter((p) => p.seg.end >= day);
  return segmentsFrom(
    pairs.map((p) => p.seg),
    day,
  ).map((seg, i, all) => {
    const original = pairs[pairs.length - all.length + i]!;
    return seg === original.seg ? original : { stored: cutStored(seg), seg };
  });
}

/** The stored form of a cut segment: its type and dates; the rest is read from the internal form. */
function cutStored(seg: Segment): StoredSegment {
  return {
    segmentType: seg.type,
    startDate: fromDayIndex(seg.start),
    endDate: fromDayIndex(seg.end),
    ...(seg.type === 'arps_modified' ? { realizedDEffSw: exponentialEffectiveFromNominal(seg.Dsw) } : {}),
  };
}

/**
 * Writes the forecast's segments as Parquet files under `${exportId}/`, wells in id order; a new
 * file every `rowsPerFile` rows. Resolves with the files, in order.
 */
export async function writeForecastParameterExport(opts: {
  db: Db;
  projectId: string;
  forecastId: string;
  selection: ParameterSelection;
  store: ExportStore;
  exportId: string;
  rowsPerFile: number;
  onProgress: (p: ExportProgress) => void | Promise<void>;
}): Promise<ExportFile[]> {
  const { db, projectId, forecastId, selection, store, exportId, rowsPerFile, onProgress } = opts;
  const parts = new PartFiles({
    store,
    exportId,
    columns: FORECAST_PARAMETER_COLUMNS,
    kvMetadata: [
      { key: 'econ.exportId', value: exportId },
      { key: 'econ.forecastId', value: forecastId },
    ],
    rowsPerFile,
    nameOf: (part) => forecastParameterFileName(forecastId, part),
  });
  const writer = new RowGroupWriter(parts, FORECAST_PARAMETER_COLUMNS, Math.min(ROW_GROUP, rowsPerFile), onProgress);
  const seriesOrder: readonly Series[] = ['best', ...SERIES.filter((s) => s !== 'best')];
  try {
    for await (const well of forecastWellsOf(db, forecastId)) {
      if (selection.wells && !selection.wells.has(well.id)) continue;
      for (const phase of well.phases) {
        const wanted = selection.phases[phase.phase];
        if (!wanted) continue;
        for (const series of seriesOrder) {
          const stored = phase.series[series];
          if (!stored?.length || (selection.series && !selection.series.includes(series))) continue;
          const kept = segmentsKept(stored, wanted.from, selection.adjust);
          for (const [i, { stored: s, seg }] of kept.entries()) {
            const view = segmentView(s, seg);
            await writer.add([
              well.id,
              well.name,
              phase.phase,
              series,
              phase.forecastType,
              phase.basePhase ?? '',
              phase.dataFrequency,
              i,
              view.segmentType,
              toDayIndex(view.startDate) - EPOCH,
              toDayIndex(view.endDate) - EPOCH,
              ...NUMBERS.map((k) => view[k] ?? Number.NaN),
              view.switchDate ?? '',
              forecastId,
              projectId,
            ]);
          }
        }
      }
    }
    return await writer.finish();
  } catch (e) {
    return parts.fail(e);
  }
}
