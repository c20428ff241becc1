import {
  type DirectionalSurvey,
  type DirectionalSurveyInput,
  type DirectionalSurveyListQuery,
  type DirectionalSurveyUpdate,
  type ErrorDetail,
  type PagingQuery,
  SURVEY_ARRAYS,
  type SurveyPoints,
  type Well,
} from '@econ/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { isForeignKeyViolation } from '../db/pgErrors';
import { directionalSurveys, projectCompanyWells, projects, wells } from '../db/schema';
import type { Applied } from '../http/batch';
import { conflict, invalid, notFound } from '../http/errors';
import { type ListSource, sortOf } from '../http/paging';
import { newObjectId } from '../ids';
import { inProject } from '../resources/wellScope';
import { wellKeyOf } from '../resources/wellStore';
import { editPoints } from './surveyEdit';

/* Directional surveys in storage: one row per survey, one survey per well of the company (decision 049). */

type SurveyRow = typeof directionalSurveys.$inferSelect;

/** What a survey shows of its well. */
const WELL_OF = { chosenId: wells.chosenId, dataSource: wells.dataSource, projectId: wells.projectId };
type WellOf = { chosenId: string; dataSource: string; projectId: string | null };

const pointsOf = (r: SurveyRow): SurveyPoints =>
  Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, r[f]])) as SurveyPoints;

export const surveyView = (r: SurveyRow, w: WellOf): DirectionalSurvey => ({
  id: r.id,
  well: r.wellId,
  project: w.projectId,
  chosenID: w.chosenId,
  dataSource: w.dataSource as Well['dataSource'],
  spatialDataType: r.spatialDataType as DirectionalSurvey['spatialDataType'],
  ...pointsOf(r),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A record's well, found by its natural key in {@link surveyWells}. */
export interface SurveyWell {
  id: string;
  projectId: string | null;
}

const noWell = (r: DirectionalSurveyInput): ErrorDetail => ({
  field: 'chosenID',
  rule: 'existing well',
  value: r.chosenID,
  message: `no well of the company has chosenID "${r.chosenID}" and dataSource "${r.dataSource}"`,
});

export const surveyTaken = (r: DirectionalSurveyInput): ErrorDetail => ({
  field: 'chosenID',
  rule: 'one survey per well',
  value: r.chosenID,
  message: `the well with chosenID "${r.chosenID}" and dataSource "${r.dataSource}" already has a directional survey (change it with PUT /v1/directional-surveys/{id}, or delete it first)`,
});

/** A record's well, or why it has none to take a survey: 404 (no such well or project), 409 (surveyed). */
export type WellFound = { ok: true; well: SurveyWell } | { ok: false; code: 404 | 409; detail: ErrorDetail };

/**
 * Finds the wells the records name by `chosenID` + `dataSource` in the company, checking each
 * `projectID` and whether the well has a survey already (three queries for all the records).
 */
export async function surveyWells(
  db: Db,
  companyId: string,
  records: readonly DirectionalSurveyInput[],
): Promise<(r: DirectionalSurveyInput) => WellFound> {
  const chosen = [...new Set(records.map((r) => r.chosenID))];
  const projectIds = [...new Set(records.flatMap((r) => (r.projectID ? [r.projectID] : [])))];
  const rows = await db
    .select({ id: wells.id, projectId: wells.projectId, chosenID: wells.chosenId, dataSource: wells.dataSource })
    .from(wells)
    .where(and(eq(wells.companyId, companyId), inArray(wells.chosenId, chosen)));
  const byKey = new Map(rows.map((w) => [wellKeyOf(w), w]));
  const ownProjects = new Set(
    projectIds.length
      ? (
          await db
            .select({ id: projects.id })
            .from(projects)
            .where(and(eq(projects.companyId, companyId), inArray(projects.id, projectIds)))
        ).map((p) => p.id)
      : [],
  );
  const surveyed = new Set(
    rows.length
      ? (
          await db
            .select({ wellId: directionalSurveys.wellId })
            .from(directionalSurveys)
            .where(
              inArray(
                directionalSurveys.wellId,
                rows.map((w) => w.id),
              ),
            )
        ).map((s) => s.wellId)
      : [],
  );
  // Company wells attached to a named project are in it too (decision 047).
  const attached = new Set(
    rows.length && projectIds.length
      ? (
          await db
            .select({ wellId: projectCompanyWells.wellId, projectId: projectCompanyWells.projectId })
            .from(projectCompanyWells)
            .where(
              and(
                inArray(projectCompanyWells.projectId, projectIds),
                inArray(
                  projectCompanyWells.wellId,
                  rows.map((w) => w.id),
                ),
              ),
            )
        ).map((a) => `${a.wellId}/${a.projectId}`)
      : [],
  );
  return (r) => {
    if (r.projectID && !ownProjects.has(r.projectID)) {
      const detail = {
        field: 'projectID',
        rule: 'existing project',
        value: r.projectID,
        message: `no project with id ${r.projectID}`,
      };
      return { ok: false, code: 404, detail };
    }
    const well = byKey.get(wellKeyOf(r));
    if (!well) return { ok: false, code: 404, detail: noWell(r) };
    if (r.projectID && well.projectId !== r.projectID && !attached.has(`${well.id}/${r.projectID}`)) {
      const detail = {
        field: 'projectID',
        rule: "the well's project",
        value: r.projectID,
        message: `the well with chosenID "${r.chosenID}" and dataSource "${r.dataSource}" is not in project ${r.projectID}`,
      };
      return { ok: false, code: 404, detail };
    }
    if (surveyed.has(well.id)) return { ok: false, code: 409, detail: surveyTaken(r) };
    return { ok: true, well: { id: well.id, projectId: well.projectId } };
  };
}

/** Inserts one survey of a well found by {@link surveyWells}: 409 if the well got one meanwhile, 404 if it went away. */
export async function insertSurvey(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: string,
  well: SurveyWell,
  r: DirectionalSurveyInput,
): Promise<Applied> {
  const now = deps.clock.now();
  const id = newObjectId(deps.clock);
  const points = Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, r[f]])) as SurveyPoints;
  try {
    const inserted = await deps.db
      .insert(directionalSurveys)
      .values({
        id,
        companyId,
        wellId: well.id,
        spatialDataType: r.spatialDataType,
        ...points,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: directionalSurveys.id });
    if (inserted.length === 0) throw conflict(surveyTaken(r).message, [surveyTaken(r)]);
  } catch (e) {
    if (isForeignKeyViolation(e)) throw notFound(noWell(r).message, [noWell(r)]);
    throw e;
  }
  return {
    code: 201,
    fields: { id, well: well.id, chosenID: r.chosenID, dataSource: r.dataSource },
  };
}

const SORT_COLUMNS: Record<string, PgColumn> = {
  id: directionalSurveys.id,
  createdAt: directionalSurveys.createdAt,
  updatedAt: directionalSurveys.updatedAt,
};

/** The company's surveys matching the query's filters, as a list source. */
export function surveyList(db: Db, companyId: string, q: DirectionalSurveyListQuery): ListSource<DirectionalSurvey> {
  const filters: (SQL | undefined)[] = [
    eq(directionalSurveys.companyId, companyId),
    q.well?.length ? inArray(directionalSurveys.wellId, q.well) : undefined,
    q.chosenID?.length ? inArray(wells.chosenId, q.chosenID) : undefined,
    q.dataSource ? eq(wells.dataSource, q.dataSource) : undefined,
    q.project ? inProject(q.project) : undefined,
    q.projectID ? inProject(q.projectID) : undefined,
  ];
  const where = and(...filters);
  return {
    async page(page: PagingQuery, limit: number) {
      const { field, desc: descending } = sortOf(page.sort);
      const column = SORT_COLUMNS[field] ?? directionalSurveys.id;
      const order = descending
        ? [desc(column), desc(directionalSurveys.id)]
        : [asc(column), asc(directionalSurveys.id)];
      const rows = await db
        .select({ s: directionalSurveys, w: WELL_OF })
        .from(directionalSurveys)
        .innerJoin(wells, eq(wells.id, directionalSurveys.wellId))
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit);
      return rows.map(({ s, w }) => surveyView(s, w));
    },
    async count() {
      const [row] = await db
        .select({ n: count() })
        .from(directionalSurveys)
        .innerJoin(wells, eq(wells.id, directionalSurveys.wellId))
        .where(where);
      return Number(row?.n ?? 0);
    },
  };
}

const noSurvey = (id: string) =>
  notFound(`No directional survey with id ${id}`, [
    { field: 'path.id', rule: 'existing survey', value: id, message: `no directional survey with id ${id}` },
  ]);

/** The company's survey with this id and its well, or 404. */
async function surveyWithWell(db: Db, companyId: string, id: string, lock = false) {
  const q = db
    .select({ s: directionalSurveys, w: WELL_OF })
    .from(directionalSurveys)
    .innerJoin(wells, eq(wells.id, directionalSurveys.wellId))
    .where(and(eq(directionalSurveys.id, id), eq(directionalSurveys.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: directionalSurveys }) : await q;
  if (!row) throw noSurvey(id);
  return row;
}

/** The company's survey with this id, or 404. */
export async function readSurvey(db: Db, companyId: string, id: string): Promise<DirectionalSurvey> {
  const { s, w } = await surveyWithWell(db, companyId, id);
  return surveyView(s, w);
}

/**
 * Applies a PUT to the company's survey, in one transaction (decision 049): 404 for no such survey;
 * 400 for another datum or data source than the survey's, an unknown or repeated depth, or a
 * result that breaks a rule; nothing changes unless all of it applies.
 */
export async function editSurvey(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: string,
  id: string,
  change: DirectionalSurveyUpdate,
): Promise<DirectionalSurvey> {
  return deps.db.transaction(async (tx) => {
    const { s, w } = await surveyWithWell(tx, companyId, id, true);
    const mismatch: ErrorDetail[] = [];
    if (change.spatialDataType !== s.spatialDataType) {
      mismatch.push({
        field: 'spatialDataType',
        rule: "the survey's datum",
        value: change.spatialDataType,
        message: `the survey's points are in ${s.spatialDataType}: send its points in ${s.spatialDataType} (to change the datum, delete the survey and post it again)`,
      });
    }
    if (change.dataSource !== w.dataSource) {
      mismatch.push({
        field: 'dataSource',
        rule: "the well's data source",
        value: change.dataSource,
        message: `the survey's well has dataSource "${w.dataSource}"`,
      });
    }
    if (mismatch.length) throw invalid(mismatch[0]!.message, mismatch);
    const edited = editPoints(pointsOf(s), change);
    if (!edited.ok) throw invalid(edited.details[0]!.message, edited.details);
    const updatedAt = deps.clock.now();
    await tx
      .update(directionalSurveys)
      .set({ ...edited.points, updatedAt })
      .where(eq(directionalSurveys.id, s.id));
    return surveyView({ ...s, ...edited.points, updatedAt }, w);
  });
}

/** Deletes the company's survey with this id: the number deleted (0 or 1). */
export async function deleteSurvey(db: Db, companyId: string, id: string): Promise<number> {
  const deleted = await db
    .delete(directionalSurveys)
    .where(and(eq(directionalSurveys.id, id), eq(directionalSurveys.companyId, companyId)))
    .returning({ id: directionalSurveys.id });
  return deleted.length;
}
