import { SEGMENT_TYPES, type SegmentType } from '@econ/decline';
import { z } from 'zod';
import { ObjectId, Timestamp } from './common';
import { SegmentList, SegmentView } from './forecastSegments';

/* Forecast parameters (spec parts 2.8, 4.3, 4.4 outputs, 9.3). */

export const PHASES = ['oil', 'gas', 'water'] as const;
export const Phase = z.enum(PHASES, { error: `phase must be one of ${PHASES.join(', ')}` });
export type Phase = z.infer<typeof Phase>;

export const SERIES = ['p10', 'p50', 'p90', 'best'] as const;
export const Series = z.enum(SERIES, { error: `series must be one of ${SERIES.join(', ')}` });
export type Series = z.infer<typeof Series>;

export const FORECAST_KINDS = ['rate', 'ratio'] as const;
export const ForecastKind = z.enum(FORECAST_KINDS, { error: 'forecastType must be rate or ratio' });
export type ForecastKind = z.infer<typeof ForecastKind>;

export const DATA_FREQUENCIES = ['daily', 'monthly'] as const;
export const DataFrequency = z.enum(DATA_FREQUENCIES, { error: 'dataFrequency must be daily or monthly' });
export type DataFrequency = z.infer<typeof DataFrequency>;

export { SEGMENT_TYPES, type SegmentType };

/** Spec part 8: V2 input objects per bulk PUT. */
export const FORECAST_PARAMETERS_WRITE_MAX = 25;
/** Spec part 8: `well` query values per outputs call. */
export const OUTPUT_WELLS_MAX = 100;

/** The V2 input object of the bulk PUT (spec part 2.8). */
export const ForecastParameterInput = z
  .strictObject({
    well: ObjectId.meta({ description: 'well id; the well must be in the forecast' }),
    forecastType: ForecastKind,
    phase: Phase,
    series: Series.meta({ description: 'only `best` is fully supported (spec part 2.8)' }),
    segments: SegmentList,
    dataFrequency: DataFrequency.default('monthly'),
    basePhase: Phase.optional().meta({ description: 'required for ratio forecasts; the phase the ratio is based on' }),
  })
  .superRefine((input, ctx) => {
    if (input.forecastType === 'ratio' && input.basePhase === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['basePhase'],
        message: 'basePhase is required when forecastType is ratio',
        params: { rule: 'required for ratio' },
      });
    }
    if (input.forecastType === 'rate' && input.basePhase !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['basePhase'],
        message: 'basePhase applies only to ratio forecasts',
        params: { rule: 'only for ratio' },
      });
    }
    if (input.basePhase !== undefined && input.basePhase === input.phase) {
      ctx.addIssue({
        code: 'custom',
        path: ['basePhase'],
        message: `basePhase must differ from phase (${input.phase})`,
        params: { rule: 'not the phase' },
      });
    }
  })
  .meta({ id: 'ForecastParameterInput' });
export type ForecastParameterInput = z.input<typeof ForecastParameterInput>;
export type ForecastParameter = z.output<typeof ForecastParameterInput>;

/* ------------------------------------------------------------- responses */

/** Success of the single-combination POST and PUT (spec part 4.3). */
export const ForecastParameterWriteResult = z
  .object({
    message: z.string(),
    segmentsCount: z.number().int(),
    id: ObjectId.meta({ description: 'the forecast id' }),
  })
  .meta({ id: 'ForecastParameterWriteResult' });
export type ForecastParameterWriteResult = z.infer<typeof ForecastParameterWriteResult>;

/** An error of the forecast-parameter routes (spec part 7); `rule` is added so a client can act on it. */
export const ForecastParameterError = z
  .object({
    message: z.string(),
    field: z.string(),
    value: z.unknown().optional(),
    recordIndex: z.number().int(),
    rule: z.string(),
  })
  .meta({ id: 'ForecastParameterError' });
export type ForecastParameterError = z.infer<typeof ForecastParameterError>;

export const ForecastParameterGeneralError = z
  .object({ name: z.string(), message: z.string(), location: z.string() })
  .meta({ id: 'ForecastParameterGeneralError' });

/** The 400 body of the forecast-parameter routes (spec part 7). */
export const ForecastParameterInvalid = z
  .object({
    name: z.literal('ValidationError'),
    message: z.string(),
    generalErrors: z.array(ForecastParameterGeneralError),
    results: z.array(z.object({ errors: z.array(ForecastParameterError) })),
  })
  .meta({ id: 'ForecastParameterInvalid' });
export type ForecastParameterInvalid = z.infer<typeof ForecastParameterInvalid>;

/** The 404 body of the forecast-parameter routes (spec part 7). */
export const ForecastParameterNotFound = z
  .object({ name: z.literal('NotFound'), message: z.string(), code: z.literal(404) })
  .meta({ id: 'ForecastParameterNotFound' });

/** One result of the bulk PUT's 207 (spec part 4.3). */
export const ForecastParameterResult = z
  .object({
    code: z.number().int(),
    status: z.string(),
    message: z.string(),
    segmentsCount: z.number().int().optional(),
    errors: z.array(ForecastParameterError).optional(),
  })
  .meta({ id: 'ForecastParameterResult' });
export type ForecastParameterResult = z.infer<typeof ForecastParameterResult>;

export const ForecastParameterMultiStatus = z
  .object({
    generalErrors: z.array(ForecastParameterGeneralError),
    results: z.array(ForecastParameterResult),
    successCount: z.number().int(),
    failedCount: z.number().int(),
  })
  .meta({ id: 'ForecastParameterMultiStatus' });
export type ForecastParameterMultiStatus = z.infer<typeof ForecastParameterMultiStatus>;

/**
 * The parameters of one well, phase and series, read back (`GET …/parameters/{well}/{phase}/{series}`).
 * The kind (forecastType, basePhase, dataFrequency) is the phase's, shared by its series: for a
 * series with nothing stored it is what a write through the single routes would keep.
 */
export const ForecastParameterView = z
  .object({
    forecast: ObjectId,
    well: ObjectId,
    phase: Phase,
    series: Series,
    forecastType: ForecastKind,
    basePhase: Phase.optional(),
    dataFrequency: DataFrequency,
    segments: z.array(SegmentView).meta({ description: 'empty when nothing is stored for the combination' }),
    updatedAt: Timestamp.nullable().meta({ description: 'null when nothing is stored for the combination' }),
  })
  .meta({ id: 'ForecastParameters' });
export type ForecastParameterView = z.infer<typeof ForecastParameterView>;

/* ------------------------------------------------------------- outputs */

export const OutputSeries = z
  .object({
    segments: z.array(SegmentView),
    eur: z.number().nullable().meta({
      description:
        'BBL or MCF: the sum of the daily values; a ratio series is multiplied by its base phase. null when a ratio has no base.',
    }),
  })
  .meta({ id: 'ForecastOutputSeries' });
export type OutputSeries = z.infer<typeof OutputSeries>;

/**
 * One well and phase of a forecast (spec part 4.4 "Forecast outputs"). Each stored series is a key
 * (`best`, `p10`, ...); a ratio phase also carries `ratio` (its `best` series, or the first stored
 * one, with `basePhase`).
 */
export const ForecastOutput = z
  .object({
    id: z.string().meta({ description: '`{forecast}:{well}:{phase}`' }),
    forecast: ObjectId,
    project: ObjectId,
    well: ObjectId,
    phase: Phase,
    forecastType: ForecastKind.meta({
      description: 'on a probabilistic forecast always `rate`; the detail is in forecastSubType',
    }),
    forecastSubType: z
      .enum(['rate', 'ratio'])
      .optional()
      .meta({ description: 'probabilistic forecasts only: how the phase is forecast (`rate` or `ratio`)' }),
    data_freq: DataFrequency,
    best: OutputSeries.optional(),
    p10: OutputSeries.optional(),
    p50: OutputSeries.optional(),
    p90: OutputSeries.optional(),
    ratio: OutputSeries.extend({ basePhase: Phase }).optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'ForecastOutput' });
export type ForecastOutput = z.infer<typeof ForecastOutput>;

/* ------------------------------------------------------------- volumes */

export const VolumeSeries = z
  .object({
    series: Series,
    startDate: z
      .string()
      .meta({ description: 'daily: the first day; monthly: the first month, labelled by its first day' }),
    endDate: z.string().meta({ description: 'daily: the last day; monthly: the first day of the last month' }),
    eur: z.number(),
    volumes: z.array(z.number()).meta({
      description:
        'one value per day (the rate at the whole-day index) or per calendar month (the sum of its days in the forecast), BBL or MCF',
    }),
  })
  .meta({ id: 'ForecastVolumeSeries' });
export type VolumeSeries = z.infer<typeof VolumeSeries>;

export const ForecastVolumes = z
  .object({
    forecast: ObjectId,
    project: ObjectId,
    well: ObjectId,
    resolution: DataFrequency,
    forecastType: z
      .enum(['deterministic', 'probabilistic'])
      .meta({ description: 'the forecast’s type (the service’s rows carry it at the top)' }),
    phases: z.array(
      z.object({
        phase: Phase,
        forecastType: ForecastKind,
        basePhase: Phase.optional(),
        series: z.array(VolumeSeries),
      }),
    ),
  })
  .meta({ id: 'ForecastVolumes' });
export type ForecastVolumes = z.infer<typeof ForecastVolumes>;
