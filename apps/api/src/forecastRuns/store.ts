import type {
  ForecastRun,
  ForecastRunWell,
  ForecastSettings,
  Phase,
  PhaseFitResult,
  Series,
  WellFitStatus,
} from '@econ/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { forecastPhases, forecastRuns, forecastRunWells, forecastSeries, forecastWells, wells } from '../db/schema';
import { notFound } from '../http/errors';
import { type ListSource, sortOf } from '../http/paging';
import { newObjectId } from '../ids';
import { type Chunk, finishEmptyRun, planChunks, storeChunk } from '../jobs/chunks';
import { claimJob } from '../jobs/queue';
import { scopedTableList } from '../resources/listing';
import type { FitSeries, FittedKind, StoredPhaseState } from './fitWell';

/* Forecast runs in storage: the runs (a job queue, `jobs/queue.ts`) and what each did to each well. */

export type ForecastRunRow = typeof forecastRuns.$inferSelect;

/** The API view of a run row. */
export function runView(r: ForecastRunRow): ForecastRun {
  return {
    id: r.id,
    project: r.projectId,
    forecast: r.forecastId,
    status: r.status,
    configurationId: r.configurationId,
    settings: r.settings as ForecastSettings,
    progress: {
      wellsTotal: r.wellsTotal,
      wellsDone: r.wellsDone,
      wellsFitted: r.wellsFitted,
      wellsSkipped: r.wellsSkipped,
      wellsFailed: r.wellsFailed,
    },
    ...(r.startedAt ? { startedAt: r.startedAt.toISOString() } : {}),
    ...(r.finishedAt ? { finishedAt: r.finishedAt.toISOString() } : {}),
    ...(r.error ? { error: r.error } : {}),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The run of this forecast, or 404 naming it. */
export async function requireRun(db: Db, forecastId: string, id: string): Promise<ForecastRunRow> {
  const [row] = await db
    .select()
    .from(forecastRuns)
    .where(and(eq(forecastRuns.id, id), eq(forecastRuns.forecastId, forecastId)))
    .limit(1);
  if (!row) throw notFound(`No forecast run with id ${id} of forecast ${forecastId}`);
  return row;
}

export interface NewRun {
  projectId: string;
  forecastId: string;
  configurationId: string | null;
  settings: ForecastSettings;
  wellIds: string[];
}

/** The ids of every well of the forecast. */
export async function forecastWellIds(db: Db, forecastId: string): Promise<string[]> {
  const rows = await db
    .select({ id: forecastWells.wellId })
    .from(forecastWells)
    .where(eq(forecastWells.forecastId, forecastId));
  return rows.map((r) => r.id);
}

/** Queues a run: a `pending` row any worker may take. */
export async function insertRun(deps: Pick<Deps, 'db' | 'clock'>, run: NewRun): Promise<ForecastRunRow> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(forecastRuns)
    .values({
      id: newObjectId(deps.clock),
      status: 'pending',
      ...run,
      wellsTotal: run.wellIds.length,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The runs of a forecast, as a list. */
export function runList(db: Db, forecastId: string): ListSource<ForecastRun> {
  const cols = { id: forecastRuns.id, createdAt: forecastRuns.createdAt, updatedAt: forecastRuns.updatedAt };
  return scopedTableList(db, forecastRuns, forecastRuns.forecastId, forecastId, cols, runView);
}

/** What a run did to its wells, as a list (sorted by well name or status, ties by well id), `status` filtering. */
export function runWellList(db: Db, runId: string, status: WellFitStatus | undefined): ListSource<ForecastRunWell> {
  const where = and(eq(forecastRunWells.runId, runId), status ? eq(forecastRunWells.status, status) : undefined);
  const columns = { wellName: forecastRunWells.wellName, status: forecastRunWells.status } as const;
  return {
    async page(page, limit) {
      const { field, desc: descending } = sortOf(page.sort);
      const column = columns[field as keyof typeof columns] ?? forecastRunWells.wellName;
      const order = descending
        ? [desc(column), desc(forecastRunWells.wellId)]
        : [asc(column), asc(forecastRunWells.wellId)];
      const rows = await db
        .select()
        .from(forecastRunWells)
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit);
      return rows.map((r) => ({
        well: r.wellId,
        wellName: r.wellName,
        status: r.status,
        phases: r.phases as Partial<Record<Phase, PhaseFitResult>>,
      }));
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(forecastRunWells).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * Takes the oldest pending run (or one whose worker went silent). A run taken up again resumes:
 * the wells its dead attempt stored (results, segments and progress in one transaction) are kept.
 */
export async function claimRun(db: Db, workerId: string, now: Date, staleBefore: Date): Promise<ForecastRunRow | null> {
  const id = await claimJob(db, forecastRuns, workerId, now, staleBefore);
  if (!id) return null;
  const [row] = await db.select().from(forecastRuns).where(eq(forecastRuns.id, id));
  return row ?? null;
}

/** The run's wells not done yet, in id order. */
export async function wellsToDo(db: Db, run: ForecastRunRow): Promise<string[]> {
  const done = await db
    .select({ id: forecastRunWells.wellId })
    .from(forecastRunWells)
    .where(eq(forecastRunWells.runId, run.id));
  const skip = new Set(done.map((d) => d.id));
  return (run.wellIds as string[]).filter((id) => !skip.has(id)).sort();
}

/** What a run reads of these wells (the ones that exist), in id order. */
export async function wellsInfo(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; name: string; hasDaily: boolean; hasMonthly: boolean }[]> {
  const out: { id: string; name: string; hasDaily: boolean; hasMonthly: boolean }[] = [];
  for (let k = 0; k < ids.length; k += 1000) {
    const rows = await db
      .select({
        id: wells.id,
        name: wells.wellName,
        daily: wells.lastProdDateDaily,
        monthly: wells.lastProdDateMonthly,
      })
      .from(wells)
      .where(inArray(wells.id, ids.slice(k, k + 1000)))
      .orderBy(asc(wells.id));
    for (const r of rows)
      out.push({ id: r.id, name: r.name, hasDaily: r.daily !== null, hasMonthly: r.monthly !== null });
  }
  return out;
}

/** A run's row, or undefined once it is deleted. */
export async function runById(db: Db, id: string): Promise<ForecastRunRow | undefined> {
  const [row] = await db.select().from(forecastRuns).where(eq(forecastRuns.id, id));
  return row;
}

/** Splits a claimed run's wells not done yet into chunks of `size`; a run with none is complete at once. */
export async function planRun(db: Db, run: ForecastRunRow, workerId: string, size: number, now: Date) {
  const todo = await wellsToDo(db, run);
  if (todo.length === 0) return finishEmptyRun(db, forecastRuns, run.id, workerId, now);
  await planChunks(db, forecastRuns, run.id, run.attempts, todo, size, now);
}

/** The stored state of the wells' phases in the forecast (best segments, ratio kind), by well. */
export async function storedPhases(
  db: Db,
  forecastId: string,
  wellIds: readonly string[],
  lock = false,
): Promise<Map<string, Partial<Record<Phase, StoredPhaseState>>>> {
  const out = new Map<string, Partial<Record<Phase, StoredPhaseState>>>();
  if (wellIds.length === 0) return out;
  const phaseQuery = db
    .select({ wellId: forecastPhases.wellId, phase: forecastPhases.phase, type: forecastPhases.forecastType })
    .from(forecastPhases)
    .where(and(eq(forecastPhases.forecastId, forecastId), inArray(forecastPhases.wellId, [...wellIds])))
    .orderBy(asc(forecastPhases.wellId), asc(forecastPhases.phase));
  const phases = lock ? await phaseQuery.for('update') : await phaseQuery;
  const best = await db
    .select({ wellId: forecastSeries.wellId, phase: forecastSeries.phase })
    .from(forecastSeries)
    .where(
      and(
        eq(forecastSeries.forecastId, forecastId),
        inArray(forecastSeries.wellId, [...wellIds]),
        eq(forecastSeries.series, 'best'),
      ),
    );
  const state = (wellId: string, phase: Phase) => {
    const well = out.get(wellId) ?? {};
    out.set(wellId, well);
    well[phase] ??= { hasBest: false, ratio: false };
    return well[phase]!;
  };
  for (const p of phases) state(p.wellId, p.phase).ratio = p.type === 'ratio';
  for (const s of best) state(s.wellId, s.phase).hasBest = true;
  return out;
}

/** One well's outcome, ready to store. */
export interface WellOutcome {
  wellId: string;
  wellName: string;
  status: WellFitStatus;
  phases: Partial<Record<Phase, PhaseFitResult>>;
  /** Segments to write per fitted phase and series, with the history resolution they were fitted on. */
  writes: { phase: Phase; series: FitSeries; kind: FittedKind; dataFrequency: 'daily' | 'monthly' }[];
}

/**
 * Stores a chunk of wells: their segments (the phase made a rate forecast), their results and the
 * run's progress, in one transaction, provided the run is running and the chunk still this
 * worker's (`lost`: another worker took it over, nothing written); the last chunk ends the run.
 * `recheck` decides again, under the lock on the wells' phases, which writes still apply (a phase
 * edited meanwhile may have to be kept).
 */
export async function storeBatch(
  db: Db,
  run: ForecastRunRow,
  chunk: Chunk,
  workerId: string,
  now: Date,
  outcomes: WellOutcome[],
  recheck: (stored: Map<string, Partial<Record<Phase, StoredPhaseState>>>, outcome: WellOutcome) => WellOutcome,
): Promise<'stored' | 'finished' | 'lost'> {
  return storeChunk(db, forecastRuns, chunk, workerId, now, async (tx) => {
    const withWrites = outcomes.filter((o) => o.writes.length > 0).map((o) => o.wellId);
    const stored = await storedPhases(tx, run.forecastId, withWrites, true);
    const final = outcomes.map((o) => (o.writes.length ? recheck(stored, o) : o));
    const writes = final.flatMap((o) => o.writes.map((w) => ({ wellId: o.wellId, ...w })));
    if (writes.length) {
      await tx
        .insert(forecastPhases)
        .values(
          writes.map((w) => ({
            forecastId: run.forecastId,
            wellId: w.wellId,
            phase: w.phase,
            forecastType: w.kind.forecastType,
            basePhase: w.kind.forecastType === 'ratio' ? w.kind.basePhase : null,
            dataFrequency: w.dataFrequency,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [forecastPhases.forecastId, forecastPhases.wellId, forecastPhases.phase],
          set: {
            forecastType: sql`excluded.forecast_type`,
            basePhase: sql`excluded.base_phase`,
            dataFrequency: sql`excluded.data_frequency`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      await tx
        .insert(forecastSeries)
        .values(
          writes.flatMap((w) =>
            Object.entries(w.series).map(([series, segments]) => ({
              forecastId: run.forecastId,
              wellId: w.wellId,
              phase: w.phase,
              series: series as Series,
              segments,
              segmentsCount: segments.length,
              createdAt: now,
              updatedAt: now,
            })),
          ),
        )
        .onConflictDoUpdate({
          target: [forecastSeries.forecastId, forecastSeries.wellId, forecastSeries.phase, forecastSeries.series],
          set: {
            segments: sql`excluded.segments`,
            segmentsCount: sql`excluded.segments_count`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    if (final.length) {
      await tx.insert(forecastRunWells).values(
        final.map((o) => ({
          runId: run.id,
          wellId: o.wellId,
          wellName: o.wellName,
          status: o.status,
          phases: o.phases,
        })),
      );
    }
    const n = (s: WellFitStatus) => final.filter((o) => o.status === s).length;
    await tx
      .update(forecastRuns)
      .set({
        wellsDone: sql`${forecastRuns.wellsDone} + ${final.length}`,
        wellsFitted: sql`${forecastRuns.wellsFitted} + ${n('fitted')}`,
        wellsSkipped: sql`${forecastRuns.wellsSkipped} + ${n('skipped')}`,
        wellsFailed: sql`${forecastRuns.wellsFailed} + ${n('failed')}`,
      })
      .where(eq(forecastRuns.id, run.id));
  });
}
