import {
  ErrorEnvelope,
  FORECAST_CONFIGURATION_SORT,
  FORECAST_CONFIGURATION_WRITE_MAX,
  ForecastConfiguration,
  ForecastConfigurationInput,
  ForecastConfigurationPatch,
  type ForecastSettings,
  MultiStatus,
  ObjectId,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/pgErrors';
import { forecastConfigurations } from '../db/schema';
import { type Applied, runBatch, twice } from '../http/batch';
import { conflict, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';

/*
 * Saved auto-forecast settings (`/v1/forecast-configurations`, service-shapes.md "Forecasts"): a
 * company's named ForecastSettings, which a forecast run names by `configurationId`.
 */

type Row = typeof forecastConfigurations.$inferSelect;

const view = (r: Row): ForecastConfiguration => ({
  id: r.id,
  name: r.name,
  settings: r.settings as ForecastSettings,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The configuration of the company with this id, or 404 naming `field`. */
export async function requireConfiguration(db: Db, companyId: string, id: string, field = 'path.id'): Promise<Row> {
  const [row] = await db
    .select()
    .from(forecastConfigurations)
    .where(and(eq(forecastConfigurations.companyId, companyId), eq(forecastConfigurations.id, id)))
    .limit(1);
  if (!row) {
    throw notFound(`No forecast configuration with id ${id}`, [
      { field, rule: 'existing configuration', value: id, message: `no forecast configuration with id ${id}` },
    ]);
  }
  return row;
}

const nameTaken = (name: string, earlier?: number) =>
  twice(
    { field: 'name', rule: 'unique name', value: name, message: `a forecast configuration named "${name}" exists` },
    earlier,
  );

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Forecast configurations';
const base = '/v1/forecast-configurations';
const IdParam = z.object({ id: ObjectId });

/** Writes one record (its own transaction): create, upsert by name, or patch by id. */
async function write(
  deps: Deps,
  companyId: string,
  mode: 'post' | 'put' | 'patch',
  v: ForecastConfigurationInput | ForecastConfigurationPatch,
): Promise<Applied> {
  const { db, clock } = deps;
  const now = clock.now();
  const byName = async (name: string) =>
    (
      await db
        .select()
        .from(forecastConfigurations)
        .where(and(eq(forecastConfigurations.companyId, companyId), eq(forecastConfigurations.name, name)))
        .for('update')
    )[0];
  if (mode === 'patch') {
    const p = v as ForecastConfigurationPatch;
    const row = await requireConfiguration(db, companyId, p.id, 'id');
    const name = p.name ?? row.name;
    const other = name === row.name ? undefined : await byName(name);
    if (other) throw conflict(`a forecast configuration named "${name}" exists`, [nameTaken(name)]);
    await db
      .update(forecastConfigurations)
      .set({ name, settings: p.settings ?? row.settings, updatedAt: now })
      .where(eq(forecastConfigurations.id, row.id));
    return { code: 200, fields: { id: row.id, name } };
  }
  const input = v as ForecastConfigurationInput;
  const existing = await byName(input.name);
  if (existing && mode === 'post')
    throw conflict(`a forecast configuration named "${input.name}" exists`, [nameTaken(input.name)]);
  if (existing) {
    await db
      .update(forecastConfigurations)
      .set({ settings: input.settings, updatedAt: now })
      .where(eq(forecastConfigurations.id, existing.id));
    return { code: 200, fields: { id: existing.id, name: input.name } };
  }
  const id = newObjectId(clock);
  try {
    await db.insert(forecastConfigurations).values({
      id,
      companyId,
      name: input.name,
      settings: input.settings,
      createdAt: now,
      updatedAt: now,
    });
  } catch (e) {
    // Another request created the name since it was looked up.
    if (isUniqueViolation(e))
      throw conflict(`a forecast configuration named "${input.name}" exists`, [nameTaken(input.name)]);
    throw e;
  }
  return { code: 201, fields: { id, name: input.name } };
}

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
      const cols = {
        id: forecastConfigurations.id,
        name: forecastConfigurations.name,
        createdAt: forecastConfigurations.createdAt,
        updatedAt: forecastConfigurations.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: FORECAST_CONFIGURATION_SORT, takeMax: TAKE_MAX },
        tableList(
          deps.db,
          forecastConfigurations,
          eq(forecastConfigurations.companyId, c.get('auth').companyId),
          cols,
          view,
        ),
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
      c.json(view(await requireConfiguration(c.get('deps').db, c.get('auth').companyId, input.params.id)), 200),
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
          apply: (v, _i, tx) => write(tx, companyId, method, v),
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
          headers: { 'X-Delete-Count': { description: 'configurations deleted', schema: { type: 'integer' } } },
        },
      },
    },
    async (c, input) => {
      const deleted = await c
        .get('deps')
        .db.delete(forecastConfigurations)
        .where(
          and(
            eq(forecastConfigurations.companyId, c.get('auth').companyId),
            inArray(forecastConfigurations.id, [input.params.id]),
          ),
        )
        .returning({ id: forecastConfigurations.id });
      return c.body(null, 204, { 'X-Delete-Count': String(deleted.length) });
    },
  );
}
