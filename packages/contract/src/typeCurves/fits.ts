import { z } from 'zod';
import { Timestamp } from '../common';
import { contiguityIssue, SegmentInput, StoredSegment } from '../forecastSegments';
import { PHASES, type Phase } from '../forecasts';

/* V2 type-curve fits (spec parts 2.9 and 4.4 write rule 1): `GET|PUT /{id}/fits`, keyed by phase. */

export const FIT_TYPES = ['rate', 'ratio'] as const;
export const FitType = z.enum(FIT_TYPES, { error: 'fitType must be rate or ratio' });
export type FitType = z.infer<typeof FitType>;

export const REGRESSION_TYPES = ['rate', 'cum'] as const;
export const RegressionType = z.enum(REGRESSION_TYPES, { error: 'regressionType must be rate or cum' });
export type RegressionType = z.infer<typeof RegressionType>;

/** The series a fit may hold, in the order the spec lists them. */
export const FIT_SERIES = ['best', 'p10', 'p50', 'p90'] as const;
export type FitSeriesKey = (typeof FIT_SERIES)[number];

const FitPhase = z.enum(PHASES, { error: `basePhase must be one of ${PHASES.join(', ')}` });

/** A V1 field V2 removed: refused by name with the message naming what replaces it (spec part 2.9). */
const removed = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined, { message, params: { rule: 'removed in V2' } })
    .optional()
    .meta({ description: `refused: ${message}` });

/** One segment of a fit as stored: a part 2.8 segment with its position. */
export type FitSegment = { segmentIndex: number } & StoredSegment;

/**
 * A segment of spec part 2.8 plus `segmentIndex`. The index is taken out and the rest validated by
 * {@link SegmentInput} (strict, with the decline math), whose issues keep their paths and rules.
 */
export const FitSegmentInput = z
  .looseObject(
    {
      segmentIndex: z
        .number({
          error: (i) => (i.input === undefined ? 'segmentIndex is required' : 'segmentIndex must be a number'),
        })
        .int('segmentIndex must be an integer')
        .min(0, 'segmentIndex must be 0 or more'),
    },
    { error: 'a segment must be an object' },
  )
  .transform(({ segmentIndex, ...rest }, ctx): FitSegment => {
    const parsed = SegmentInput.safeParse(rest);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
      return z.NEVER;
    }
    return { segmentIndex, ...parsed.data };
  })
  .meta({ id: 'TypeCurveFitSegmentInput' });
export type FitSegmentInput = z.input<typeof FitSegmentInput>;

/** Segments of one series: at least one, numbered 0, 1, 2… in order, contiguous (spec part 2.8). */
const FitSegmentList = z
  .array(FitSegmentInput, { error: 'segments must be an array of segment objects' })
  .min(1, 'segments needs at least one segment: leave the series out for no fit')
  .superRefine((segments, ctx) => {
    const misplaced = segments.findIndex((s, i) => s.segmentIndex !== i);
    if (misplaced >= 0) {
      ctx.addIssue({
        code: 'custom',
        path: [misplaced, 'segmentIndex'],
        message: `segmentIndex must be ${misplaced}: segments are numbered 0, 1, 2… in order (found ${segments[misplaced]?.segmentIndex})`,
        params: { rule: 'in order' },
      });
    }
    const gap = contiguityIssue(segments);
    if (gap) {
      ctx.addIssue({
        code: 'custom',
        path: [gap.index, 'startDate'],
        message: gap.message,
        params: { rule: 'contiguous' },
      });
    }
  });

const seriesEur = removed(
  'eur was removed from V2 series: the EUR follows from the segments (per-well eur is in the forecast outputs)',
);

/** One series of a rate fit. */
const FitSeries = z
  .strictObject({ segments: FitSegmentList, eur: seriesEur })
  .transform(({ segments }) => ({ segments }))
  .meta({ id: 'TypeCurveFitSeries' });

/** One series of a ratio fit: its base phase is the ratio's, not the series'. */
const RatioSeries = z
  .strictObject({
    segments: FitSegmentList,
    eur: seriesEur,
    basePhase: removed('basePhase is not sent per series in V2: send it once as ratio.basePhase'),
  })
  .transform(({ segments }) => ({ segments }))
  .meta({ id: 'TypeCurveRatioSeries' });

const seriesShape = <S extends z.ZodType>(series: S) =>
  Object.fromEntries(FIT_SERIES.map((k) => [k, series.optional()])) as Record<FitSeriesKey, z.ZodOptional<S>>;

/** The ratio of a ratio fit: the base phase and any of the four series. */
const Ratio = z
  .strictObject({
    basePhase: FitPhase.meta({ description: 'a different phase of the same body, fitted as rate' }),
    ...seriesShape(RatioSeries),
  })
  .meta({ id: 'TypeCurveFitRatio' });

/** The fit of one phase, as sent. `updatedAt` (read-only) is accepted and ignored. */
export const FitInput = z
  .strictObject({
    fitType: FitType,
    regressionType: RegressionType,
    eurPercentileMatched: z
      .boolean({ error: 'eurPercentileMatched must be true or false' })
      .meta({ description: 'whether EUR-matched segments were kept over the raw regression; false on a ratio fit' }),
    ...seriesShape(FitSeries),
    ratio: Ratio.optional().meta({ description: 'ratio fits only' }),
    updatedAt: z.unknown().optional().meta({ description: 'read-only; ignored on write' }),
    resolution: removed('resolution was removed from V2 fits: volumes take resolution as a query parameter'),
    align: removed('align was removed from V2 fits: segments carry their own dates'),
    normalize: removed('normalize was removed from V2 fits: write PUT /{id}/normalization'),
    normalizations: removed('normalizations was removed from V2 fits: write PUT /{id}/normalization'),
    type: removed('type was renamed in V2: send fitType'),
    basePhase: removed('basePhase moved in V2: send it as ratio.basePhase'),
  })
  .superRefine((fit, ctx) => {
    if (fit.fitType === 'rate' && fit.ratio !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ratio'],
        message: 'ratio applies only to a fit with fitType ratio',
        params: { rule: 'only for ratio' },
      });
    }
    if (fit.fitType !== 'ratio') return;
    if (fit.ratio === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ratio'],
        message: 'a ratio fit needs ratio, with its basePhase',
        params: { rule: 'required for ratio' },
      });
    }
    for (const key of FIT_SERIES) {
      if (fit[key] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `a ratio fit holds its series under ratio: send ratio.${key}`,
          params: { rule: 'only for rate' },
        });
      }
    }
    if (fit.eurPercentileMatched) {
      ctx.addIssue({
        code: 'custom',
        path: ['eurPercentileMatched'],
        message: 'eurPercentileMatched must be false on a ratio fit',
        params: { rule: 'false for ratio' },
      });
    }
  })
  .transform(({ fitType, regressionType, eurPercentileMatched, ratio, ...rest }) => {
    const fit: Fit = { fitType, regressionType, eurPercentileMatched };
    for (const key of FIT_SERIES) if (rest[key] !== undefined) fit[key] = rest[key];
    if (ratio !== undefined) {
      const { basePhase, ...series } = ratio;
      fit.ratio = { basePhase };
      for (const key of FIT_SERIES) if (series[key] !== undefined) fit.ratio[key] = series[key];
    }
    return fit;
  })
  .meta({ id: 'TypeCurveFitInput' });
export type FitInput = z.input<typeof FitInput>;

type SeriesOf<S> = { [K in FitSeriesKey]?: { segments: S[] } };
/** The fit of one phase as stored: no read-only or removed fields, no undefined keys. */
export type Fit = {
  fitType: FitType;
  regressionType: RegressionType;
  eurPercentileMatched: boolean;
  ratio?: { basePhase: Phase } & SeriesOf<FitSegment>;
} & SeriesOf<FitSegment>;
export type TypeCurveFits = { [P in Phase]?: Fit };

/**
 * The body of `PUT /{id}/fits` (spec part 2.9, write rule 1): any non-empty subset of the phases; a
 * ratio fit's basePhase names another phase of the same body that is a rate fit.
 */
export const TypeCurveFitsInput = z
  .strictObject(
    { oil: FitInput.optional(), gas: FitInput.optional(), water: FitInput.optional() },
    {
      error: (i) => (i.code === 'invalid_type' ? 'fits must be an object keyed by phase (oil, gas, water)' : undefined),
    },
  )
  .superRefine((body, ctx) => {
    const phases = PHASES.filter((p) => body[p] !== undefined);
    if (phases.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'send the fit of at least one phase (oil, gas, water)',
        params: { rule: 'not empty' },
      });
    }
    for (const phase of phases) {
      const base = body[phase]?.ratio?.basePhase;
      if (base === undefined) continue;
      const path = [phase, 'ratio', 'basePhase'];
      const baseFit = body[base];
      const problem =
        base === phase
          ? `basePhase must name a phase other than ${phase}`
          : baseFit === undefined
            ? `basePhase ${base} has no fit in this body: send the ${base} rate fit with it`
            : baseFit.fitType !== 'rate'
              ? `basePhase ${base} must be a rate fit (it is a ${baseFit.fitType} fit)`
              : undefined;
      if (problem) ctx.addIssue({ code: 'custom', path, message: problem, params: { rule: 'rate fit in body' } });
    }
  })
  .transform((body): TypeCurveFits => {
    const out: TypeCurveFits = {};
    for (const phase of PHASES) if (body[phase] !== undefined) out[phase] = body[phase];
    return out;
  })
  .meta({ id: 'TypeCurveFitsInput' });
export type TypeCurveFitsInput = z.input<typeof TypeCurveFitsInput>;

/* ------------------------------------------------------------------ read */

const SegmentView = StoredSegment.extend({
  segmentIndex: z.number().int(),
  slope: z.number().optional().meta({ description: 'linear: the sign of the slope (-1, 0 or 1) on read' }),
});
const SeriesView = z.object({ segments: z.array(SegmentView) });
const seriesViewShape = Object.fromEntries(FIT_SERIES.map((k) => [k, SeriesView.optional()])) as Record<
  FitSeriesKey,
  z.ZodOptional<typeof SeriesView>
>;

/** The fit of one phase as read (`GET /{id}/fits`). */
export const FitView = z
  .object({
    fitType: FitType,
    regressionType: RegressionType,
    eurPercentileMatched: z.boolean(),
    ...seriesViewShape,
    ratio: z.object({ basePhase: z.enum(PHASES), ...seriesViewShape }).optional(),
    updatedAt: Timestamp.optional().meta({ description: 'when this phase was last written' }),
  })
  .meta({ id: 'TypeCurveFit' });
export type FitView = z.infer<typeof FitView>;

/** The body of `GET /{id}/fits`: fits keyed by phase; a never-fitted type curve gives `{}`. */
export const TypeCurveFitsView = z
  .object({ oil: FitView.optional(), gas: FitView.optional(), water: FitView.optional() })
  .meta({ id: 'TypeCurveFits' });
export type TypeCurveFitsView = z.infer<typeof TypeCurveFitsView>;

const viewSeries = (series: { segments: FitSegment[] }) => ({
  segments: series.segments.map((s) =>
    s.segmentType === 'linear' && s.slope !== undefined ? { ...s, slope: Math.sign(s.slope) || 0 } : { ...s },
  ),
});

/**
 * Stored fits as read (spec part 2.9): a linear segment's `slope` becomes its sign (-1, 0 or 1) and
 * each phase carries its `updatedAt` from `updatedAt` (left out when the map lacks the phase).
 *
 * @example fitsView(stored, { oil: '2026-11-22T10:00:00.000Z' })
 */
export function fitsView(stored: TypeCurveFits, updatedAt: Partial<Record<Phase, string>> = {}): TypeCurveFitsView {
  const out: TypeCurveFitsView = {};
  for (const phase of PHASES) {
    const fit = stored[phase];
    if (fit === undefined) continue;
    const view: FitView = {
      fitType: fit.fitType,
      regressionType: fit.regressionType,
      eurPercentileMatched: fit.eurPercentileMatched,
    };
    for (const key of FIT_SERIES) {
      const series = fit[key];
      if (series !== undefined) view[key] = viewSeries(series);
    }
    if (fit.ratio !== undefined) {
      const ratio: NonNullable<FitView['ratio']> = { basePhase: fit.ratio.basePhase };
      for (const key of FIT_SERIES) {
        const series = fit.ratio[key];
        if (series !== undefined) ratio[key] = viewSeries(series);
      }
      view.ratio = ratio;
    }
    const at = updatedAt[phase];
    if (at !== undefined) view.updatedAt = at;
    out[phase] = view;
  }
  return out;
}
