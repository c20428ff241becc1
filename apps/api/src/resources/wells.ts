import {
  MultiStatus,
  ObjectId,
  TAKE_MAX_LARGE,
  WELL_SORT,
  WELL_WRITE_MAX,
  Well,
  WellDeleteFilter,
  WellInput,
  WellListQuery,
  WellPatchInput,
  WellPatchRecord,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { route } from '../http/route';
import { requireProject } from './projectStore';
import { companyWellsOf, ownedByProject } from './wellScope';
import { deleteWells, findWell, toWell, wellFilterSql, wellList } from './wellStore';
import { createWells, patchWell, patchWells, replaceWell, upsertWells, type WellScope } from './wellWrites';

/*
 * Company wells (`/v1/wells`) and project wells (`/v1/projects/{projectId}/wells`), the same routes
 * for both (decision 047): list, create, upsert, update, delete, and the same on one well by id.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const records = { max: WELL_WRITE_MAX, single: 'wrap', noun: 'wells' } as const;
const ONE = ' Always 207, one result per record (the stored well, or the errors).';
const FILTERS =
  'Filter by any header (`?chosenID=…`, `?dataSource=di`, `?customBool0=true`), by a range of a number or date header or of a production summary field (`firstProdDate[ge]=2020-01-01`, `lateralLength[gt]=5000`, `cumOil[ge]=50000`; operators `gt`, `ge`, `lt`, `le`; a well without the value matches no filter on it); sort by any header, `createdAt`, `updatedAt` or a summary field (`sort=-customNumber3`).';

type Kind = 'company' | 'project';

/** The scope of a request: the caller's company wells, or one of its projects' wells (404 for another company's). */
async function scopeOf(c: Context<AppEnv>, kind: Kind, projectId?: string): Promise<WellScope> {
  const companyId = c.get('auth').companyId;
  if (kind === 'company')
    return { companyId, projectId: null, sql: companyWellsOf(companyId), where: 'of the company' };
  await requireProject(c.get('deps'), companyId, projectId!);
  return { companyId, projectId: projectId!, sql: ownedByProject(projectId!), where: `in project ${projectId}` };
}

export function registerWellRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const kind of ['company', 'project'] as const) registerScope(app, kind);
}

function registerScope(app: OpenAPIHono<AppEnv>, kind: Kind): void {
  const tag = kind === 'company' ? 'Company wells' : 'Wells';
  const path = kind === 'company' ? '/v1/wells' : '/v1/projects/{projectId}/wells';
  const params = kind === 'company' ? z.object({}) : ProjectParam;
  const IdParams = params.extend({ id: ObjectId });
  const what = kind === 'company' ? 'company wells' : 'wells of a project';
  const scope = (c: Context<AppEnv>, p: { projectId?: string; id?: string }) => scopeOf(c, kind, p.projectId);

  route(
    app,
    {
      method: 'get',
      path,
      tag,
      auth: 'api',
      head: true,
      summary: `List the ${what}`,
      description: FILTERS,
      params,
      query: WellListQuery,
      responses: { 200: { ...json(z.array(Well), 'One page of wells'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      const deps = c.get('deps');
      return respondList(c, deps.config.publicBaseUrl, { sortFields: WELL_SORT, takeMax: TAKE_MAX_LARGE }, () =>
        wellList(deps.db, s.sql, input.query),
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
      summary: `Create ${what}`,
      description: `One well or an array of up to ${WELL_WRITE_MAX}; \`chosenID\` + \`dataSource\` are unique in the company, across company and project wells (409).${ONE}`,
      params,
      records: { ...records, schema: WellInput },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      return c.json(multiStatus(await createWells(c.get('deps'), s, await input.records())), 207);
    },
  );

  route(
    app,
    {
      method: 'put',
      path,
      tag,
      auth: 'api',
      summary: `Upsert ${what}`,
      description: `One well or an array of up to ${WELL_WRITE_MAX}, each named by \`chosenID\` + \`dataSource\`: a stored well of this scope has every header replaced (a header not sent is cleared; 200); a new key creates the well (201); a key held by a well outside this scope, or sent twice, is a 409.${ONE}`,
      params,
      records: { ...records, schema: WellInput },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      return c.json(multiStatus(await upsertWells(c.get('deps'), s, await input.records())), 207);
    },
  );

  route(
    app,
    {
      method: 'patch',
      path,
      tag,
      auth: 'api',
      summary: `Update ${what}`,
      description: `One record or an array of up to ${WELL_WRITE_MAX}, each naming a well of this scope by \`id\` (or by \`chosenID\` + \`dataSource\`) with the headers to change: those given replace the stored ones, \`null\` clears one, the others are kept. A well not in this scope is a 404; with \`id\`, a new \`chosenID\`/\`dataSource\` must be free in the company (409).${ONE}`,
      params,
      records: { ...records, schema: WellPatchRecord },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      return c.json(multiStatus(await patchWells(c.get('deps'), s, await input.records())), 207);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path,
      tag,
      auth: 'api',
      summary: `Delete ${what}`,
      description:
        'The wells of this scope matching the filters `id`, `chosenID`, `dataSource` (each repeatable; at least one), with everything that depends on them: productions, forecast segments and memberships, scenario memberships and assignments, type-curve rows, attachments to projects, comments. 204 with `X-Delete-Count`.',
      params,
      query: WellDeleteFilter,
      responses: { 204: { description: 'Deleted', headers: deleteCountHeaders('wells deleted') } },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      const n = await deleteWells(c.get('deps').db, s.sql, wellFilterSql(input.query));
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );

  const one = `${path}/{id}`;
  route(
    app,
    {
      method: 'get',
      path: one,
      tag,
      auth: 'api',
      summary: kind === 'company' ? 'Get a company well' : 'Get a well of a project',
      params: IdParams,
      responses: { 200: json(Well, 'The well') },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      const row = await findWell(c.get('deps').db, s.sql, input.params.id);
      if (!row) throw notFound(`No well with id ${input.params.id} ${s.where}`);
      return c.json(toWell(row), 200);
    },
  );

  route(
    app,
    {
      method: 'put',
      path: one,
      tag,
      auth: 'api',
      summary: kind === 'company' ? 'Replace a company well' : 'Replace a well of a project',
      description:
        'Every header is replaced by the body (a header not sent is cleared). A new `chosenID` + `dataSource` must be free in the company (409).',
      params: IdParams,
      body: WellInput,
      responses: { 200: json(Well, 'The stored well') },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      const well = await replaceWell(c.get('deps'), s, input.params.id, await input.body());
      return c.json(well, 200);
    },
  );

  route(
    app,
    {
      method: 'patch',
      path: one,
      tag,
      auth: 'api',
      summary: kind === 'company' ? 'Update a company well' : 'Update a well of a project',
      description:
        'The headers given replace the stored ones (`null` clears one); the others are kept. A new `chosenID` + `dataSource` must be free in the company (409).',
      params: IdParams,
      body: WellPatchInput,
      responses: { 200: json(Well, 'The stored well') },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      const well = await patchWell(c.get('deps'), s, input.params.id, (await input.body()) as Record<string, unknown>);
      return c.json(well, 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: one,
      tag,
      auth: 'api',
      summary: kind === 'company' ? 'Delete a company well' : 'Delete a well of a project',
      description: 'The well and everything that depends on it (as `DELETE …/wells`). 204 with `X-Delete-Count: 1`.',
      params: IdParams,
      responses: { 204: { description: 'Deleted', headers: deleteCountHeaders('wells deleted (1)') } },
    },
    async (c, input) => {
      const s = await scope(c, input.params);
      const n = await deleteWells(c.get('deps').db, s.sql, wellFilterSql({ id: [input.params.id] }));
      if (n === 0) throw notFound(`No well with id ${input.params.id} ${s.where}`);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
