import {
  EconRunJobRequest,
  ErrorEnvelope,
  EXPIRATION_HOURS_MAX,
  EXPIRATION_HOURS_MIN,
  EXPORT_JOB_KINDS,
  type ExportJobKind,
  ExportJobView,
  type ExportRowType,
  ForecastParametersJobRequest,
  ForecastVolumesJobRequest,
  ObjectId,
  PHASES,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, Deps } from '../appEnv';
import { notFound } from '../http/errors';
import { route } from '../http/route';
import type { ExportJob } from './exportJob';
import { exportView, startExport } from './service';
import { type ExportRow, requireExport } from './store';

/*
 * The service's v2 export jobs (decision 051): each kind is an export of the machinery of spec 4.2
 * (`service.ts`), always answered at once and followed by its id.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Exports (v2 jobs)';

/** The export types each kind makes: a job fetched under another kind's path is not found. */
const TYPES_OF: Record<ExportJobKind, readonly ExportRowType[]> = {
  'forecast-parameters': ['forecastParametersExport'],
  'forecast-volumes': ['dailyForecastVolumeExport', 'monthlyForecastVolumeExport'],
  'econ-monthly': ['econMonthlyExport'],
  'econ-one-liners': ['econOneLinersExport'],
};

const BODY = {
  'forecast-parameters': ForecastParametersJobRequest,
  'forecast-volumes': ForecastVolumesJobRequest,
  'econ-monthly': EconRunJobRequest,
  'econ-one-liners': EconRunJobRequest,
} as const;

const DESCRIPTION: Record<ExportJobKind, string> = {
  'forecast-parameters':
    'One Parquet row per well, phase, series and segment of the forecast with the segment’s fields as `GET …/outputs` reads them (NaN or an empty string where a type has no such field). `phases` picks phases, each from an optional `startDate` (with `adjustParameters: true` the segment holding it is cut there); `options.series` and `options.wells` narrow it.',
  'forecast-volumes':
    'The forecast volume export of spec 4.2 (`forecast.resolution` daily or monthly, default monthly), narrowed to `phases`, `wells` and the days `forecast.start`..`forecast.end`. `production` is accepted and not used; `mergeForecastAndProduction: true` is a 400.',
  'econ-monthly':
    'The econ monthly export of spec 4.2 of a complete run (`runId`): one row per well, combo and month. `timeZone` is accepted and not used.',
  'econ-one-liners':
    'One Parquet row per well and combo of a complete run (`runId`) with every one-liner figure under the service’s snake_case columns; dates as text, a missing figure NaN. `timeZone` is accepted and not used.',
};

/** The export a v2 request describes. */
function jobOf(kind: ExportJobKind, body: unknown): ExportJob {
  switch (kind) {
    case 'forecast-parameters': {
      const b = body as ForecastParametersJobRequest;
      const phases = b.phases ?? { oil: {}, gas: {}, water: {} };
      return {
        exportType: 'forecastParametersExport',
        fileType: 'parquet',
        projectId: b.projectId,
        forecastId: b.forecastId,
        expirationHours: b.expirationHours,
        selection: {
          phases: Object.fromEntries(PHASES.flatMap((p) => (phases[p] ? [[p, { from: phases[p].startDate }]] : []))),
          adjust: b.adjustParameters,
          series: b.options?.series,
          wells: b.options?.wells ? new Set(b.options.wells) : undefined,
        },
      };
    }
    case 'forecast-volumes': {
      const b = body as ForecastVolumesJobRequest;
      return {
        exportType: b.forecast.resolution === 'daily' ? 'dailyForecastVolumeExport' : 'monthlyForecastVolumeExport',
        fileType: 'parquet',
        projectId: b.projectId,
        forecastId: b.forecastId,
        expirationHours: b.expirationHours,
        volumeFilter: {
          wells: b.wells ? new Set(b.wells) : undefined,
          phases: b.phases ? new Set(b.phases) : undefined,
          start: b.forecast.start,
          end: b.forecast.end,
        },
      };
    }
    case 'econ-monthly':
    case 'econ-one-liners': {
      const b = body as EconRunJobRequest;
      return {
        exportType: kind === 'econ-monthly' ? 'econMonthlyExport' : 'econOneLinersExport',
        fileType: 'parquet',
        projectId: b.projectId,
        scenarioId: b.scenarioId,
        econRunId: b.runId,
        expirationHours: b.expirationHours,
      };
    }
  }
}

/**
 * A job as the v2 routes show it: the export's status in the service's words (`completed`), its
 * files and links; `linkHours` makes the links valid that long from now, never past the files.
 */
async function jobView(deps: Deps, kind: ExportJobKind, row: ExportRow, linkHours?: number): Promise<ExportJobView> {
  const now = deps.clock.now().getTime();
  const until = linkHours
    ? Math.min(row.expiresAt.getTime(), Math.floor(now / 1000) * 1000 + linkHours * 3_600_000)
    : 0;
  const v = await exportView(deps, until ? { ...row, expiresAt: new Date(until) } : row);
  return {
    id: v.id,
    kind,
    status: v.status === 'complete' ? 'completed' : v.status,
    projectId: v.projectId,
    ...(v.forecastId ? { forecastId: v.forecastId } : {}),
    ...(v.scenarioId ? { scenarioId: v.scenarioId } : {}),
    ...(v.econRunId ? { runId: v.econRunId } : {}),
    rowsWritten: v.rowsWritten,
    files: v.files,
    ...(v.fileUrls[0] ? { url: v.fileUrls[0] } : {}),
    fileUrls: v.fileUrls,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    ...(v.error ? { error: v.error } : {}),
  };
}

/** `POST /v2/exports/{kind}` and `GET /v2/exports/{kind}/{jobId}` for the four kinds. */
export function registerExportJobRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const kind of EXPORT_JOB_KINDS) {
    route(
      app,
      {
        method: 'post',
        path: `/v2/exports/${kind}`,
        tag,
        auth: 'api',
        summary: `Start a ${kind} export job`,
        description: `${DESCRIPTION[kind]}\n\nAnswers 201 at once with the job (\`status: running\`) and \`Location: /v2/exports/${kind}/{id}\`; follow it there. The files are kept \`expirationHours\` (1–168, default 24).`,
        body: BODY[kind],
        responses: {
          201: {
            ...json(ExportJobView, 'The job, running'),
            headers: { Location: { description: `\`/v2/exports/${kind}/{id}\``, schema: { type: 'string' } } },
          },
          404: json(ErrorEnvelope, 'The project, forecast, scenario or run is unknown or not in the project'),
          409: json(ErrorEnvelope, 'The econ run is not complete, or has no stored results'),
        },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const job = jobOf(kind, await input.body());
        const { row } = await startExport(deps, c.get('auth').companyId, job);
        c.header('Location', `/v2/exports/${kind}/${row.id}`);
        return c.json(await jobView(deps, kind, row), 201);
      },
    );

    route(
      app,
      {
        method: 'get',
        path: `/v2/exports/${kind}/{jobId}`,
        tag,
        auth: 'api',
        summary: `A ${kind} export job: its status, and its file links once completed`,
        description:
          '`status` is `running`, `completed` (with `url`, `fileUrls` and `files`), `failed` (with `error`) or `expired` (its files deleted). `expirationHours` (1–168) makes the links valid that long from now, never past `expiresAt`; by default until `expiresAt`. A job of another kind or company is a 404.',
        params: z.object({ jobId: ObjectId }),
        query: z.object({
          expirationHours: z.coerce
            .number()
            .int('expirationHours must be an integer')
            .min(EXPIRATION_HOURS_MIN, `expirationHours must be at least ${EXPIRATION_HOURS_MIN}`)
            .max(EXPIRATION_HOURS_MAX, `expirationHours must be at most ${EXPIRATION_HOURS_MAX}`)
            .optional(),
        }),
        responses: {
          200: json(ExportJobView, 'The job'),
          404: json(ErrorEnvelope, 'No such job of this kind in the caller’s company'),
        },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const { jobId } = input.params;
        const hours = input.query.expirationHours;
        const row = await requireExport(deps.db, c.get('auth').companyId, jobId);
        if (!TYPES_OF[kind].includes(row.exportType)) throw notFound(`No ${kind} export job with id ${jobId}`);
        return c.json(await jobView(deps, kind, row, hours), 200);
      },
    );
  }
}
