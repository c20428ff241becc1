import { z } from 'zod';
import { type ErrorDetail, noNul, ObjectId, pagingQuery, Timestamp } from '../common';
import { readOnly } from '../econModels/fields';

/* The V2 type curve (spec parts 2.9, 4.4, 7 and 8). Fits and normalization are separate resources. */

/** Spec parts 4.4 and 8: list sort fields and the largest `take`. */
export const TYPE_CURVE_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const TYPE_CURVE_TAKE_MAX = 2500;
/** Spec part 8: records per `POST /batch` and `PATCH /batch`. */
export const TYPE_CURVE_BATCH_MAX = 100;
/** Spec part 8: wells and excludedWells each. */
export const TYPE_CURVE_WELLS_MAX = 2000;
/** Spec part 8: values per `id` and per `name` filter of `DELETE /`. */
export const DELETE_FILTER_VALUES_MAX = 100;

/** Spec part 2.9 casing: `best` lower-case, the percentiles upper-case. */
export const FORECAST_SERIES = ['best', 'P10', 'P50', 'P90'] as const;
export const ForecastSeries = z.enum(FORECAST_SERIES, {
  error: `forecastSeries must be one of ${FORECAST_SERIES.join(', ')}`,
});
export type ForecastSeries = z.infer<typeof ForecastSeries>;

/** `GET /` query (spec part 4.4): skip, take (default 25, max 2500), sort (`id` default). */
export const TypeCurveListQuery = pagingQuery(TYPE_CURVE_SORT, TYPE_CURVE_TAKE_MAX);

/** A JSON null counts as "not sent" on PATCH (spec part 4.4: a null value is ignored). */
const dropNulls = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null))
    : value;

/** The ids that occur more than once, each named once. */
const duplicatesOf = (ids: readonly string[]): string[] => {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const id of ids) (seen.has(id) ? dup : seen).add(id);
  return [...dup];
};

/** The excluded ids that are not among `wells` (spec part 2.9: excludedWells ⊆ wells). */
export function excludedNotInWells(excludedWells: readonly string[], wells: readonly string[]): string[] {
  const assigned = new Set(wells);
  return excludedWells.filter((id) => !assigned.has(id));
}

const wellList = (field: string, description: string) =>
  z
    .array(ObjectId, { error: `${field} must be an array of well ids` })
    .max(TYPE_CURVE_WELLS_MAX, `${field} holds at most ${TYPE_CURVE_WELLS_MAX} wells`)
    .superRefine((ids, ctx) => {
      const dup = duplicatesOf(ids);
      if (dup.length) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} must not repeat a well (repeated: ${dup.join(', ')})`,
          params: { rule: 'unique' },
        });
      }
    })
    .meta({ description });

/** A field V1 kept on the type curve and V2 moved elsewhere: refused by name (spec parts 2.9 and 7). */
const movedAway = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined, { message, params: { rule: 'not on a type curve' } })
    .optional()
    .meta({ description: `refused: ${message}` });

/** The writable fields, without defaults or cross-field rules, so PATCH can derive from them. */
const TypeCurveFields = z.strictObject(
  {
    name: noNul(
      z
        .string({ error: (i) => (i.input === undefined ? 'name is required' : 'name must be a string') })
        .trim()
        .min(1, 'name must not be empty')
        .max(200, 'name must be at most 200 characters'),
    ).meta({ description: 'unique within the project; a duplicate gives 409' }),
    forecast: ObjectId.optional().meta({ description: 'id of a forecast of the project' }),
    forecastSeries: ForecastSeries.optional().meta({
      description: 'anything other than `best` needs a probabilistic forecast',
    }),
    wells: wellList('wells', 'well ids of the forecast; requires a forecast').optional(),
    excludedWells: wellList('excludedWells', 'a subset of wells').optional(),
    fits: movedAway(
      'fits are not part of a V2 type curve: write them with PUT /v2/projects/{projectId}/type-curves/{id}/fits',
    ),
    regressionType: movedAway(
      'regressionType is not a field of a V2 type curve: it lives on each fit (PUT /v2/projects/{projectId}/type-curves/{id}/fits)',
    ),
    project: readOnly('project'),
    createdAt: readOnly('createdAt'),
    updatedAt: readOnly('updatedAt'),
  },
  {
    error: (i) =>
      i.code === 'invalid_type' && Array.isArray(i.input)
        ? 'send one type curve object: an array of them goes to the /batch route'
        : undefined,
  },
);

type WellFields = { wells?: string[] | undefined; excludedWells?: string[] | undefined };

/** excludedWells ⊆ wells, when both are in the body; the stored wells are the service's to check. */
const subsetIssue = (body: WellFields, ctx: z.RefinementCtx) => {
  if (!body.wells || !body.excludedWells) return;
  const stray = excludedNotInWells(body.excludedWells, body.wells);
  if (stray.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['excludedWells'],
      message: `excludedWells must be a subset of wells (not in wells: ${stray.join(', ')})`,
      params: { rule: 'subset of wells' },
    });
  }
};

/**
 * The body of `POST /` (spec parts 2.9 and 4.4). `forecastSeries` defaults to `best`; wells
 * require a forecast, excludedWells must be a subset of wells, and `fits` or `regressionType` are
 * a 400 saying where they live now. Whether the forecast and wells exist in the project, and
 * whether a percentile series has a probabilistic forecast, is the service's to check.
 */
export const TypeCurveInput = TypeCurveFields.extend({
  id: readOnly('id'),
  forecastSeries: ForecastSeries.default('best').meta({
    description: 'default `best`; anything other than `best` needs a probabilistic forecast',
  }),
})
  .superRefine((body, ctx) => {
    if (body.forecast === undefined) {
      if (body.wells?.length || body.excludedWells?.length) {
        const field = body.wells?.length ? 'wells' : 'excludedWells';
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} require a forecast: send the forecast the wells belong to`,
          params: { rule: 'requires forecast' },
        });
      }
      if (body.forecastSeries !== 'best') {
        ctx.addIssue({
          code: 'custom',
          path: ['forecastSeries'],
          message: `forecastSeries ${body.forecastSeries} needs a probabilistic forecast: send forecast`,
          params: { rule: 'requires forecast' },
        });
      }
    }
    if (body.excludedWells?.length && !body.wells) {
      ctx.addIssue({
        code: 'custom',
        path: ['excludedWells'],
        message: `excludedWells must be a subset of wells (not in wells: ${body.excludedWells.join(', ')})`,
        params: { rule: 'subset of wells' },
      });
    }
    subsetIssue(body, ctx);
  })
  .meta({ id: 'TypeCurveInput' });
export type TypeCurveInput = z.input<typeof TypeCurveInput>;
export type TypeCurveCreate = z.output<typeof TypeCurveInput>;

const patchShape = TypeCurveFields.partial();
const patchRules = (body: WellFields, ctx: z.RefinementCtx) => subsetIssue(body, ctx);

/**
 * The body of `PATCH /{id}` (spec part 4.4): a merge, every field optional, a null value ignored.
 * `id` may be sent but must match the path ({@link patchIdMismatch}). Rules that need the stored
 * type curve (wells against the stored forecast, excludedWells against the stored wells) are the
 * service's.
 */
export const TypeCurvePatch = z
  .preprocess(
    dropNulls,
    patchShape.extend({ id: ObjectId.optional().meta({ description: 'if sent, must match the path' }) }),
  )
  .superRefine(patchRules)
  .meta({ id: 'TypeCurvePatch' });
export type TypeCurvePatch = z.input<typeof TypeCurvePatch>;

/** One record of `PATCH /batch` (spec part 4.4): the PATCH body with a required id. */
export const TypeCurveBatchPatchItem = z
  .preprocess(
    dropNulls,
    patchShape.extend({
      id: z
        .string({
          error: (i) => (i.input === undefined ? 'id is required on every PATCH /batch record' : 'id must be a string'),
        })
        .regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id')
        .meta({ description: 'the type curve to update' }),
    }),
  )
  .superRefine(patchRules)
  .meta({ id: 'TypeCurveBatchPatchItem' });
export type TypeCurveBatchPatchItem = z.input<typeof TypeCurveBatchPatchItem>;

/** The 400 detail when a PATCH body's id differs from the path (spec parts 4.4 and 7), else undefined. */
export function patchIdMismatch(bodyId: unknown, pathId: string): ErrorDetail | undefined {
  if (bodyId === undefined || bodyId === null || bodyId === pathId) return undefined;
  return {
    field: 'id',
    rule: 'matches path',
    value: bodyId,
    message: `id ${String(bodyId)} in the body differs from the id ${pathId} in the path`,
  };
}

/** A stored type curve as returned (spec part 2.9): never null, a field it lacks is left out. */
export const TypeCurve = z
  .object({
    id: ObjectId,
    name: z.string(),
    project: ObjectId.meta({ description: 'read-only; taken from the path' }),
    forecast: ObjectId.optional(),
    forecastSeries: ForecastSeries.optional(),
    wells: z.array(ObjectId).optional(),
    excludedWells: z.array(ObjectId).optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'TypeCurve' });
export type TypeCurve = z.infer<typeof TypeCurve>;

/**
 * Where a type-curve well stands in one phase's fit (`GET /{id}/wells`, spec part 2.9): in the fit,
 * excluded (excludedWells, every phase), or out of the phase for want of production of it.
 */
export const WELL_PHASE_STATUSES = ['fit', 'excluded', 'noProduction'] as const;
export type WellPhaseStatus = (typeof WELL_PHASE_STATUSES)[number];
