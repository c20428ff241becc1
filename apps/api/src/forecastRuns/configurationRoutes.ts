import {
  ErrorEnvelope,
  FORECAST_CONFIGURATION_SORT,
  FORECAST_CONFIGURATION_WRITE_MAX,
  ForecastConfiguration,
  ForecastConfigurationInput,
  ForecastConfigurationPatch,
  MultiStatus,
  ObjectId,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch } from '../http/batch';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import {
  configurationList,
  configurationView,
  deleteConfiguration,
  nameTaken,
  requireConfiguration,
  writeConfiguration,
} from './configurationStore';

/*
 * Saved auto-forecast settings (`/v1/forecast-configurations`, service-shapes.md "Forecasts"): a
 * company's named ForecastSettings, which a forecast run names by `configurationId`.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Forecast configurations';
const base = '/v1/forecast-configurations';
const IdParam = z.object({ id: ObjectId });

/** `/v1/forecast-configurations`: list, read, create, upsert by name, patch, delete. */
export function registerForecastConfigurationRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: base,
      tag,
      auth: 'api',
      head: true,
      summary: 'List the saved auto-forecast configurations',
      query: pagingQuery(FORECAST_CONFIGURATION_SORT, TAKE_MAX),
      responses: { 200: { ...json(z.array(ForecastConfiguration), 'One page'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: FORECAST_CONFIGURATION_SORT, takeMax: TAKE_MAX },
        configurationList(deps.db, c.get('auth').companyId),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${base}/{id}`,
      tag,
      auth: 'api',
      summary: 'Get a forecast configuration',
      params: IdParam,
      responses: { 200: json(ForecastConfiguration, 'The configuration'), 404: json(ErrorEnvelope, 'Unknown id') },
    },
    async (c, input) =>
      c.json(
        configurationView(await requireConfiguration(c.get('deps').db, c.get('auth').companyId, input.params.id)),
        200,
      ),
  );

  const writes = {
    post: {
      schema: ForecastConfigurationInput,
      summary: 'Create forecast configurations',
      more: 'A name already used (or twice in the request) is a 409.',
    },
    put: {
      schema: ForecastConfigurationInput,
      summary: 'Upsert forecast configurations by name',
      more: 'A configuration with the same name has its settings replaced (200); others are created (201).',
    },
    patch: {
      schema: ForecastConfigurationPatch,
      summary: 'Update forecast configurations by id',
      more: 'Each record names its `id`; `name` and `settings` given replace the stored ones (a null is ignored). An unknown id is a 404, a name taken a 409.',
    },
  } as const;
  for (const method of ['post', 'put', 'patch'] as const) {
    const w = writes[method];
    route(
      app,
      {
        method,
        path: base,
        tag,
        auth: 'api',
        summary: w.summary,
        description: `One object or an array of up to ${FORECAST_CONFIGURATION_WRITE_MAX}. Always 207 with one result per record, in order: \`{status, code, id, name}\` or \`{status, code, errors}\`. ${w.more} Settings left out take their defaults (see ForecastSettings).`,
        records: { schema: w.schema, max: FORECAST_CONFIGURATION_WRITE_MAX, single: 'wrap', noun: 'configurations' },
        responses: { 207: json(MultiStatus, 'One result per record') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const companyId = c.get('auth').companyId;
        const outcomes = await runBatch(deps, await input.records(), {
          parse: w.schema as z.ZodType<ForecastConfigurationInput | ForecastConfigurationPatch>,
          check: (batch) => {
            // A name twice in one request: the later record fails (the earlier one decides).
            batch.unique(
              (v, i) => ('name' in v && v.name ? `n:${v.name}` : `i:${i}`),
              new Set(),
              (v, earlier) => nameTaken(('name' in v && v.name) || '', earlier),
            );
          },
          apply: (v, _i, tx) => writeConfiguration(tx, companyId, method, v),
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }

  route(
    app,
    {
      method: 'delete',
      path: `${base}/{id}`,
      tag,
      auth: 'api',
      summary: 'Delete a forecast configuration',
      description: '204 with `X-Delete-Count` (0 when no such configuration). Runs that used it keep their settings.',
      params: IdParam,
      responses: {
        204: {
          description: 'Deleted',
          headers: deleteCountHeaders('configurations deleted'),
        },
      },
    },
    async (c, input) => {
      const deleted = await deleteConfiguration(c.get('deps').db, c.get('auth').companyId, input.params.id);
      return c.body(null, 204, { 'X-Delete-Count': String(deleted) });
    },
  );
}
