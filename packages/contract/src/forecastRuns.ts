import { z } from 'zod';
import { DateString, noNul, ObjectId, ResourceMeta, Timestamp } from './common';
import { PHASES, Phase } from './forecasts';

/** Default terminal decline of `arps_modified` fits (decimal per year), shared by forecast runs, type curves and the console. */
export const DEFAULT_TERMINAL_DEFF = 0.08;

/*
 * Auto-forecast (issue 18): forecast runs fit decline segments to the production history of a
 * forecast's wells, as a job (`POST /v1/projects/{p}/forecasts/{id}/run`, `GET …/run/{jobId}`),
 * with saved settings in `/v1/forecast-configurations`. The settings' shape is ours (the service's
 * clients only send `configurationId`); see docs/decisions/031-forecast-runs.md.
 */

export const FIT_MODELS = ['arps_modified', 'arps', 'exp_dec', 'flat', 'linear'] as const;
export const FitModel = z.enum(FIT_MODELS, { error: `model must be one of ${FIT_MODELS.join(', ')}` });
export type FitModelName = z.infer<typeof FitModel>;

const decimal = (field: string, min: number, max: number, description: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
    .meta({ description });

/** How one phase is fitted: the model and the constraints the engineer sets. */
export const PhaseFitSettings = z
  .strictObject({
    forecastType: z.enum(['rate', 'ratio'], { error: 'forecastType must be rate or ratio' }).default('rate').meta({
      description:
        '`ratio`: the phase over `basePhase` (GOR, WOR…) fitted on the days both have, as an exponential trend rising or falling (`flat` and `linear` models as asked), from the first paired day unless `start` is a date',
    }),
    basePhase: Phase.optional().meta({ description: 'ratio only: the phase the ratio is over (a rate phase)' }),
    model: FitModel.default('arps_modified'),
    rampUp: z.enum(['flat', 'linear'], { error: 'rampUp must be flat or linear' }).optional().meta({
      description:
        'rate only: fit a flat or linear (ramp-up) segment from the first producing month, then `model`; the switch is searched (slower: about 40 fits a phase)',
    }),
    start: z
      .union([z.enum(['peak', 'first']), DateString], {
        error: 'start must be peak, first or a date YYYY-MM-DD',
      })
      .default('peak')
      .meta({ description: 'where the fit starts: the peak rate, the first producing point, or a date' }),
    bMin: decimal('bMin', 0, 10, 'lowest b-factor allowed (arps, arps_modified)').default(0.01),
    bMax: decimal('bMax', 0, 10, 'highest b-factor allowed (arps, arps_modified)').default(2),
    dEffMin: decimal('dEffMin', 0, 0.99, 'lowest effective decline at the start, decimal per year').default(0),
    dEffMax: decimal('dEffMax', 0, 0.99, 'highest effective decline at the start, decimal per year').default(0.99),
    terminalDEff: decimal(
      'terminalDEff',
      0.001,
      0.99,
      'arps_modified: effective decline at which the curve turns exponential (realizedDEffSw), decimal per year',
    ).default(DEFAULT_TERMINAL_DEFF),
    qStart: decimal('qStart', 0, 1e9, 'a fixed start rate (BBL/D or MCF/D) instead of a fitted one')
      .gt(0, 'qStart must be above 0')
      .optional(),
    regressionType: z.enum(['rate', 'cum'], { error: 'regressionType must be rate or cum' }).default('rate').meta({
      description: '`rate`: least squares on log rate; `cum`: on the cumulative volume (robust to noisy rates)',
    }),
    recentHalfLifeDays: z
      .int({ error: 'recentHalfLifeDays must be an integer' })
      .min(1, 'recentHalfLifeDays must be at least 1')
      .max(36_500, 'recentHalfLifeDays must be at most 36500')
      .optional()
      .meta({
        description: 'weights recent data: a point this many days before the last counts half (rate regression only)',
      }),
    loss: z.enum(['soft_l1', 'linear'], { error: 'loss must be soft_l1 or linear' }).default('soft_l1').meta({
      description:
        '`soft_l1` discounts outliers (points beyond 3× the fit are reported); `linear` is plain least squares',
    }),
  })
  .superRefine((s, ctx) => {
    if (s.bMin > s.bMax)
      ctx.addIssue({
        code: 'custom',
        path: ['bMin'],
        message: `bMin (${s.bMin}) must not exceed bMax (${s.bMax})`,
        params: { rule: 'bMin ≤ bMax' },
      });
    if (s.rampUp !== undefined && s.forecastType === 'ratio')
      ctx.addIssue({
        code: 'custom',
        path: ['rampUp'],
        message: 'rampUp applies to rate phases only',
        params: { rule: 'not with forecastType ratio' },
      });
    if (s.recentHalfLifeDays !== undefined && s.regressionType === 'cum')
      ctx.addIssue({
        code: 'custom',
        path: ['recentHalfLifeDays'],
        message:
          'recentHalfLifeDays applies to rate regression only (a cumulative residual carries all the early volume)',
        params: { rule: 'not with regressionType cum' },
      });
    if (s.dEffMin > s.dEffMax)
      ctx.addIssue({
        code: 'custom',
        path: ['dEffMin'],
        message: `dEffMin (${s.dEffMin}) must not exceed dEffMax (${s.dEffMax})`,
        params: { rule: 'dEffMin ≤ dEffMax' },
      });
  })
  .meta({ id: 'PhaseFitSettings' });
export type PhaseFitSettings = z.output<typeof PhaseFitSettings>;

/**
 * A ratio phase names its base phase, another phase, which is not itself a ratio in the same
 * settings (spec 2.8: a ratio is based on a rate phase).
 */
function ratioIssues(phases: Partial<Record<Phase, PhaseFitSettings>>, ctx: z.RefinementCtx): void {
  for (const phase of PHASES) {
    const s = phases[phase];
    if (s?.forecastType !== 'ratio') continue;
    const path = ['phases', phase, 'basePhase'];
    if (!s.basePhase) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: 'basePhase is required for a ratio',
        params: { rule: 'required for ratio' },
      });
    } else if (s.basePhase === phase) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `basePhase must differ from the phase (${phase})`,
        params: { rule: 'another phase' },
        input: s.basePhase,
      });
    } else if (phases[s.basePhase]?.forecastType === 'ratio') {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `basePhase ${s.basePhase} is itself fitted as a ratio; a ratio must be based on a rate phase`,
        params: { rule: 'rate base phase' },
        input: s.basePhase,
      });
    }
  }
}

const SettingsPhases = z
  .partialRecord(Phase, PhaseFitSettings)
  .refine((p) => Object.keys(p).length > 0, {
    message: 'phases must name at least one phase',
    params: { rule: 'not empty' },
  })
  .meta({ description: 'the phases to fit and how (default: oil, gas and water with the defaults)' });
const SettingsResolution = z
  .enum(['monthly', 'daily'], { error: 'resolution must be monthly or daily' })
  .meta({ description: 'the production history fitted; a well holding only the other resolution is fitted on it' });
const SettingsOverwrite = z
  .boolean({ error: 'overwrite must be true or false' })
  .meta({ description: 'replace best segments already stored (false: such a phase is skipped)' });
const SettingsPercentiles = z
  .boolean({ error: 'percentiles must be true or false' })
  .meta({ description: 'also write P10, P50 and P90 series from the fit’s uncertainty (a rate or cum decline fit)' });
const SettingsYears = z
  .int({ error: 'years must be an integer' })
  .min(1, 'years must be at least 1')
  .max(100, 'years must be at most 100')
  .meta({ description: "the fitted segment ends this many years after the well's last history point" });

/** What a forecast run does, phase by phase; a field left out takes its default. */
export const ForecastSettings = z
  .strictObject({
    phases: SettingsPhases.prefault({ oil: {}, gas: {}, water: {} }),
    resolution: SettingsResolution.default('monthly'),
    overwrite: SettingsOverwrite.default(false),
    percentiles: SettingsPercentiles.default(false),
    years: SettingsYears.default(50),
  })
  .superRefine((s, ctx) => ratioIssues(s.phases, ctx))
  .meta({ id: 'ForecastSettings' });
export type ForecastSettings = z.output<typeof ForecastSettings>;
export type ForecastSettingsInput = z.input<typeof ForecastSettings>;

/** Settings sent with a run: each field given replaces the configuration's (no defaults filled in). */
export const ForecastSettingsOverride = z
  .strictObject({
    phases: SettingsPhases.optional(),
    resolution: SettingsResolution.optional(),
    overwrite: SettingsOverwrite.optional(),
    percentiles: SettingsPercentiles.optional(),
    years: SettingsYears.optional(),
  })
  .superRefine((s, ctx) => {
    if (s.phases) ratioIssues(s.phases, ctx);
  })
  .meta({ id: 'ForecastSettingsOverride' });

/** The settings a run uses when it names none. */
export const DEFAULT_FORECAST_SETTINGS: ForecastSettings = ForecastSettings.parse({});

/* ------------------------------------------------------------ configurations */

const ConfigName = noNul(
  z.string().trim().min(1, 'name must not be empty').max(200, 'name must be at most 200 characters'),
);

export const ForecastConfigurationInput = z
  .strictObject({ name: ConfigName, settings: ForecastSettings.default(DEFAULT_FORECAST_SETTINGS) })
  .meta({ id: 'ForecastConfigurationInput' });
export type ForecastConfigurationInput = z.output<typeof ForecastConfigurationInput>;

/** PATCH: the id, and the fields to change (a null is ignored; `settings` is replaced whole). */
export const ForecastConfigurationPatch = z
  .strictObject({
    id: ObjectId,
    name: ConfigName.nullish(),
    settings: ForecastSettings.nullish(),
  })
  .meta({ id: 'ForecastConfigurationPatch' });
export type ForecastConfigurationPatch = z.output<typeof ForecastConfigurationPatch>;

export const ForecastConfiguration = ResourceMeta.extend({ name: z.string(), settings: ForecastSettings }).meta({
  id: 'ForecastConfiguration',
});
export type ForecastConfiguration = z.infer<typeof ForecastConfiguration>;
export const FORECAST_CONFIGURATION_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const FORECAST_CONFIGURATION_WRITE_MAX = 100;

/* ---------------------------------------------------------------- the run */

/** At most this many wells named in one run (a forecast holds at most 20,000). */
export const FORECAST_RUN_WELLS_MAX = 20_000;

/**
 * The body of `POST …/forecasts/{id}/run` (optional as a whole): the saved settings to use
 * (`configurationId`), settings sent inline (each top-level field given replaces the
 * configuration's), and the wells (default: every well of the forecast).
 */
export const ForecastRunInput = z
  .strictObject({
    configurationId: ObjectId.optional().meta({ description: 'id of a saved forecast configuration' }),
    settings: ForecastSettingsOverride.optional().meta({
      description: 'settings for this run; each field given replaces the configuration’s (or the default)',
    }),
    wells: z
      .array(ObjectId)
      .min(1, 'wells must name at least one well (leave it out for every well)')
      .max(FORECAST_RUN_WELLS_MAX, `wells must hold at most ${FORECAST_RUN_WELLS_MAX} ids`)
      .optional()
      .meta({ description: 'wells of the forecast to fit; default: all of them' }),
  })
  .meta({ id: 'ForecastRunInput' });
export type ForecastRunInput = z.infer<typeof ForecastRunInput>;

export const ForecastRunStatus = z.enum(['pending', 'running', 'complete', 'failed']);
export type ForecastRunStatus = z.infer<typeof ForecastRunStatus>;

export const ForecastRunProgress = z
  .object({
    wellsTotal: z.int().meta({ description: 'wells the run fits' }),
    wellsDone: z.int().meta({ description: 'wells done so far' }),
    wellsFitted: z.int().meta({ description: 'wells with at least one phase fitted' }),
    wellsSkipped: z.int().meta({ description: 'wells with nothing to fit (no history, or segments kept)' }),
    wellsFailed: z.int().meta({ description: 'wells whose history the fitter refused (see their results)' }),
  })
  .meta({ id: 'ForecastRunProgress' });
export type ForecastRunProgress = z.infer<typeof ForecastRunProgress>;

export const ForecastRun = ResourceMeta.extend({
  project: ObjectId,
  forecast: ObjectId,
  status: ForecastRunStatus,
  configurationId: ObjectId.nullable().meta({ description: 'the configuration the run started from, if any' }),
  settings: ForecastSettings.meta({ description: 'the settings the run uses' }),
  progress: ForecastRunProgress,
  startedAt: Timestamp.optional(),
  finishedAt: Timestamp.optional(),
  error: z.string().optional().meta({ description: 'why a failed run failed' }),
}).meta({ id: 'ForecastRun' });
export type ForecastRun = z.infer<typeof ForecastRun>;
export const FORECAST_RUN_SORT = ['id', 'createdAt', 'updatedAt'] as const;

export const WELL_FIT_STATUSES = ['fitted', 'skipped', 'failed'] as const;
export const WellFitStatus = z.enum(WELL_FIT_STATUSES, {
  error: `status must be one of ${WELL_FIT_STATUSES.join(', ')}`,
});
export type WellFitStatus = z.infer<typeof WellFitStatus>;

/** What happened to one phase of one well. */
export const PhaseFitResult = z
  .object({
    status: WellFitStatus,
    reason: z.string().optional().meta({ description: 'why the phase was skipped or failed' }),
    segmentType: z.string().optional(),
    basePhase: Phase.optional().meta({ description: 'a ratio fit: the phase the ratio is over' }),
    eur: z.number().optional().meta({ description: 'volume of the fitted segment, BBL or MCF' }),
    r2: z.number().optional().meta({ description: 'R² of log rate over the points used' }),
    rmseLogRate: z.number().optional(),
    pointsUsed: z.int().optional(),
    pointsExcluded: z.int().optional().meta({ description: 'zero days, points before the start, outliers' }),
    eurP10: z
      .number()
      .optional()
      .meta({ description: 'EUR of the P10 (high) series, when percentiles were asked for' }),
    eurP50: z.number().optional(),
    eurP90: z.number().optional().meta({ description: 'EUR of the P90 (low) series' }),
    note: z
      .string()
      .optional()
      .meta({ description: 'what the fit could not give (for example no percentiles, and why)' }),
  })
  .meta({ id: 'PhaseFitResult' });
export type PhaseFitResult = z.infer<typeof PhaseFitResult>;

export const ForecastRunWell = z
  .object({
    well: ObjectId,
    wellName: z.string(),
    status: WellFitStatus.meta({
      description: 'fitted when any phase was; else failed when any phase failed; else skipped',
    }),
    phases: z.partialRecord(Phase, PhaseFitResult),
  })
  .meta({ id: 'ForecastRunWell' });
export type ForecastRunWell = z.infer<typeof ForecastRunWell>;
export const FORECAST_RUN_WELL_SORT = ['wellName', 'status'] as const;

export const ForecastRunWellQuery = z.object({
  status: WellFitStatus.optional(),
});

/** The well's status from its phases' (see {@link ForecastRunWell}). */
export function wellFitStatus(phases: Partial<Record<Phase, PhaseFitResult>>): WellFitStatus {
  const all = PHASES.flatMap((p) => (phases[p] ? [phases[p]!.status] : []));
  if (all.includes('fitted')) return 'fitted';
  return all.includes('failed') ? 'failed' : 'skipped';
}
