import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/pgErrors';
import { forecasts, typeCurves } from '../db/schema';
import { wellsOfForecast } from '../forecasts/store';
import { conflict, DomainError, invalid, notFound } from '../http/errors';
import { summarize } from '../http/zodDetails';
import { newObjectId } from '../ids';
import {
  type CurveChange,
  type CurveFields,
  candidateWells,
  type ForecastFacts,
  mergeCurve,
  NO_FIELDS,
} from './curveRules';
import type { TypeCurveRow } from './store';

/*
 * Creating and changing one V2 type curve (spec parts 2.9 and 4.4): the stored fields merged with
 * a validated change by `curveRules`, the linked forecast checked against the project, names
 * unique in the project. The routes (`routes.ts`) call these for single and batch writes.
 */

const fieldsOf = (r: TypeCurveRow): CurveFields => ({
  name: r.name,
  forecastId: r.forecastId,
  forecastSeries: r.forecastSeries,
  wells: r.wells,
  excludedWells: r.excludedWells,
});

const nameTaken = (name: string, projectId: string) =>
  conflict(`A type curve named "${name}" already exists in project ${projectId}`, [
    { field: 'name', rule: 'unique in project', value: name, message: `name "${name}" is already used in the project` },
  ]);

/** The forecast the merged curve links to, with which candidate wells belong to it; 404 when not in the project. */
async function forecastFacts(
  db: Db,
  projectId: string,
  forecastId: string | null,
  candidates: string[],
): Promise<ForecastFacts | undefined> {
  if (forecastId === null) return undefined;
  const [row] = await db
    .select({ type: forecasts.type })
    .from(forecasts)
    .where(and(eq(forecasts.id, forecastId), eq(forecasts.projectId, projectId)))
    .limit(1);
  if (!row) {
    throw new DomainError('NotFound', `No forecast with id ${forecastId} in project ${projectId}`, [
      {
        field: 'forecast',
        rule: 'forecast of the project',
        value: forecastId,
        message: 'no such forecast in the project',
      },
    ]);
  }
  return { type: row.type, wells: await wellsOfForecast(db, forecastId, candidates) };
}

/** Merges and checks a change against the stored fields; throws the 400 or 404. */
async function resolve(db: Db, projectId: string, stored: CurveFields, change: CurveChange): Promise<CurveFields> {
  const forecastId = change.forecast ?? stored.forecastId;
  const facts = await forecastFacts(db, projectId, forecastId, candidateWells(stored, change));
  const merged = mergeCurve(stored, change, facts);
  if (!merged.ok) throw invalid(summarize(merged.details), merged.details);
  return merged.fields;
}

/** Whether another type curve of the project has this name. */
async function nameUsed(db: Db, projectId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: typeCurves.id })
    .from(typeCurves)
    .where(
      and(
        eq(typeCurves.projectId, projectId),
        eq(typeCurves.name, name),
        exceptId ? ne(typeCurves.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const rowValues = (f: CurveFields) => ({
  name: f.name,
  forecastId: f.forecastId,
  forecastSeries: f.forecastSeries,
  wells: f.wells,
  excludedWells: f.excludedWells,
});

/** Creates one type curve from a validated body: 404 for a forecast not in the project, 409 for a used name. */
export async function createCurve(
  deps: Deps,
  projectId: string,
  body: CurveChange & { name: string },
): Promise<TypeCurveRow> {
  const fields = await resolve(deps.db, projectId, NO_FIELDS, body);
  if (await nameUsed(deps.db, projectId, fields.name)) throw nameTaken(fields.name, projectId);
  const now = deps.clock.now();
  try {
    const [row] = await deps.db
      .insert(typeCurves)
      .values({ id: newObjectId(deps.clock), projectId, ...rowValues(fields), createdAt: now, updatedAt: now })
      .returning();
    return row!;
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(fields.name, projectId);
    throw e;
  }
}

/** Merges a validated patch into a stored type curve: 404, 400 or 409 as the rules say. */
export async function patchCurve(deps: Deps, projectId: string, id: string, patch: CurveChange): Promise<TypeCurveRow> {
  const [stored] = await deps.db
    .select()
    .from(typeCurves)
    .where(and(eq(typeCurves.id, id), eq(typeCurves.projectId, projectId)))
    .limit(1);
  if (!stored) {
    throw new DomainError('NotFound', `No type curve with id ${id} in project ${projectId}`, [
      { field: 'id', rule: 'type curve of the project', value: id, message: 'no such type curve in the project' },
    ]);
  }
  const fields = await resolve(deps.db, projectId, fieldsOf(stored), patch);
  if (fields.name !== stored.name && (await nameUsed(deps.db, projectId, fields.name, id))) {
    throw nameTaken(fields.name, projectId);
  }
  try {
    const [row] = await deps.db
      .update(typeCurves)
      .set({ ...rowValues(fields), updatedAt: deps.clock.now() })
      .where(and(eq(typeCurves.id, id), eq(typeCurves.projectId, projectId)))
      .returning();
    if (!row) throw notFound(`No type curve with id ${id} in project ${projectId}`);
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(fields.name, projectId);
    throw e;
  }
}
