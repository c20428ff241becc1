import { z } from 'zod';
import { DateString, ObjectId, Timestamp } from './common';
import { ExpirationHours, ExportFileView } from './exports';
import { PHASES, Phase, SERIES } from './forecasts';

/*
 * The service's v2 export jobs (issue 21, decision 051): `POST /v2/exports/{kind}` with one object
 * starts a job over the export machinery of spec 4.2 and answers it at once; `GET
 * /v2/exports/{kind}/{jobId}` follows it and, once done, gives the signed links of its Parquet files.
 */

export const EXPORT_JOB_KINDS = ['forecast-parameters', 'forecast-volumes', 'econ-monthly', 'econ-one-liners'] as const;
export type ExportJobKind = (typeof EXPORT_JOB_KINDS)[number];

/** A job's status as the service names it. */
export const EXPORT_JOB_STATUSES = ['running', 'completed', 'failed', 'expired'] as const;

const id = (field: string, what: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .regex(/^[0-9a-f]{24}$/, `${field} must be a 24-character hexadecimal id: the ${what}`)
    .meta({ description: `the id of the ${what}` });

const fileType = z
  .literal('parquet', { error: 'fileType must be parquet' })
  .default('parquet')
  .meta({ description: 'parquet (the default)' });

const wells = z
  .array(ObjectId)
  .min(1, 'wells must name at least one well (leave it out for every well)')
  .max(20_000, 'wells takes at most 20000 ids')
  .meta({ description: 'only these wells of the forecast (default: every well)' });

/** Phases of a forecast parameters export, each with an optional start date. */
const PhaseStart = z.strictObject({
  startDate: DateString.optional().meta({ description: 'segments before this day are left out' }),
});

export const ForecastParametersJobRequest = z
  .strictObject({
    projectId: id('projectId', 'project'),
    forecastId: id('forecastId', 'forecast of the project'),
    fileType,
    phases: z
      .strictObject({ oil: PhaseStart.optional(), gas: PhaseStart.optional(), water: PhaseStart.optional() })
      .optional()
      .meta({ description: 'the phases written (default: all three), each from its optional startDate' }),
    adjustParameters: z.boolean({ error: 'adjustParameters must be true or false' }).default(false).meta({
      description:
        'with a startDate: true cuts the segment holding it there (its rate and decline at that day); false keeps it whole',
    }),
    options: z
      .strictObject({
        series: z
          .array(z.enum(SERIES, { error: `series must be one of ${SERIES.join(', ')}` }))
          .min(1)
          .optional()
          .meta({ description: 'the series written (default: every stored series)' }),
        wells: wells.optional(),
      })
      .optional(),
    expirationHours: ExpirationHours,
  })
  .meta({ id: 'ForecastParametersJobRequest' });
export type ForecastParametersJobRequest = z.infer<typeof ForecastParametersJobRequest>;

const Window = z.strictObject({
  resolution: z
    .enum(['daily', 'monthly'], { error: 'resolution must be daily or monthly' })
    .default('monthly')
    .meta({ description: 'daily or monthly (the default)' }),
  start: DateString.optional().meta({ description: 'first day kept (monthly: months labelled from it)' }),
  end: DateString.optional().meta({ description: 'last day kept' }),
});

export const ForecastVolumesJobRequest = z
  .strictObject({
    projectId: id('projectId', 'project'),
    forecastId: id('forecastId', 'forecast of the project'),
    fileType,
    phases: z
      .array(Phase)
      .min(1)
      .optional()
      .meta({ description: `of ${PHASES.join(', ')} (default: all)` }),
    forecast: Window.default({ resolution: 'monthly' }),
    wells: wells.optional(),
    mergeForecastAndProduction: z
      .literal(false, { error: 'mergeForecastAndProduction: true is not supported: forecast volumes only' })
      .optional(),
    production: z
      .unknown()
      .optional()
      .meta({ description: 'accepted and not used: the file holds forecast volumes only' }),
    expirationHours: ExpirationHours,
  })
  .meta({ id: 'ForecastVolumesJobRequest' });
export type ForecastVolumesJobRequest = z.infer<typeof ForecastVolumesJobRequest>;

/** econ-monthly and econ-one-liners: a complete run of a scenario (`runId`, the service's name). */
export const EconRunJobRequest = z
  .strictObject({
    projectId: id('projectId', 'project'),
    scenarioId: id('scenarioId', 'scenario of the project'),
    runId: id('runId', 'econ run of the scenario'),
    fileType,
    timeZone: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'accepted and not used: months are calendar dates, without a time' }),
    expirationHours: ExpirationHours,
  })
  .meta({ id: 'EconRunJobRequest' });
export type EconRunJobRequest = z.infer<typeof EconRunJobRequest>;

/** A v2 export job as both routes answer it. */
export const ExportJobView = z
  .object({
    id: ObjectId.meta({ description: 'the job id' }),
    kind: z.enum(EXPORT_JOB_KINDS),
    status: z.enum(EXPORT_JOB_STATUSES),
    projectId: ObjectId,
    forecastId: ObjectId.optional(),
    scenarioId: ObjectId.optional(),
    runId: ObjectId.optional(),
    rowsWritten: z.number().int(),
    files: z.array(ExportFileView),
    url: z.url().optional().meta({ description: 'the link of the first file, once completed' }),
    fileUrls: z.array(z.url()).meta({ description: 'signed links of every file, once completed and not expired' }),
    expiresAt: Timestamp.meta({ description: 'when the files are deleted' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    error: z.string().optional(),
  })
  .meta({ id: 'ExportJob' });
export type ExportJobView = z.infer<typeof ExportJobView>;
