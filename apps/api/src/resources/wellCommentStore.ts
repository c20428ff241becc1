import { type WellComment, WellCommentInput } from '@econ/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { forecasts, forecastWells, projects, wellComments, wells } from '../db/schema';
import { type Batch, type RecordOutcome, runBatch } from '../http/batch';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from './listing';
import { inProject } from './wellScope';

/* Well comments in storage (decision 047). */

type Row = typeof wellComments.$inferSelect;
const toComment = (r: Row): WellComment => ({
  id: r.id,
  well: r.wellId,
  ...(r.projectId ? { project: r.projectId } : {}),
  ...(r.forecastId ? { forecast: r.forecastId } : {}),
  text: r.text,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

/** The company's comments, filtered by well, project and forecast, as a list source. */
export function commentList(
  db: Db,
  companyId: string,
  q: { well?: string | undefined; project?: string | undefined; forecast?: string | undefined },
): ListSource<WellComment> {
  const where = and(
    eq(wellComments.companyId, companyId),
    q.well ? eq(wellComments.wellId, q.well) : undefined,
    q.project ? eq(wellComments.projectId, q.project) : undefined,
    q.forecast ? eq(wellComments.forecastId, q.forecast) : undefined,
  );
  const columns = { createdAt: wellComments.createdAt, id: wellComments.id };
  return tableList(db, wellComments, where, columns, toComment);
}

/** Writes comments through the batch pipeline: each one's well, project and forecast checked (404). */
export async function addComments(
  deps: Deps,
  auth: { companyId: string; credentialId: string },
  records: readonly unknown[],
): Promise<RecordOutcome[]> {
  const projectOf = new Map<number, string | null>();
  return runBatch(deps, records, {
    parse: WellCommentInput,
    check: (batch) => checkPlaces(deps, auth.companyId, batch, projectOf),
    applyAll: async (batch) => {
      const now = deps.clock.now();
      const pending = batch.pending();
      const rows = pending.map(([i, r]) => ({
        id: newObjectId(deps.clock),
        companyId: auth.companyId,
        wellId: r.well,
        projectId: projectOf.get(i) ?? null,
        forecastId: r.forecast ?? null,
        text: r.text,
        createdBy: auth.credentialId,
        createdAt: now,
      }));
      if (rows.length) await deps.db.insert(wellComments).values(rows);
      pending.forEach(([i], k) => {
        batch.succeed(i, { code: 201, fields: toComment(rows[k]!) });
      });
    },
  });
}

/** Checks each comment's well, project and forecast (404 naming the field); keeps the project of each. */
async function checkPlaces(
  deps: Deps,
  companyId: string,
  batch: Batch<WellCommentInput>,
  projectOf: Map<number, string | null>,
): Promise<void> {
  const { db } = deps;
  const fail = (i: number, field: string, value: string, message: string) =>
    batch.fail(i, 404, { field, rule: 'exists', value, message });
  const values = batch.values();
  const wellIds = [...new Set(values.map((r) => r.well))];
  const known = new Set(
    (
      await db
        .select({ id: wells.id })
        .from(wells)
        .where(and(eq(wells.companyId, companyId), inArray(wells.id, wellIds)))
    ).map((r) => r.id),
  );
  for (const [i, r] of batch.pending()) {
    if (!known.has(r.well)) {
      fail(i, 'well', r.well, `No well ${r.well} in the company`);
      continue;
    }
    let projectId = r.project ?? null;
    if (r.forecast) {
      const [f] = await db
        .select({ projectId: forecasts.projectId })
        .from(forecasts)
        .innerJoin(projects, eq(projects.id, forecasts.projectId))
        .innerJoin(forecastWells, and(eq(forecastWells.forecastId, forecasts.id), eq(forecastWells.wellId, r.well)))
        .where(and(eq(forecasts.id, r.forecast), eq(projects.companyId, companyId)))
        .limit(1);
      if (!f || (projectId && f.projectId !== projectId)) {
        fail(
          i,
          'forecast',
          r.forecast,
          `No forecast ${r.forecast} holding well ${r.well}${projectId ? ` in project ${projectId}` : ''}`,
        );
        continue;
      }
      projectId = f.projectId;
    } else if (projectId) {
      const [p] = await db
        .select({ id: wells.id })
        .from(wells)
        .innerJoin(projects, eq(projects.id, projectId))
        .where(and(eq(wells.id, r.well), eq(projects.companyId, companyId), inProject(projectId)))
        .limit(1);
      if (!p) {
        fail(i, 'project', projectId, `No project ${projectId} of the company holding well ${r.well}`);
        continue;
      }
    }
    projectOf.set(i, projectId);
  }
}
