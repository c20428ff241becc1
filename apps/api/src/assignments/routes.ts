import {
  ASSIGNMENT_DELETE_WELLS_MAX,
  ASSIGNMENT_GRID_SORT,
  ASSIGNMENT_WELLS_MAX,
  ASSIGNMENT_WRITE_MAX,
  Assignment,
  AssignmentDeleteQuery,
  AssignmentInput,
  AssignmentMultiStatus,
  AssignmentReplaceInput,
  ECON_MODEL_KINDS,
  EconModelKind,
  ObjectId,
  pagingQuery,
  QUALIFIER_DEFAULT,
  ScenarioAssignmentGridRow,
  TAKE_MAX_LARGE,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { isForeignKeyViolation } from '../db/pgErrors';
import { runBatch, twice } from '../http/batch';
import { invalid, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import { gridRows, groupAssignments, listText, resolveWells } from './rules';
import { withServiceAssumptions } from './serviceGrid';
import {
  assignWells,
  gridAssignmentRows,
  type ModelRef,
  modelAssignmentRows,
  projectScenarioIds,
  replaceWells,
  requireKind,
  requireModel,
  requireScenario,
  type ScenarioScope,
  scenarioWellCounts,
  scenarioWellIds,
  scenarioWellList,
  scopeText,
  unassignWells,
} from './store';

const TAG = 'Scenario assignments';
const MODEL_PATH = '/v1/projects/{projectId}/econ-models/{kind}/{econModelId}/assignments';
/** The service's company scope: a company model's assignments in every project of the company. */
const COMPANY_MODEL_PATH = '/v1/econ-models/{kind}/{econModelId}/assignments';
const GRID_PATH = '/v1/projects/{projectId}/scenarios/{scenarioId}/assignments/econ-models';

/** Path parameters as documented (the kind is one of the registry's); parsed with a plain string kind so an unknown kind is a 404. */
const ModelParamsDoc = z.object({ projectId: ObjectId, kind: EconModelKind, econModelId: ObjectId });
const ModelParams = z.object({ projectId: ObjectId, kind: z.string(), econModelId: ObjectId });
const CompanyModelParamsDoc = z.object({ kind: EconModelKind, econModelId: ObjectId });
const CompanyModelParams = z.object({ kind: z.string(), econModelId: ObjectId });
const GridParams = z.object({ projectId: ObjectId, scenarioId: ObjectId });
const GetQuery = z.object({
  scenarioId: ObjectId.optional().meta({ description: 'only the assignments in this scenario of the project' }),
});

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const NOT_FOUND = json(z.object({ name: z.string(), message: z.string() }), 'No such project, kind, model or scenario');

const RULES = [
  `\`qualifierName\` defaults to \`${QUALIFIER_DEFAULT}\`.`,
  '`allWells: true` takes every well of the scenario and then `wells` must be absent or empty; otherwise `wells` lists wells of the scenario (a well not in it fails the record with 400, naming it; a well listed twice counts once).',
  'A well has one model per kind and qualifier in a scenario: assigning this model replaces the model of the same kind the well had under that qualifier.',
  'The model is a model of this project or a company model, of the path’s kind (404 otherwise); the scenario must be in the project (404 for the record).',
].join(' ');

/**
 * The project is the caller's, the kind is known and the model is of it: else 404. The path is
 * documented with the kind's enumeration (`ModelParamsDoc`) but read with a plain string kind: a
 * path naming no kind names no resource, a 404 rather than a 400.
 */
async function modelOf(c: Context<AppEnv>): Promise<{ scope: ScenarioScope; model: ModelRef }> {
  const deps = c.get('deps');
  const companyId = c.get('auth').companyId;
  if (c.req.param('projectId') === undefined) {
    // The company path: a company model, its assignments in any project of the company.
    const p = parseWith(CompanyModelParams, c.req.param(), 'path.');
    const model = await requireModel(deps, companyId, null, requireKind(p.kind), p.econModelId);
    return { scope: { companyId }, model };
  }
  const p = parseWith(ModelParams, c.req.param(), 'path.');
  await requireProject(deps, companyId, p.projectId);
  const kind = requireKind(p.kind);
  const model = await requireModel(deps, companyId, p.projectId, kind, p.econModelId);
  return { scope: { projectId: p.projectId }, model };
}

/** The two places a model's assignments are served: the project path and the company path. */
const MODEL_PLACES = [
  { path: MODEL_PATH, params: ModelParamsDoc, where: 'in the project’s scenarios' },
  {
    path: COMPANY_MODEL_PATH,
    params: CompanyModelParamsDoc,
    where: 'in the scenarios of every project of the company (company models only; the service’s company scope)',
  },
] as const;

export function registerAssignmentRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const place of MODEL_PLACES) registerModelAssignmentRoutes(app, place);
  registerGridRoute(app);
}

function registerModelAssignmentRoutes(app: OpenAPIHono<AppEnv>, place: (typeof MODEL_PLACES)[number]): void {
  route(
    app,
    {
      method: 'get',
      path: place.path,
      tag: TAG,
      auth: 'api',
      summary: 'List where an econ model is assigned',
      description: `The model’s assignments ${place.where}, one object per scenario and qualifier, in the request body’s shape (so it can be sent back with PUT): \`{scenario, qualifierName, wells, allWells}\`. \`allWells: true\` (with \`wells: []\`) when the model is assigned to every well of the scenario, else \`allWells: false\` and the wells sorted by id. Ordered by scenario id, then qualifier name. On the project path a company model lists only its assignments in this project.`,
      params: place.params,
      query: GetQuery,
      responses: { 200: json(z.array(Assignment), 'The model’s assignments'), 404: NOT_FOUND },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { scope, model } = await modelOf(c);
      const { scenarioId } = input.query;
      if (scenarioId) await requireScenario(deps.db, scope, scenarioId);
      const rows = await modelAssignmentRows(deps.db, model.id, scope, scenarioId);
      const counts = await scenarioWellCounts(deps.db, [...new Set(rows.map((r) => r.scenarioId))]);
      return c.json(groupAssignments(rows, counts), 200);
    },
  );

  for (const method of ['post', 'put'] as const) {
    const Record = method === 'post' ? AssignmentInput : AssignmentReplaceInput;
    route(
      app,
      {
        method,
        path: place.path,
        tag: TAG,
        auth: 'api',
        summary:
          method === 'post' ? 'Assign an econ model to wells of scenarios' : 'Replace an econ model’s assignments',
        description: [
          `One object or an array of up to ${ASSIGNMENT_WRITE_MAX} records \`{scenario, qualifierName?, wells?, allWells?}\` (\`wells\` at most ${ASSIGNMENT_WELLS_MAX} ids). `,
          method === 'post'
            ? 'Adds: the model is assigned to the record’s wells, the model’s other assignments stay. A record must name at least one well unless `allWells`. '
            : 'Replaces: for each record’s scenario and qualifier, the model ends up assigned to exactly the record’s wells (its other wells there are unassigned; `wells: []` clears it). Other scenarios and qualifiers are untouched. Naming the same scenario and qualifier twice in one request fails the later record with 409. ',
          RULES,
          ` Always 207 with one result per record, in order, each applied whole or not at all: \`{status: "${method === 'post' ? 'Created' : 'OK'}", code: ${method === 'post' ? 201 : 200}, scenario, qualifierName, wells, allWells}\` (\`wells\`: the wells the record assigned, sorted) or \`{status, code: 400|404|409, errors: [{name, message, location, field, rule, value, recordIndex}]}\`.`,
          ' A body that is not an object or an array, an empty array or too many records is a 400 for the whole request; an unknown project, kind or model is a 404 for the whole request.',
        ].join(''),
        params: place.params,
        records: { schema: Record, max: ASSIGNMENT_WRITE_MAX, single: 'wrap', noun: 'assignments' },
        responses: { 207: json(AssignmentMultiStatus, 'One result per record'), 404: NOT_FOUND },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const { scope, model } = await modelOf(c);
        const resolved = new Map<number, string[]>();
        const outcomes = await runBatch(deps, await input.records(), {
          parse: Record as z.ZodType<z.output<typeof AssignmentReplaceInput>>,
          check: async (batch) => {
            const known = await projectScenarioIds(deps.db, scope, [...new Set(batch.values().map((p) => p.scenario))]);
            for (const [i, p] of batch.pending()) {
              if (known.has(p.scenario)) continue;
              batch.fail(i, 404, {
                field: 'scenario',
                rule: 'projectId' in scope ? 'scenario of the project' : 'scenario of the company',
                value: p.scenario,
                message: `No scenario with id ${p.scenario} in ${scopeText(scope)}`,
              });
            }
            if (method === 'put') {
              batch.unique(
                (p) => `${p.scenario}\u0000${p.qualifierName}`,
                new Set(),
                (p, earlier) =>
                  twice(
                    {
                      field: 'qualifierName',
                      rule: 'unique',
                      value: p.qualifierName,
                      message: `scenario ${p.scenario} and qualifier "${p.qualifierName}" are replaced by an earlier record`,
                    },
                    earlier,
                  ),
              );
            }
            const wellsOf = await scenarioWellIds(deps.db, [...known]);
            for (const [i, p] of batch.pending()) {
              const r = resolveWells(p, wellsOf.get(p.scenario) ?? []);
              if (r.ok) resolved.set(i, r.wells);
              else {
                batch.fail(i, 400, {
                  field: 'wells',
                  rule: 'wells of the scenario',
                  value: r.missing.slice(0, 20),
                  message: `wells not in scenario ${p.scenario}: ${listText(r.missing)}`,
                });
              }
            }
          },
          apply: async (p, i, tx) => {
            const wells = resolved.get(i) ?? [];
            const slot = { scenarioId: p.scenario, kind: model.kind, qualifierName: p.qualifierName };
            try {
              if (method === 'post') await assignWells(tx.db, slot, model.id, wells, tx.clock.now());
              else await replaceWells(tx.db, slot, model.id, wells, tx.clock.now());
            } catch (err) {
              if (!isForeignKeyViolation(err)) throw err;
              const message = `scenario ${p.scenario}, one of its wells or the model was deleted during the request`;
              throw notFound(message, [{ field: 'scenario', rule: 'exists', value: p.scenario, message }]);
            }
            const fields = { scenario: p.scenario, qualifierName: p.qualifierName, wells, allWells: p.allWells };
            return { code: method === 'post' ? 201 : 200, fields };
          },
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }

  route(
    app,
    {
      method: 'delete',
      path: place.path,
      tag: TAG,
      auth: 'api',
      summary: 'Unassign an econ model from wells of a scenario',
      description: `Removes this model’s assignments in one scenario and qualifier: \`scenarioId\` (required), \`qualifierName\` (default \`${QUALIFIER_DEFAULT}\`), and either \`wells\` (repeatable, at most ${ASSIGNMENT_DELETE_WELLS_MAX}, wells of the scenario) or \`allWells=true\` (all of them), not both. Other models’ assignments are never removed. 204 with \`X-Delete-Count\` (assignments removed, 0 when there were none). 400 names the field, rule and value, and removes nothing (a well not in the scenario included); 404 for an unknown project, kind, model or scenario.`,
      params: place.params,
      query: AssignmentDeleteQuery,
      responses: {
        204: {
          description: 'Removed',
          headers: deleteCountHeaders('assignments removed'),
        },
        404: NOT_FOUND,
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { scope, model } = await modelOf(c);
      const q = input.query;
      await requireScenario(deps.db, scope, q.scenarioId);
      let wells: string[] | null = null;
      if (q.allWells !== 'true') {
        const resolved = resolveWells(
          { wells: q.wells, allWells: false },
          (await scenarioWellIds(deps.db, [q.scenarioId])).get(q.scenarioId) ?? [],
        );
        if (!resolved.ok) {
          const message = `wells not in scenario ${q.scenarioId}: ${listText(resolved.missing)}`;
          throw invalid(message, [
            { field: 'query.wells', rule: 'wells of the scenario', value: resolved.missing.slice(0, 20), message },
          ]);
        }
        wells = resolved.wells;
      }
      const slot = { scenarioId: q.scenarioId, kind: model.kind, qualifierName: q.qualifierName };
      const removed = await unassignWells(deps.db, slot, model.id, wells);
      return c.body(null, 204, { 'X-Delete-Count': String(removed) });
    },
  );
}

/** The scenario's assignment grid: every well with its models of every kind. */
function registerGridRoute(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: GRID_PATH,
      tag: TAG,
      auth: 'api',
      head: true,
      summary: 'The assignment grid of a scenario',
      description: `One row per well of the scenario: \`{well, wellName, assignments}\` where \`assignments\` has a key for every econ model kind (${ECON_MODEL_KINDS.map((k) => `\`${k}\``).join(', ')}) holding, per qualifier name, the model assigned to the well: \`{id, name, scope: "project"|"company"}\`; \`{}\` when the kind has none. Example: \`{"well": "…", "wellName": "A 1H", "assignments": {"capex": {"default": {"id": "…", "name": "Base capex", "scope": "project"}}, "depreciation": {}, …}}\`. Paged by well: \`skip\`, \`take\` (at most ${TAKE_MAX_LARGE}), \`sort\` \`id\` or \`wellName\` (\`-\` for descending), \`Link\` header; \`HEAD\` answers \`X-Query-Count\` (the scenario’s wells). 404 for an unknown project or scenario. Each row also carries the service’s shape, \`wellId\` and \`assumptions: [{model, assignments: [{qualifierName, econModelId}]}]\` (every kind, \`model\` as the service names it: \`dates\`, \`pricing\`, \`ownershipReversion\`, …; decision 045).`,
      params: GridParams,
      query: pagingQuery(ASSIGNMENT_GRID_SORT, TAKE_MAX_LARGE),
      responses: {
        200: { ...json(z.array(ScenarioAssignmentGridRow), 'One page of wells'), headers: LIST_HEADERS },
        404: NOT_FOUND,
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, scenarioId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      await requireScenario(deps.db, projectId, scenarioId);
      const list = scenarioWellList(deps.db, scenarioId);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ASSIGNMENT_GRID_SORT, takeMax: TAKE_MAX_LARGE },
        {
          count: list.count,
          async page(page, limit) {
            const wells = await list.page(page, limit);
            const rows = await gridAssignmentRows(
              deps.db,
              scenarioId,
              wells.map((w) => w.id),
            );
            return gridRows(wells, rows, ECON_MODEL_KINDS).map(withServiceAssumptions);
          },
        },
      );
    },
  );
}
