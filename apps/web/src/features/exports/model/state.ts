import type { ExportStatus, ExportType } from '@econ/contract';

/** The export types the form offers, in this order, with their labels and what each needs. */
export const EXPORT_TYPE_OPTIONS: readonly { value: ExportType; label: string; source: 'forecast' | 'econRun' }[] = [
  { value: 'monthlyForecastVolumeExport', label: 'Monthly forecast volumes', source: 'forecast' },
  { value: 'dailyForecastVolumeExport', label: 'Daily forecast volumes', source: 'forecast' },
  { value: 'econMonthlyExport', label: 'Econ monthly (run results)', source: 'econRun' },
];
export const exportTypeLabel = (t: string): string => EXPORT_TYPE_OPTIONS.find((e) => e.value === t)?.label ?? t;
export const sourceOf = (t: ExportType): 'forecast' | 'econRun' => (t === 'econMonthlyExport' ? 'econRun' : 'forecast');

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

/**
 * The console path that relays a signed link (`{PUBLIC_BASE_URL}/downloads/exports/{id}/{file}?X-Expires=…&X-Signature=…`)
 * through the BFF, unchanged from `/downloads/exports/` on (see docs/decisions/014-export-console.md).
 * A link of any other shape is refused, so the console never fetches a foreign address.
 */
export function consoleLink(url: string): string {
  const u = new URL(url, 'http://relative.invalid');
  const at = u.pathname.indexOf('/downloads/exports/');
  if (at < 0 || !/^\/downloads\/exports\/[^/]+\/[^/]+$/.test(u.pathname.slice(at))) {
    throw new Error(`Not an export link: ${url}`);
  }
  return `${u.pathname.slice(at)}${u.search}`;
}
