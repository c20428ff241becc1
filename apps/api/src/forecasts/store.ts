import type { Phase, Series, StoredSegment } from '@econ/contract';
import { and, asc, count, countDistinct, desc, eq, gt, inArray } from 'drizzle-orm';
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

/** A well of a forecast with the headers its ARIES lines name. */
export interface ForecastWellHeaders {
  id: string;
  wellName: string;
  chosenId: string;
  api14: string | null;
}

/** The wells of a forecast (those of `wellIds` when given): counted, paged by well id. */
export function forecastWellList(
  db: Db,
  forecastId: string,
  wellIds: readonly string[] | undefined,
): ListSource<ForecastWellHeaders> {
  const where = and(
    eq(forecastWells.forecastId, forecastId),
    wellIds ? inArray(forecastWells.wellId, [...wellIds]) : undefined,
  );
  return {
    async count() {
      const [row] = await db.select({ n: count() }).from(forecastWells).where(where);
      return row?.n ?? 0;
    },
    async page(page, limit) {
      return db
        .select({ id: wells.id, wellName: wells.wellName, chosenId: wells.chosenId, api14: wells.api14 })
        .from(forecastWells)
        .innerJoin(wells, eq(wells.id, forecastWells.wellId))
        .where(where)
        .orderBy(asc(forecastWells.wellId))
        .offset(page.skip)
        .limit(limit);
    },
  };
}
