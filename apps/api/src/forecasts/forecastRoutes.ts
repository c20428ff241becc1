import {
  ErrorEnvelope,
  ForecastOutput,
  ForecastPatch,
  ForecastPatchResult,
  ForecastWellsInput,
  MultiStatus,
  ObjectId,
  type PHASES,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch } from '../http/batch';
import { notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { route } from '../http/route';
import { wellsOfProject } from '../resources/wellStore';
import { addForecastWells, deleteIdleForecast, renameForecast } from './forecastWrites';
import { outputOf } from './outputRoutes';
import { forecastPhasesOf, requireForecast } from './store';
import { wellVolumes } from './volumes';

/*
 * The forecast routes the service's clients call beyond create/list/get (issue 21): rename,
 * delete, add wells, one output by its id. ARIES lines: `ariesRoutes.ts`.
 */

const tag = 'Forecasts';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const OneParams = ProjectParam.extend({ id: ObjectId });

export function registerForecastServiceRoutes(app: OpenAPIHono<AppEnv>): void {
  // Before `…/forecasts/{id}/…`: `outputs` is not a forecast id.
  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/forecasts/outputs/{id}',
      tag: 'Forecast outputs',
      auth: 'api',
      summary: 'One forecast output (a well and phase of a forecast) by its id',
      description:
        'The element of `GET …/forecasts/{forecastId}/outputs` whose `id` is `{forecast}:{well}:{phase}`; 404 when the forecast is not in the project or has no parameters for that well and phase.',
      params: ProjectParam.extend({
        id: z
          .string()
          .regex(/^[0-9a-f]{24}:[0-9a-f]{24}:(oil|gas|water)$/, 'id must be {forecastId}:{wellId}:{phase}')
          .meta({ example: '6523f1a2b4c5d6e7f8091a2b:6523f1a2b4c5d6e7f8091a2c:oil' }),
      }),
      responses: { 200: json(ForecastOutput, 'The output'), 404: json(ErrorEnvelope, 'No such output') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, id } = input.params;
      const [forecastId, wellId, phase] = id.split(':') as [string, string, (typeof PHASES)[number]];
      const forecast = await requireForecast(deps, c.get('auth').companyId, projectId, forecastId);
      const phases = (await forecastPhasesOf(deps.db, forecastId, [wellId])).get(wellId) ?? [];
      const stored = phases.find((p) => p.phase === phase);
      if (!stored)
        throw notFound(`No output ${id}: forecast ${forecastId} has no ${phase} parameters for well ${wellId}`);
      return c.json(outputOf(forecast, projectId, wellId, stored, wellVolumes(phases)), 200);
    },
  );

  route(
    app,
    {
      method: 'patch',
      path: '/v1/projects/{projectId}/forecasts/{id}',
      tag,
      auth: 'api',
      summary: 'Rename a forecast',
      description:
        'Body `{name}` (unique in the project). Answers the service’s result `{status, code, forecastId, name, errors}` with the HTTP status `code`: 200 renamed (also when the name is unchanged), 409 when another forecast of the project has the name (`errors` names it); a body that breaks a rule is a 400 naming the field.',
      params: OneParams,
      body: ForecastPatch,
      responses: {
        200: json(ForecastPatchResult, 'Renamed'),
        404: json(ErrorEnvelope, 'No such forecast in the project'),
        409: json(ForecastPatchResult, 'The name is taken in the project'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { name } = await input.body();
      const { projectId, id } = input.params;
      await requireForecast(deps, c.get('auth').companyId, projectId, id);
      if (await renameForecast(deps.db, id, name, deps.clock.now())) {
        return c.json({ status: 'OK', code: 200, forecastId: id, name, errors: [] }, 200);
      }
      const message = `A forecast named "${name}" already exists in project ${projectId}`;
      const error = { name: 'Conflict', message, location: 'name', field: 'name', rule: 'unique', value: name };
      return c.json({ status: 'Conflict', code: 409, forecastId: id, name, errors: [error] }, 409);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: '/v1/projects/{projectId}/forecasts/{id}',
      tag,
      auth: 'api',
      summary: 'Delete a forecast',
      description:
        '204 with `X-Delete-Count: 1`. In one transaction the forecast goes with its parameters (segments), forecast runs and their per-well results, and well memberships; type curves and finished econ runs that name it are kept and lose the link (their forecast becomes null). 409 naming the jobs while a forecast run or an econ run that reads the forecast is pending or running (decision 050).',
      params: OneParams,
      responses: {
        204: { description: 'Deleted', headers: deleteCountHeaders('1: the forecast') },
        404: json(ErrorEnvelope, 'No such forecast in the project'),
        409: json(ErrorEnvelope, 'A forecast run or econ run still uses the forecast'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, id } = input.params;
      await requireForecast(deps, c.get('auth').companyId, projectId, id);
      await deleteIdleForecast(deps.db, id);
      return c.body(null, 204, { 'X-Delete-Count': '1' });
    },
  );

  route(
    app,
    {
      method: 'post',
      path: '/v1/projects/{projectId}/forecasts/{id}/wells',
      tag,
      auth: 'api',
      summary: 'Add wells of the project to a forecast',
      description:
        'Body `{wellIds: [...]}`, 1 to 100 ids. Always 207 with one result per id, in order: 201 `Created` (added), 200 `OK` (already in the forecast), 404 (not a well of the project; located `[i].wellIds`). The forecast’s parameters are not touched.',
      params: OneParams,
      body: ForecastWellsInput,
      responses: {
        207: json(MultiStatus, 'One result per well id'),
        404: json(ErrorEnvelope, 'No such forecast in the project'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { wellIds } = await input.body();
      const { projectId, id } = input.params;
      await requireForecast(deps, c.get('auth').companyId, projectId, id);
      const outcomes = await runBatch(deps, wellIds, {
        parse: ObjectId,
        check: async (batch) => {
          const known = new Set((await wellsOfProject(deps.db, projectId, batch.values())).map((w) => w.id));
          for (const [i, wellId] of batch.pending()) {
            if (known.has(wellId)) continue;
            batch.fail(i, 404, {
              field: 'wellIds',
              rule: 'well of the project',
              value: wellId,
              message: `No well with id ${wellId} in project ${projectId}`,
            });
          }
        },
        applyAll: async (batch) => {
          const pending = batch.pending();
          const added = await addForecastWells(deps.db, id, [...new Set(pending.map(([, w]) => w))]);
          // A well named twice: the first mention added it, the second finds it there.
          const seen = new Set<string>();
          for (const [i, wellId] of pending) {
            const code = added.has(wellId) && !seen.has(wellId) ? 201 : 200;
            seen.add(wellId);
            batch.succeed(i, { code, fields: { wellId, forecastId: id } });
          }
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );
}
