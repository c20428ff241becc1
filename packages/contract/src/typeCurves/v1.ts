import { z } from 'zod';
import { noNul, ObjectId } from '../common';
import { PHASES } from '../forecasts';
import { FIT_SERIES, type FitSeriesKey, RegressionType } from './fits';
import { TYPE_CURVE_WELLS_MAX } from './typeCurve';

/*
 * V1 type-curve shapes (spec parts 2.9, 4.5 and 9.5), served until the switch-over and read by the
 * migration assistant. V1 stores into the same tables as V2; these are only the wire shapes.
 *
 * Decisions where the spec is silent (documented here, used by the V1 routes and the assistant):
 * - A V1 fit is `{type, basePhase?, best, p10, p50, p90}`: `basePhase` (ratio fits only) sits on the
 *   fit, each series holds `segments` (part 2.8 segments with `segmentIndex`) and, on read, `eur`
 *   in MBBL (oil, water) or MMCF (gas). The write requires a water fit and all four series on every
 *   fit; `resolution`, `align`, `normalize` and `normalizations` are accepted and not kept (V2 has
 *   no place for them); a series `eur` is accepted and ignored (it follows from the segments).
 * - The curve-level `regressionType` (`rate` default, or `cum`) becomes each fit's regressionType.
 * - V1 normalization, per phase (any subset of oil, gas, water; a missing phase is not normalized):
 *   `{normalizationType: eur | eur_and_q_peak, xAxis (header key, default perf_lateral_length),
 *   target: {headerKey: number} (up to 3), eur: V1NormalizationFit, qPeak: V1NormalizationFit
 *   (required with eur_and_q_peak), peakSmoothing?: boolean}` where a V1NormalizationFit is
 *   `{fitType: linear, slope, intercept}` (y = slope·x + intercept),
 *   `{fitType: power_law_fit, coefficient, exponent}` (y = coefficient·x^exponent) or `{fitType: 1_to_1}`.
 *   V1 had one fit over the whole x range: it becomes one V2 segment with xStart 0.
 * - `validationCriteria` on the V1 curve is accepted and not kept (V2 has none).
 */

/** V1 sent every series on every fit. */
export const V1_SERIES = FIT_SERIES;

const phaseEnum = (field: string) => z.enum(PHASES, { error: `${field} must be one of ${PHASES.join(', ')}` });

/** One V1 series as written: segments are validated by the V2 fit schema after conversion. */
const V1SeriesInput = z
  .looseObject({
    segments: z
      .array(z.unknown(), { error: 'segments must be an array of segment objects' })
      .min(1, 'segments needs at least one segment'),
    eur: z.unknown().optional().meta({ description: 'read-only (computed from the segments); ignored on write' }),
  })
  .transform(({ segments }) => ({ segments }));

const seriesRequired = Object.fromEntries(
  V1_SERIES.map((k) => [
    k,
    z.unknown().superRefine((v, ctx) => {
      if (v === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `${k} is required: a V1 fit holds all four series (best, p10, p50, p90)`,
          params: { rule: 'required' },
        });
        return;
      }
      const parsed = V1SeriesInput.safeParse(v);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
    }),
  ]),
) as unknown as Record<FitSeriesKey, z.ZodType<unknown>>;

/** One V1 fit as written. */
export const V1FitInput = z
  .strictObject(
    {
      type: z.enum(['rate', 'ratio'], { error: 'type must be rate or ratio' }),
      basePhase: phaseEnum('basePhase').optional().meta({ description: 'ratio fits only: the phase the ratio is on' }),
      ...seriesRequired,
      resolution: z.unknown().optional().meta({ description: 'accepted, not kept' }),
      align: z.unknown().optional().meta({ description: 'accepted, not kept' }),
      normalize: z.unknown().optional().meta({ description: 'accepted, not kept' }),
      normalizations: z.unknown().optional().meta({ description: 'accepted, not kept' }),
    },
    { error: (i) => (i.code === 'invalid_type' ? 'a fit must be an object' : undefined) },
  )
  .superRefine((fit, ctx) => {
    if (fit.type === 'ratio' && fit.basePhase === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['basePhase'],
        message: 'basePhase is required on a ratio fit',
        params: { rule: 'required for ratio' },
      });
    }
    if (fit.type === 'rate' && fit.basePhase !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['basePhase'],
        message: 'basePhase goes only on a ratio fit',
        params: { rule: 'only for ratio' },
      });
    }
  });
export type V1FitInput = z.input<typeof V1FitInput>;

/** V1 fits keyed by phase: water is required (the V1 write rule). */
export const V1FitsInput = z.strictObject(
  {
    oil: V1FitInput.optional(),
    gas: V1FitInput.optional(),
    water: z.unknown().superRefine((v, ctx) => {
      if (v === undefined) {
        ctx.addIssue({ code: 'custom', message: 'a V1 type curve needs a water fit', params: { rule: 'required' } });
        return;
      }
      const parsed = V1FitInput.safeParse(v);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
    }),
  },
  {
    error: (i) =>
      i.code === 'invalid_type'
        ? i.input === undefined
          ? 'fits is required: a V1 type curve is written with its fits (a water fit at least)'
          : 'fits must be an object keyed by phase (oil, gas, water)'
        : undefined,
  },
);

/** A V1 normalization fit over the whole x range. */
export const V1NormalizationFit = z.discriminatedUnion(
  'fitType',
  [
    z.strictObject({
      fitType: z.literal('linear'),
      slope: z.number({ error: 'slope must be a number' }),
      intercept: z.number({ error: 'intercept must be a number' }),
    }),
    z.strictObject({
      fitType: z.literal('power_law_fit'),
      coefficient: z.number({ error: 'coefficient must be a number' }),
      exponent: z.number({ error: 'exponent must be a number' }),
    }),
    z.strictObject({ fitType: z.literal('1_to_1') }),
  ],
  { error: () => 'fitType must be linear (slope, intercept), power_law_fit (coefficient, exponent) or 1_to_1' },
);
export type V1NormalizationFit = z.infer<typeof V1NormalizationFit>;

/** The V1 normalization of one phase (see the decisions at the top of this file). */
export const V1PhaseNormalization = z
  .strictObject({
    normalizationType: z.enum(['eur', 'eur_and_q_peak'], { error: 'normalizationType must be eur or eur_and_q_peak' }),
    xAxis: noNul(z.string({ error: 'xAxis must be a header key' }).min(1, 'xAxis must not be empty')).default(
      'perf_lateral_length',
    ),
    target: z
      .record(z.string(), z.number({ error: 'a target value must be a number' }), {
        error: 'target must be an object of header key to number',
      })
      .refine((t) => Object.keys(t).length <= 3, { message: 'target holds at most 3 keys' })
      .default({}),
    eur: V1NormalizationFit,
    qPeak: V1NormalizationFit.optional(),
    peakSmoothing: z.boolean({ error: 'peakSmoothing must be true or false' }).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.normalizationType === 'eur_and_q_peak' && p.qPeak === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['qPeak'],
        message: 'qPeak is required with normalizationType eur_and_q_peak',
        params: { rule: 'required' },
      });
    }
  });
export type V1PhaseNormalization = z.infer<typeof V1PhaseNormalization>;

export const V1Normalization = z.strictObject(
  {
    oil: V1PhaseNormalization.optional(),
    gas: V1PhaseNormalization.optional(),
    water: V1PhaseNormalization.optional(),
  },
  { error: (i) => (i.code === 'invalid_type' ? 'normalization must be an object keyed by phase' : undefined) },
);
export type V1Normalization = z.infer<typeof V1Normalization>;

/** One record of V1 `POST /` and `PUT /` (arrays, 207). */
export const V1TypeCurveInput = z
  .strictObject(
    {
      id: z.unknown().optional().meta({ description: 'ignored: ids are assigned by the service' }),
      name: noNul(
        z
          .string({ error: (i) => (i.input === undefined ? 'name is required' : 'name must be a string') })
          .trim()
          .min(1, 'name must not be empty')
          .max(200, 'name must be at most 200 characters'),
      ),
      forecast: ObjectId.optional(),
      regressionType: RegressionType.default('rate'),
      wells: z
        .array(ObjectId, { error: 'wells must be an array of well ids' })
        .max(TYPE_CURVE_WELLS_MAX, `wells holds at most ${TYPE_CURVE_WELLS_MAX} wells`)
        .optional(),
      fits: V1FitsInput,
      normalization: V1Normalization.optional(),
      validationCriteria: z.unknown().optional().meta({ description: 'accepted, not kept' }),
      createdAt: z.unknown().optional(),
      updatedAt: z.unknown().optional(),
    },
    { error: (i) => (i.code === 'invalid_type' ? 'each record must be a type-curve object' : undefined) },
  )
  .meta({ id: 'V1TypeCurveInput' });
export type V1TypeCurveInput = z.input<typeof V1TypeCurveInput>;

/* ------------------------------------------------------------------ read */

/** A segment as V1 read it: the part 2.8 fields with `segmentIndex` (slope is the value). */
export const V1Segment = z.looseObject({ segmentIndex: z.number().int(), segmentType: z.string() });
export type V1Segment = z.infer<typeof V1Segment> & Record<string, unknown>;

export const V1Series = z.object({ segments: z.array(V1Segment), eur: z.number().optional() });
export type V1Series = { segments: V1Segment[]; eur?: number };

/** A V1 fit as read. */
export const V1Fit = z.object({
  type: z.enum(['rate', 'ratio']),
  basePhase: z.enum(PHASES).optional(),
  best: V1Series.optional(),
  p10: V1Series.optional(),
  p50: V1Series.optional(),
  p90: V1Series.optional(),
  resolution: z.unknown().optional(),
  align: z.unknown().optional(),
  normalize: z.unknown().optional(),
  normalizations: z.unknown().optional(),
});
export type V1Fit = z.infer<typeof V1Fit>;

/** A representative-wells row (`GET /{id}/representative-wells`). */
export const V1RepresentativeWell = z.looseObject({
  id: ObjectId,
  rep: z.boolean(),
  valid: z.boolean().optional(),
  hasData: z.boolean().optional(),
  hasForecast: z.boolean().optional(),
  eur: z.record(z.string(), z.number()).optional(),
});
export type V1RepresentativeWell = z.infer<typeof V1RepresentativeWell>;

/**
 * A V1 type curve as `GET /{id}` returned it, plus what the migration assistant may also be given:
 * its `normalization` and its `representativeWells` (from `GET /{id}/representative-wells`).
 */
export const V1TypeCurve = z
  .looseObject({
    id: ObjectId.optional(),
    name: z.string({ error: 'name is required' }).min(1, 'name must not be empty'),
    forecast: ObjectId.optional(),
    regressionType: RegressionType.optional(),
    wells: z.array(ObjectId).optional(),
    fits: z.object({ oil: V1Fit.optional(), gas: V1Fit.optional(), water: V1Fit.optional() }).optional(),
    normalization: V1Normalization.optional(),
    representativeWells: z.array(V1RepresentativeWell).optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'V1TypeCurve' });
export type V1TypeCurve = z.infer<typeof V1TypeCurve>;

/* ------------------------------------------------------------------ lookup tables */

/**
 * A V1 lookup rule. V1 → V2 (spec parts 2.9 and 9.5): riskFactorOil/Gas/Water become
 * riskFactorPeakOil/Gas/Water, `applyNormalization: true` becomes `normalization: {source: own}`,
 * `phase` and `resolution` are accepted and not kept (V2 has no place for them). `fpdSource:
 * schedule` is refused already in V1 here: V2 removed it and a V1 rule must carry across the
 * switch-over. On read, `applyNormalization` is true when the V2 rule has a normalization.
 */
export const V1LookupRuleInput = z.looseObject({
  typeCurve: ObjectId,
  filter: z.array(z.unknown(), { error: 'filter must be an array' }).nullish(),
  phase: z.unknown().optional().meta({ description: 'accepted, not kept' }),
  resolution: z.unknown().optional().meta({ description: 'accepted, not kept' }),
  applyNormalization: z.boolean({ error: 'applyNormalization must be true or false' }).optional(),
  riskFactorOil: z
    .number({ error: 'riskFactorOil must be a number' })
    .min(0, 'riskFactorOil must be 0 or more')
    .optional(),
  riskFactorGas: z
    .number({ error: 'riskFactorGas must be a number' })
    .min(0, 'riskFactorGas must be 0 or more')
    .optional(),
  riskFactorWater: z
    .number({ error: 'riskFactorWater must be a number' })
    .min(0, 'riskFactorWater must be 0 or more')
    .optional(),
  fpdSource: z
    .string({ error: 'fpdSource must be a string' })
    .refine((s) => s !== 'schedule', {
      message: 'fpdSource schedule cannot be written any more: it does not carry across the V2 switch-over',
      params: { rule: 'removed' },
    })
    .optional(),
});

/** One record of V1 lookup-table `POST /` and `PUT /`. */
export const V1LookupTableInput = z.looseObject({
  name: z.string({ error: (i) => (i.input === undefined ? 'name is required' : 'name must be a string') }).min(1),
  caseInsensitiveMatching: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
  rules: z.array(V1LookupRuleInput, { error: 'rules must be an array' }).optional(),
});

const RISK_RENAMES = [
  ['riskFactorOil', 'riskFactorPeakOil'],
  ['riskFactorGas', 'riskFactorPeakGas'],
  ['riskFactorWater', 'riskFactorPeakWater'],
] as const;

/** A V1 lookup-table body as the V2 body (validate the result with LookupTableInput). */
export function v1LookupTableToV2(v1: Record<string, unknown>): Record<string, unknown> {
  const { rules, id: _id, createdAt: _c, updatedAt: _u, ...rest } = v1;
  const out: Record<string, unknown> = { ...rest };
  if (Array.isArray(rules)) {
    out.rules = rules.map((r: Record<string, unknown>) => {
      const { phase: _p, resolution: _r, applyNormalization, filter, ...rule } = r;
      for (const [old, renamed] of RISK_RENAMES) {
        if (old in rule) {
          rule[renamed] = rule[old];
          delete rule[old];
        }
      }
      if (filter !== null && filter !== undefined) rule.filter = filter;
      if (applyNormalization === true) rule.normalization = { source: 'own' };
      return rule;
    });
  }
  return out;
}

/** A V2 rule field path as the V1 body names it. */
export const v1LookupField = (v2Field: string): string =>
  v2Field
    .replace(/riskFactorPeak(Oil|Gas|Water)/, 'riskFactor$1')
    .replace(/\.normalization(\..*)?$/, '.applyNormalization');

/** A stored V2 lookup table as V1 read it. */
export function v2LookupTableToV1<T extends { rules: Record<string, unknown>[] }>(v2: T): T {
  return {
    ...v2,
    rules: v2.rules.map((r) => {
      const { normalization, ...rule } = r;
      for (const [old, renamed] of RISK_RENAMES) {
        if (renamed in rule) {
          rule[old] = rule[renamed];
          delete rule[renamed];
        }
      }
      return { ...rule, applyNormalization: normalization !== undefined };
    }),
  };
}
