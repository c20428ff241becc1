import {
  MultiStatus,
  WELL_COMMENT_SORT,
  WELL_COMMENT_WRITE_MAX,
  WellComment,
  WellCommentInput,
  WellCommentListQuery,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import { forecasts, forecastWells, projects, wellComments, wells } from '../db/schema';
import { type Batch, type RecordOutcome, runBatch } from '../http/batch';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { newObjectId } from '../ids';
import { tableList } from './listing';
import { inProject } from './wellScope';

/*
 * Well comments (`/v1/well-comments`, decision 047): what engineers note about a well, made in a
 * project and a forecast or in none. The service's clients read them; `POST` writes them.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const path = '/v1/well-comments';
const tag = 'Well comments';

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

export function registerWellCommentRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path,
      tag,
      auth: 'api',
      head: true,
      summary: 'List well comments',
      description:
        "The comments on the company's wells, oldest first (`sort=-createdAt` for newest first); filters `well`, `project`, `forecast`.",
      query: WellCommentListQuery,
      responses: { 200: { ...json(z.array(WellComment), 'One page of comments'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const q = input.query;
      const where = and(
        eq(wellComments.companyId, c.get('auth').companyId),
        q.well ? eq(wellComments.wellId, q.well) : undefined,
        q.project ? eq(wellComments.projectId, q.project) : undefined,
        q.forecast ? eq(wellComments.forecastId, q.forecast) : undefined,
      );
      const columns = { createdAt: wellComments.createdAt, id: wellComments.id };
      return respondList(c, deps.config.publicBaseUrl, { sortFields: WELL_COMMENT_SORT, takeMax: 1000 }, () =>
        tableList(deps.db, wellComments, where, columns, toComment),
      );
    },
  );

  route(
    app,
    {
      method: 'post',
      path,
      tag,
      auth: 'api',
      summary: 'Add well comments',
      description: `One comment or an array of up to ${WELL_COMMENT_WRITE_MAX}: \`{well, project?, forecast?, text}\`. The well is one of the company's (404); a project must hold it (404); a forecast must hold it (404) and names its project. Always 207, one result per record (the stored comment).`,
      records: { schema: WellCommentInput, max: WELL_COMMENT_WRITE_MAX, single: 'wrap', noun: 'comments' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const auth = c.get('auth');
      const outcomes = await addComments(c.get('deps'), auth, await input.records());
      return c.json(multiStatus(outcomes), 207);
    },
  );
}

async function addComments(
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
