import {
  DEFAULT_FORECAST_SETTINGS,
  ErrorEnvelope,
  FORECAST_RUN_SORT,
  FORECAST_RUN_WELL_SORT,
  ForecastRun,
  ForecastRunInput,
  ForecastRunWell,
  ForecastRunWellQuery,
  ForecastSettings,
  ObjectId,
  pagingQuery,
  TAKE_MAX,
  TAKE_MAX_LARGE,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import { requireForecast, wellsOfForecast } from '../forecasts/store';
import { invalid } from '../http/errors';
import { LIST_HEADERS, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { parseWith, route } from '../http/route';
import { requireConfiguration } from './configurationStore';
import { pokeForecastRunWorker } from './runner';
import { type ForecastRunRow, forecastWellIds, insertRun, requireRun, runList, runView, runWellList } from './store';

/*
 * Forecast runs (auto-forecast, issue 18): `POST /v1/projects/{p}/forecasts/{id}/run` queues a job
 * fitting the forecast's wells; `GET …/run/{jobId}` follows it and `…/run/{jobId}/wells` lists what it
 * did to each well (service-shapes.md "Forecasts"; decision 031).
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Forecast runs';
const ForecastParams = ProjectParam.extend({ id: ObjectId });
const RunParams = ForecastParams.extend({ jobId: ObjectId });

/** The effective settings: the defaults, then the configuration's, then each field the body sends. */
async function effectiveSettings(
  deps: Deps,
  companyId: string,
  body: ForecastRunInput,
): Promise<{ settings: ForecastSettings; configurationId: string | null }> {
  let settings = DEFAULT_FORECAST_SETTINGS;
  let configurationId: string | null = null;
  if (body.configurationId) {
    const row = await requireConfiguration(deps.db, companyId, body.configurationId, 'configurationId');
    settings = ForecastSettings.parse(row.settings);
    configurationId = row.id;
  }
  const given = Object.fromEntries(Object.entries(body.settings ?? {}).filter(([, v]) => v !== undefined));
  return { settings: ForecastSettings.parse({ ...settings, ...given }), configurationId };
}

/** The wells a run fits: those named (each must be a well of the forecast: 400 naming it), else all. */
async function runWells(deps: Deps, forecastId: string, named: string[] | undefined): Promise<string[]> {
  if (!named) return forecastWellIds(deps.db, forecastId);
  const known = await wellsOfForecast(deps.db, forecastId, named);
  const bad = named.findIndex((w) => !known.has(w));
  if (bad >= 0) {
    throw invalid(`wells[${bad}] (${named[bad]}) is not a well of forecast ${forecastId}`, [
      {
        field: `wells[${bad}]`,
        rule: 'well of the forecast',
        value: named[bad],
        message: 'not a well of the forecast',
      },
    ]);
  }
  return [...new Set(named)];
}

async function checkForecast(c: Context<AppEnv>, p: z.output<typeof ForecastParams>) {
  return requireForecast(c.get('deps'), c.get('auth').companyId, p.projectId, p.id);
}

const runPath = (r: ForecastRunRow) => `/v1/projects/${r.projectId}/forecasts/${r.forecastId}/run/${r.id}`;

export function registerForecastRunRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'post',
      path: '/v1/projects/{projectId}/forecasts/{id}/run',
      tag,
      auth: 'api',
      summary: 'Auto-forecast: fit the wells of a forecast to their production history',
      description:
        "Queues a job and answers 202 with it and `Location`; poll `GET …/run/{jobId}` until `status` is `complete` or `failed` (`progress` counts wells). For each well and each phase of the settings, the `best` series is fitted from the peak (or the start asked) to the last history point and ends `years` after it; the fitted phase becomes a rate forecast on the history's resolution. A phase without history is skipped; one whose best segments are stored is skipped unless `overwrite` is true; one whose history the fitter refuses (too few points, no decline, a poor fit) fails with the reason. Settings: the defaults, then the configuration's (`configurationId`), then each field of `settings`. The body may be empty. Runs are jobs in the database: any API process sharing it may fit one, and a run taken up after a crash resumes where its batches stopped.",
      params: ForecastParams,
      body: ForecastRunInput.nullish(),
      bodyRequired: false,
      responses: {
        202: {
          ...json(ForecastRun, 'The run, pending'),
          headers: { Location: { description: 'the run', schema: { type: 'string' } } },
        },
        400: json(ErrorEnvelope, 'A field of the body is invalid, or a well is not in the forecast'),
        404: json(ErrorEnvelope, 'The project, forecast or configuration is unknown'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const forecast = await checkForecast(c, input.params);
      const body = (await input.body()) ?? {};
      const { settings, configurationId } = await effectiveSettings(deps, c.get('auth').companyId, body);
      const wellIds = await runWells(deps, forecast.id, body.wells);
      const row = await insertRun(deps, {
        projectId: forecast.projectId,
        forecastId: forecast.id,
        configurationId,
        settings,
        wellIds,
      });
      pokeForecastRunWorker(deps);
      c.header('Location', runPath(row));
      return c.json(runView(row), 202);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/forecasts/{id}/run',
      tag,
      auth: 'api',
      head: true,
      summary: 'List the runs of a forecast',
      description: 'Newest last by default (`sort=-createdAt` for newest first).',
      params: ForecastParams,
      query: pagingQuery(FORECAST_RUN_SORT, TAKE_MAX),
      responses: { 200: { ...json(z.array(ForecastRun), 'One page of runs'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      await checkForecast(c, input.params);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: FORECAST_RUN_SORT, takeMax: TAKE_MAX },
        runList(deps.db, input.params.id),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/forecasts/{id}/run/{jobId}',
      tag,
      auth: 'api',
      summary: 'Get a forecast run, with its progress',
      params: RunParams,
      responses: { 200: json(ForecastRun, 'The run'), 404: json(ErrorEnvelope, 'Unknown project, forecast or run') },
    },
    async (c, input) => {
      await checkForecast(c, input.params);
      return c.json(runView(await requireRun(c.get('deps').db, input.params.id, input.params.jobId)), 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/forecasts/{id}/run/{jobId}/wells',
      tag,
      auth: 'api',
      head: true,
      summary: 'What a forecast run did to each well',
      description:
        'One row per well done so far: `fitted` (at least one phase fitted), `failed` (none fitted, one refused) or `skipped`, with each phase’s status, reason and fit quality (R² and RMSE of log rate, points used and left out, EUR of the fitted segment). Filter with `status`; sort by `wellName` (default) or `status`.',
      params: RunParams,
      query: pagingQuery(FORECAST_RUN_WELL_SORT, TAKE_MAX_LARGE).extend(ForecastRunWellQuery.shape),
      responses: { 200: { ...json(z.array(ForecastRunWell), 'One page of wells'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      await checkForecast(c, input.params);
      const run = await requireRun(deps.db, input.params.id, input.params.jobId);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: FORECAST_RUN_WELL_SORT, takeMax: TAKE_MAX_LARGE },
        () => {
          const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([k, v]) => k === 'status' && v !== ''));
          return runWellList(deps.db, run.id, parseWith(ForecastRunWellQuery, raw).status);
        },
      );
    },
  );
}
