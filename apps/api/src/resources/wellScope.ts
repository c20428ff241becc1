import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { projectCompanyWells, wells } from '../db/schema';

/*
 * Which wells a scope holds (decision 047), as SQL conditions on `wells`: every read and write that
 * asks for "the wells of a project" (forecasts, scenarios, type curves, productions under a project,
 * econ runs) goes through `inProject`, so a company well attached to the project counts everywhere.
 */

/** The wells of a project: its project wells and the company wells attached to it. */
export const inProject = (projectId: string): SQL =>
  sql`(${wells.projectId} = ${projectId} or ${wells.id} in (select ${projectCompanyWells.wellId} from ${projectCompanyWells} where ${projectCompanyWells.projectId} = ${projectId}))`;

/** The project wells of a project (`/v1/projects/{p}/wells`): not the attached company wells. */
export const ownedByProject = (projectId: string): SQL => eq(wells.projectId, projectId);

/** The company wells of a company (`/v1/wells`): wells of no project. */
export const companyWellsOf = (companyId: string): SQL =>
  and(eq(wells.companyId, companyId), isNull(wells.projectId)) as SQL;

/** The company wells attached to a project (`/v1/projects/{p}/company-wells`). */
export const attachedTo = (projectId: string): SQL =>
  sql`(${wells.projectId} is null and ${wells.id} in (select ${projectCompanyWells.wellId} from ${projectCompanyWells} where ${projectCompanyWells.projectId} = ${projectId}))`;
