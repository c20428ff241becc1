import { ARIES_TAKE_MAX, AriesForecast, AriesQuery, ErrorEnvelope, ObjectId } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { LIST_HEADERS, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { route } from '../http/route';
import { defaultQualifier, wellAriesLines } from './ariesLines';
import { forecastPhasesOf, forecastWellList, requireForecast } from './store';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** `GET|HEAD /v1/projects/{p}/forecasts/{id}/aries`: the forecast as ARIES economic-file lines (decision 050). */
export function registerForecastAriesRoute(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/forecasts/{id}/aries',
      tag: 'Forecasts',
      auth: 'api',
      head: true,
      summary: 'The forecast as ARIES economic-file decline lines, per well',
      description: [
        `One element per well of the forecast, by well id (\`skip\`, \`take\` ≤ ${ARIES_TAKE_MAX}, \`well\` filter): \`{well, forecast: [{PROPNUM, WELL NAME, CHOSEN ID, API10?, API14?, SECTION, SEQUENCE, QUALIFIER, KEYWORD, EXPRESSION}]}\`; a well without segments in the series has no lines.`,
        'Per phase (oil, gas, water) with segments: `START` (the first day, `MM/YYYY` or `MM/DD/YYYY`) then one line per segment keyed `OIL`, `GAS`, `WTR` (a ratio: `GAS/OIL` …) and `"` for the next ones: `<q1> <q2> <unit> <cutoff> <cutoff unit> <method> [<value>]` with units B/D, M/D (or B/M, M/M with `forecastUnit=per_month`; a ratio M/B, B/B, B/M), cutoffs `<date> AD` (the day after the segment) or `<n> YRS` / `<n> MO` (`endingCondition`), methods `EXP <effective decline %>`, `B/<b> <initial secant effective decline %>`, `FLAT 0`, `LIN`; a modified Arps that switches is `<q> X <unit> <switch %> EXP B/<b> <dEff %>` then `X X <unit> <cutoff> EXP <switch %>`. Numbers have at most 10 significant digits (decision 050).',
      ].join('\n\n'),
      params: ProjectParam.extend({ id: ObjectId }),
      query: AriesQuery,
      responses: {
        200: { ...json(z.array(AriesForecast), 'One page of wells'), headers: LIST_HEADERS },
        404: json(ErrorEnvelope, 'No such forecast in the project'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { projectId, id } = input.params;
      const q = input.query;
      const forecast = await requireForecast(deps, c.get('auth').companyId, projectId, id);
      const qualifier = q.qualifier ?? defaultQualifier(forecast.name);
      const list = forecastWellList(deps.db, id, q.well);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ['well'], takeMax: ARIES_TAKE_MAX },
        {
          count: () => list.count(),
          async page(page, limit) {
            const wells = await list.page(page, limit);
            const phases = await forecastPhasesOf(
              deps.db,
              id,
              wells.map((w) => w.id),
            );
            return wells.map((w) => ({
              well: w.id,
              forecast: wellAriesLines(w, phases.get(w.id) ?? [], q, qualifier),
            }));
          },
        },
      );
    },
  );
}
