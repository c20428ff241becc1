import { ExportView } from '@econ/contract';
import { z } from 'zod';

/** An export started in this browser session, with the names the form showed (for the list). */
export const SessionExport = ExportView.extend({
  projectName: z.string(),
  sourceName: z.string(),
});
export type SessionExport = z.infer<typeof SessionExport>;

/** At most this many past exports are kept (the newest). */
export const HISTORY_MAX = 50;
export const HISTORY_KEY = 'econ.exports.session';

/** Adds or replaces (same id) an export, newest first, keeping at most HISTORY_MAX. */
export function upsert(list: readonly SessionExport[], entry: SessionExport): SessionExport[] {
  const rest = list.filter((e) => e.id !== entry.id);
  const next = [entry, ...rest].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return next.slice(0, HISTORY_MAX);
}

/** Updates the status fields of a known export from a poll; unknown ids leave the list unchanged. */
export function applyStatus(list: readonly SessionExport[], status: ExportView): SessionExport[] {
  return list.map((e) => (e.id === status.id ? { ...e, ...status } : e));
}

/** Reads the stored list; anything unreadable (other version, hand-edited) counts as empty. */
export function parseHistory(raw: string | null): SessionExport[] {
  if (!raw) return [];
  try {
    const parsed = z.array(SessionExport).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The past exports of this tab's session, in `sessionStorage` (gone when the tab closes). */
export function loadHistory(storage: Pick<Storage, 'getItem'> = sessionStorage): SessionExport[] {
  return parseHistory(storage.getItem(HISTORY_KEY));
}

export function saveHistory(list: readonly SessionExport[], storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(HISTORY_KEY, JSON.stringify(list));
}
