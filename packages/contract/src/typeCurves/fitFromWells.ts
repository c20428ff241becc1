import { z } from 'zod';
import { DateString } from '../common';
import { DEFAULT_TERMINAL_DEFF, FIT_MODELS } from '../forecastRuns';
import { PHASES, Phase } from '../forecasts';
import { RegressionType, TypeCurveFitsView } from './fits';

/*
 * Fitting a type curve from its wells (issue 18; decision 029):
 * `POST /v2/projects/{projectId}/type-curves/{id}/fit-from-wells` and its read-only preview
 * `GET …/fit-from-wells?phase=`. Not in the spec: our design, documented in the OpenAPI document.
 */

export const STEP_RESOLUTIONS = ['monthly', 'daily'] as const;
export const ALIGNMENTS = ['peak', 'first'] as const;
export const DURATION_YEARS_MAX = 100;

/** A [min, max] pair within [lo, hi]; min ≤ max. */
const range = (field: string, lo: number, hi: number, hiOpen = false) =>
  z
    .tuple([z.number({ error: `${field}[0] must be a number` }), z.number({ error: `${field}[1] must be a number` })], {
      error: `${field} must be [min, max]`,
    })
    .superRefine(([a, b], ctx) => {
      for (const [i, v] of [a, b].entries()) {
        if (v < lo || (hiOpen ? v >= hi : v > hi)) {
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: `${field}[${i}] must lie in [${lo}, ${hi}${hiOpen ? ')' : ']'} (got ${v})`,
            params: { rule: `range ${lo}..${hi}` },
          });
        }
      }
      if (a > b) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} must be [min, max] with min ≤ max (got [${a}, ${b}])`,
          params: { rule: 'min ≤ max' },
        });
      }
    });

/** The model and constraints of one phase's fit (the options of the decline fitter). */
export const PhaseFitModel = z
  .strictObject({
    model: z
      .enum(FIT_MODELS, { error: `model must be one of ${FIT_MODELS.join(', ')}` })
      .default('arps_modified')
      .meta({ description: 'the segment type fitted to each series; default arps_modified' }),
    bRange: range('bRange', 0.001, 5)
      .optional()
      .meta({ description: 'allowed b-factor [min, max]; default [0.01, 2]' }),
    dEffRange: range('dEffRange', 0, 1, true)
      .optional()
      .meta({ description: 'allowed effective decline at the start, decimal per year; default [0, 0.99]' }),
    terminalDEff: z
      .number({ error: 'terminalDEff must be a number' })
      .gt(0, 'terminalDEff must be above 0')
      .lt(1, 'terminalDEff must be below 1')
      .optional()
      .meta({
        description: `arps_modified: the terminal effective decline (realizedDEffSw); default ${DEFAULT_TERMINAL_DEFF}`,
      }),
    loss: z
      .enum(['soft_l1', 'linear'], { error: 'loss must be soft_l1 or linear' })
      .optional()
      .meta({ description: '`soft_l1` (default, robust to outliers) or `linear` least squares' }),
  })
  .meta({ id: 'TypeCurvePhaseFitModel' });
export type PhaseFitModel = z.output<typeof PhaseFitModel>;

/** The body of `POST …/fit-from-wells`. */
export const FitFromWellsInput = z
  .strictObject({
    phases: z
      .strictObject(
        Object.fromEntries(PHASES.map((p) => [p, PhaseFitModel.optional()])) as Record<
          (typeof PHASES)[number],
          z.ZodOptional<typeof PhaseFitModel>
        >,
        {
          error: (i) =>
            i.code === 'invalid_type' ? 'phases must be an object keyed by phase (oil, gas, water)' : undefined,
        },
      )
      .refine((p) => PHASES.some((k) => p[k] !== undefined), {
        message: 'phases must name at least one phase (oil, gas, water), e.g. {"oil": {}}',
        params: { rule: 'not empty' },
      })
      .meta({ description: 'the phases to fit, each with its model and constraints (`{}` for the defaults)' }),
    resolution: z
      .enum(STEP_RESOLUTIONS, { error: 'resolution must be monthly or daily' })
      .default('monthly')
      .meta({ description: 'which production history the wells contribute: monthly (default) or daily' }),
    align: z
      .enum(ALIGNMENTS, { error: 'align must be peak or first' })
      .default('peak')
      .meta({ description: 'step 0 of each well: its peak rate (default) or its first production' }),
    normalize: z.boolean({ error: 'normalize must be true or false' }).default(true).meta({
      description:
        'apply the type curve’s normalization (computing and storing the per-well multipliers); default true',
    }),
    regressionType: RegressionType.default('rate').meta({
      description:
        'stored on each fit; today every series is fitted on rate (log rate): `cum` is recorded, not yet used',
    }),
    startDate: DateString.optional().meta({
      description: 'the date of step 0: the fitted segments start there; default the first day of the current month',
    }),
    durationYears: z
      .number({ error: 'durationYears must be a number' })
      .int('durationYears must be a whole number')
      .min(1, 'durationYears must be at least 1')
      .max(DURATION_YEARS_MAX, `durationYears must be at most ${DURATION_YEARS_MAX}`)
      .default(30)
      .meta({ description: 'years the fitted segments run from step 0; default 30' }),
    minWells: z
      .number({ error: 'minWells must be a number' })
      .int('minWells must be a whole number')
      .min(1, 'minWells must be at least 1')
      .max(2000, 'minWells must be at most 2000')
      .optional()
      .meta({
        description:
          'the series stop at the first step where fewer wells produce; default 3 (or every well used, when fewer)',
      }),
    dryRun: z
      .boolean({ error: 'dryRun must be true or false' })
      .default(false)
      .meta({ description: 'true: answer the result and write nothing' }),
  })
  .meta({ id: 'TypeCurveFitFromWellsInput' });
export type FitFromWellsInput = z.input<typeof FitFromWellsInput>;
export type FitFromWellsRequest = z.output<typeof FitFromWellsInput>;

/** The query of the preview `GET …/fit-from-wells`. */
export const FitFromWellsPreviewQuery = z.object({
  phase: Phase.meta({ description: 'oil, gas or water (required)' }),
  resolution: FitFromWellsInput.shape.resolution,
  align: FitFromWellsInput.shape.align,
  normalize: z
    .enum(['true', 'false'], { error: 'normalize must be true or false' })
    .default('true')
    .transform((v) => v === 'true')
    .meta({ description: 'apply the normalization; default true' }),
  minWells: z.coerce
    .number({ error: 'minWells must be a number' })
    .int('minWells must be a whole number')
    .min(1, 'minWells must be at least 1')
    .max(2000, 'minWells must be at most 2000')
    .optional(),
});

/* ------------------------------------------------------------------ responses */

const Multipliers = z
  .object({ eur: z.number().optional(), peak: z.number().optional() })
  .meta({ description: 'the factors normalized; a factor left out is 1' });

export const TYPE_CURVE_WELL_STATUSES = ['used', 'excluded', 'noProduction'] as const;

/** One well's place in a phase's type curve. */
export const FitFromWellsWell = z
  .object({
    well: z.string(),
    wellName: z.string().optional(),
    status: z.enum(TYPE_CURVE_WELL_STATUSES),
    reason: z.string().optional().meta({ description: 'why the well is left out' }),
    note: z.string().optional().meta({ description: 'why a used well keeps multiplier 1' }),
    multipliers: Multipliers.optional(),
    x: z.number().optional().meta({ description: 'the well’s x-axis header value' }),
    cumulative: z.number().meta({ description: 'the well’s history volume of the phase, BBL or MCF' }),
    peakRate: z.number().meta({ description: 'the well’s highest rate, BBL/D or MCF/D' }),
    startDate: z.string().optional().meta({ description: 'the well’s step 0 (its peak or first production)' }),
  })
  .meta({ id: 'TypeCurveFitFromWellsWell' });

export const FitFromWellsStep = z
  .object({
    step: z.number().int(),
    date: z.string().optional().meta({ description: 'the step’s date from startDate (fits only)' }),
    wellCount: z.number().int(),
    p10: z.number(),
    p50: z.number(),
    p90: z.number(),
    average: z.number(),
  })
  .meta({ id: 'TypeCurveFitFromWellsStep' });

const SeriesOutcome = z.union([
  z.object({
    ok: z.literal(true),
    eur: z.number(),
    r2: z.number(),
    rmseLogRate: z.number(),
    pointsUsed: z.number().int(),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);

/** What normalization was applied to a phase. */
const AppliedNormalization = z.object({
  source: Phase.meta({
    description: 'the phase whose normalization gave the multipliers (itself, or the one it links to)',
  }),
  xAxis: z.string(),
  yAxis: z.string(),
  factors: z.array(z.enum(['eur', 'peak'])).meta({ description: 'the factors normalized; empty: none' }),
  targetX: z.number().optional(),
});

/** One phase of the result (and the body of the preview, with `cloud`). */
export const FitFromWellsPhase = z
  .object({
    phase: Phase,
    resolution: z.enum(STEP_RESOLUTIONS),
    align: z.enum(ALIGNMENTS),
    normalization: AppliedNormalization.optional().meta({ description: 'left out when not normalized' }),
    minWells: z.number().int(),
    steps: z.array(FitFromWellsStep),
    stop: z
      .object({ step: z.number().int(), wellCount: z.number().int(), minWells: z.number().int() })
      .optional()
      .meta({ description: 'the first step left out: fewer than minWells wells produce there' }),
    wells: z.array(FitFromWellsWell),
    series: z
      .object({ best: SeriesOutcome, p10: SeriesOutcome, p50: SeriesOutcome, p90: SeriesOutcome })
      .optional()
      .meta({ description: 'the fit of each series (best is the average); POST only' }),
    cloud: z
      .array(z.object({ well: z.string(), steps: z.array(z.number().int()), rates: z.array(z.number()) }))
      .optional()
      .meta({ description: 'each used well’s normalized rates by step (positive rates only); preview only' }),
  })
  .meta({ id: 'TypeCurveFitFromWellsPhase' });
export type FitFromWellsPhase = z.infer<typeof FitFromWellsPhase>;

/** The answer of `POST …/fit-from-wells`. */
export const FitFromWellsResult = z
  .object({
    dryRun: z.boolean(),
    fits: TypeCurveFitsView.meta({
      description: 'the stored fits after the write (every phase); with dryRun the fits computed, not stored',
    }),
    phases: z.object({
      oil: FitFromWellsPhase.optional(),
      gas: FitFromWellsPhase.optional(),
      water: FitFromWellsPhase.optional(),
    }),
  })
  .meta({ id: 'TypeCurveFitFromWellsResult' });
export type FitFromWellsResult = z.infer<typeof FitFromWellsResult>;
