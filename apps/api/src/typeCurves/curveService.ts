import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { wellsOfForecast } from '../forecasts/store';
import { conflict, DomainError, invalid, notFound } from '../http/errors';
import { summarize } from '../http/zodDetails';
import {
  type CurveChange,
  type CurveFields,
  candidateWells,
  type ForecastFacts,
  mergeCurve,
  NO_FIELDS,
} from './curveRules';
import {
  findTypeCurve,
  forecastTypeOf,
  insertTypeCurve,
  type TypeCurveRow,
  type TypeCurveValues,
  typeCurveNameUsed,
  updateTypeCurve,
} from './store';

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
  const type = await forecastTypeOf(db, projectId, forecastId);
  if (type === undefined) {
    throw new DomainError('NotFound', `No forecast with id ${forecastId} in project ${projectId}`, [
      {
        field: 'forecast',
        rule: 'forecast of the project',
        value: forecastId,
        message: 'no such forecast in the project',
      },
    ]);
  }
  return { type, wells: await wellsOfForecast(db, forecastId, candidates) };
}

/** Merges and checks a change against the stored fields; throws the 400 or 404. */
async function resolve(db: Db, projectId: string, stored: CurveFields, change: CurveChange): Promise<CurveFields> {
  const forecastId = change.forecast ?? stored.forecastId;
  const facts = await forecastFacts(db, projectId, forecastId, candidateWells(stored, change));
  const merged = mergeCurve(stored, change, facts);
  if (!merged.ok) throw invalid(summarize(merged.details), merged.details);
  return merged.fields;
}

const rowValues = (f: CurveFields): TypeCurveValues => ({
  name: f.name,
  forecastId: f.forecastId,
  forecastSeries: f.forecastSeries,
  wells: f.wells,
  excludedWells: f.excludedWells,
});

/** Creates one type curve from a validated body: 404 for a forecast not in the project, 409 for a used name. */
export async function createCurve(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  body: CurveChange & { name: string },
): Promise<TypeCurveRow> {
  const fields = await resolve(deps.db, projectId, NO_FIELDS, body);
  if (await typeCurveNameUsed(deps.db, projectId, fields.name)) throw nameTaken(fields.name, projectId);
  const row = await insertTypeCurve(deps, projectId, rowValues(fields));
  if (!row) throw nameTaken(fields.name, projectId);
  return row;
}

/** Merges a validated patch into a stored type curve: 404, 400 or 409 as the rules say. */
export async function patchCurve(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  id: string,
  patch: CurveChange,
): Promise<TypeCurveRow> {
  const stored = await findTypeCurve(deps.db, projectId, id);
  if (!stored) {
    throw new DomainError('NotFound', `No type curve with id ${id} in project ${projectId}`, [
      { field: 'id', rule: 'type curve of the project', value: id, message: 'no such type curve in the project' },
    ]);
  }
  const fields = await resolve(deps.db, projectId, fieldsOf(stored), patch);
  if (fields.name !== stored.name && (await typeCurveNameUsed(deps.db, projectId, fields.name, id))) {
    throw nameTaken(fields.name, projectId);
  }
  const row = await updateTypeCurve(deps, projectId, id, rowValues(fields));
  if (row === 'missing') throw notFound(`No type curve with id ${id} in project ${projectId}`);
  if (row === 'conflict') throw nameTaken(fields.name, projectId);
  return row;
}
