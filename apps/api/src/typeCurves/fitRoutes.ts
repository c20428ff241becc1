import {
  ErrorEnvelope,
  FIT_SERIES,
  fitsView,
  NormalizationInput,
  NormalizationView,
  ObjectId,
  PHASES,
  Phase,
  pagingQuery,
  TYPE_CURVE_TAKE_MAX,
  TypeCurveFitsInput,
  TypeCurveFitsView,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { LIST_HEADERS, linkHeader } from '../http/paging';
import { blankAsAbsent, commaList } from '../http/queryForms';
import { route } from '../http/route';
import { readFits, readNormalization, replaceFits, replaceNormalization } from './fitStore';
import { defaultNormalization, normalizationView, storedNormalization } from './normalization';
import { requireTypeCurve } from './store';
import { fitDailySeries, VOLUME_RESOLUTIONS, volumeRows } from './volumes';

/* V2 type-curve sub-resources (spec parts 2.9 and 4.4): fits, normalization and volumes. */

const tag = 'Type curves';
const base = '/v2/projects/{projectId}/type-curves/{id}';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const Params = z.object({ projectId: ObjectId, id: ObjectId });

const FitsQuery = z.object({
  phase: commaList(Phase, { enum: [...PHASES] }).meta({
    description: 'oil, gas or water; repeatable (or comma-separated); all phases when left out',
  }),
});

/** `?take=` and `?resolution=` are taken as absent (the default; "resolution is required"). */
const VolumesQuery = blankAsAbsent(
  pagingQuery(['date'], TYPE_CURVE_TAKE_MAX)
    .omit({ sort: true })
    .extend({
      resolution: z
        .enum(VOLUME_RESOLUTIONS, {
          error: (i) =>
            i.input === undefined ? 'resolution is required: daily or monthly' : 'resolution must be daily or monthly',
        })
        .meta({ description: '`daily` or `monthly` (required)' }),
    }),
);

const seriesValues = z.object(Object.fromEntries(FIT_SERIES.map((k) => [k, z.number().optional()])));
const VolumeRowSchema = z
  .object({
    date: z.string().meta({ description: 'the day, or the first day of the month (YYYY-MM-DD)' }),
    oil: seriesValues.optional(),
    gas: seriesValues.optional(),
    water: seriesValues.optional(),
  })
  .meta({ id: 'TypeCurveVolumeRow' });

type PathIds = z.output<typeof Params>;

/** The ids of the path, once the type curve is found to be the caller's (404 when it or its project is not). */
async function pathCurve(c: Context<AppEnv>, params: PathIds): Promise<PathIds> {
  await requireTypeCurve(c.get('deps'), c.get('auth').companyId, params.projectId, params.id);
  return params;
}

export function registerTypeCurveFitRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: `${base}/fits`,
      tag,
      auth: 'api',
      summary: 'Fits of a type curve, keyed by phase',
      description: [
        'Each fitted phase with its `updatedAt` (when that phase was last written). A never-fitted type curve gives `{}`.',
        '`phase` (repeatable or comma-separated) keeps only those phases; an unknown value is a 400 naming it.',
        'On a linear segment `slope` is its sign (-1, 0 or 1), as the spec’s read form says; the value written is kept.',
      ].join('\n\n'),
      params: Params,
      query: FitsQuery,
      responses: {
        200: json(TypeCurveFitsView, 'Fits keyed by phase'),
        404: json(ErrorEnvelope, 'No such type curve, or its project is not the caller’s'),
      },
    },
    async (c, input) => {
      const { id } = await pathCurve(c, input.params);
      const { stored, updatedAt } = await readFits(c.get('deps').db, id, input.query.phase);
      return c.json(fitsView(stored, updatedAt), 200);
    },
  );

  route(
    app,
    {
      method: 'put',
      path: `${base}/fits`,
      tag,
      auth: 'api',
      summary: 'Replace the fits of a type curve',
      description: [
        'Full replace (write rule 1): any non-empty subset of `oil`, `gas`, `water`; a stored phase missing from the body is deleted. Each written phase gets `updatedAt` = now (a sent `updatedAt` is ignored); the type curve’s `updatedAt` moves too. Returns the stored fits as `GET /{id}/fits` does.',
        'A ratio fit names `ratio.basePhase`, a different phase of the same body that is a rate fit; `eurPercentileMatched` must be false on it. The V1 fields `resolution`, `align`, `normalize`, `normalizations`, `type`, `basePhase` (on a fit or ratio series) and `eur` (on a series) are refused by name.',
        'Round trip: a GET body is a valid PUT body, but on a linear segment GET returns the sign of `slope`; writing it back stores that sign. The round trip is lossy for linear slopes only.',
      ].join('\n\n'),
      params: Params,
      body: TypeCurveFitsInput,
      responses: {
        200: json(TypeCurveFitsView, 'The stored fits'),
        404: json(ErrorEnvelope, 'No such type curve, or its project is not the caller’s'),
      },
    },
    async (c, input) => {
      const { projectId, id } = await pathCurve(c, input.params);
      const { stored, updatedAt } = await replaceFits(c.get('deps'), projectId, id, await input.body());
      return c.json(fitsView(stored, updatedAt), 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${base}/normalization`,
      tag,
      auth: 'api',
      summary: 'Normalization document of a type curve',
      description: [
        'All three phases. A never-normalized type curve reads as every phase with `xAxis` `perf_lateral_length`, `yAxis` `eur`, `targets` `[]` and empty `eur` and `peak` segments (no normalization): a valid PUT body.',
        'With `customBasisKey` the `xAxis` is returned as the basis’s composite ratio (the key of its one target) and must be dropped before writing the body back (write rule 2). `linkedTo` and `customBasisKey` appear only when set.',
      ].join('\n\n'),
      params: Params,
      responses: {
        200: json(NormalizationView, 'The normalization document'),
        404: json(ErrorEnvelope, 'No such type curve, or its project is not the caller’s'),
      },
    },
    async (c, input) => {
      const { id } = await pathCurve(c, input.params);
      const doc = await readNormalization(c.get('deps').db, id);
      return c.json(doc ? normalizationView(doc) : defaultNormalization(), 200);
    },
  );

  route(
    app,
    {
      method: 'put',
      path: `${base}/normalization`,
      tag,
      auth: 'api',
      summary: 'Replace the normalization document of a type curve',
      description: [
        'Whole-document replace (write rule 2): `oil`, `gas` and `water` are all sent; leaving out `linkedTo` removes a stored link. A composite-ratio `xAxis` (as read with `customBasisKey`) is refused: drop it.',
        'Writing never recomputes per-well multipliers (write rule 3): a phase left empty (no segments in the factors its `yAxis` uses, or linked to such a phase) has its stored multipliers deleted; every other phase keeps the multipliers of its last application in the web application. The type curve’s `updatedAt` moves. Returns the stored document as `GET /{id}/normalization` does.',
      ].join('\n\n'),
      params: Params,
      body: NormalizationInput,
      responses: {
        200: json(NormalizationView, 'The stored normalization document'),
        404: json(ErrorEnvelope, 'No such type curve, or its project is not the caller’s'),
      },
    },
    async (c, input) => {
      const { projectId, id } = await pathCurve(c, input.params);
      const doc = storedNormalization(await input.body());
      await replaceNormalization(c.get('deps'), projectId, id, doc);
      return c.json(normalizationView(doc), 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${base}/volumes`,
      tag,
      auth: 'api',
      summary: 'Volumes of a type curve, computed from its fits',
      description: [
        `\`resolution\` is required (\`daily\` or \`monthly\`); \`skip\`, \`take\` (default 25, at most ${TYPE_CURVE_TAKE_MAX}) page the rows; \`Link\` header, no count header.`,
        'Rows run from the earliest segment start to the latest segment end over every fitted series. Daily: one row per day, the rate at the whole-day index (BBL or MCF). Monthly: one row per calendar month, `date` its first day, each value the sum of the daily volumes of that month (a partial first or last month is not scaled).',
        'Per phase an object keyed `best`, `p10`, `p50`, `p90`: a series without a fit is left out, a phase with no fitted series is left out, and a series with no segment on a row’s date (or in its month) has no key there; nothing is null, so a row may hold only `date`.',
        'A ratio fit’s series is the ratio times its base phase’s same series, or the base’s `best` when the base lacks that series; it covers the ratio’s days (a day the base does not cover is 0). A type curve without fits has no rows.',
      ].join('\n\n'),
      params: Params,
      query: VolumesQuery,
      responses: {
        200: { ...json(z.array(VolumeRowSchema), 'One page of volume rows'), headers: LIST_HEADERS },
        404: json(ErrorEnvelope, 'No such type curve, or its project is not the caller’s'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { id } = await pathCurve(c, input.params);
      const q = input.query;
      const { stored } = await readFits(deps.db, id);
      const { rows, total } = volumeRows(fitDailySeries(stored), q.resolution, q);
      const page = { skip: q.skip, take: q.take, sort: 'date' };
      c.header('Link', linkHeader(deps.config.publicBaseUrl, c.req.url, page, q.skip + q.take < total));
      return c.json(rows, 200);
    },
  );
}
