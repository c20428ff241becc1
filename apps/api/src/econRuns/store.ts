import type { EconModelKind, EconMonthlyRow, EconOneLiner, EconRun } from '@econ/contract';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { econModels, econRuns, econRunWells, scenarioWells, wells } from '../db/schema';
import { notFound } from '../http/errors';
import { type ListSource, sortOf } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';
import { monthlyRows, type PackedMonthly, packedBytes, packedValues, pageSpans } from './results';

export type EconRunRow = typeof econRuns.$inferSelect;
export type EconRunWellRow = typeof econRunWells.$inferSelect;

/** A run whose worker shows no sign of life for this long is taken up again (or failed). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** Attempts before a run whose worker keeps dying is failed. */
export const MAX_ATTEMPTS = 3;

/** The API view of a run row. */
export function runView(r: EconRunRow): EconRun {
  return {
    id: r.id,
    project: r.projectId,
    scenario: r.scenarioId,
    status: r.status,
    runDate: r.runDate.toISOString(),
    forecast: r.forecastId,
    qualifiers: r.qualifiers as Partial<Record<EconModelKind, string>>,
    progress: { wellsTotal: r.wellsTotal, wellsDone: r.wellsDone, wellsFailed: r.wellsFailed },
    incomeTax: r.incomeTax,
    ...(r.startedAt ? { startedAt: r.startedAt.toISOString() } : {}),
    ...(r.finishedAt ? { finishedAt: r.finishedAt.toISOString() } : {}),
    ...(r.error ? { error: r.error } : {}),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The run with this id, if there is one (of this scenario and project, when they are given). */
export async function findRun(
  db: Db,
  id: string,
  of: { scenarioId?: string; projectId?: string } = {},
): Promise<EconRunRow | undefined> {
  const [row] = await db
    .select()
    .from(econRuns)
    .where(
      and(
        eq(econRuns.id, id),
        of.scenarioId === undefined ? undefined : eq(econRuns.scenarioId, of.scenarioId),
        of.projectId === undefined ? undefined : eq(econRuns.projectId, of.projectId),
      ),
    )
    .limit(1);
  return row;
}

/** The run of this scenario, or 404 naming it. */
export async function requireRun(db: Db, scenarioId: string, id: string): Promise<EconRunRow> {
  const row = await findRun(db, id, { scenarioId });
  if (!row) throw notFound(`No econ run with id ${id} in scenario ${scenarioId}`);
  return row;
}

/** What a new run is made of (it starts `pending`, dated now). */
export interface NewRun {
  projectId: string;
  scenarioId: string;
  forecastId: string;
  qualifiers: Partial<Record<EconModelKind, string>>;
  wellsTotal: number;
}

/** Queues a run: a `pending` row any worker may take. */
export async function insertRun(deps: Pick<Deps, 'db' | 'clock'>, run: NewRun): Promise<EconRunRow> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(econRuns)
    .values({ id: newObjectId(deps.clock), status: 'pending', runDate: now, ...run, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** The runs of a scenario, as a list (sorted by id, run date or timestamps). */
export function runList(db: Db, scenarioId: string): ListSource<EconRun> {
  const cols = {
    id: econRuns.id,
    runDate: econRuns.runDate,
    createdAt: econRuns.createdAt,
    updatedAt: econRuns.updatedAt,
  };
  return tableList(db, econRuns, eq(econRuns.scenarioId, scenarioId), cols, runView);
}

const ONE_LINER_COLUMNS = {
  wellName: econRunWells.wellName,
  well: econRunWells.wellId,
  firstDiscountNpv: econRunWells.firstDiscountNpv,
  secondDiscountNpv: econRunWells.secondDiscountNpv,
  bfit: econRunWells.bfit,
  irr: econRunWells.irr,
  econLimitDate: econRunWells.econLimitDate,
} as const;

/** The one-liners of a run, as a list: sorted on a money or name field, nulls last either way, ties by well id. */
export function oneLinerList(db: Db, runId: string): ListSource<EconOneLiner> {
  const where = eq(econRunWells.runId, runId);
  return {
    async page(page, limit) {
      const { field, desc: descending } = sortOf(page.sort);
      const column = ONE_LINER_COLUMNS[field as keyof typeof ONE_LINER_COLUMNS] ?? econRunWells.wellId;
      const order: SQL[] = descending
        ? [sql`${column} DESC NULLS LAST`, desc(econRunWells.wellId)]
        : [sql`${column} ASC NULLS LAST`, asc(econRunWells.wellId)];
      const rows = await db
        .select({ oneLiner: econRunWells.oneLiner })
        .from(econRunWells)
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit);
      return rows.map((r) => r.oneLiner as EconOneLiner);
    },
    count: () => storedWellCount(db, runId),
  };
}

/**
 * Rows `skip` to `skip + take` of a run's monthly rows (ordered by well id, then month; `well` keeps
 * one well), and how many rows there are in all. Month counts are read first (small), then the
 * packed data of the wells the page touches only.
 */
export async function monthlyPage(
  db: Db,
  runId: string,
  q: { well?: string | undefined; skip: number; take: number },
): Promise<{ rows: EconMonthlyRow[]; total: number }> {
  const ofRun = eq(econRunWells.runId, runId);
  const counts = await db
    .select({ wellId: econRunWells.wellId, months: econRunWells.months })
    .from(econRunWells)
    .where(q.well ? and(ofRun, eq(econRunWells.wellId, q.well)) : ofRun)
    .orderBy(asc(econRunWells.wellId));
  const rows: EconMonthlyRow[] = [];
  for (const span of pageSpans(counts, q.skip, q.take)) {
    const [stored] = await db
      .select()
      .from(econRunWells)
      .where(and(ofRun, eq(econRunWells.wellId, span.wellId)));
    if (!stored) continue;
    const packed = {
      columns: stored.columns as never,
      firstMonth: stored.firstMonth,
      months: stored.months,
      data: packedValues(stored.monthly),
    };
    rows.push(...monthlyRows(span.wellId, packed, span.from, span.to));
  }
  return { rows, total: counts.reduce((n, w) => n + w.months, 0) };
}

/** The wells of a scenario with the headers a run reads, by id. */
export async function scenarioWellHeaders(db: Db, scenarioId: string) {
  return db
    .select({
      id: wells.id,
      wellName: wells.wellName,
      firstProdDate: wells.firstProdDate,
      lateralLength: wells.lateralLength,
      perfLateralLength: wells.perfLateralLength,
      measuredDepth: wells.measuredDepth,
      trueVerticalDepth: wells.trueVerticalDepth,
    })
    .from(scenarioWells)
    .innerJoin(wells, eq(wells.id, scenarioWells.wellId))
    .where(eq(scenarioWells.scenarioId, scenarioId))
    .orderBy(asc(wells.id));
}

/** The stored functions of the econ models with these ids, by id. */
export async function modelFunctions(db: Db, ids: readonly string[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: econModels.id, functions: econModels.functions })
    .from(econModels)
    .where(inArray(econModels.id, [...ids]));
  for (const r of rows) out.set(r.id, r.functions);
  return out;
}

/**
 * Takes the oldest pending run (or a running one whose worker went silent before `staleBefore`
 * and has attempts left) for `workerId`, in one statement: `FOR UPDATE SKIP LOCKED` lets several
 * API processes poll the same table and each run is taken by one of them only.
 */
export async function claimRun(db: Db, workerId: string, now: Date, staleBefore: Date): Promise<EconRunRow | null> {
  const rows = await db.execute(sql`
    UPDATE econ_runs SET status = 'running', worker_id = ${workerId}, heartbeat_at = ${now.toISOString()},
      started_at = COALESCE(started_at, ${now.toISOString()}), attempts = attempts + 1,
      wells_done = 0, wells_failed = 0, updated_at = ${now.toISOString()}
    WHERE id = (
      SELECT id FROM econ_runs
      WHERE status = 'pending'
        OR (status = 'running' AND heartbeat_at < ${staleBefore.toISOString()} AND attempts < ${MAX_ATTEMPTS})
      ORDER BY created_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!id) return null;
  // A run taken up again starts afresh: the results of the dead attempt are dropped.
  await db.delete(econRunWells).where(eq(econRunWells.runId, id));
  const [row] = await db.select().from(econRuns).where(eq(econRuns.id, id));
  return row ?? null;
}

/**
 * At the start of the only process a database can have (PGlite), every `running` run lost its
 * worker: queued again at once (its attempt counted), rather than after STALE_AFTER_MS.
 */
export async function requeueOrphanedRuns(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(econRuns)
    .set({ status: 'pending', workerId: null, updatedAt: now })
    .where(eq(econRuns.status, 'running'))
    .returning({ id: econRuns.id });
  return rows.length;
}

/** Fails the runs whose worker went silent and that have no attempts left. */
export async function failAbandonedRuns(db: Db, now: Date, staleBefore: Date): Promise<number> {
  const rows = await db.execute(sql`
    UPDATE econ_runs SET status = 'failed', finished_at = ${now.toISOString()}, updated_at = ${now.toISOString()},
      error = 'the run was interrupted ' || attempts || ' times (its API process stopped); start it again'
    WHERE status = 'running' AND heartbeat_at < ${staleBefore.toISOString()} AND attempts >= ${MAX_ATTEMPTS}
    RETURNING id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/** One computed (or refused) well, ready to store. */
export interface WellResultRecord {
  wellId: string;
  wellName: string;
  oneLiner: EconOneLiner;
  monthly: PackedMonthly;
}

/**
 * Stores a batch of wells' results and advances the run's progress and heartbeat, in one
 * transaction, provided the run is still this worker's (false: another worker took it over).
 */
export async function storeWellResults(
  db: Db,
  runId: string,
  workerId: string,
  now: Date,
  results: readonly WellResultRecord[],
): Promise<boolean> {
  const failed = results.filter((r) => r.oneLiner.status === 'failed').length;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(econRuns)
      .set({
        wellsDone: sql`${econRuns.wellsDone} + ${results.length}`,
        wellsFailed: sql`${econRuns.wellsFailed} + ${failed}`,
        heartbeatAt: now,
        updatedAt: now,
      })
      .where(and(eq(econRuns.id, runId), eq(econRuns.workerId, workerId), eq(econRuns.status, 'running')))
      .returning({ id: econRuns.id });
    if (updated.length === 0) return false;
    if (results.length > 0) {
      await tx.insert(econRunWells).values(
        results.map((r) => {
          const o = r.oneLiner;
          const ok = o.status === 'complete';
          return {
            runId,
            wellId: r.wellId,
            wellName: r.wellName,
            status: o.status,
            oneLiner: o,
            firstDiscountNpv: ok ? o.firstDiscountNpv : null,
            secondDiscountNpv: ok ? o.secondDiscountNpv : null,
            bfit: ok ? o.bfit : null,
            irr: ok ? o.irr : null,
            econLimitDate: ok ? o.econLimitDate : null,
            firstMonth: r.monthly.firstMonth,
            months: r.monthly.months,
            columns: r.monthly.columns,
            monthly: packedBytes(r.monthly.data),
          };
        }),
      );
    }
    return true;
  });
}

/** Ends a run this worker holds: complete, or failed with the reason. */
export async function finishRun(
  db: Db,
  runId: string,
  workerId: string,
  now: Date,
  outcome: { status: 'complete'; incomeTax: boolean } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(econRuns)
    .set({
      status: outcome.status,
      finishedAt: now,
      updatedAt: now,
      heartbeatAt: now,
      ...(outcome.status === 'complete' ? { incomeTax: outcome.incomeTax } : { error: outcome.error }),
    })
    .where(and(eq(econRuns.id, runId), eq(econRuns.workerId, workerId)));
}

/** Hands a run this worker holds back to the queue (its process is stopping); it restarts afresh. */
export async function releaseRun(db: Db, runId: string, workerId: string, now: Date): Promise<void> {
  await db
    .update(econRuns)
    .set({ status: 'pending', workerId: null, updatedAt: now })
    .where(and(eq(econRuns.id, runId), eq(econRuns.workerId, workerId), eq(econRuns.status, 'running')));
}

/** The stored wells of a run after `after` (by well id), at most `limit`, in well-id order. */
export async function runWellsAfter(db: Db, runId: string, after: string, limit: number): Promise<EconRunWellRow[]> {
  return db
    .select()
    .from(econRunWells)
    .where(and(eq(econRunWells.runId, runId), gt(econRunWells.wellId, after)))
    .orderBy(asc(econRunWells.wellId))
    .limit(limit);
}

/** Wells stored for a run (all of them once it is complete). */
export async function storedWellCount(db: Db, runId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(econRunWells).where(eq(econRunWells.runId, runId));
  return Number(row?.n ?? 0);
}
