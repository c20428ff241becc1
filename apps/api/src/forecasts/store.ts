import type { DataFrequency, ForecastKind, Phase, Series, StoredSegment } from '@econ/contract';
import { and, asc, count, countDistinct, desc, eq, gt, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { forecastPhases, forecastSeries, forecasts, forecastWells, wells } from '../db/schema';
import { notFound } from '../http/errors';
import type { ListSource } from '../http/paging';
import { requireProject } from '../resources/projectStore';
import type { WellPhase } from './volumes';

export type ForecastRow = typeof forecasts.$inferSelect;
export type PhaseRow = typeof forecastPhases.$inferSelect;
export type SeriesRow = Omit<typeof forecastSeries.$inferSelect, 'segments'> & { segments: StoredSegment[] };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One well, phase and series of a forecast. */
export interface Combination {
  forecastId: string;
  wellId: string;
  phase: Phase;
  series: Series;
}

/** How a well and phase is forecast; the single-combination (V1) routes keep it, the bulk PUT sets it. */
export interface PhaseKind {
  forecastType: ForecastKind;
  basePhase: Phase | undefined;
  dataFrequency: DataFrequency;
}

export const DEFAULT_KIND: PhaseKind = { forecastType: 'rate', basePhase: undefined, dataFrequency: 'monthly' };

/** The forecast, in a project of the caller's company, or 404 (the project's or the forecast's). */
export async function requireForecast(
  deps: Deps,
  companyId: string,
  projectId: string,
  forecastId: string,
): Promise<ForecastRow> {
  await requireProject(deps, companyId, projectId);
  const row = await findForecast(deps.db, projectId, forecastId);
  if (!row) throw notFound(`No forecast with id ${forecastId} in project ${projectId}`);
  return row;
}

/** The forecast of the project, if there is one with this id. */
export async function findForecast(db: Db, projectId: string, forecastId: string): Promise<ForecastRow | undefined> {
  const [row] = await db
    .select()
    .from(forecasts)
    .where(and(eq(forecasts.id, forecastId), eq(forecasts.projectId, projectId)))
    .limit(1);
  return row;
}

/** The ids of at most `limit` forecasts of the project. */
export async function projectForecastIds(db: Db, projectId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: forecasts.id })
    .from(forecasts)
    .where(eq(forecasts.projectId, projectId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Which of `wellIds` are wells of the forecast. */
export async function wellsOfForecast(db: Db, forecastId: string, wellIds: string[]): Promise<Set<string>> {
  if (wellIds.length === 0) return new Set();
  const rows = await db
    .select({ wellId: forecastWells.wellId })
    .from(forecastWells)
    .where(and(eq(forecastWells.forecastId, forecastId), inArray(forecastWells.wellId, [...new Set(wellIds)])));
  return new Set(rows.map((r) => r.wellId));
}

const seriesKey = (k: Combination) =>
  and(
    eq(forecastSeries.forecastId, k.forecastId),
    eq(forecastSeries.wellId, k.wellId),
    eq(forecastSeries.phase, k.phase),
    eq(forecastSeries.series, k.series),
  );

/** The stored phase kind of a combination (or undefined) and its segments (or undefined). */
export async function readCombination(
  db: Db,
  k: Combination,
): Promise<{ phase: PhaseRow | undefined; series: SeriesRow | undefined }> {
  const [[series], [phase]] = await Promise.all([
    db.select().from(forecastSeries).where(seriesKey(k)).limit(1),
    db
      .select()
      .from(forecastPhases)
      .where(
        and(
          eq(forecastPhases.forecastId, k.forecastId),
          eq(forecastPhases.wellId, k.wellId),
          eq(forecastPhases.phase, k.phase),
        ),
      )
      .limit(1),
  ]);
  return { phase, series: series as SeriesRow | undefined };
}

/** The phase rows of one well of a forecast, locked for the rest of the transaction. */
async function lockWellPhases(tx: Tx, forecastId: string, wellId: string): Promise<PhaseRow[]> {
  return tx
    .select()
    .from(forecastPhases)
    .where(and(eq(forecastPhases.forecastId, forecastId), eq(forecastPhases.wellId, wellId)))
    .for('update');
}

/**
 * Why a well's phases would not form valid ratio forecasts once `phase` takes `kind`, or
 * undefined: a ratio must be based on a rate phase, so a phase that is the base of another
 * phase's ratio cannot itself become a ratio.
 */
export function ratioConflict(
  existing: PhaseRow[],
  phase: Phase,
  kind: PhaseKind,
): { field: 'basePhase' | 'forecastType'; message: string } | undefined {
  if (kind.forecastType !== 'ratio' || !kind.basePhase) return undefined;
  const base = existing.find((p) => p.phase === kind.basePhase);
  if (base?.forecastType === 'ratio') {
    return {
      field: 'basePhase',
      message: `basePhase ${kind.basePhase} is itself a ratio forecast (on ${base.basePhase}); a ratio must be based on a rate phase`,
    };
  }
  const dependant = existing.find((p) => p.phase !== phase && p.forecastType === 'ratio' && p.basePhase === phase);
  if (dependant) {
    return {
      field: 'forecastType',
      message: `${phase} is the base of the ${dependant.phase} ratio forecast, so it must stay a rate forecast`,
    };
  }
  return undefined;
}

export type WriteOutcome = { ok: true } | { ok: false; field: string; message: string };

/**
 * Writes the segments of one combination in one transaction (applied whole or not at all).
 * `mode: 'insert'` fails when segments exist; `'replace'` replaces them. `kind` (bulk PUT) sets
 * how the phase is forecast; without it a new phase is a monthly rate forecast and an existing
 * one keeps its kind.
 */
export async function writeCombination(
  db: Db,
  now: Date,
  k: Combination,
  segments: StoredSegment[],
  mode: 'insert' | 'replace',
  kind?: PhaseKind,
): Promise<WriteOutcome> {
  return db
    .transaction(async (tx) => {
      const phases = await lockWellPhases(tx, k.forecastId, k.wellId);
      const current = phases.find((p) => p.phase === k.phase);
      if (kind) {
        const conflict = ratioConflict(phases, k.phase, kind);
        if (conflict) return { ok: false, ...conflict } as const;
      }
      const next = kind ?? (current ? undefined : DEFAULT_KIND);
      if (next) {
        const values = {
          forecastType: next.forecastType,
          basePhase: next.basePhase ?? null,
          dataFrequency: next.dataFrequency,
          updatedAt: now,
        };
        await tx
          .insert(forecastPhases)
          .values({ forecastId: k.forecastId, wellId: k.wellId, phase: k.phase, ...values, createdAt: now })
          .onConflictDoUpdate({
            target: [forecastPhases.forecastId, forecastPhases.wellId, forecastPhases.phase],
            set: values,
          });
      } else {
        await tx
          .update(forecastPhases)
          .set({ updatedAt: now })
          .where(
            and(
              eq(forecastPhases.forecastId, k.forecastId),
              eq(forecastPhases.wellId, k.wellId),
              eq(forecastPhases.phase, k.phase),
            ),
          );
      }
      const row = { ...k, segments, segmentsCount: segments.length, createdAt: now, updatedAt: now };
      if (mode === 'insert') {
        const inserted = await tx
          .insert(forecastSeries)
          .values(row)
          .onConflictDoNothing()
          .returning({ n: forecastSeries.segmentsCount });
        if (inserted.length === 0) {
          tx.rollback();
        }
      } else {
        await tx
          .insert(forecastSeries)
          .values(row)
          .onConflictDoUpdate({
            target: [forecastSeries.forecastId, forecastSeries.wellId, forecastSeries.phase, forecastSeries.series],
            set: { segments, segmentsCount: segments.length, updatedAt: now },
          });
      }
      return { ok: true } as const;
    })
    .catch((err: unknown) => {
      if (isRollback(err)) {
        return {
          ok: false,
          field: 'segments',
          message: `segments already exist for well ${k.wellId}, ${k.phase}, ${k.series}; use PUT to replace them`,
        } as const;
      }
      throw err;
    });
}

const isRollback = (err: unknown): boolean => err instanceof TransactionRollbackError;

/**
 * Deletes the segments of one combination; returns how many segments were deleted. A phase
 * left with no series is deleted with it.
 */
export async function deleteCombination(db: Db, k: Combination): Promise<number> {
  return db.transaction(async (tx) => {
    await lockWellPhases(tx, k.forecastId, k.wellId);
    const deleted = await tx.delete(forecastSeries).where(seriesKey(k)).returning({ n: forecastSeries.segmentsCount });
    const count = deleted.reduce((sum, r) => sum + r.n, 0);
    if (count > 0) {
      await tx.execute(sql`
        delete from ${forecastPhases} p
        where p.forecast_id = ${k.forecastId} and p.well_id = ${k.wellId} and p.phase = ${k.phase}
          and not exists (
            select 1 from ${forecastSeries} s
            where s.forecast_id = p.forecast_id and s.well_id = p.well_id and s.phase = p.phase)`);
    }
    return count;
  });
}

/** The forecast's wells after `after` (by id), at most `limit`, in id order, with their names. */
export async function forecastWellsAfter(
  db: Db,
  forecastId: string,
  after: string,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: wells.id, name: wells.wellName })
    .from(forecastWells)
    .innerJoin(wells, eq(wells.id, forecastWells.wellId))
    .where(and(eq(forecastWells.forecastId, forecastId), gt(forecastWells.wellId, after)))
    .orderBy(asc(forecastWells.wellId))
    .limit(limit);
}

/** A stored phase of a well: its kind and its series' segments, with its row (timestamps). */
export interface StoredPhase extends WellPhase {
  row: PhaseRow;
}

/** The stored phases (each with its series' segments) of the given wells in a forecast, by well id. */
export async function forecastPhasesOf(
  db: Db,
  forecastId: string,
  wellIds: readonly string[],
): Promise<Map<string, StoredPhase[]>> {
  const byWell = new Map<string, StoredPhase[]>();
  if (wellIds.length === 0) return byWell;
  const [phaseRows, seriesRows] = await Promise.all([
    db
      .select()
      .from(forecastPhases)
      .where(and(eq(forecastPhases.forecastId, forecastId), inArray(forecastPhases.wellId, [...wellIds]))),
    db
      .select()
      .from(forecastSeries)
      .where(and(eq(forecastSeries.forecastId, forecastId), inArray(forecastSeries.wellId, [...wellIds]))),
  ]);
  for (const row of phaseRows) {
    const list = byWell.get(row.wellId) ?? [];
    list.push({
      phase: row.phase,
      forecastType: row.forecastType,
      basePhase: row.basePhase ?? undefined,
      dataFrequency: row.dataFrequency,
      series: {},
      row,
    });
    byWell.set(row.wellId, list);
  }
  for (const s of seriesRows) {
    const phase = byWell.get(s.wellId)?.find((p) => p.phase === s.phase);
    if (phase) phase.series[s.series as Series] = s.segments as StoredSegment[];
  }
  return byWell;
}

/** The `well` and `phase` filters of the output routes (undefined: no filter). */
export interface PhaseFilter {
  wells: string[] | undefined;
  phases: Phase[] | undefined;
}

const phaseWhere = (forecastId: string, f: PhaseFilter) =>
  and(
    eq(forecastPhases.forecastId, forecastId),
    f.wells ? inArray(forecastPhases.wellId, f.wells) : undefined,
    f.phases ? inArray(forecastPhases.phase, f.phases) : undefined,
  );

/** One stored phase of a list, with every stored phase of its well (a ratio phase needs its base). */
export interface ListedPhase {
  wellId: string;
  phase: StoredPhase;
  wellPhases: StoredPhase[];
}

/**
 * The stored phases of a forecast that pass `filter`: counted, and paged by well then phase
 * (`sort=well`, `-well`) or by `updatedAt` (ties by well, then phase).
 */
export function phaseList(db: Db, forecastId: string, filter: PhaseFilter): ListSource<ListedPhase> {
  const where = phaseWhere(forecastId, filter);
  return {
    async count() {
      const [row] = await db.select({ n: count() }).from(forecastPhases).where(where);
      return row?.n ?? 0;
    },
    async page(page, limit) {
      const dir = page.sort.startsWith('-') ? desc : asc;
      const order =
        page.sort.replace('-', '') === 'updatedAt'
          ? [dir(forecastPhases.updatedAt), asc(forecastPhases.wellId), asc(forecastPhases.phase)]
          : [dir(forecastPhases.wellId), asc(forecastPhases.phase)];
      const keys = await db
        .select({ wellId: forecastPhases.wellId, phase: forecastPhases.phase })
        .from(forecastPhases)
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit);
      const loaded = await forecastPhasesOf(db, forecastId, [...new Set(keys.map((k) => k.wellId))]);
      return keys.map((k) => {
        const wellPhases = loaded.get(k.wellId) ?? [];
        const phase = wellPhases.find((p) => p.phase === k.phase);
        if (!phase) throw new Error(`outputs: ${k.wellId}/${k.phase} vanished mid-read`);
        return { wellId: k.wellId, phase, wellPhases };
      });
    },
  };
}

/** The wells of a forecast with a stored phase that passes `filter`, each with all its stored phases: counted, paged by well id. */
export function wellPhaseList(
  db: Db,
  forecastId: string,
  filter: PhaseFilter,
): ListSource<{ wellId: string; phases: StoredPhase[] }> {
  const where = phaseWhere(forecastId, filter);
  return {
    async count() {
      const [row] = await db
        .select({ n: countDistinct(forecastPhases.wellId) })
        .from(forecastPhases)
        .where(where);
      return row?.n ?? 0;
    },
    async page(page, limit) {
      const dir = page.sort.startsWith('-') ? desc : asc;
      const ids = await db
        .selectDistinct({ wellId: forecastPhases.wellId })
        .from(forecastPhases)
        .where(where)
        .orderBy(dir(forecastPhases.wellId))
        .offset(page.skip)
        .limit(limit);
      const loaded = await forecastPhasesOf(
        db,
        forecastId,
        ids.map((r) => r.wellId),
      );
      return ids.map(({ wellId }) => ({ wellId, phases: loaded.get(wellId) ?? [] }));
    },
  };
}
