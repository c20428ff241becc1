import type { ExportFileType, ExportStatus, ExportType } from '@econ/contract';

/** The export types the form offers, in this order, with their labels and what each needs. */
export const EXPORT_TYPE_OPTIONS: readonly { value: ExportType; label: string; source: 'forecast' | 'econRun' }[] = [
  { value: 'monthlyForecastVolumeExport', label: 'Monthly forecast volumes', source: 'forecast' },
  { value: 'dailyForecastVolumeExport', label: 'Daily forecast volumes', source: 'forecast' },
  { value: 'econMonthlyExport', label: 'Econ monthly (run results)', source: 'econRun' },
  { value: 'econWorkbookExport', label: 'Econ run workbook (.xlsx)', source: 'econRun' },
];
export const exportTypeLabel = (t: string): string => EXPORT_TYPE_OPTIONS.find((e) => e.value === t)?.label ?? t;
export const sourceOf = (t: ExportType): 'forecast' | 'econRun' =>
  EXPORT_TYPE_OPTIONS.find((o) => o.value === t)?.source ?? 'forecast';

/** The file type of an export type: the workbook is `.xlsx`, the others Parquet. */
export const fileTypeOf = (t: ExportType): ExportFileType => (t === 'econWorkbookExport' ? 'xlsx' : 'parquet');

/** Whether the console can preview a file in the browser (Parquet, by range reads). */
export const previewable = (fileName: string): boolean => fileName.endsWith('.parquet');

/** What the console shows for an export: still running, failed, or whether its links still work. */
export type DisplayState = 'running' | 'failed' | 'valid' | 'expired';

/**
 * The state to show at `now`: a failed export stays failed; a finished one is valid until its
 * `expiresAt` (the API's own `expired` status is final too), whatever the last poll said.
 */
export function displayState(e: { status: ExportStatus; expiresAt: string }, now: Date): DisplayState {
  if (e.status === 'failed') return 'failed';
  if (e.status === 'expired') return 'expired';
  const left = new Date(e.expiresAt).getTime() - now.getTime();
  if (!(left > 0)) return 'expired';
  return e.status === 'running' ? 'running' : 'valid';
}

/** Whether the console should keep polling: only a running export changes. */
export const isSettled = (status: ExportStatus): boolean => status !== 'running';

export { consoleLink } from '../../../lib/exportLinks';
