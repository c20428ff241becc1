import type { WellIdentifierChange } from '@econ/contract';
import { eq } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import { isUniqueViolation } from '../db/pgErrors';
import { projectCompanyWells, wells } from '../db/schema';
import type { Applied } from '../http/batch';
import { conflict, invalid, notFound } from '../http/errors';
import { attach } from './companyWellStore';
import { headersOf } from './wellHeaderSql';
import { findWell, wellKeyOf, wellsByKey } from './wellStore';
import { keyTaken } from './wellWrites';

/* A well's identifiers and scope changed in storage (`PATCH /v1/well-identifiers`, decision 047). */

/** Applies one change in the caller's transaction (`deps.db`). */
export async function changeIdentifiers(deps: Deps, companyId: string, r: WellIdentifierChange): Promise<Applied> {
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
