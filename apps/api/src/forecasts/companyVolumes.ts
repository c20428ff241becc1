import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { forecastPhases, forecasts, projects } from '../db/schema';
import type { ListSource } from '../http/paging';
import { type ForecastRow, forecastPhasesOf, type StoredPhase } from './store';

/** The filters of the company-wide volume routes (undefined: no filter). */
export interface CompanyVolumeFilter {
  projects: string[] | undefined;
  forecasts: string[] | undefined;
  wells: string[] | undefined;
}

/** A forecast and one of its wells with parameters, with every stored phase of the well. */
export interface CompanyVolumeRow {
  forecast: ForecastRow;
  wellId: string;
  phases: StoredPhase[];
}

/**
 * The (forecast, well) pairs with stored parameters in the company's projects that pass `f`:
 * counted, paged by forecast id then well id.
 */
export function companyVolumeList(db: Db, companyId: string, f: CompanyVolumeFilter): ListSource<CompanyVolumeRow> {
  const where = and(
    eq(projects.companyId, companyId),
    f.projects ? inArray(forecasts.projectId, f.projects) : undefined,
    f.forecasts ? inArray(forecastPhases.forecastId, f.forecasts) : undefined,
    f.wells ? inArray(forecastPhases.wellId, f.wells) : undefined,
  );
  return {
    async count() {
      const [row] = await db
        .select({ n: sql<number>`count(distinct (${forecastPhases.forecastId}, ${forecastPhases.wellId}))::int` })
        .from(forecastPhases)
        .innerJoin(forecasts, eq(forecasts.id, forecastPhases.forecastId))
        .innerJoin(projects, eq(projects.id, forecasts.projectId))
        .where(where);
      return Number(row?.n ?? 0);
    },
    async page(page, limit) {
      const keys = (await db
        .selectDistinct({ forecastId: forecastPhases.forecastId, wellId: forecastPhases.wellId })
        .from(forecastPhases)
        .innerJoin(forecasts, eq(forecasts.id, forecastPhases.forecastId))
        .innerJoin(projects, eq(projects.id, forecasts.projectId))
        .where(where)
        .orderBy(asc(forecastPhases.forecastId), asc(forecastPhases.wellId))
        .offset(page.skip)
        .limit(limit)) as { forecastId: string; wellId: string }[];
      const ids = [...new Set(keys.map((k) => k.forecastId))];
      const rows = ids.length ? await db.select().from(forecasts).where(inArray(forecasts.id, ids)) : [];
      const loaded = new Map<string, Map<string, StoredPhase[]>>();
      for (const id of ids) {
        const wellIds = keys.filter((k) => k.forecastId === id).map((k) => k.wellId);
        loaded.set(id, await forecastPhasesOf(db, id, wellIds));
      }
      return keys.map((k) => ({
        forecast: rows.find((r) => r.id === k.forecastId)!,
        wellId: k.wellId,
        phases: loaded.get(k.forecastId)?.get(k.wellId) ?? [],
      }));
    },
  };
}
