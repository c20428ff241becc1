import {
  COMPANY_WELL_WRITE_MAX,
  CompanyWellRef,
  MultiStatus,
  ObjectId,
  TAKE_MAX_LARGE,
  WELL_SORT,
  Well,
  WellDeleteFilter,
  WellListQuery,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import { type RecordOutcome, runBatch } from '../http/batch';
import { notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { route } from '../http/route';
import { attach, attachedIds, detach } from './companyWellStore';
import { requireProject } from './projectStore';
import { attachedTo } from './wellScope';
import { findWell, toWell, type WellRow, wellFilterSql, wellKeyOf, wellList, wellsById, wellsByKey } from './wellStore';

/*
 * Company wells attached to a project (`/v1/projects/{projectId}/company-wells`, decision 047):
 * attached, they count as wells of the project everywhere (`inProject`); detached, they leave the
 * project's forecasts, scenarios and type curves.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const path = '/v1/projects/{projectId}/company-wells';
const tag = 'Company wells';

export function registerCompanyWellRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path,
      tag,
      auth: 'api',
      head: true,
      summary: 'List the company wells attached to a project',
      description: 'Filters and sorts as `GET /v1/wells`.',
      params: ProjectParam,
      query: WellListQuery,
      responses: { 200: { ...json(z.array(Well), 'One page of wells'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      return respondList(c, deps.config.publicBaseUrl, { sortFields: WELL_SORT, takeMax: TAKE_MAX_LARGE }, () =>
        wellList(deps.db, attachedTo(projectId), input.query),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${path}/{id}`,
      tag,
      auth: 'api',
      summary: 'Get a company well attached to a project',
      params: ProjectParam.extend({ id: ObjectId }),
      responses: { 200: json(Well, 'The well') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, id } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const row = await findWell(deps.db, attachedTo(projectId), id);
      if (!row) throw notFound(`No company well with id ${id} attached to project ${projectId}`);
      return c.json(toWell(row), 200);
    },
  );

  route(
    app,
    {
      method: 'post',
      path,
      tag,
      auth: 'api',
      summary: 'Attach company wells to a project',
      description: `One or an array of up to ${COMPANY_WELL_WRITE_MAX} company wells, each a well id, \`{id}\` or \`{chosenID, dataSource}\`. A well that is not a company well of the company is a 404; one attached already, or sent twice, a 409. Always 207: \`{status, code, id, chosenID, dataSource}\` per record.`,
      params: ProjectParam,
      records: { schema: CompanyWellRef, max: COMPANY_WELL_WRITE_MAX, single: 'wrap', noun: 'company wells' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      const { projectId } = input.params;
      await requireProject(deps, companyId, projectId);
      return c.json(multiStatus(await attachWells(deps, companyId, projectId, await input.records())), 207);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path,
      tag,
      auth: 'api',
      summary: 'Detach company wells from a project',
      description:
        'The attached company wells matching `id`, `chosenID`, `dataSource` (each repeatable; at least one) leave the project: they are taken out of its forecasts (memberships and segments), scenarios (memberships and assignments) and type curves; the wells, their productions and other projects are untouched. 204 with `X-Delete-Count`.',
      params: ProjectParam,
      query: WellDeleteFilter,
      responses: { 204: { description: 'Detached', headers: deleteCountHeaders('wells detached') } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const where = wellFilterSql(input.query);
      const n = await deps.db.transaction((db) => detach(db, projectId, where));
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}

const refText = (r: CompanyWellRef) =>
  typeof r === 'string' ? r : 'id' in r ? r.id : `${r.chosenID} (${r.dataSource})`;

/** Attaches each referenced company well: 404 when not a company well, 409 when attached already or twice. */
async function attachWells(
  deps: Deps,
  companyId: string,
  projectId: string,
  records: readonly unknown[],
): Promise<RecordOutcome[]> {
  const found = new Map<number, WellRow>();
  return runBatch(deps, records, {
    parse: CompanyWellRef,
    check: async (batch) => {
      const refs = batch.pending();
      const ids = refs.flatMap(([, r]) => (typeof r === 'string' ? [r] : 'id' in r ? [r.id] : []));
      const byId = await wellsById(deps.db, companyId, ids);
      const keyed = refs.flatMap(([, r]) => (typeof r === 'object' && 'chosenID' in r ? [r.chosenID] : []));
      const byKey = await wellsByKey(deps.db, companyId, keyed);
      for (const [i, r] of refs) {
        const w = typeof r === 'string' ? byId.get(r) : 'id' in r ? byId.get(r.id) : byKey.get(wellKeyOf(r));
        if (w && w.projectId === null) found.set(i, w);
        else {
          const field = typeof r === 'string' ? '' : 'id' in r ? 'id' : 'chosenID';
          const message = `No company well ${refText(r)} in the company${w ? ` (it is a well of project ${w.projectId})` : ''}`;
          batch.fail(i, 404, { field, rule: 'company well', value: typeof r === 'string' ? r : refText(r), message });
        }
      }
      const already = await attachedIds(
        deps.db,
        projectId,
        [...found.values()].map((w) => w.id),
      );
      batch.unique(
        (_r, i) => found.get(i)!.id,
        new Set(already),
        (r, earlier) => ({
          field: typeof r === 'string' ? '' : 'id' in r ? 'id' : 'chosenID',
          rule: 'unique',
          value: refText(r),
          message:
            earlier === undefined
              ? `Company well ${refText(r)} is attached to project ${projectId} already`
              : `Company well ${refText(r)} is also attached by record [${earlier}]; send each well once`,
        }),
      );
    },
    applyAll: async (batch) => {
      const pending = batch.pending();
      const attached = await attach(
        deps.db,
        projectId,
        pending.map(([i]) => found.get(i)!.id),
      );
      for (const [i, r] of pending) {
        const w = found.get(i)!;
        if (attached.has(w.id)) {
          batch.succeed(i, { code: 201, fields: { id: w.id, chosenID: w.chosenId, dataSource: w.dataSource } });
        } else {
          const message = `Company well ${refText(r)} is attached to project ${projectId} already`;
          batch.fail(i, 409, { field: '', rule: 'unique', value: refText(r), message });
        }
      }
    },
  });
}
