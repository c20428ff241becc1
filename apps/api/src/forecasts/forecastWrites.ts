import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/pgErrors';
import { econRuns, forecastRuns, forecastSeries, forecasts, forecastWells, typeCurves } from '../db/schema';
import { conflict } from '../http/errors';

/* Forecast writes beyond create (issue 21): rename, delete, add wells. */

const ACTIVE = ['pending', 'running'] as const;

/** Renames a forecast of the project: false when another forecast of the project has the name. */
export async function renameForecast(db: Db, forecastId: string, name: string, now: Date): Promise<boolean> {
  try {
    await db.update(forecasts).set({ name, updatedAt: now }).where(eq(forecasts.id, forecastId));
    return true;
  } catch (e) {
    if (isUniqueViolation(e, 'forecasts_project_name_uq')) return false;
    throw e;
  }
}

/** The jobs that still read or write the forecast: its pending or running forecast runs and econ runs. */
export async function activeJobsOf(
  db: Db,
  forecastId: string,
): Promise<{ forecastRuns: string[]; econRuns: string[] }> {
  const [runs, econ] = await Promise.all([
    db
      .select({ id: forecastRuns.id })
      .from(forecastRuns)
      .where(and(eq(forecastRuns.forecastId, forecastId), inArray(forecastRuns.status, [...ACTIVE]))),
    db
      .select({ id: econRuns.id })
      .from(econRuns)
      .where(and(eq(econRuns.forecastId, forecastId), inArray(econRuns.status, [...ACTIVE]))),
  ]);
  return { forecastRuns: runs.map((r) => r.id), econRuns: econ.map((r) => r.id) };
}

/** What deleting a forecast removes and detaches. */
export interface ForecastDeleted {
  series: number;
  wells: number;
  /** Type curves and finished econ runs that named the forecast: kept, their `forecastId` cleared. */
  detachedTypeCurves: number;
  detachedEconRuns: number;
}

/**
 * Deletes a forecast (call it in a transaction): its segments, phases, forecast runs (with their
 * per-well results) and well memberships go with it (foreign keys `on delete cascade`); type curves
 * and econ runs that name it keep their data and lose the link (`on delete set null`).
 */
export async function deleteForecast(db: Db, forecastId: string): Promise<ForecastDeleted> {
  const counted = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  const [series, wells, detachedTypeCurves, detachedEconRuns] = await Promise.all([
    counted(db.select({ n: count() }).from(forecastSeries).where(eq(forecastSeries.forecastId, forecastId))),
    counted(db.select({ n: count() }).from(forecastWells).where(eq(forecastWells.forecastId, forecastId))),
    counted(db.select({ n: count() }).from(typeCurves).where(eq(typeCurves.forecastId, forecastId))),
    counted(db.select({ n: count() }).from(econRuns).where(eq(econRuns.forecastId, forecastId))),
  ]);
  await db.delete(forecasts).where(eq(forecasts.id, forecastId));
  return { series, wells, detachedTypeCurves, detachedEconRuns };
}

/** Adds wells to a forecast; the ids of those that were not in it yet. */
export async function addForecastWells(db: Db, forecastId: string, wellIds: readonly string[]): Promise<Set<string>> {
  if (wellIds.length === 0) return new Set();
  const added = await db
    .insert(forecastWells)
    .values(wellIds.map((wellId) => ({ forecastId, wellId })))
    .onConflictDoNothing()
    .returning({ wellId: forecastWells.wellId });
  return new Set(added.map((r) => r.wellId));
}

/**
 * Deletes a forecast in one transaction unless a pending or running forecast run or econ run reads
 * it: then a 409 naming the jobs, and nothing is deleted.
 */
export async function deleteIdleForecast(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const jobs = await activeJobsOf(tx, id);
    const busy = [...jobs.forecastRuns.map((r) => `forecast run ${r}`), ...jobs.econRuns.map((r) => `econ run ${r}`)];
    if (busy.length > 0) {
      throw conflict(
        `Forecast ${id} is in use by ${busy.join(', ')}: delete it once they have ended`,
        busy.map((b) => ({
          field: 'id',
          rule: 'no running jobs',
          value: id,
          message: `${b} is pending or running`,
        })),
      );
    }
    await deleteForecast(tx, id);
  });
}
