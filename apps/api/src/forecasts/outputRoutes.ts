import {
  type DataFrequency,
  ForecastOutput,
  ForecastVolumes,
  ObjectId,
  OUTPUT_WELLS_MAX,
  PHASES,
  Phase,
  TAKE_MAX_LARGE,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { LIST_HEADERS, respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import {
  type ForecastRow,
  type PhaseFilter,
  phaseList,
  requireForecast,
  type StoredPhase,
  wellPhaseList,
} from './store';
import { phaseOutputs, volumeSeries, wellVolumes } from './volumes';

const tag = 'Forecast outputs';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const ForecastParams = z.object({ projectId: ObjectId, forecastId: ObjectId });

/** Outputs are paged like project wells: existing clients read them 1000 at a time. */
const OUTPUT_SORT = ['well', '-well', 'updatedAt', '-updatedAt'] as const;
const OUTPUT_SORT_FIELDS = ['well', 'updatedAt'] as const;
/**
 * Volume pages hold whole wells. Clients page daily volumes with `take=200` (the service's limit):
 * 200 wells × 3 phases × 30 years is ~6.6 M numbers, ~70 MB of JSON (issue 21).
 */
export const VOLUME_TAKE_MAX: Record<DataFrequency, number> = { daily: 200, monthly: 200 };

const filterQuery = z.object({
  well: z
    .array(ObjectId)
    .max(OUTPUT_WELLS_MAX, `well takes at most ${OUTPUT_WELLS_MAX} values per call`)
    .optional()
    .meta({ description: `well ids (repeat the parameter, or separate with commas), at most ${OUTPUT_WELLS_MAX}` }),
  phase: z.array(Phase).optional().meta({ description: 'oil, gas, water (repeatable)' }),
});

/**
 * The `well` and `phase` filters, validated with the declared `filterQuery`. Read here rather than
 * through `input.query`: a value may list several ids separated by commas (`well=a,b&well=c`), split
 * before validation, and `skip`/`take`/`sort` are read by `respondList` like on every list (empty
 * values dropped, errors naming `take`).
 */
function filtersOf(c: Context<AppEnv>): PhaseFilter {
  const list = (name: string) => {
    const raw = c.req.queries(name);
    return raw ? raw.flatMap((v) => v.split(',')).filter((v) => v !== '') : undefined;
  };
  const f = parseWith(filterQuery, { well: list('well'), phase: list('phase') }, 'query.');
  return { wells: f.well, phases: f.phase };
}

export function registerForecastOutputRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/forecasts/{forecastId}/outputs',
      tag,
      auth: 'api',
      head: true,
      summary: 'Forecast outputs: per well and phase, the segments and EUR of each series',
      description: [
        `One element per well and phase that has parameters, ordered by well then phase (\`sort=-well\`, \`updatedAt\` also work); \`take\` at most ${TAKE_MAX_LARGE}.`,
        `Filters: \`well\` (at most ${OUTPUT_WELLS_MAX} ids) and \`phase\`, each repeatable or comma-separated.`,
        '`eur` is in BBL (oil, water) or MCF (gas): the sum of the daily values of the series (decline-math conventions); a ratio series is multiplied by its base phase (its same series, else `best`), and is null when the base is missing.',
        'Each stored series is a key (`best`, `p10`, `p50`, `p90`); a ratio phase also has `ratio` (its `best` series with `basePhase`). On a probabilistic forecast `forecastType` is `rate` and `forecastSubType` says `rate` or `ratio`.',
      ].join('\n\n'),
      params: ForecastParams,
      query: filterQuery.extend({
        skip: z.coerce.number().int().min(0).default(0),
        take: z.coerce.number().int().min(1).max(TAKE_MAX_LARGE).default(25),
        sort: z.enum(OUTPUT_SORT).default('well'),
      }),
      responses: { 200: { ...json(z.array(ForecastOutput), 'One page of outputs'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const p = input.params;
      const forecast = await requireForecast(deps, c.get('auth').companyId, p.projectId, p.forecastId);
      const list = phaseList(deps.db, p.forecastId, filtersOf(c));
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: OUTPUT_SORT_FIELDS, takeMax: TAKE_MAX_LARGE },
        {
          count: () => list.count(),
          async page(page, limit) {
            const computed = new Map<string, ReturnType<typeof wellVolumes>>();
            return (await list.page(page, limit)).map(({ wellId, phase, wellPhases }) => {
              let volumes = computed.get(wellId);
              if (!volumes) {
                volumes = wellVolumes(wellPhases);
                computed.set(wellId, volumes);
              }
              return outputOf(forecast, p.projectId, wellId, phase, volumes);
            });
          },
        },
      );
    },
  );

  for (const resolution of ['daily', 'monthly'] as const) {
    const takeMax = VOLUME_TAKE_MAX[resolution];
    route(
      app,
      {
        method: 'get',
        path: `/v1/projects/{projectId}/forecasts/{forecastId}/${resolution}-volumes`,
        tag,
        auth: 'api',
        head: true,
        summary: `Forecast ${resolution} volumes, paged per well`,
        description: [
          `One element per well that has parameters, ordered by well id (\`sort=-well\` reverses); \`take\` at most ${takeMax} wells. Filters \`well\` (at most ${OUTPUT_WELLS_MAX}) and \`phase\`.`,
          resolution === 'daily'
            ? 'Daily volume of a day = the rate at its whole-day index (BBL or MCF); `volumes[i]` is the day `startDate + i`.'
            : 'Monthly volume = the sum of the daily volumes of the calendar month’s days inside the forecast (a partial first or last month is not scaled); `volumes[i]` is the month `startDate + i months`, each month labelled by its first day.',
          'A ratio phase is reported in BBL or MCF (the ratio times its base phase); a ratio without a base is left out.',
        ].join('\n\n'),
        params: ForecastParams,
        query: filterQuery.extend({
          skip: z.coerce.number().int().min(0).default(0),
          take: z.coerce.number().int().min(1).max(takeMax).default(25),
          sort: z.enum(['well', '-well']).default('well'),
        }),
        responses: { 200: { ...json(z.array(ForecastVolumes), 'One page of wells'), headers: LIST_HEADERS } },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const p = input.params;
        const forecast = await requireForecast(deps, c.get('auth').companyId, p.projectId, p.forecastId);
        const filter = filtersOf(c);
        const list = wellPhaseList(deps.db, p.forecastId, filter);
        return respondList(
          c,
          deps.config.publicBaseUrl,
          { sortFields: ['well'], takeMax },
          {
            count: () => list.count(),
            async page(page, limit) {
              return (await list.page(page, limit)).map(({ wellId, phases }) =>
                volumeRow(forecast, wellId, phases, resolution, filter.phases),
              );
            },
          },
        );
      },
    );
  }
}

/** One element of the outputs routes: a stored phase of a well with its series' segments and EURs. */
export function outputOf(
  forecast: ForecastRow,
  projectId: string,
  wellId: string,
  phase: StoredPhase,
  volumes: ReturnType<typeof wellVolumes>,
): ForecastOutput {
  const probabilistic = forecast.type === 'probabilistic';
  const { row } = phase;
  return {
    id: `${forecast.id}:${wellId}:${phase.phase}`,
    forecast: forecast.id,
    project: projectId,
    well: wellId,
    phase: phase.phase,
    forecastType: probabilistic ? 'rate' : row.forecastType,
    ...(probabilistic ? { forecastSubType: row.forecastType } : {}),
    data_freq: row.dataFrequency,
    // A ratio phase always has its basePhase (the contract requires it of ratio writes).
    ...(phaseOutputs(phase, volumes.get(phase.phase) ?? new Map()) as Pick<
      ForecastOutput,
      'best' | 'p10' | 'p50' | 'p90' | 'ratio'
    >),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One element of the volumes routes: a well's stored phases (those of `phases`, all when undefined)
 * with each series' daily or monthly volumes; `forecastType` at the top is the forecast's type.
 */
export function volumeRow(
  forecast: ForecastRow,
  wellId: string,
  stored: readonly StoredPhase[],
  resolution: DataFrequency,
  phases: readonly Phase[] | undefined,
): ForecastVolumes {
  const computed = wellVolumes(stored);
  const wanted = stored
    .filter((x) => !phases || phases.includes(x.phase))
    .sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase));
  return {
    forecast: forecast.id,
    project: forecast.projectId,
    well: wellId,
    resolution,
    forecastType: forecast.type,
    phases: wanted.map((x) => ({
      phase: x.phase,
      forecastType: x.forecastType,
      ...(x.basePhase ? { basePhase: x.basePhase } : {}),
      series: [...(computed.get(x.phase) ?? new Map())]
        .filter(([, v]) => v.volumes !== null)
        .map(([s, v]) => volumeSeries(s, v.volumes!, resolution)),
    })),
  };
}
