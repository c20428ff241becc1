import {
  ErrorEnvelope,
  emptyPhases,
  FIT_SERIES,
  type Fit,
  type FitSegment,
  fitsView,
  NormalizationInput,
  NormalizationView,
  ObjectId,
  PHASES,
  Phase,
  pagingQuery,
  TYPE_CURVE_TAKE_MAX,
  type TypeCurveFits,
  TypeCurveFitsInput,
  TypeCurveFitsView,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import { typeCurveFits, typeCurveMultipliers, typeCurveNormalizations, typeCurves } from '../db/schema';
import { notFound } from '../http/errors';
import { LIST_HEADERS, linkHeader } from '../http/paging';
import { parseWith, readJson, route } from '../http/route';
import { defaultNormalization, normalizationView, storedNormalization } from './normalization';
import { requireTypeCurve } from './store';
import { fitDailySeries, VOLUME_RESOLUTIONS, volumeRows } from './volumes';

/* V2 type-curve sub-resources (spec parts 2.9 and 4.4): fits, normalization and volumes. */

const tag = 'Type curves';
const base = '/v2/projects/{projectId}/type-curves/{id}';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const Params = z.object({ projectId: ObjectId, id: ObjectId });

const FitsQuery = z.object({
  phase: z
    .array(Phase)
    .optional()
    .meta({ description: 'oil, gas or water; repeatable (or comma-separated); all phases when left out' }),
});

const VolumesQuery = pagingQuery(['date'], TYPE_CURVE_TAKE_MAX)
  .omit({ sort: true })
  .extend({
    resolution: z
      .enum(VOLUME_RESOLUTIONS, {
        error: (i) =>
          i.input === undefined ? 'resolution is required: daily or monthly' : 'resolution must be daily or monthly',
      })
      .meta({ description: '`daily` or `monthly` (required)' }),
  });

const seriesValues = z.object(Object.fromEntries(FIT_SERIES.map((k) => [k, z.number().optional()])));
const VolumeRowSchema = z
  .object({
    date: z.string().meta({ description: 'the day, or the first day of the month (YYYY-MM-DD)' }),
    oil: seriesValues.optional(),
    gas: seriesValues.optional(),
    water: seriesValues.optional(),
  })
  .meta({ id: 'TypeCurveVolumeRow' });

/** The type curve of the path (404 when it or its project is not the caller's). */
async function pathCurve(c: Context<AppEnv>) {
  const p = parseWith(Params, c.req.param(), 'path.');
  const deps = c.get('deps');
  await requireTypeCurve(deps, c.get('auth').companyId, p.projectId, p.id);
  return { deps, ...p };
}

/** Segment fields in the order of spec part 2.8 (jsonb does not keep the order written). */
const SEGMENT_FIELDS = [
  'segmentIndex',
  'segmentType',
  'startDate',
  'endDate',
  'qStart',
  'd',
  'dEff',
  'b',
  'slope',
  'realizedDEffSw',
] as const;

const inOrder = (series: { segments: FitSegment[] } | undefined) =>
  series && {
    segments: series.segments.map(
      (seg) =>
        Object.fromEntries(SEGMENT_FIELDS.filter((k) => seg[k] !== undefined).map((k) => [k, seg[k]])) as FitSegment,
    ),
  };

/** A stored fit with its segments' fields back in the spec's order. */
function orderedFit(fit: Fit): Fit {
  const out: Fit = { ...fit };
  const ratio = fit.ratio ? { ...fit.ratio } : undefined;
  for (const key of FIT_SERIES) {
    if (fit[key]) out[key] = inOrder(fit[key]);
    if (ratio?.[key]) ratio[key] = inOrder(ratio[key]);
  }
  if (ratio) out.ratio = ratio;
  return out;
}

/** The stored fits of a type curve and when each phase was written. */
async function loadFits(db: Pick<Deps['db'], 'select'>, id: string, phases?: readonly Phase[]) {
  const rows = await db
    .select()
    .from(typeCurveFits)
    .where(and(eq(typeCurveFits.typeCurveId, id), phases ? inArray(typeCurveFits.phase, [...phases]) : undefined));
  const stored: TypeCurveFits = {};
  const updatedAt: Partial<Record<Phase, string>> = {};
  for (const r of rows) {
    stored[r.phase] = orderedFit(r.fit as Fit);
    updatedAt[r.phase] = r.updatedAt.toISOString();
  }
  return { stored, updatedAt };
}

/**
 * Bumps the type curve's updatedAt inside a write transaction; the row lock also orders
 * concurrent writes to one curve. 404 when the curve was deleted meanwhile.
 */
async function touchCurve(tx: Pick<Deps['db'], 'update'>, projectId: string, id: string, now: Date) {
  const touched = await tx
    .update(typeCurves)
    .set({ updatedAt: now })
    .where(and(eq(typeCurves.id, id), eq(typeCurves.projectId, projectId)))
    .returning({ id: typeCurves.id });
  if (touched.length === 0) throw notFound(`No type curve with id ${id} in project ${projectId}`);
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
    async (c) => {
      const { deps, id } = await pathCurve(c);
      const raw = c.req.queries('phase');
      const list = raw?.flatMap((v) => v.split(',')).filter((v) => v !== '');
      const q = parseWith(FitsQuery, { phase: list?.length ? list : undefined }, 'query.');
      const { stored, updatedAt } = await loadFits(deps.db, id, q.phase);
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
    async (c) => {
      const { deps, projectId, id } = await pathCurve(c);
      const fits = parseWith(TypeCurveFitsInput, await readJson(c));
      const now = deps.clock.now();
      const phases = PHASES.filter((p) => fits[p] !== undefined);
      const { stored, updatedAt } = await deps.db.transaction(async (tx) => {
        await touchCurve(tx, projectId, id, now);
        await tx
          .delete(typeCurveFits)
          .where(and(eq(typeCurveFits.typeCurveId, id), notInArray(typeCurveFits.phase, phases)));
        for (const phase of phases) {
          const fit = fits[phase];
          await tx
            .insert(typeCurveFits)
            .values({ typeCurveId: id, phase, fit, updatedAt: now })
            .onConflictDoUpdate({
              target: [typeCurveFits.typeCurveId, typeCurveFits.phase],
              set: { fit, updatedAt: now },
            });
        }
        return loadFits(tx, id);
      });
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
    async (c) => {
      const { deps, id } = await pathCurve(c);
      const [row] = await deps.db
        .select()
        .from(typeCurveNormalizations)
        .where(eq(typeCurveNormalizations.typeCurveId, id));
      const view = row ? normalizationView(row.document as NormalizationInput) : defaultNormalization();
      return c.json(view, 200);
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
    async (c) => {
      const { deps, projectId, id } = await pathCurve(c);
      const doc = storedNormalization(parseWith(NormalizationInput, await readJson(c)));
      const now = deps.clock.now();
      const empty = emptyPhases(doc);
      await deps.db.transaction(async (tx) => {
        await touchCurve(tx, projectId, id, now);
        await tx
          .insert(typeCurveNormalizations)
          .values({ typeCurveId: id, document: doc, updatedAt: now })
          .onConflictDoUpdate({ target: typeCurveNormalizations.typeCurveId, set: { document: doc, updatedAt: now } });
        if (empty.length > 0) {
          await tx
            .delete(typeCurveMultipliers)
            .where(and(eq(typeCurveMultipliers.typeCurveId, id), inArray(typeCurveMultipliers.phase, empty)));
        }
      });
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
    async (c) => {
      const { deps, id } = await pathCurve(c);
      const raw = { resolution: c.req.query('resolution'), skip: c.req.query('skip'), take: c.req.query('take') };
      const input = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
      const q = parseWith(VolumesQuery, input, 'query.');
      const { stored } = await loadFits(deps.db, id);
      const { rows, total } = volumeRows(fitDailySeries(stored), q.resolution, q);
      const page = { skip: q.skip, take: q.take, sort: 'date' };
      c.header('Link', linkHeader(deps.config.publicBaseUrl, c.req.url, page, q.skip + q.take < total));
      return c.json(rows, 200);
    },
  );
}
