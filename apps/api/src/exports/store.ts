import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { dataExports, serviceSecrets } from '../db/schema';
import { notFound } from '../http/errors';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import type { ExportJob } from './exportJob';

/*
 * The exports' rows (`data_exports`) and the link key (`service_secrets`). Where the files
 * themselves live is `fileStore.ts`.
 */

export type ExportRow = typeof dataExports.$inferSelect;
/** A file of an export as its row lists it. */
export type StoredFile = ExportRow['files'][number];

/** The states in which an export may still have files to serve or to write. */
const LIVE = ['running', 'complete'] as const;

/** The export with this id, in the export's own state (background jobs re-read it). */
export async function readExport(db: Db, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/** The export of the caller's company, or 404 (another company's export is not found either). */
export async function requireExport(db: Db, companyId: string, id: string): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(`No export with id ${id}`);
  return row;
}

/**
 * The company's exports, newest first (`-createdAt`) or oldest first, ties broken by id so pages
 * never overlap. `sort` is the route's own (its default differs from the paging default).
 */
export function exportList(db: Db, companyId: string, sort: '-createdAt' | 'createdAt'): ListSource<ExportRow> {
  const where = eq(dataExports.companyId, companyId);
  const order =
    sort === 'createdAt'
      ? [asc(dataExports.createdAt), asc(dataExports.id)]
      : [desc(dataExports.createdAt), desc(dataExports.id)];
  return {
    page: (page, limit) =>
      db
        .select()
        .from(dataExports)
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit),
    async count() {
      const [row] = await db.select({ n: count() }).from(dataExports).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/** Records a new export of the request as `running`, created at `now`, its links expiring at `expiresAt`. */
export async function insertExport(
  deps: Pick<Deps, 'db' | 'clock'>,
  e: { companyId: string; req: ExportJob; now: Date; expiresAt: Date },
): Promise<ExportRow> {
  const { companyId, req, now, expiresAt } = e;
  const [row] = await deps.db
    .insert(dataExports)
    .values({
      id: newObjectId(deps.clock),
      companyId,
      projectId: req.projectId,
      exportType: req.exportType,
      fileType: req.fileType,
      forecastId: 'forecastId' in req ? req.forecastId : null,
      scenarioId: 'scenarioId' in req ? req.scenarioId : null,
      econRunId: 'econRunId' in req ? req.econRunId : null,
      status: 'running',
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** Only an export still running takes progress or an outcome (a swept one stays expired). */
const running = (id: string) => and(eq(dataExports.id, id), eq(dataExports.status, 'running'));

/** Records the progress of a running export. */
export async function recordProgress(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: string,
  p: { rowsWritten: number; filesDone: number },
): Promise<void> {
  await deps.db
    .update(dataExports)
    .set({ rowsWritten: p.rowsWritten, filesDone: p.filesDone, updatedAt: deps.clock.now() })
    .where(running(id));
}

/** Marks a running export complete with its files; false when it no longer ran (it was swept). */
export async function markComplete(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: string,
  files: readonly StoredFile[],
): Promise<boolean> {
  const updated = await deps.db
    .update(dataExports)
    .set({
      status: 'complete',
      files: [...files],
      filesDone: files.length,
      rowsWritten: files.reduce((n, f) => n + f.rows, 0),
      updatedAt: deps.clock.now(),
    })
    .where(running(id))
    .returning({ id: dataExports.id });
  return updated.length > 0;
}

/** Marks a running export failed with `error`. */
export async function markFailed(deps: Pick<Deps, 'db' | 'clock'>, id: string, error: string): Promise<void> {
  await deps.db.update(dataExports).set({ status: 'failed', error, updatedAt: deps.clock.now() }).where(running(id));
}

/** The ids of the running or complete exports whose links expire at `now` or before. */
export async function expiredExportIds(db: Db, now: Date): Promise<string[]> {
  const due = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(inArray(dataExports.status, [...LIVE]), lte(dataExports.expiresAt, now)));
  return due.map((r) => r.id);
}

/** Marks an export expired (unless it already ended otherwise). */
export async function markExpired(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, [...LIVE])));
}

/** The ids among `ids` of exports that are running or complete (whose files must be kept). */
export async function liveExportIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const live = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(inArray(dataExports.id, [...ids]), inArray(dataExports.status, [...LIVE])));
  return new Set(live.map((r) => r.id));
}

/** Marks failed, with `error`, every running export whose last progress is at `before` or earlier; their ids. */
export async function failRunningSince(db: Db, before: Date, now: Date, error: string): Promise<string[]> {
  const stalled = await db
    .update(dataExports)
    .set({ status: 'failed', error, updatedAt: now })
    .where(and(eq(dataExports.status, 'running'), lte(dataExports.updatedAt, before)))
    .returning({ id: dataExports.id });
  return stalled.map((r) => r.id);
}

/** The secret kept under `name`: `value` if none was yet (the first writer wins a race). */
export async function keepSecret(deps: Pick<Deps, 'db' | 'clock'>, name: string, value: string): Promise<string> {
  await deps.db.insert(serviceSecrets).values({ name, value, createdAt: deps.clock.now() }).onConflictDoNothing();
  const [row] = await deps.db.select().from(serviceSecrets).where(eq(serviceSecrets.name, name)).limit(1);
  return row!.value;
}
