import {
  WellIdentifierChange as Change,
  COMPANY_WELL_WRITE_MAX,
  MultiStatus,
  type WellIdentifierChange,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import { isUniqueViolation } from '../db/pgErrors';
import { projectCompanyWells, wells } from '../db/schema';
import { type Applied, runBatch } from '../http/batch';
import { conflict, invalid, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { route } from '../http/route';
import { attach } from './companyWellStore';
import { headersOf } from './wellHeaderSql';
import { findWell, wellKeyOf, wellsByKey } from './wellStore';
import { keyTaken } from './wellWrites';

/*
 * `PATCH /v1/well-identifiers` (decision 047): a well's chosenID (from the header `chosenKeyID`
 * names), its dataSource, and its scope. `/v1/wells-identifiers`, the spelling of the service's
 * public documentation, answers the same.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

export function registerWellIdentifierRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const path of ['/v1/well-identifiers', '/v1/wells-identifiers']) {
    route(
      app,
      {
        method: 'patch',
        path,
        tag: 'Company wells',
        auth: 'api',
        summary: 'Change the identifiers or the scope of wells',
        description: [
          `One record or an array of up to ${COMPANY_WELL_WRITE_MAX} \`{wellId, newInfo: {chosenKeyID?, companyScope?, dataSource?}}\`.`,
          ' `chosenKeyID` names the header whose value becomes the `chosenID` (`api14`, `inptID`, …; a well without that value is a 400); `dataSource` is the new data source; the new `chosenID` + `dataSource` must be free in the company (409).',
          ' `companyScope: true` makes a project well a company well, still attached to its project (its forecasts, scenarios and productions stay); `false` makes a company well attached to exactly one project a well of that project (attached to none or to several: 409); either is a no-op when the well already has that scope.',
          ' Always 207: `{status, code, wellId, chosenID, dataSource, chosenKeyID, companyScope, project}` per record.',
        ].join(''),
        records: { schema: Change, max: COMPANY_WELL_WRITE_MAX, single: 'wrap', noun: 'identifier changes' },
        responses: { 207: json(MultiStatus, 'One result per record') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const companyId = c.get('auth').companyId;
        const outcomes = await runBatch(deps, await input.records(), {
          parse: Change,
          check: (batch) =>
            batch.unique(
              (r) => r.wellId,
              new Set(),
              (r, earlier) => ({
                field: 'wellId',
                rule: 'unique',
                value: r.wellId,
                message: `well ${r.wellId} is also changed by record [${earlier}]; send each well once`,
              }),
            ),
          apply: (r, _i, tx) => changeIdentifiers(tx, companyId, r),
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }
}

/** Applies one change in the caller's transaction (`deps.db`). */
async function changeIdentifiers(deps: Deps, companyId: string, r: WellIdentifierChange): Promise<Applied> {
  const { db } = deps;
  const row = await findWell(db, eq(wells.companyId, companyId), r.wellId, true);
  if (!row) {
    const message = `No well ${r.wellId} in the company`;
    throw notFound(message, [{ field: 'wellId', rule: 'well of the company', value: r.wellId, message }]);
  }
  const { chosenKeyID, companyScope, dataSource } = r.newInfo;
  const headers = headersOf(row) as Record<string, unknown>;
  let chosenID = row.chosenId;
  if (chosenKeyID) {
    const value = headers[chosenKeyID];
    if (typeof value !== 'string' || value.trim() === '' || value.length > 64) {
      const message = `well ${r.wellId} has no ${chosenKeyID} to take as its chosenID (up to 64 characters)`;
      throw invalid(message, [{ field: 'newInfo.chosenKeyID', rule: 'header set', value: chosenKeyID, message }]);
    }
    chosenID = value.trim();
  }
  const key = { chosenID, dataSource: dataSource ?? row.dataSource };
  const holder = (await wellsByKey(db, companyId, [chosenID])).get(wellKeyOf(key));
  if (holder && holder.id !== row.id) {
    const detail = keyTaken(key, holder);
    throw conflict(detail.message, [{ ...detail, field: chosenKeyID ? 'newInfo.chosenKeyID' : 'newInfo.dataSource' }]);
  }
  let projectId = row.projectId;
  if (companyScope === true && row.projectId) {
    projectId = null;
  } else if (companyScope === false && !row.projectId) {
    const projects = await db
      .select({ id: projectCompanyWells.projectId })
      .from(projectCompanyWells)
      .where(eq(projectCompanyWells.wellId, row.id));
    if (projects.length !== 1) {
      const message = `company well ${row.id} is attached to ${projects.length} projects; it becomes a project well only when attached to exactly one`;
      throw conflict(message, [
        { field: 'newInfo.companyScope', rule: 'attached to one project', value: false, message },
      ]);
    }
    projectId = projects[0]!.id;
    await db.delete(projectCompanyWells).where(eq(projectCompanyWells.wellId, row.id));
  }
  const nextHeaders = chosenKeyID ? { ...row.headers, chosenKeyID } : row.headers;
  try {
    await db
      .update(wells)
      .set({
        chosenId: key.chosenID,
        dataSource: key.dataSource,
        projectId,
        headers: nextHeaders,
        updatedAt: deps.clock.now(),
      })
      .where(eq(wells.id, row.id));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(keyTaken(key).message, [keyTaken(key)]);
    throw e;
  }
  // A project well made a company well stays in its project, attached.
  if (row.projectId && projectId === null) await attach(db, row.projectId, [row.id]);
  return {
    code: 200,
    fields: {
      wellId: row.id,
      chosenID: key.chosenID,
      dataSource: key.dataSource,
      ...(nextHeaders.chosenKeyID === undefined ? {} : { chosenKeyID: nextHeaders.chosenKeyID }),
      companyScope: projectId === null,
      project: projectId,
    },
  };
}
