import {
  AssumptionName,
  assumptionKind,
  type Combo,
  ErrorEnvelope,
  MultiStatus,
  noNul,
  ObjectId,
  QUALIFIER_DEFAULT,
  QUALIFIERS_WRITE_MAX,
  QualifierInput,
  QualifierView,
  SAVED_COMBOS_WRITE_MAX,
  SavedCombos,
  SavedCombosView,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { requireScenario } from '../assignments/store';
import type { Db as Conn } from '../db/connection';
import { type Batch, runBatch, twice } from '../http/batch';
import { conflict, invalid, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { commaList } from '../http/queryForms';
import { route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import {
  addQualifier,
  deleteQualifiers,
  deleteSavedCombos,
  hasQualifier,
  listQualifiers,
  listSavedCombos,
  renameQualifier,
  takenSavedNames,
  unknownQualifiers,
  writeSavedCombos,
} from './store';

/*
 * Scenario qualifiers and saved combos (issue 20; service-shapes.md "Scenarios", "Econ runs and
 * results"; decision 044): `/v1/projects/{p}/scenarios/{s}/qualifiers` and `…/combos`.
 */

const TAG = 'Scenario combos';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const NOT_FOUND = json(ErrorEnvelope, 'The project or scenario is unknown');
const Params = ProjectParam.extend({ scenarioId: ObjectId });
const COMBOS_PATH = '/v1/projects/{projectId}/scenarios/{scenarioId}/combos';
const QUALIFIERS_PATH = '/v1/projects/{projectId}/scenarios/{scenarioId}/qualifiers';

async function scenarioOf(c: Context<AppEnv>, p: z.output<typeof Params>): Promise<void> {
  const deps = c.get('deps');
  await requireProject(deps, c.get('auth').companyId, p.projectId);
  await requireScenario(deps.db, p.projectId, p.scenarioId);
}

/**
 * Fails each pending record whose combos name a qualifier the scenario does not have (400 naming
 * `combos[i].qualifiers[j].qualifierName`): a run would find no model under it.
 */
export async function checkComboQualifiers<T>(
  db: Conn,
  scenarioId: string,
  batch: Batch<T>,
  combosOf: (record: T) => readonly Pick<Combo, 'qualifiers'>[],
  prefix = 'combos',
): Promise<void> {
  for (const [i, record] of batch.pending()) {
    const details = await unknownQualifiers(db, scenarioId, combosOf(record), prefix);
    if (details.length) batch.fail(i, 400, details);
  }
}

/** Repeatable, not comma-separated: names may hold commas. */
const names = (item: z.ZodType<string>, description: string) => z.array(item).optional().meta({ description });

const SavedNameQuery = z.object({
  savedName: names(noNul(z.string().min(1)), 'the saved names to delete (repeatable; commas are part of a name)'),
});

const QualifierQuery = z.object({
  econName: commaList(AssumptionName).meta({
    description: 'the assumptions to list (type name or route; repeatable); all when left out',
  }),
});

const QualifierDeleteQuery = z.object({
  econNames: commaList(AssumptionName).meta({ description: 'the assumptions whose qualifiers go (repeatable)' }),
  qualifierNames: names(
    noNul(z.string().min(1)),
    'the qualifier names to delete (repeatable; commas are part of a name)',
  ),
});

export function registerComboRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: COMBOS_PATH,
      tag: TAG,
      auth: 'api',
      summary: 'The saved combos of a scenario',
      description:
        'Each saved set `{savedName, combos: [{comboName, selected, qualifiers: [{assumption, qualifierName}]}]}`, by saved name. A run takes one with `savedCombos` (its selected combos) or combos of its own with `combos`.',
      params: Params,
      responses: { 200: json(z.array(SavedCombosView), 'The saved sets'), 404: NOT_FOUND },
    },
    async (c, input) => {
      await scenarioOf(c, input.params);
      return c.json(await listSavedCombos(c.get('deps').db, input.params.scenarioId), 200);
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: COMBOS_PATH,
        tag: TAG,
        auth: 'api',
        summary: method === 'post' ? 'Save sets of combos' : 'Save or replace sets of combos by saved name',
        description: `One object or an array of up to ${SAVED_COMBOS_WRITE_MAX} records \`{savedName, combos}\`; each combo \`{comboName, selected?, qualifiers: [{assumption, qualifierName}]}\` names a qualifier of the scenario per assumption (\`default\` for the others; assumptions by type name, e.g. \`Pricing\`, or route, e.g. \`pricing\`). ${method === 'post' ? 'A saved name already taken is 409.' : 'A saved name taken is replaced (200), else created (201).'} A qualifier the scenario does not have is a 400 naming it. Always 207, one result per record, each applied whole or not at all.`,
        params: Params,
        records: { schema: SavedCombos, max: SAVED_COMBOS_WRITE_MAX, single: 'wrap', noun: 'saved combos' },
        responses: { 207: json(MultiStatus, 'One result per record'), 404: NOT_FOUND },
      },
      async (c, input) => {
        const deps = c.get('deps');
        await scenarioOf(c, input.params);
        const { scenarioId } = input.params;
        const outcomes = await runBatch(deps, await input.records(), {
          parse: SavedCombos,
          check: async (batch) => {
            const taken =
              method === 'post'
                ? await takenSavedNames(
                    deps.db,
                    scenarioId,
                    batch.values().map((s) => s.savedName),
                  )
                : new Set<string>();
            batch.unique(
              (s) => s.savedName,
              taken,
              (s, earlier) =>
                twice(
                  {
                    field: 'savedName',
                    rule: 'unique',
                    value: s.savedName,
                    message: `savedName "${s.savedName}" is taken in scenario ${scenarioId}`,
                  },
                  earlier,
                ),
            );
            await checkComboQualifiers(deps.db, scenarioId, batch, (s) => s.combos);
          },
          apply: async (saved, _i, tx) => {
            const { created, view } = await writeSavedCombos(
              tx.db,
              scenarioId,
              saved,
              tx.clock.now(),
              method === 'put',
            );
            return { code: created ? 201 : 200, fields: { savedName: view.savedName, combos: view.combos.length } };
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
      path: COMBOS_PATH,
      tag: TAG,
      auth: 'api',
      summary: 'Delete saved sets of combos',
      description:
        '`savedName` (required, repeatable or comma-separated) names the sets to delete. 204 with `X-Delete-Count` (0 when none had those names). Runs already made keep their results.',
      params: Params,
      query: SavedNameQuery,
      responses: { 204: { description: 'Deleted', headers: deleteCountHeaders('saved sets deleted') }, 404: NOT_FOUND },
    },
    async (c, input) => {
      await scenarioOf(c, input.params);
      const names = input.query.savedName;
      if (!names?.length) {
        throw invalid('savedName is required: name the saved combos to delete', [
          { field: 'query.savedName', rule: 'required', message: 'savedName is required' },
        ]);
      }
      const removed = await deleteSavedCombos(c.get('deps').db, input.params.scenarioId, names);
      return c.body(null, 204, { 'X-Delete-Count': String(removed) });
    },
  );

  route(
    app,
    {
      method: 'get',
      path: QUALIFIERS_PATH,
      tag: TAG,
      auth: 'api',
      summary: 'The qualifiers of a scenario',
      description: `Per assumption (econ model kind), \`${QUALIFIER_DEFAULT}\` and every qualifier saved or named by an assignment: \`{econModel (type name), kind (route), name, wells}\` (\`wells\`: wells assigned a model under it). \`econName\` (repeatable) keeps some assumptions.`,
      params: Params,
      query: QualifierQuery,
      responses: { 200: json(z.array(QualifierView), 'The qualifiers'), 404: NOT_FOUND },
    },
    async (c, input) => {
      await scenarioOf(c, input.params);
      const kinds = input.query.econName?.map((n) => assumptionKind(n)!);
      return c.json(await listQualifiers(c.get('deps').db, input.params.scenarioId, kinds), 200);
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: QUALIFIERS_PATH,
        tag: TAG,
        auth: 'api',
        summary: method === 'post' ? 'Add qualifiers to a scenario' : 'Rename qualifiers of a scenario',
        description:
          method === 'post'
            ? `One object or an array of up to ${QUALIFIERS_WRITE_MAX} records \`{econModel, name}\`: the qualifier \`name\` of that assumption (a name the scenario has is 409). 207, one result per record.`
            : `One object or an array of up to ${QUALIFIERS_WRITE_MAX} records \`{econModel, name, newName}\`: renames the qualifier and the assignments under it (an unknown name is 404, \`${QUALIFIER_DEFAULT}\` cannot be renamed, a \`newName\` the scenario has is 409). Saved combos that name the old name are not rewritten. 207, one result per record.`,
        params: Params,
        records: { schema: QualifierInput, max: QUALIFIERS_WRITE_MAX, single: 'wrap', noun: 'qualifiers' },
        responses: { 207: json(MultiStatus, 'One result per record'), 404: NOT_FOUND },
      },
      async (c, input) => {
        const deps = c.get('deps');
        await scenarioOf(c, input.params);
        const { scenarioId } = input.params;
        const outcomes = await runBatch(deps, await input.records(), {
          parse: QualifierInput,
          check: (batch) => {
            batch.unique(
              (q) => `${assumptionKind(q.econModel)}\u0000${q.name}`,
              new Set(),
              (q, earlier) =>
                twice(
                  { field: 'name', rule: 'unique', value: q.name, message: `qualifier "${q.name}" again` },
                  earlier,
                ),
            );
            if (method === 'put') {
              for (const [i, q] of batch.pending()) {
                if (q.newName === undefined) {
                  batch.fail(i, 400, { field: 'newName', rule: 'required', message: 'newName is required to rename' });
                } else if (q.name === QUALIFIER_DEFAULT) {
                  batch.fail(i, 400, {
                    field: 'name',
                    rule: `not ${QUALIFIER_DEFAULT}`,
                    value: q.name,
                    message: `the ${QUALIFIER_DEFAULT} qualifier cannot be renamed`,
                  });
                }
              }
            }
          },
          apply: async (q, _i, tx) => {
            const kind = assumptionKind(q.econModel)!;
            const now = tx.clock.now();
            const exists = await hasQualifier(tx.db, scenarioId, kind, q.name);
            const fields = { econModel: q.econModel, kind, name: q.newName ?? q.name };
            if (method === 'post') {
              if (exists) {
                throw conflict(`scenario ${scenarioId} has the ${kind} qualifier "${q.name}"`, [
                  { field: 'name', rule: 'unique', value: q.name, message: `the ${kind} qualifier "${q.name}" exists` },
                ]);
              }
              await addQualifier(tx.db, scenarioId, kind, q.name, now);
              return { code: 201, fields };
            }
            if (!exists) {
              throw notFound(`scenario ${scenarioId} has no ${kind} qualifier "${q.name}"`, [
                { field: 'name', rule: 'qualifier of the scenario', value: q.name, message: 'no such qualifier' },
              ]);
            }
            if (q.newName !== q.name && (await hasQualifier(tx.db, scenarioId, kind, q.newName!))) {
              throw conflict(`scenario ${scenarioId} has the ${kind} qualifier "${q.newName}"`, [
                { field: 'newName', rule: 'unique', value: q.newName, message: 'the new name is taken' },
              ]);
            }
            await renameQualifier(tx.db, scenarioId, kind, q.name, q.newName!, now);
            return { code: 200, fields };
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
      path: QUALIFIERS_PATH,
      tag: TAG,
      auth: 'api',
      summary: 'Delete qualifiers of a scenario',
      description: `\`econNames\` and \`qualifierNames\` (both required, repeatable): deletes those qualifiers of those assumptions with the assignments under them. \`${QUALIFIER_DEFAULT}\` cannot be deleted (400). 204 with \`X-Delete-Count\` (qualifiers deleted).`,
      params: Params,
      query: QualifierDeleteQuery,
      responses: { 204: { description: 'Deleted', headers: deleteCountHeaders('qualifiers deleted') }, 404: NOT_FOUND },
    },
    async (c, input) => {
      await scenarioOf(c, input.params);
      const { econNames, qualifierNames } = input.query;
      for (const [field, v] of [
        ['econNames', econNames],
        ['qualifierNames', qualifierNames],
      ] as const) {
        if (!v?.length) {
          throw invalid(`${field} is required`, [
            { field: `query.${field}`, rule: 'required', message: `${field} is required` },
          ]);
        }
      }
      if (qualifierNames!.includes(QUALIFIER_DEFAULT)) {
        throw invalid(`the ${QUALIFIER_DEFAULT} qualifier cannot be deleted`, [
          {
            field: 'query.qualifierNames',
            rule: `not ${QUALIFIER_DEFAULT}`,
            value: QUALIFIER_DEFAULT,
            message: `the ${QUALIFIER_DEFAULT} qualifier cannot be deleted`,
          },
        ]);
      }
      const kinds = [...new Set(econNames!.map((n) => assumptionKind(n)!))];
      const removed = await deleteQualifiers(c.get('deps').db, input.params.scenarioId, kinds, qualifierNames!);
      return c.body(null, 204, { 'X-Delete-Count': String(removed) });
    },
  );
}
