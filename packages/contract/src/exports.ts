import { z } from 'zod';
import { COMBO_NAME_MAX } from './combos';
import { noNul, ObjectId, pagingQuery, TAKE_MAX, Timestamp } from './common';

/*
 * Exports (spec part 4.2): `POST /v1/exports` generates Parquet files and answers time-limited,
 * signed download links; `GET /v1/exports/{id}` reports progress and the files. Ours beside the
 * spec's three types: `econWorkbookExport`, an econ run as one `.xlsx` workbook (issue 20).
 */

export const EXPORT_TYPES = [
  'econMonthlyExport',
  'dailyForecastVolumeExport',
  'monthlyForecastVolumeExport',
  'econWorkbookExport',
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
/** Every export's type: those of `POST /v1/exports` and those only the v2 jobs make (decision 051). */
export const EXPORT_ROW_TYPES = [...EXPORT_TYPES, 'forecastParametersExport', 'econOneLinersExport'] as const;
export type ExportRowType = (typeof EXPORT_ROW_TYPES)[number];
export const FORECAST_EXPORT_TYPES = ['dailyForecastVolumeExport', 'monthlyForecastVolumeExport'] as const;
/** The types generated from an econ run's stored results (they name a scenario and a run). */
export const ECON_RUN_EXPORT_TYPES = ['econMonthlyExport', 'econWorkbookExport'] as const;
export const EXPORT_FILE_TYPES = ['parquet', 'xlsx'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];

/** Hours a link stays valid: 1 hour to 7 days; 24 when not sent (spec part 8). */
export const EXPIRATION_HOURS_MIN = 1;
export const EXPIRATION_HOURS_MAX = 168;
export const EXPIRATION_HOURS_DEFAULT = 24;

export const EXPORT_STATUSES = ['running', 'complete', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The media type of the files (IANA registration of Apache Parquet). */
export const PARQUET_MEDIA_TYPE = 'application/vnd.apache.parquet';
/** The media type of an Office Open XML workbook (`.xlsx`). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const list = (values: readonly string[]) => values.join(', ');

/**
 * A required string that must be one of `values`: a missing field is reported with rule `required`,
 * another value with rule `enum`, each message naming the allowed values.
 */
const requiredEnum = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined
          ? `${field} is required: one of ${list(values)}`
          : `${field} must be a string: one of ${list(values)}`,
    })
    .pipe(
      z.enum(values, { error: (iss) => `${field} must be one of ${list(values)} (got ${JSON.stringify(iss.input)})` }),
    )
    .meta({ description: `one of ${list(values)}` });

const requiredId = (field: string, what: string) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined ? `${field} is required` : `${field} must be a string: the id of the ${what}`,
    })
    .regex(/^[0-9a-f]{24}$/, `${field} must be a 24-character hexadecimal id`)
    .meta({ description: `the id of the ${what}`, example: '6523f1a2b4c5d6e7f8091a2b' });

const RANGE = `an integer from ${EXPIRATION_HOURS_MIN} to ${EXPIRATION_HOURS_MAX} (hours; ${EXPIRATION_HOURS_MAX} = 7 days)`;

/** Hours the links stay valid: an integer 1..168, default 24. */
export const ExpirationHours = z
  .number({ error: `expirationHours must be ${RANGE}` })
  .int(`expirationHours must be ${RANGE}`)
  .min(EXPIRATION_HOURS_MIN, `expirationHours must be ${RANGE}`)
  .max(EXPIRATION_HOURS_MAX, `expirationHours must be ${RANGE}`)
  .default(EXPIRATION_HOURS_DEFAULT)
  .meta({ description: `hours the links stay valid, ${RANGE}; default ${EXPIRATION_HOURS_DEFAULT}` });

const PARQUET = ['parquet'] as const;

const common = {
  fileType: requiredEnum('fileType', PARQUET),
  projectId: requiredId('projectId', 'project'),
  expirationHours: ExpirationHours,
};

export const EconMonthlyExportRequest = z
  .strictObject({
    exportType: z.literal('econMonthlyExport'),
    ...common,
    scenarioId: requiredId('scenarioId', 'scenario'),
    econRunId: requiredId('econRunId', 'econ run of the scenario'),
  })
  .meta({ id: 'EconMonthlyExportRequest' });

/**
 * Ours (not in spec 4.2): a complete econ run as one `.xlsx` workbook — the run, the assumptions of
 * each model used and the wells using it, the one-liners, the monthly cash flow per well and the
 * rollup (the scenario total by month). `comboName` keeps the results of one combo of the run.
 */
export const EconWorkbookExportRequest = z
  .strictObject({
    exportType: z.literal('econWorkbookExport'),
    fileType: requiredEnum('fileType', ['xlsx'] as const),
    projectId: common.projectId,
    scenarioId: requiredId('scenarioId', 'scenario'),
    econRunId: requiredId('econRunId', 'econ run of the scenario'),
    comboName: noNul(
      z
        .string({ error: 'comboName must be a string: the name of a combo of the run' })
        .trim()
        .min(1, 'comboName must not be empty: leave it out for every combo of the run')
        .max(COMBO_NAME_MAX, `comboName must be at most ${COMBO_NAME_MAX} characters`),
    )
      .optional()
      .meta({ description: 'only the results of this combo of the run (default: every combo)', example: 'default' }),
    expirationHours: ExpirationHours,
  })
  .meta({
    id: 'EconWorkbookExportRequest',
    description:
      'Ours, beside the three types of spec 4.2: one `.xlsx` file with the sheets Run, Assumptions, Model wells, One-liners, Monthly (continued on Monthly 2… past 1 048 575 rows) and Rollup',
  });

export type EconWorkbookExportRequest = z.infer<typeof EconWorkbookExportRequest>;

const forecastRequest = <T extends (typeof FORECAST_EXPORT_TYPES)[number]>(exportType: T) =>
  z.strictObject({ exportType: z.literal(exportType), ...common, forecastId: requiredId('forecastId', 'forecast') });

export const DailyForecastVolumeExportRequest = forecastRequest('dailyForecastVolumeExport').meta({
  id: 'DailyForecastVolumeExportRequest',
});
export const MonthlyForecastVolumeExportRequest = forecastRequest('monthlyForecastVolumeExport').meta({
  id: 'MonthlyForecastVolumeExportRequest',
});

/**
 * Checks `exportType` alone first (so a missing or unknown type is reported as `required` or
 * `enum` naming the allowed types), before `ExportRequest` validates the rest.
 */
export const ExportRequestType = z.looseObject({ exportType: requiredEnum('exportType', EXPORT_TYPES) });

/**
 * The body of `POST /v1/exports`: `exportType` decides which other fields are validated; a field of
 * another type (say `forecastId` on an econ export) is refused as unknown.
 */
export const ExportRequest = z
  .discriminatedUnion(
    'exportType',
    [
      EconMonthlyExportRequest,
      DailyForecastVolumeExportRequest,
      MonthlyForecastVolumeExportRequest,
      EconWorkbookExportRequest,
    ],
    {
      error: (iss) => {
        const input = iss.input as { exportType?: unknown } | undefined;
        if (input === null || typeof input !== 'object' || Array.isArray(input))
          return 'the body must be one JSON object';
        return input.exportType === undefined
          ? `exportType is required: one of ${list(EXPORT_TYPES)}`
          : `exportType must be one of ${list(EXPORT_TYPES)} (got ${JSON.stringify(input.exportType)})`;
      },
    },
  )
  .meta({ id: 'ExportRequest' });
export type ExportRequest = z.infer<typeof ExportRequest>;
export type ExportRequestInput = z.input<typeof ExportRequest>;

/** One generated file; `url` is the signed link, present only while the export is complete and unexpired. */
export const ExportFileView = z
  .object({
    name: z.string().meta({ example: 'monthly-forecast-volumes-6523f1a2b4c5d6e7f8091a2b-part-0001.parquet' }),
    rows: z.number().int(),
    bytes: z.number().int(),
    url: z.url().optional(),
  })
  .meta({ id: 'ExportFile' });
export type ExportFileView = z.infer<typeof ExportFileView>;

/**
 * An export as `POST /v1/exports` (201 when done, 202 with `Prefer: respond-async`) and
 * `GET /v1/exports/{id}` show it.
 */
export const ExportView = z
  .object({
    id: ObjectId,
    exportType: z.enum(EXPORT_ROW_TYPES),
    fileType: z.enum(EXPORT_FILE_TYPES),
    projectId: ObjectId,
    forecastId: ObjectId.optional(),
    scenarioId: ObjectId.optional(),
    econRunId: ObjectId.optional(),
    status: z.enum(EXPORT_STATUSES),
    rowsWritten: z.number().int().meta({ description: 'rows written so far' }),
    filesDone: z.number().int().meta({ description: 'files finished so far' }),
    files: z.array(ExportFileView).meta({ description: 'the files, once the export is complete' }),
    fileUrls: z
      .array(z.url())
      .meta({ description: 'absolute signed links of the files: only while complete and not expired' }),
    expiresAt: Timestamp.meta({ description: 'when the links stop working and the files are deleted' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    error: z.string().optional().meta({ description: 'why the export failed (status failed)' }),
  })
  .meta({ id: 'Export' });
export type ExportView = z.infer<typeof ExportView>;

/** Sort fields of `GET /v1/exports` (ours): by creation time, newest first unless `sort=createdAt`. */
export const EXPORT_SORT = ['createdAt'] as const;
/** The query of `GET /v1/exports`: `skip`, `take` and `sort`, which defaults to newest first. */
export const ExportListQuery = pagingQuery(EXPORT_SORT, TAKE_MAX).extend({
  sort: z
    .enum(['-createdAt', 'createdAt'], { error: 'sort must be one of createdAt, -createdAt' })
    .default('-createdAt')
    .meta({ description: '`-createdAt` (newest first, the default) or `createdAt`' }),
});
export type ExportListQuery = z.infer<typeof ExportListQuery>;
