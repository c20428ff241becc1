import {
  type DataFrequency,
  ForecastOutput,
  ForecastVolumes,
  ObjectId,
  OUTPUT_WELLS_MAX,
  PHASES,
  Phase,
  type Series,
  type StoredSegment,
  TAKE_MAX_LARGE,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, count, countDistinct, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import type { Db } from '../db/connection';
import { forecastPhases, forecastSeries } from '../db/schema';
import { LIST_HEADERS, respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { type PhaseRow, requireForecast } from './store';
import { phaseOutputs, volumeSeries, type WellPhase, wellVolumes } from './volumes';

const tag = 'Forecast outputs';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const ForecastParams = z.object({ projectId: ObjectId, forecastId: ObjectId });

/** Outputs are paged like project wells: existing clients read them 1000 at a time. */
const OUTPUT_SORT = ['well', '-well', 'updatedAt', '-updatedAt'] as const;
const OUTPUT_SORT_FIELDS = ['well', 'updatedAt'] as const;
/** Volume pages hold whole wells: a daily page of 25 wells × 3 phases × 30 years is ~800 000 numbers. */
const VOLUME_TAKE_MAX: Record<DataFrequency, number> = { daily: 25, monthly: 200 };

const filterQuery = z.object({
  well: z
    .array(ObjectId)
    .max(OUTPUT_WELLS_MAX, `well takes at most ${OUTPUT_WELLS_MAX} values per call`)
    .optional()
    .meta({ description: `well ids (repeat the parameter, or separate with commas), at most ${OUTPUT_WELLS_MAX}` }),
  phase: z.array(Phase).optional().meta({ description: 'oil, gas, water (repeatable)' }),
});

/** `well` and `phase` filters: repeatable, commas allowed. */
function filtersOf(c: Context<AppEnv>): { wells: string[] | undefined; phases: Phase[] | undefined } {
  const list = (name: string) => {
    const raw = c.req.queries(name);
    return raw ? raw.flatMap((v) => v.split(',')).filter((v) => v !== '') : undefined;
  };
  const f = parseWith(filterQuery, { well: list('well'), phase: list('phase') }, 'query.');
  return { wells: f.well, phases: f.phase };
}

function phaseWhere(forecastId: string, wells: string[] | undefined, phases: Phase[] | undefined): SQL | undefined {
  return and(
    eq(forecastPhases.forecastId, forecastId),
    wells ? inArray(forecastPhases.wellId, wells) : undefined,
    phases ? inArray(forecastPhases.phase, phases) : undefined,
  );
}

/** The stored phases and series of some wells of a forecast, grouped per well. */
async function loadWells(
  db: Db,
  forecastId: string,
  wellIds: string[],
): Promise<Map<string, { rows: PhaseRow[]; phases: WellPhase[] }>> {
  const out = new Map<string, { rows: PhaseRow[]; phases: WellPhase[] }>();
  if (wellIds.length === 0) return out;
  const [phaseRows, seriesRows] = await Promise.all([
    db
      .select()
      .from(forecastPhases)
      .where(and(eq(forecastPhases.forecastId, forecastId), inArray(forecastPhases.wellId, wellIds))),
    db
      .select()
      .from(forecastSeries)
      .where(and(eq(forecastSeries.forecastId, forecastId), inArray(forecastSeries.wellId, wellIds))),
  ]);
  for (const row of phaseRows) {
    const entry = out.get(row.wellId) ?? { rows: [], phases: [] };
    entry.rows.push(row);
    entry.phases.push({
      phase: row.phase,
      forecastType: row.forecastType,
      basePhase: row.basePhase ?? undefined,
      dataFrequency: row.dataFrequency,
      series: {},
    });
    out.set(row.wellId, entry);
  }
  for (const s of seriesRows) {
    const phase = out.get(s.wellId)?.phases.find((p) => p.phase === s.phase);
    if (phase) phase.series[s.series as Series] = s.segments as StoredSegment[];
  }
  return out;
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
    async (c) => {
      const deps = c.get('deps');
      const p = parseWith(ForecastParams, c.req.param(), 'path.');
      const forecast = await requireForecast(deps, c.get('auth').companyId, p.projectId, p.forecastId);
      const { wells, phases } = filtersOf(c);
      const where = phaseWhere(p.forecastId, wells, phases);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: OUTPUT_SORT_FIELDS, takeMax: TAKE_MAX_LARGE },
        {
          async count() {
            const [row] = await deps.db.select({ n: count() }).from(forecastPhases).where(where);
            return row?.n ?? 0;
          },
          async page(page, limit) {
            const dir = page.sort.startsWith('-') ? desc : asc;
            const order =
              page.sort.replace('-', '') === 'updatedAt'
                ? [dir(forecastPhases.updatedAt), asc(forecastPhases.wellId), asc(forecastPhases.phase)]
                : [dir(forecastPhases.wellId), asc(forecastPhases.phase)];
            const keys = await deps.db
              .select({ wellId: forecastPhases.wellId, phase: forecastPhases.phase })
              .from(forecastPhases)
              .where(where)
              .orderBy(...order)
              .offset(page.skip)
              .limit(limit);
            const loaded = await loadWells(deps.db, p.forecastId, [...new Set(keys.map((k) => k.wellId))]);
            const computed = new Map<string, ReturnType<typeof wellVolumes>>();
            return keys.map((k) => {
              const well = loaded.get(k.wellId);
              const row = well?.rows.find((r) => r.phase === k.phase);
              const stored = well?.phases.find((x) => x.phase === k.phase);
              if (!well || !row || !stored) throw new Error(`outputs: ${k.wellId}/${k.phase} vanished mid-read`);
              let volumes = computed.get(k.wellId);
              if (!volumes) {
                volumes = wellVolumes(well.phases);
                computed.set(k.wellId, volumes);
              }
              const probabilistic = forecast.type === 'probabilistic';
              return {
                id: `${p.forecastId}:${k.wellId}:${k.phase}`,
                forecast: p.forecastId,
                project: p.projectId,
                well: k.wellId,
                phase: k.phase,
                forecastType: probabilistic ? 'rate' : row.forecastType,
                ...(probabilistic ? { forecastSubType: row.forecastType } : {}),
                data_freq: row.dataFrequency,
                ...phaseOutputs(stored, volumes.get(k.phase) ?? new Map()),
                createdAt: row.createdAt.toISOString(),
                updatedAt: row.updatedAt.toISOString(),
              };
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
      async (c) => {
        const deps = c.get('deps');
        const p = parseWith(ForecastParams, c.req.param(), 'path.');
        await requireForecast(deps, c.get('auth').companyId, p.projectId, p.forecastId);
        const { wells, phases } = filtersOf(c);
        const where = phaseWhere(p.forecastId, wells, phases);
        return respondList(
          c,
          deps.config.publicBaseUrl,
          { sortFields: ['well'], takeMax },
          {
            async count() {
              const [row] = await deps.db
                .select({ n: countDistinct(forecastPhases.wellId) })
                .from(forecastPhases)
                .where(where);
              return row?.n ?? 0;
            },
            async page(page, limit) {
              const dir = page.sort.startsWith('-') ? desc : asc;
              const ids = await deps.db
                .selectDistinct({ wellId: forecastPhases.wellId })
                .from(forecastPhases)
                .where(where)
                .orderBy(dir(forecastPhases.wellId))
                .offset(page.skip)
                .limit(limit);
              const loaded = await loadWells(
                deps.db,
                p.forecastId,
                ids.map((r) => r.wellId),
              );
              return ids.map(({ wellId }) => {
                const well = loaded.get(wellId);
                const computed = wellVolumes(well?.phases ?? []);
                const wanted = (well?.phases ?? [])
                  .filter((x) => !phases || phases.includes(x.phase))
                  .sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase));
                return {
                  forecast: p.forecastId,
                  project: p.projectId,
                  well: wellId,
                  resolution,
                  phases: wanted.map((x) => ({
                    phase: x.phase,
                    forecastType: x.forecastType,
                    ...(x.basePhase ? { basePhase: x.basePhase } : {}),
                    series: [...(computed.get(x.phase) ?? new Map())]
                      .filter(([, v]) => v.volumes !== null)
                      .map(([s, v]) => volumeSeries(s, v.volumes!, resolution)),
                  })),
                };
              });
            },
          },
        );
      },
    );
  }
}
