import {
  ErrorEnvelope,
  MultiStatus,
  noNul,
  ObjectId,
  SCENARIO_UPSERT_MAX,
  SCENARIO_WELLS_DELETE_MAX,
  SCENARIO_WELLS_MAX,
  ScenarioUpsert,
  ScenarioWells,
  ScenarioWellsInput,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { requireScenario } from '../assignments/store';
import { isUniqueViolation } from '../db/pgErrors';
import { recordErrors, runBatch, twice } from '../http/batch';
import { conflict, invalid, notFound } from '../http/errors';
import { counted, multiStatus, statusText } from '../http/multiStatus';
import { deleteCountHeaders } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { commaList } from '../http/queryForms';
import { route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import {
  addScenarioWellsUpToMax,
  createScenario,
  deleteScenarios,
  projectWellsAmong,
  removeScenarioWells,
  renameScenario,
  scenarioDeleteFilter,
  scenarioNames,
  scenarioWellList,
} from './store';

/*
 * Scenario routes of the service beyond create/list/get (issue 21, decision 052):
 * `PUT|DELETE /v1/projects/{p}/scenarios` and `/v1/projects/{p}/scenarios/{s}/well-assignments`.
 */

const TAG = 'Scenarios';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const NOT_FOUND = json(ErrorEnvelope, 'The project or scenario is unknown');
const BASE = '/v1/projects/{projectId}/scenarios';
const WELLS_PATH = `${BASE}/{scenarioId}/well-assignments`;
const ScenarioParams = ProjectParam.extend({ scenarioId: ObjectId });

const DeleteQuery = z.object({
  name: z
    .array(noNul(z.string().max(200)))
    .max(100)
    .optional()
    .meta({ description: 'names of the scenarios to delete (repeatable)' }),
  id: commaList(ObjectId, { description: 'ids of the scenarios to delete (repeatable or comma-separated)' }),
});

const WellsDeleteQuery = z.object({
  wells: commaList(ObjectId, { description: 'the well ids to remove (repeatable or comma-separated)' }),
});

async function scenarioOf(c: Context<AppEnv>, p: z.output<typeof ScenarioParams>): Promise<void> {
  const deps = c.get('deps');
  await requireProject(deps, c.get('auth').companyId, p.projectId);
  await requireScenario(deps.db, p.projectId, p.scenarioId);
}

export function registerScenarioWriteRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'put',
      path: BASE,
      tag: TAG,
      auth: 'api',
      summary: 'Rename scenarios (or create them)',
      description: `One object or an array of up to ${SCENARIO_UPSERT_MAX} \`{id?, name}\`: with \`id\`, renames that scenario of the project (200; an unknown id is a 404); without, creates a scenario of that name over every well of the project (201). A name another scenario of the project holds is a 409 naming it. Always 207, one result per record.`,
      params: ProjectParam,
      records: { schema: ScenarioUpsert, max: SCENARIO_UPSERT_MAX, single: 'wrap', noun: 'scenarios' },
      responses: { 207: json(MultiStatus, 'One result per record'), 404: NOT_FOUND },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const names = await scenarioNames(deps.db, projectId);
      const holder = new Map([...names].map(([id, name]) => [name, id]));
      const nameTaken = (s: ScenarioUpsert) => ({
        field: 'name',
        rule: 'unique',
        value: s.name,
        message: `A scenario named "${s.name}" already exists in project ${projectId}`,
      });
      const outcomes = await runBatch(deps, await input.records(), {
        parse: ScenarioUpsert,
        check: (batch) => {
          for (const [i, s] of batch.pending()) {
            if (s.id && !names.has(s.id)) {
              batch.fail(i, 404, {
                field: 'id',
                rule: 'scenario of the project',
                value: s.id,
                message: `No scenario with id ${s.id} in project ${projectId}`,
              });
            }
          }
          // A name is taken when another scenario holds it (renaming a scenario to its own name is fine).
          const taken = new Set<string>();
          for (const [, s] of batch.pending()) {
            const by = holder.get(s.name);
            if (by !== undefined && by !== s.id) taken.add(s.name);
          }
          batch.unique(
            (s) => s.name,
            taken,
            (s, earlier) => twice(nameTaken(s), earlier),
          );
        },
        apply: async (s, _i, tx) => {
          const now = tx.clock.now();
          if (s.id) {
            const renamed = await renameScenario(tx.db, projectId, s.id, s.name, now).catch((e: unknown) => {
              throw isUniqueViolation(e) ? conflict(nameTaken(s).message, [nameTaken(s)]) : e;
            });
            if (!renamed) throw notFound(`No scenario with id ${s.id} in project ${projectId}`);
            return { code: 200, fields: { id: s.id, name: s.name } };
          }
          const id = await createScenario(tx.db, tx.clock, projectId, s.name);
          if (!id) throw conflict(nameTaken(s).message, [nameTaken(s)]);
          return { code: 201, fields: { id, name: s.name } };
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
      summary: 'Delete scenarios',
      description:
        '`name` and `id` (at least one; repeatable) name the scenarios to delete. Each goes with its well list, econ-model and lookup-table assignments, qualifiers, saved combos, econ runs and their results, in one transaction. 204 with `X-Delete-Count` (scenarios deleted).',
      params: ProjectParam,
      query: DeleteQuery,
      responses: {
        204: { description: 'Deleted', headers: deleteCountHeaders('scenarios deleted') },
        404: NOT_FOUND,
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId } = input.params;
      await requireProject(deps, c.get('auth').companyId, projectId);
      const names = input.query.name ?? [];
      const ids = input.query.id ?? [];
      if (names.length === 0 && ids.length === 0) {
        throw invalid('name or id is required: name the scenarios to delete', [
          { field: 'query.name', rule: 'required', message: 'name or id is required' },
        ]);
      }
      const deleted = await deleteScenarios(deps.db, projectId, scenarioDeleteFilter(names, ids));
      return c.body(null, 204, { 'X-Delete-Count': String(deleted.length) });
    },
  );

  route(
    app,
    {
      method: 'get',
      path: WELLS_PATH,
      tag: TAG,
      auth: 'api',
      summary: "The scenario's wells",
      description: `\`{wells: [id, …]}\`: every well of the scenario, by id (a scenario holds at most ${SCENARIO_WELLS_MAX}).`,
      params: ScenarioParams,
      responses: { 200: json(ScenarioWells, 'The wells'), 404: NOT_FOUND },
    },
    async (c, input) => {
      await scenarioOf(c, input.params);
      return c.json({ wells: await scenarioWellList(c.get('deps').db, input.params.scenarioId) }, 200);
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: WELLS_PATH,
        tag: TAG,
        auth: 'api',
        summary: 'Add wells to the scenario',
        description: `An array of well ids of the project. POST and PUT both add (as the service does): wells the scenario has stay, and nothing is removed (DELETE removes). 207 with one result per id, \`{status: "Created", code: 201, well, chosenID}\` (\`chosenID\` repeats the id, as the service's clients read it), or 404 for an id that is not a well of the project. A scenario past ${SCENARIO_WELLS_MAX} wells is a 400 and nothing is added.`,
        params: ScenarioParams,
        body: ScenarioWellsInput,
        responses: { 207: json(MultiStatus, 'One result per id'), 404: NOT_FOUND },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const p = input.params;
        await scenarioOf(c, p);
        const ids = await input.body();
        const unique = [...new Set(ids)];
        const inProject = await projectWellsAmong(deps.db, p.projectId, unique);
        const adding = unique.filter((w) => inProject.has(w));
        await addScenarioWellsUpToMax(deps.db, p.scenarioId, adding);
        const results = ids.map((well, i) =>
          inProject.has(well)
            ? { status: statusText(201), code: 201, well, chosenID: well }
            : {
                status: statusText(404),
                code: 404,
                well,
                chosenID: well,
                errors: recordErrors(
                  i,
                  [
                    {
                      field: '',
                      rule: 'well of the project',
                      value: well,
                      message: `No well with id ${well} in project ${p.projectId}`,
                    },
                  ],
                  404,
                ),
              },
        );
        return c.json(counted(results), 207);
      },
    );
  }

  route(
    app,
    {
      method: 'delete',
      path: WELLS_PATH,
      tag: TAG,
      auth: 'api',
      summary: 'Remove wells from the scenario',
      description: `\`wells\` (required; repeatable or comma-separated, at most ${SCENARIO_WELLS_DELETE_MAX}) names the wells to remove; their econ-model and lookup-table assignments in the scenario go too. 204 with \`X-Delete-Count\` (wells removed; ids the scenario does not hold count 0).`,
      params: ScenarioParams,
      query: WellsDeleteQuery,
      responses: { 204: { description: 'Removed', headers: deleteCountHeaders('wells removed') }, 404: NOT_FOUND },
    },
    async (c, input) => {
      await scenarioOf(c, input.params);
      const wells = [...new Set(input.query.wells ?? [])];
      if (wells.length === 0) {
        throw invalid('wells is required: name the wells to remove', [
          { field: 'query.wells', rule: 'required', message: 'wells is required' },
        ]);
      }
      if (wells.length > SCENARIO_WELLS_DELETE_MAX) {
        throw invalid(`wells takes at most ${SCENARIO_WELLS_DELETE_MAX} ids`, [
          {
            field: 'query.wells',
            rule: `max ${SCENARIO_WELLS_DELETE_MAX}`,
            value: wells.length,
            message: `at most ${SCENARIO_WELLS_DELETE_MAX} ids (got ${wells.length})`,
          },
        ]);
      }
      const db = c.get('deps').db;
      const n = await removeScenarioWells(db, input.params.scenarioId, wells);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
