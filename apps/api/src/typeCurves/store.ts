import type { ForecastSeries, TypeCurve } from '@econ/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import { lookupTables, typeCurves } from '../db/schema';
import { notFound } from '../http/errors';
import { requireProject } from '../resources/projectStore';

/* Storage shared by the type-curve routes (V1 and V2: one row per type curve, ids unchanged). */

export type TypeCurveRow = typeof typeCurves.$inferSelect;

/** The V2 path prefix of a project's type curves. */
export const v2Base = (projectId: string) => `/v2/projects/${projectId}/type-curves`;

/** A stored type curve as V2 returns it: never null, a field it lacks is left out (spec part 2.9). */
export function typeCurveView(r: TypeCurveRow): TypeCurve {
  const out: TypeCurve = {
    id: r.id,
    name: r.name,
    project: r.projectId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.forecastId !== null) out.forecast = r.forecastId;
  if (r.forecastSeries !== null) out.forecastSeries = r.forecastSeries as ForecastSeries;
  if (r.wells !== null) out.wells = r.wells;
  if (r.excludedWells !== null) out.excludedWells = r.excludedWells;
  return out;
}

/** The type curve, in a project of the caller's company, or 404 (the project's or the curve's). */
export async function requireTypeCurve(
  deps: Deps,
  companyId: string,
  projectId: string,
  id: string,
): Promise<TypeCurveRow> {
  await requireProject(deps, companyId, projectId);
  const [row] = await deps.db
    .select()
    .from(typeCurves)
    .where(and(eq(typeCurves.id, id), eq(typeCurves.projectId, projectId)))
    .limit(1);
  if (!row) throw notFound(`No type curve with id ${id} in project ${projectId}`);
  return row;
}

/**
 * Deletes type curves of a project (their fits, normalization and multipliers go with them by
 * cascade) and unlinks the lookup-table rules that point to them (write rule 4), in one transaction.
 */
export async function deleteTypeCurves(deps: Deps, projectId: string, where: SQL): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(typeCurves)
      .where(and(eq(typeCurves.projectId, projectId), where))
      .returning({ id: typeCurves.id });
    if (deleted.length === 0) return 0;
    const ids = new Set(deleted.map((d) => d.id));
    const pointing = or(
      ...[...ids].map((id) => sql`${lookupTables.rules} @> ${JSON.stringify([{ typeCurve: id }])}::jsonb`),
    );
    const tables = await tx
      .select({ id: lookupTables.id, rules: lookupTables.rules })
      .from(lookupTables)
      .where(and(eq(lookupTables.projectId, projectId), pointing));
    const now = deps.clock.now();
    for (const table of tables) {
      const rules = (table.rules as Record<string, unknown>[]).map((rule) => {
        if (typeof rule.typeCurve !== 'string' || !ids.has(rule.typeCurve)) return rule;
        const { typeCurve: _gone, ...rest } = rule;
        return rest;
      });
      await tx.update(lookupTables).set({ rules, updatedAt: now }).where(eq(lookupTables.id, table.id));
    }
    return deleted.length;
  });
}
