import {
  assumptionKind,
  ECON_LOOKUP_ASSIGN_WRITE_MAX,
  ECON_LOOKUP_SORT,
  ECON_LOOKUP_WRITE_MAX,
  EconLookupAssignment,
  EconLookupAssignmentInput,
  EconLookupTable,
  EconLookupTableInput,
  ErrorEnvelope,
  MultiStatus,
  ObjectId,
  pagingQuery,
  QualifierName,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { requireScenario, scenarioWellIds } from '../assignments/store';
import { runBatch, twice } from '../http/batch';
import { conflict, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import {
  deleteLookupTable,
  findLookupTable,
  lookupAssignments,
  lookupTableList,
  replaceLookupAssignment,
  takenLookupNames,
  toLookupTable,
  unassignLookupTable,
  usableModelKinds,
  writeLookupTable,
} from './lookupTableStore';

/*
 * Econ lookup tables (issue 21, decision 052): `/v1/projects/{p}/scenarios/lookup-tables` (CRUD)
 * and `/v1/projects/{p}/scenarios/{s}/assignments/lookup-tables`. Registered before the scenario
 * routes, so `…/scenarios/lookup-tables` is not taken for a scenario id.
 */

const TAG = 'Econ lookup tables';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const NOT_FOUND = json(ErrorEnvelope, 'The project, scenario or lookup table is unknown');
const BASE = '/v1/projects/{projectId}/scenarios/lookup-tables';
const ASSIGN = '/v1/projects/{projectId}/scenarios/{scenarioId}/assignments/lookup-tables';
const OneParams = ProjectParam.extend({ id: ObjectId });
const ScenarioParams = ProjectParam.extend({ scenarioId: ObjectId });

async function projectOf(c: Context<AppEnv>, projectId: string): Promise<string> {
  const companyId = c.get('auth').companyId;
  await requireProject(c.get('deps'), companyId, projectId);
  return companyId;
}

async function requireTable(c: Context<AppEnv>, projectId: string, id: string, field = 'path.id') {
  const row = await findLookupTable(c.get('deps').db, projectId, id);
  if (!row)
    throw notFound(`No econ lookup table with id ${id} in project ${projectId}`, [
      { field, rule: 'lookup table of the project', value: id, message: `no econ lookup table ${id}` },
    ]);
  return row;
}

export function registerEconLookupTableRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: BASE,
      tag: TAG,
      auth: 'api',
      head: true,
      summary: "List the project's econ lookup tables",
      params: ProjectParam,
      query: pagingQuery(ECON_LOOKUP_SORT, TAKE_MAX).extend({
        name: z.array(z.string().max(200)).max(100).optional().meta({ description: 'exact names (repeatable)' }),
      }),
      responses: { 200: { ...json(z.array(EconLookupTable), 'One page of tables'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      await projectOf(c, input.params.projectId);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ECON_LOOKUP_SORT, takeMax: TAKE_MAX },
        lookupTableList(deps.db, input.params.projectId, input.query.name),
      );
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: BASE,
        tag: TAG,
        auth: 'api',
        summary: method === 'post' ? 'Create econ lookup tables' : 'Upsert econ lookup tables by name',
        description: `One object or an array of up to ${ECON_LOOKUP_WRITE_MAX} \`{name, configuration: {caseInsensitiveMatching, selectedHeaders, selectedAssumptions}, rules: [{filter: {<header>: value}, <assumption>: econModelId}]}\`. A rule's headers must be selected headers and its assumptions selected assumptions (type name \`Pricing\` or route \`pricing\`); each model id must be a model of that kind of the project or the company (400 naming \`rules[i].<assumption>\`). ${method === 'post' ? 'A name taken in the project is a 409.' : 'A table of that name is replaced (200, its id and assignments kept), else created (201).'} Always 207, one result per record.`,
        params: ProjectParam,
        records: { schema: EconLookupTableInput, max: ECON_LOOKUP_WRITE_MAX, single: 'wrap', noun: 'lookup tables' },
        responses: { 207: json(MultiStatus, 'One result per record'), 404: NOT_FOUND },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const { projectId } = input.params;
        const companyId = await projectOf(c, projectId);
        const nameTaken = (name: string) => ({
          field: 'name',
          rule: 'unique',
          value: name,
          message: `An econ lookup table named "${name}" already exists in project ${projectId}`,
        });
        const outcomes = await runBatch(deps, await input.records(), {
          parse: EconLookupTableInput,
          check: async (batch) => {
            const ids = batch.values().flatMap((t) => t.rules.flatMap((r) => modelRefs(r).map((m) => m.id)));
            const kinds = await usableModelKinds(deps.db, companyId, projectId, [...new Set(ids)]);
            for (const [i, t] of batch.pending()) {
              const bad = t.rules.flatMap((r, j) =>
                modelRefs(r)
                  .filter((m) => kinds.get(m.id) !== assumptionKind(m.key))
                  .map((m) => ({
                    field: `rules[${j}].${m.key}`,
                    rule: 'econ model of the assumption',
                    value: m.id,
                    message: `no ${assumptionKind(m.key)} model with id ${m.id} in project ${projectId} or among the company models`,
                  })),
              );
              if (bad.length) batch.fail(i, 400, bad);
            }
            const taken =
              method === 'post'
                ? await takenLookupNames(
                    deps.db,
                    projectId,
                    batch.values().map((t) => t.name),
                  )
                : new Set<string>();
            batch.unique(
              (t) => t.name,
              taken,
              (t, earlier) => twice(nameTaken(t.name), earlier),
            );
          },
          apply: async (t, _i, tx) => {
            const row = await writeLookupTable(tx, companyId, projectId, t, method === 'post' ? 'create' : 'upsert');
            if (!row) throw conflict(nameTaken(t.name).message, [nameTaken(t.name)]);
            return { code: row.inserted ? 201 : 200, fields: { id: row.id, name: t.name } };
          },
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }

  route(
    app,
    {
      method: 'get',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Get an econ lookup table',
      params: OneParams,
      responses: { 200: json(EconLookupTable, 'The table'), 404: NOT_FOUND },
    },
    async (c, input) => {
      await projectOf(c, input.params.projectId);
      return c.json(toLookupTable(await requireTable(c, input.params.projectId, input.params.id)), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Delete an econ lookup table',
      description: 'Its assignments in scenarios go with it. 204 with `X-Delete-Count` (0 when no such table).',
      params: OneParams,
      responses: { 204: { description: 'Deleted', headers: deleteCountHeaders('tables deleted') }, 404: NOT_FOUND },
    },
    async (c, input) => {
      await projectOf(c, input.params.projectId);
      const n = await deleteLookupTable(c.get('deps').db, input.params.projectId, input.params.id);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );

  registerAssignmentRoutes(app);
}

/** The assumption keys of a rule with the model id each names. */
const modelRefs = (rule: Record<string, unknown>) =>
  Object.entries(rule).flatMap(([key, id]) => (key === 'filter' || typeof id !== 'string' ? [] : [{ key, id }]));

function registerAssignmentRoutes(app: OpenAPIHono<AppEnv>): void {
  const scenarioOf = async (c: Context<AppEnv>, p: z.output<typeof ScenarioParams>) => {
    await projectOf(c, p.projectId);
    await requireScenario(c.get('deps').db, p.projectId, p.scenarioId);
  };

  route(
    app,
    {
      method: 'get',
      path: ASSIGN,
      tag: TAG,
      auth: 'api',
      summary: 'Which wells of the scenario use which econ lookup table',
      description:
        '`[{lookupTable, name, qualifierName, wells, allWells}]` by table name and qualifier (`allWells: true, wells: []` when it covers the scenario), a shape PUT takes back.',
      params: ScenarioParams,
      responses: { 200: json(z.array(EconLookupAssignment), 'The assignments'), 404: NOT_FOUND },
    },
    async (c, input) => {
      await scenarioOf(c, input.params);
      return c.json(await lookupAssignments(c.get('deps').db, input.params.scenarioId), 200);
    },
  );

  route(
    app,
    {
      method: 'put',
      path: ASSIGN,
      tag: TAG,
      auth: 'api',
      summary: 'Assign econ lookup tables to wells of the scenario',
      description: `One object or an array of up to ${ECON_LOOKUP_ASSIGN_WRITE_MAX} \`{lookupTable, qualifierName?, wells?, allWells?}\`: the record's wells become exactly the table's wells in the scenario under the qualifier (\`default\` when absent; \`wells: []\` clears). A well uses one lookup table per qualifier: assigning another replaces it. In a run, a well's lookup table gives, for the assumptions it selects, the models of its first matching rule in place of the directly assigned ones (decision 052). A well not in the scenario is a 400 naming it; a table not in the project a 404. Always 207, one result per record.`,
      params: ScenarioParams,
      records: {
        schema: EconLookupAssignmentInput,
        max: ECON_LOOKUP_ASSIGN_WRITE_MAX,
        single: 'wrap',
        noun: 'lookup-table assignments',
      },
      responses: { 207: json(MultiStatus, 'One result per record'), 404: NOT_FOUND },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, scenarioId } = input.params;
      await scenarioOf(c, input.params);
      const members = (await scenarioWellIds(deps.db, [scenarioId])).get(scenarioId) ?? [];
      const inScenario = new Set(members);
      const outcomes = await runBatch(deps, await input.records(), {
        parse: EconLookupAssignmentInput,
        check: async (batch) => {
          for (const [i, r] of batch.pending()) {
            if (!(await findLookupTable(deps.db, projectId, r.lookupTable))) {
              batch.fail(i, 404, {
                field: 'lookupTable',
                rule: 'lookup table of the project',
                value: r.lookupTable,
                message: `No econ lookup table with id ${r.lookupTable} in project ${projectId}`,
              });
              continue;
            }
            const missing = r.wells.filter((w) => !inScenario.has(w));
            if (missing.length)
              batch.fail(i, 400, {
                field: 'wells',
                rule: 'wells of the scenario',
                value: missing.slice(0, 10),
                message: `wells not in scenario ${scenarioId}: ${missing.slice(0, 10).join(', ')}`,
              });
          }
        },
        apply: async (r, _i, tx) => {
          const wells = r.allWells ? members : [...new Set(r.wells)];
          await replaceLookupAssignment(tx.db, scenarioId, r.lookupTable, r.qualifierName, wells, tx.clock.now());
          return {
            code: 200,
            fields: { lookupTable: r.lookupTable, qualifierName: r.qualifierName, wells: wells.length },
          };
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );

  const OneAssign = ScenarioParams.extend({ id: ObjectId });
  route(
    app,
    {
      method: 'get',
      path: `${ASSIGN}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'The wells of the scenario that use one econ lookup table',
      description: 'The assignments of the table `{id}` in the scenario, one per qualifier (empty when it has none).',
      params: OneAssign,
      responses: { 200: json(z.array(EconLookupAssignment), 'The assignments'), 404: NOT_FOUND },
    },
    async (c, input) => {
      const p = input.params;
      await scenarioOf(c, p);
      await requireTable(c, p.projectId, p.id);
      return c.json(await lookupAssignments(c.get('deps').db, p.scenarioId, p.id), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${ASSIGN}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Unassign an econ lookup table from the scenario',
      description:
        '`qualifierName` limits it to one qualifier. 204 with `X-Delete-Count` (wells that no longer use it).',
      params: OneAssign,
      query: z.object({ qualifierName: QualifierName.optional() }),
      responses: {
        204: { description: 'Unassigned', headers: deleteCountHeaders('wells unassigned') },
        404: NOT_FOUND,
      },
    },
    async (c, input) => {
      const p = input.params;
      await scenarioOf(c, p);
      await requireTable(c, p.projectId, p.id);
      const n = await unassignLookupTable(c.get('deps').db, p.scenarioId, p.id, input.query.qualifierName);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
