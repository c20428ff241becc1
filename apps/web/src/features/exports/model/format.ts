/**
 * Time left until a link expires, for the live countdown: days and hours for long lifetimes,
 * down to the second for the last day; `expired` at and after the expiry.
 */
export function formatCountdown(msLeft: number): string {
  if (!(msLeft > 0)) return 'expired';
  const total = Math.floor(msLeft / 1000);
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d} d ${h} h ${two(m)} min`;
  if (h > 0) return `${h} h ${two(m)} min ${two(s)} s`;
  return `${m} min ${two(s)} s`;
}

/** Milliseconds from `now` until an ISO timestamp (negative once it is past). */
export const msUntil = (iso: string, now: Date): number => new Date(iso).getTime() - now.getTime();

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A file size for people: bytes below 1 KiB, else one decimal in KB/MB/GB/TB (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let v = bytes;
  let unit = '';
  for (const u of UNITS) {
    if (v < 1024) break;
    v /= 1024;
    unit = u;
  }
  return `${v.toFixed(1)} ${unit}`;
}

const integer = new Intl.NumberFormat('en-US');

/** `12,345 rows written · 1 file done`, the progress line of a running export. */
export function formatProgress(p: { rowsWritten: number; filesDone: number }): string {
  const files = p.filesDone === 1 ? 'file' : 'files';
  return `${integer.format(p.rowsWritten)} rows written · ${integer.format(p.filesDone)} ${files} done`;
}

/** A preview cell: dates as YYYY-MM-DD (Parquet DATE is a calendar day), numbers and text as they are. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object') return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return String(value);
}
