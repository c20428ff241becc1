import {
  FORECAST_PARAMETERS_WRITE_MAX,
  ForecastParameterInput,
  ForecastParameterInvalid,
  ForecastParameterMultiStatus,
  ForecastParameterNotFound,
  ForecastParameterView,
  ForecastParameterWriteResult,
  ObjectId,
  Phase,
  SEGMENTS_MAX,
  SegmentList,
  Series,
  segmentView,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch } from '../http/batch';
import { invalid } from '../http/errors';
import { counted } from '../http/multiStatus';
import { deleteCountHeaders } from '../http/paging';
import { readJson, route } from '../http/route';
import { ParameterInvalid, parameterErrors, parameterResult, recordErrors, toRecordError } from './parameterErrors';
import { type Combination, DEFAULT_KIND, deleteCombination, readCombination, writeCombination } from './parameterStore';
import { requireForecast, wellsOfForecast } from './store';

const tag = 'Forecast parameters';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const ERRORS = {
  400: json(
    ForecastParameterInvalid,
    'Validation failed: `generalErrors` for the request, `results[].errors` per record (spec part 7)',
  ),
  404: json(ForecastParameterNotFound, 'The project or the forecast was not found (spec part 7)'),
};

const ForecastParams = z.object({ projectId: ObjectId, forecastId: ObjectId });
const CombinationParams = ForecastParams.extend({ wellId: ObjectId, phase: Phase, series: Series });
const SINGLE = '/v1/projects/{projectId}/forecasts/{forecastId}/parameters/{wellId}/{phase}/{series}';
const BULK = '/v1/projects/{projectId}/forecasts/{forecastId}/parameters';

/** Path parameters of a single-combination route, its forecast checked (404) and its well in the forecast (400). */
async function combinationOf(c: Context<AppEnv>, p: z.output<typeof CombinationParams>): Promise<Combination> {
  const deps = c.get('deps');
  await requireForecast(deps, c.get('auth').companyId, p.projectId, p.forecastId);
  const inForecast = await wellsOfForecast(deps.db, p.forecastId, [p.wellId]);
  if (!inForecast.has(p.wellId)) {
    throw new ParameterInvalid(`Well ${p.wellId} is not in forecast ${p.forecastId}`, [
      toRecordError(
        {
          message: `well ${p.wellId} is not in forecast ${p.forecastId}`,
          field: 'wellId',
          value: p.wellId,
          rule: 'well in forecast',
        },
        0,
      ),
    ]);
  }
  return { forecastId: p.forecastId, wellId: p.wellId, phase: p.phase, series: p.series };
}

/**
 * The body of a single-combination write: 1 to 25 contiguous, valid segments. Read here rather
 * than by `input.body()`: spec part 7 reports each segment's errors in `results[].errors`.
 */
async function segmentsOf(c: Context<AppEnv>) {
  const body = await readJson(c);
  if (!Array.isArray(body)) {
    throw new ParameterInvalid(
      'The body must be an array of segments',
      [],
      [{ name: 'ValidationError', message: 'the body must be an array of segments', location: 'body' }],
    );
  }
  const parsed = SegmentList.safeParse(body);
  if (!parsed.success) {
    const errors = recordErrors(parsed.error, body);
    throw new ParameterInvalid(errors[0]?.message ?? 'Invalid segments', errors);
  }
  return parsed.data;
}

const written = (verb: string, count: number, forecastId: string) =>
  ForecastParameterWriteResult.parse({
    message: `Successfully ${verb} ${count} segment${count === 1 ? '' : 's'}`,
    segmentsCount: count,
    id: forecastId,
  });

export function registerForecastParameterRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: SINGLE,
      tag,
      auth: 'api',
      summary: 'Get the segments of one well, phase and series',
      description:
        'The stored segments with their computed fields (`qEnd`, the nominal and effective declines, the switch of `arps_modified`), and how the phase is forecast (shared by its series). Nothing stored: `segments: []`, `updatedAt: null`, and the phase kind a single-route write would keep.',
      params: CombinationParams,
      responses: { 200: json(ForecastParameterView, 'The stored parameters'), ...ERRORS },
    },
    parameterErrors(async (c, input) => {
      const k = await combinationOf(c, input.params);
      const { phase, series } = await readCombination(c.get('deps').db, k);
      const kind = phase ?? { ...DEFAULT_KIND, basePhase: null };
      return c.json(
        ForecastParameterView.parse({
          forecast: k.forecastId,
          well: k.wellId,
          phase: k.phase,
          series: k.series,
          forecastType: kind.forecastType,
          ...(kind.basePhase ? { basePhase: kind.basePhase } : {}),
          dataFrequency: kind.dataFrequency,
          segments: (series?.segments ?? []).map((s) => segmentView(s)),
          updatedAt: series ? series.updatedAt.toISOString() : null,
        }),
        200,
      );
    }),
  );

  route(
    app,
    {
      method: 'post',
      path: SINGLE,
      tag,
      auth: 'api',
      summary: 'Insert the segments of one well, phase and series (V1 form)',
      description: `An array of 1 to ${SEGMENTS_MAX} contiguous segments. 400 when segments already exist for the combination (use PUT). A new phase is a monthly \`rate\` forecast; the bulk PUT sets forecastType, dataFrequency and basePhase.`,
      params: CombinationParams,
      body: SegmentList,
      responses: { 201: json(ForecastParameterWriteResult, 'Inserted'), ...ERRORS },
    },
    parameterErrors(async (c, input) => {
      const deps = c.get('deps');
      const k = await combinationOf(c, input.params);
      const segments = await segmentsOf(c);
      const outcome = await writeCombination(deps.db, deps.clock.now(), k, segments, 'insert');
      if (!outcome.ok) {
        throw new ParameterInvalid(outcome.message, [
          toRecordError({ message: outcome.message, field: outcome.field, rule: 'not already stored' }, 0),
        ]);
      }
      return c.json(written('inserted', segments.length, k.forecastId), 201);
    }),
  );

  route(
    app,
    {
      method: 'put',
      path: SINGLE,
      tag,
      auth: 'api',
      summary: 'Replace the segments of one well, phase and series (V1 form)',
      description: `An array of 1 to ${SEGMENTS_MAX} contiguous segments replaces every stored segment of the combination. The phase keeps its forecastType, dataFrequency and basePhase.`,
      params: CombinationParams,
      body: SegmentList,
      responses: { 201: json(ForecastParameterWriteResult, 'Replaced'), ...ERRORS },
    },
    parameterErrors(async (c, input) => {
      const deps = c.get('deps');
      const k = await combinationOf(c, input.params);
      const segments = await segmentsOf(c);
      await writeCombination(deps.db, deps.clock.now(), k, segments, 'replace');
      return c.json(written('updated', segments.length, k.forecastId), 201);
    }),
  );

  route(
    app,
    {
      method: 'delete',
      path: SINGLE,
      tag,
      auth: 'api',
      summary: 'Delete the segments of one well, phase and series',
      description: '204; `X-Delete-Count` is the number of segments deleted (0 when none were stored).',
      params: CombinationParams,
      responses: {
        204: {
          description: 'Deleted',
          headers: deleteCountHeaders('segments deleted'),
        },
        ...ERRORS,
      },
    },
    parameterErrors(async (c, input) => {
      const k = await combinationOf(c, input.params);
      const count = await deleteCombination(c.get('deps').db, k);
      return c.body(null, 204, { 'X-Delete-Count': String(count) });
    }),
  );

  route(
    app,
    {
      method: 'put',
      path: BULK,
      tag,
      auth: 'api',
      summary: 'Replace the segments of many wells, phases and series (V2 form)',
      description: `An array of 1 to ${FORECAST_PARAMETERS_WRITE_MAX} V2 input objects (spec part 2.8). Always 207 with one result per record, in order; each record is applied whole or not at all. A well not in the forecast fails its record with 404; an invalid record, a combination sent twice or a ratio based on a ratio fails with 400.`,
      params: ForecastParams,
      records: {
        schema: ForecastParameterInput,
        max: FORECAST_PARAMETERS_WRITE_MAX,
        single: 'refuse',
        noun: 'forecast parameter objects',
      },
      responses: { 207: json(ForecastParameterMultiStatus, 'One result per record'), ...ERRORS },
    },
    parameterErrors(async (c, input) => {
      const deps = c.get('deps');
      const p = input.params;
      await requireForecast(deps, c.get('auth').companyId, p.projectId, p.forecastId);
      const outcomes = await runBatch(deps, await input.records(), {
        parse: ForecastParameterInput,
        check: async (batch) => {
          const inForecast = await wellsOfForecast(
            deps.db,
            p.forecastId,
            batch.values().map((r) => r.well),
          );
          for (const [i, r] of batch.pending()) {
            if (inForecast.has(r.well)) continue;
            batch.fail(i, 404, {
              message: `well ${r.well} is not in forecast ${p.forecastId}`,
              field: 'well',
              value: r.well,
              rule: 'well in forecast',
            });
          }
          batch.unique(
            (r) => `${r.well}/${r.phase}/${r.series}`,
            new Set(),
            (r, first) => ({
              message: `well ${r.well}, ${r.phase}, ${r.series} is also written by record [${first}]; send each combination once`,
              field: 'well',
              value: r.well,
              rule: 'unique combination',
            }),
            400,
          );
        },
        apply: async (r, _i, tx) => {
          const k: Combination = { forecastId: p.forecastId, wellId: r.well, phase: r.phase, series: r.series };
          const outcome = await writeCombination(tx.db, tx.clock.now(), k, r.segments, 'replace', {
            forecastType: r.forecastType,
            basePhase: r.basePhase,
            dataFrequency: r.dataFrequency,
          });
          if (!outcome.ok) {
            throw invalid(outcome.message, [
              {
                field: outcome.field,
                rule: 'ratio based on a rate phase',
                value: outcome.field === 'basePhase' ? r.basePhase : r.forecastType,
                message: outcome.message,
              },
            ]);
          }
          const n = r.segments.length;
          return {
            code: 201,
            fields: { message: `Successfully updated ${n} segment${n === 1 ? '' : 's'}`, segmentsCount: n },
          };
        },
      });
      return c.json(ForecastParameterMultiStatus.parse(counted(outcomes.map(parameterResult))), 207);
    }),
  );
}
