import { ForecastVolumes, ObjectId, OUTPUT_WELLS_MAX } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { companyVolumeList } from './companyVolumes';
import { VOLUME_TAKE_MAX, volumeRow } from './outputRoutes';

const ids = (what: string, max: number) =>
  z
    .array(ObjectId)
    .max(max, `${what} takes at most ${max} values per call`)
    .optional()
    .meta({ description: `${what} ids (repeatable), at most ${max}` });

/**
 * `GET|HEAD /v1/forecasts/daily-volumes` and `…/monthly-volumes` (and the service's spelling,
 * `/v1/forecast-daily-volumes`, `/v1/forecast-monthly-volumes`): the forecast volumes of every
 * project of the caller's company, one element per forecast and well, computed as the per-forecast
 * routes compute them.
 */
export function registerCompanyVolumeRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const resolution of ['daily', 'monthly'] as const) {
    const takeMax = VOLUME_TAKE_MAX[resolution];
    for (const path of [`/v1/forecasts/${resolution}-volumes`, `/v1/forecast-${resolution}-volumes`]) {
      route(
        app,
        {
          method: 'get',
          path,
          tag: 'Forecast outputs',
          auth: 'api',
          head: true,
          summary: `Forecast ${resolution} volumes across the company’s projects`,
          description: `One element per forecast and well with parameters, in the caller's company, ordered by forecast id then well id; \`take\` at most ${takeMax}. Filters \`project\`, \`forecast\`, \`well\` (each repeatable). Each element is what \`GET /v1/projects/{projectId}/forecasts/{forecastId}/${resolution}-volumes\` gives for that well, \`forecastType\` (the forecast's type) at the top.`,
          query: z.object({
            project: ids('project', 100),
            forecast: ids('forecast', 100),
            well: ids('well', OUTPUT_WELLS_MAX),
            skip: z.coerce.number().int().min(0).default(0),
            take: z.coerce.number().int().min(1).max(takeMax).default(25),
          }),
          responses: {
            200: {
              description: 'One page of forecast wells',
              content: { 'application/json': { schema: z.array(ForecastVolumes) } },
              headers: LIST_HEADERS,
            },
          },
        },
        async (c, input) => {
          const deps = c.get('deps');
          const q = input.query;
          const list = companyVolumeList(deps.db, c.get('auth').companyId, {
            projects: q.project,
            forecasts: q.forecast,
            wells: q.well,
          });
          return respondList(
            c,
            deps.config.publicBaseUrl,
            { sortFields: ['forecast'], takeMax },
            {
              count: () => list.count(),
              async page(page, limit) {
                return (await list.page(page, limit)).map((r) =>
                  volumeRow(r.forecast, r.wellId, r.phases, resolution, undefined),
                );
              },
            },
          );
        },
      );
    }
  }
}
