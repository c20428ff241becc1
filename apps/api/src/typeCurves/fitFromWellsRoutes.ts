import {
  ErrorEnvelope,
  FitFromWellsInput,
  FitFromWellsPhase,
  FitFromWellsPreviewQuery,
  FitFromWellsResult,
  ObjectId,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { route } from '../http/route';
import { fitFromWells, previewFromWells } from './fitFromWells';
import { requireTypeCurve } from './store';

/* Fitting a type curve from its wells (issue 18; decision 029): an action and its read-only preview. */

const tag = 'Type curves';
const path = '/v2/projects/{projectId}/type-curves/{id}/fit-from-wells';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const Params = z.object({ projectId: ObjectId, id: ObjectId });
const notFound = json(ErrorEnvelope, 'No such type curve, or its project is not the caller’s');

const HOW = [
  'Each well of the type curve that is not in `excludedWells` contributes its `resolution` history of the phase (a monthly record’s rate is its volume over the days of its month); a well without a positive volume of the phase drops out of it (`noProduction`, spec part 2.9). With `normalize` the type curve’s normalization gives each well its multipliers: m = f(x_target) / f(x_well) for each factor its `yAxis` uses (`linear` a·x + b, `power_law_fit` a·x^b, `1_to_1` x; `eur_per_pll` multiplies both sides by the perforated lateral length), a linked phase taking the multipliers of the phase it links to. An EUR or a peak multiplier scales the rates; `eur_and_peak` scales them by the peak multiplier and stretches time by m_eur / m_peak, so the volume moves by m_eur. A well without the x-axis header keeps multiplier 1 (`note`).',
  'Each well’s step 0 is its peak rate (`align: peak`) or its first production (`first`); per step P10 (the high rate: the 90th percentile), P50, P90 (the 10th percentile; linear between order statistics) and the average are taken over the wells with a positive rate there (`wellCount`). The series stop at the first step where fewer than `minWells` wells produce (default 3, or every well used when fewer).',
].join('\n\n');

export function registerFitFromWellsRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'post',
      path,
      tag,
      auth: 'api',
      summary: 'Fit a type curve from its wells',
      description: [
        HOW,
        'Each series is fitted with the phase’s `model` and constraints from the series’ peak: `best` is fitted to the average (the expected well: its EUR is the mean of the wells’), `p10`, `p50`, `p90` to the percentiles. Step k is dated k months (or days) after `startDate` (default the first of the current month); the segments run `durationYears` (default 30). `regressionType` is stored on the fit; every series is fitted on (log) rate today. A series that cannot be fitted is left out and its `reason` reported.',
        'Unless `dryRun`, in one transaction: the fits of the phases sent replace the stored ones (`GET /{id}/fits` and `GET /{id}/volumes` follow; other phases are kept), and with `normalize` each phase’s per-well multipliers are replaced by those of this application (a phase whose normalization is empty keeps none; spec 4.4 write rule 3). With `normalize: false` the stored multipliers are left as they are.',
        'Answers the stored fits (every phase) and per phase the steps (for charts), the fit of each series and each well’s multipliers and status. 409, nothing written, when a phase has no well with production, the normalization cannot be applied (no target for its x axis; `customBasisKey`), or no series of a phase could be fitted; each names the field, rule and value.',
      ].join('\n\n'),
      params: Params,
      body: FitFromWellsInput,
      responses: {
        200: json(FitFromWellsResult, 'The fits, the per-step series and the per-well results'),
        404: notFound,
        409: json(
          ErrorEnvelope,
          'Nothing to fit: no well with production, a normalization that cannot apply, no series fitted',
        ),
      },
    },
    async (c, input) => {
      const { projectId, id } = input.params;
      const row = await requireTypeCurve(c.get('deps'), c.get('auth').companyId, projectId, id);
      const body = await input.body();
      return c.json(await fitFromWells(c.get('deps'), row, body), 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path,
      tag,
      auth: 'api',
      summary: 'Preview a type curve from its wells: the normalized cloud, the series and the multipliers',
      description: [
        HOW,
        'Read-only (nothing is fitted or written): one `phase`, with each used well’s normalized rates by step (`cloud`), the per-step series and each well’s multipliers, cumulative volume, peak rate and x-axis value (the normalization scatter). 409 as the POST for a phase without production or a normalization that cannot apply.',
      ].join('\n\n'),
      params: Params,
      query: FitFromWellsPreviewQuery,
      responses: {
        200: json(FitFromWellsPhase, 'The phase’s cloud, series and wells'),
        404: notFound,
        409: json(ErrorEnvelope, 'No well with production of the phase, or a normalization that cannot apply'),
      },
    },
    async (c, input) => {
      const { projectId, id } = input.params;
      const row = await requireTypeCurve(c.get('deps'), c.get('auth').companyId, projectId, id);
      return c.json(await previewFromWells(c.get('deps'), row, input.query), 200);
    },
  );
}
