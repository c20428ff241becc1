import {
  DELETE_FILTER_VALUES_MAX,
  MultiStatus,
  ObjectId,
  pagingQuery,
  patchIdMismatch,
  TYPE_CURVE_BATCH_MAX,
  TYPE_CURVE_SORT,
  TYPE_CURVE_TAKE_MAX,
  TypeCurve,
  TypeCurveBatchPatchItem,
  TypeCurveInput,
  TypeCurvePatch,
  WELL_PHASE_STATUSES,
  Well,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch } from '../http/batch';
import { invalid, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { oneObjectBody } from '../http/oneObjectBody';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { projectOfPath } from '../http/projectPath';
import { refuseLongFilters } from '../http/queryForms';
import { route } from '../http/route';
import { phasesWithProduction } from '../productions/phaseCoverage';
import { toWell, wellsOfProject } from '../resources/wellStore';
import { createCurve, patchCurve } from './curveService';
import { deleteTypeCurves, requireTypeCurve, typeCurveList, typeCurveView, v2Base } from './store';
import { wellPhases } from './wellPhases';

/* The V2 type curves themselves (spec parts 2.9 and 4.4): list, read, create, merge, delete, wells. */

const BASE = '/v2/projects/{projectId}/type-curves';
const TAG = 'Type curves (V2)';
const ProjectParams = z.object({ projectId: ObjectId });
const OneParams = ProjectParams.extend({ id: ObjectId });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A row of `GET /{id}/wells`: the project well, `excluded`, and its status in each phase's fit. */
const PhaseStatus = z.enum(WELL_PHASE_STATUSES);
const TypeCurveWell = Well.extend({
  excluded: z.boolean(),
  phases: z
    .object({ oil: PhaseStatus, gas: PhaseStatus, water: PhaseStatus })
    .meta({ description: 'per phase: `fit`, `excluded`, or `noProduction` (no record with a positive volume of it)' }),
}).meta({ id: 'TypeCurveWell' });

const RESPONSES_400_404_409 = {
  404: json(
    z.object({ name: z.string(), message: z.string() }),
    'The project, the type curve or the forecast was not found',
  ),
  409: json(z.object({ name: z.string(), message: z.string() }), 'The name is already used in the project'),
};

/** The body of a `/batch` route: only an array. */
const BATCH_RECORDS = (schema: z.ZodType) =>
  ({
    schema,
    max: TYPE_CURVE_BATCH_MAX,
    single: 'refuse',
    noun: 'type curves',
    hint: 'send an array of type curves',
  }) as const;

const DELETE_HEADERS = deleteCountHeaders('type curves deleted');

export function registerTypeCurveRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: BASE,
      tag: TAG,
      auth: 'api',
      head: true,
      summary: 'List type curves',
      description: `\`skip\`, \`take\` (default 25, at most ${TYPE_CURVE_TAKE_MAX}), \`sort\` (\`id\` default, \`-id\`, \`name\`, \`createdAt\`, \`updatedAt\`, each also descending with \`-\`); \`Link\` header for paging. \`HEAD\` answers \`X-Query-Count\`.`,
      params: ProjectParams,
      // Read by respondList, as every list's paging is; declared so the document shows it.
      query: pagingQuery(TYPE_CURVE_SORT, TYPE_CURVE_TAKE_MAX),
      responses: {
        200: { ...json(z.array(TypeCurve), 'One page of type curves (without fits)'), headers: LIST_HEADERS },
      },
    },
    async (c) => {
      const deps = c.get('deps');
      const projectId = await projectOfPath(c);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: TYPE_CURVE_SORT, takeMax: TYPE_CURVE_TAKE_MAX },
        typeCurveList(deps.db, projectId, typeCurveView),
      );
    },
  );

  route(
    app,
    {
      method: 'post',
      path: BASE,
      tag: TAG,
      auth: 'api',
      summary: 'Create a type curve',
      description:
        'One type-curve object; 201 with the stored type curve. An array is a 400 pointing to `/batch`. `fits` or `regressionType` on the body are a 400 (write fits with `PUT /{id}/fits`). 404 for a forecast not in the project; 409 for a name already used in the project. `forecastSeries` other than `best` needs a probabilistic forecast; wells must belong to the forecast; excludedWells must be a subset of wells.',
      params: ProjectParams,
      body: TypeCurveInput,
      responses: { 201: json(TypeCurve, 'The stored type curve'), ...RESPONSES_400_404_409 },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const batch = `${c.req.path.replace(/\/$/, '')}/batch`;
      await oneObjectBody(c, () =>
        invalid(`Send one type curve object; to create several, POST the array to ${batch}`, [
          { field: '', rule: 'one object', value: 'array', message: `an array goes to POST ${batch}` },
        ]),
      );
      const row = await createCurve(c.get('deps'), projectId, await input.body());
      return c.json(typeCurveView(row), 201);
    },
  );

  route(
    app,
    {
      method: 'post',
      path: `${BASE}/batch`,
      tag: TAG,
      auth: 'api',
      summary: 'Create type curves in a batch',
      description: `An array of 1 to ${TYPE_CURVE_BATCH_MAX} type-curve objects. 207 with one result per record, in order: \`{status: "Created", code: 201, id, name}\`, or \`{status, code: 400|404|409, errors: [{name, message, location, field, rule, value, recordIndex}]}\` (409 for a name used in the project or earlier in the batch, 404 for a forecast not in the project). Each record is created whole or not at all.`,
      params: ProjectParams,
      records: BATCH_RECORDS(TypeCurveInput),
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const outcomes = await runBatch(c.get('deps'), await input.records(), {
        parse: TypeCurveInput,
        apply: async (record, _i, tx) => {
          const row = await createCurve(tx, projectId, record);
          return { code: 201, fields: { id: row.id, name: row.name } };
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );

  route(
    app,
    {
      method: 'patch',
      path: `${BASE}/batch`,
      tag: TAG,
      auth: 'api',
      summary: 'Update type curves in a batch (merge)',
      description: `An array of 1 to ${TYPE_CURVE_BATCH_MAX} objects, each with the \`id\` of a type curve of the project, merged like \`PATCH /{id}\`. 207 with one result per record: \`{status: "OK", code: 200, id, name}\` or a 400, 404 (no such type curve or forecast) or 409 (name used in the project) result. Each record is applied whole or not at all.`,
      params: ProjectParams,
      records: BATCH_RECORDS(TypeCurveBatchPatchItem),
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const outcomes = await runBatch(c.get('deps'), await input.records(), {
        parse: TypeCurveBatchPatchItem,
        apply: async ({ id, ...patch }, _i, tx) => {
          const row = await patchCurve(tx, projectId, id, patch);
          return { code: 200, fields: { id: row.id, name: row.name } };
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: BASE,
      tag: TAG,
      auth: 'api',
      summary: 'Delete type curves by id and/or name',
      description: `Filters \`id\` and \`name\` (repeatable, up to ${DELETE_FILTER_VALUES_MAX} values each, combined with OR; at least one value is required). 204 with \`X-Delete-Count\`; 404 when nothing matches. Deleting a type curve deletes its fits and normalization and unlinks the lookup-table rules that point to it.`,
      params: ProjectParams,
      query: z.object({
        id: z.array(ObjectId).max(DELETE_FILTER_VALUES_MAX).optional(),
        name: z.array(z.string()).max(DELETE_FILTER_VALUES_MAX).optional(),
      }),
      responses: {
        204: { description: 'Deleted', headers: DELETE_HEADERS },
        404: json(z.object({ name: z.string(), message: z.string() }), 'Nothing matched the filters'),
      },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      refuseLongFilters(c, ['id', 'name'], {
        max: DELETE_FILTER_VALUES_MAX,
        split: false,
        message: `at most ${DELETE_FILTER_VALUES_MAX} values per filter`,
      });
      const { id: ids = [], name: names = [] } = input.query;
      if (ids.length === 0 && names.length === 0) {
        throw invalid('Name the type curves to delete with id and/or name filters', [
          { field: 'query', rule: 'filter required', message: 'send at least one id or name filter value' },
        ]);
      }
      const count = await deleteTypeCurves(c.get('deps'), projectId, { ids, names });
      if (count === 0) throw notFound(`No type curve of project ${projectId} matches the id and name filters`);
      return c.body(null, 204, { 'X-Delete-Count': String(count) });
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Get a type curve (without fits)',
      params: OneParams,
      responses: { 200: json(TypeCurve, 'The type curve'), 404: RESPONSES_400_404_409[404] },
    },
    async (c, input) => {
      const { projectId, id } = input.params;
      const row = await requireTypeCurve(c.get('deps'), c.get('auth').companyId, projectId, id);
      return c.json(typeCurveView(row), 200);
    },
  );

  route(
    app,
    {
      method: 'patch',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Update a type curve (merge)',
      description:
        'Merge update: fields sent replace the stored ones, a null value is ignored, a body `id` must match the path (400). Re-linking `forecast` without `wells` drops the wells the new forecast does not contain; changing `wells` without `excludedWells` drops exclusions of wells no longer assigned. 404 for a type curve or forecast not in the project; 409 for a name used by another type curve of the project.',
      params: OneParams,
      body: TypeCurvePatch,
      responses: { 200: json(TypeCurve, 'The stored type curve'), ...RESPONSES_400_404_409 },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const { id } = input.params;
      const body = await oneObjectBody(c, () =>
        invalid(`Send one object; to update several, PATCH the array to ${v2Base(projectId)}/batch`, [
          { field: '', rule: 'one object', value: 'array', message: 'an array goes to PATCH /batch' },
        ]),
      );
      // Checked on the body as sent, before its field rules (as a mismatch is the first thing to fix).
      const mismatch = patchIdMismatch((body as { id?: unknown } | null)?.id, id);
      if (mismatch) throw invalid(mismatch.message, [mismatch]);
      const { id: _same, ...patch } = await input.body();
      const row = await patchCurve(c.get('deps'), projectId, id, patch);
      return c.json(typeCurveView(row), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Delete a type curve',
      description:
        '204 with `X-Delete-Count: 1`; 404 when the type curve is not in the project. Its fits and normalization are deleted and lookup-table rules pointing to it are unlinked (their `typeCurve` is removed).',
      params: OneParams,
      responses: { 204: { description: 'Deleted', headers: DELETE_HEADERS }, 404: RESPONSES_400_404_409[404] },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      const { id } = input.params;
      const count = await deleteTypeCurves(c.get('deps'), projectId, { ids: [id] });
      if (count === 0) throw notFound(`No type curve with id ${id} in project ${projectId}`);
      return c.body(null, 204, { 'X-Delete-Count': String(count) });
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${BASE}/{id}/wells`,
      tag: TAG,
      auth: 'api',
      summary: 'The wells of a type curve',
      description:
        "The project well objects assigned to the type curve, in its order, each with `excluded` (true for the wells in `excludedWells`) and `phases`: per phase (`oil`, `gas`, `water`) whether the well is in that phase's fit (`fit`), `excluded`, or out of it because it has no production of the phase (`noProduction`: no daily or monthly production record with a positive volume of the phase; spec part 2.9: a well drops out of a phase only when it has no production for that phase). A type curve without wells gives `[]`. Replaces the V1 representative wells: `rep: true` is `excluded: false`; EURs come from the forecast outputs.",
      params: OneParams,
      responses: { 200: json(z.array(TypeCurveWell), 'The wells with `excluded` and `phases`') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, id } = input.params;
      const row = await requireTypeCurve(deps, c.get('auth').companyId, projectId, id);
      const excluded = new Set(row.excludedWells ?? []);
      const wells = await wellsOfProject(deps.db, projectId, row.wells ?? []);
      const produced = await phasesWithProduction(
        deps.db,
        wells.map((w) => w.id),
      );
      return c.json(
        wells.map((w) => ({
          ...toWell(w),
          excluded: excluded.has(w.id),
          phases: wellPhases(excluded.has(w.id), produced.get(w.id) ?? new Set()),
        })),
        200,
      );
    },
  );
}
