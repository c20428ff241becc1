import {
  emptyPhases,
  type Fit,
  type NormalizationInput,
  PHASES,
  type TypeCurveFitsInput,
  type V1TypeCurveInput,
} from '@econ/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../appEnv';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../db/pgErrors';
import {
  forecastPhases,
  forecastSeries,
  forecastWells,
  typeCurveFits,
  typeCurveMultipliers,
  typeCurveNormalizations,
  typeCurves,
  wells as wellsTable,
} from '../../db/schema';
import { newObjectId } from '../../ids';

/*
 * Storage of the V1 type-curve routes (spec 9.5): a V1 record written as the V2 rows (type curve,
 * fits, normalization), and what V1's representative wells read from the curve's forecast.
 */

/** What one V1 record writes: the record, its fits and normalization as the V2 tables hold them, and its wells. */
export interface V1Rows {
  rec: V1TypeCurveInput;
  /** The record's wells without repeats (checked to be wells of its forecast). */
  wells: string[];
  fits: TypeCurveFitsInput;
  normalization: NormalizationInput | undefined;
}

/**
 * Writes one V1 record in one transaction: `create` inserts the type curve, `replace` replaces the
 * one of that name whole (fits and normalization too) or creates it. `name taken` when `create`
 * meets a type curve of that name, or another request took the name meanwhile.
 */
export async function writeV1Rows(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  { rec, wells, fits, normalization }: V1Rows,
  mode: 'create' | 'replace',
): Promise<{ created: boolean; id: string; name: string } | 'name taken'> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(typeCurves)
        .where(and(eq(typeCurves.projectId, projectId), eq(typeCurves.name, rec.name)))
        .limit(1);
      if (existing && mode === 'create') return 'name taken';
      const fields = {
        forecastId: rec.forecast ?? null,
        forecastSeries: rec.forecast !== undefined ? (existing?.forecastSeries ?? 'best') : null,
        wells: rec.forecast !== undefined ? wells : null,
        v1RegressionType: rec.regressionType,
        updatedAt: now,
      };
      let id: string;
      if (existing) {
        id = existing.id;
        const keep = new Set(wells);
        const excluded = (existing.excludedWells ?? []).filter((w) => keep.has(w));
        await tx
          .update(typeCurves)
          .set({ ...fields, excludedWells: rec.forecast !== undefined ? excluded : null })
          .where(eq(typeCurves.id, id));
        await tx.delete(typeCurveFits).where(eq(typeCurveFits.typeCurveId, id));
        await tx.delete(typeCurveNormalizations).where(eq(typeCurveNormalizations.typeCurveId, id));
      } else {
        id = newObjectId(deps.clock);
        await tx.insert(typeCurves).values({
          id,
          projectId,
          name: rec.name,
          ...fields,
          excludedWells: rec.forecast !== undefined ? [] : null,
          createdAt: now,
        });
      }
      const phases = PHASES.filter((ph) => fits[ph] !== undefined);
      if (phases.length) {
        await tx
          .insert(typeCurveFits)
          .values(phases.map((phase) => ({ typeCurveId: id, phase, fit: fits[phase] as Fit, updatedAt: now })));
      }
      if (normalization) {
        await tx.insert(typeCurveNormalizations).values({ typeCurveId: id, document: normalization, updatedAt: now });
      }
      if (existing) {
        // Write rule 3 holds for V1 replaces too: phases left without normalization lose their multipliers.
        const empty = normalization ? emptyPhases(normalization) : [...PHASES];
        if (empty.length) {
          await tx
            .delete(typeCurveMultipliers)
            .where(and(eq(typeCurveMultipliers.typeCurveId, id), inArray(typeCurveMultipliers.phase, empty)));
        }
      }
      return { created: !existing, id, name: rec.name };
    });
  } catch (err) {
    // Another request took the name between the check and the insert.
    if (isUniqueViolation(err, 'type_curves_project_name_uq')) return 'name taken';
    throw err;
  }
}

/** The names of these wells, keyed by id. */
export async function wellNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: wellsTable.id, name: wellsTable.wellName })
    .from(wellsTable)
    .where(inArray(wellsTable.id, [...ids]));
  return new Map(rows.map((w) => [w.id, w.name]));
}

/** What a forecast holds for some of its wells: which are in it, their phase kinds and one series' segments. */
export interface ForecastWellData {
  inForecast: Set<string>;
  kinds: (typeof forecastPhases.$inferSelect)[];
  segments: (typeof forecastSeries.$inferSelect)[];
}

/** The forecast's data for the wells `ids`: membership, phase kinds and the segments of `series`. */
export async function forecastWellData(
  db: Db,
  forecastId: string,
  ids: readonly string[],
  series: 'best' | 'p10' | 'p50' | 'p90',
): Promise<ForecastWellData> {
  const wellIds = [...ids];
  const members = await db
    .select({ id: forecastWells.wellId })
    .from(forecastWells)
    .where(and(eq(forecastWells.forecastId, forecastId), inArray(forecastWells.wellId, wellIds)));
  const kinds = await db
    .select()
    .from(forecastPhases)
    .where(and(eq(forecastPhases.forecastId, forecastId), inArray(forecastPhases.wellId, wellIds)));
  const segments = await db
    .select()
    .from(forecastSeries)
    .where(
      and(
        eq(forecastSeries.forecastId, forecastId),
        inArray(forecastSeries.wellId, wellIds),
        eq(forecastSeries.series, series),
      ),
    );
  return { inForecast: new Set(members.map((w) => w.id)), kinds, segments };
}
