import { z } from 'zod';
import { ScenarioAssignmentRow } from './assignments';
import { ASSUMPTION_TYPE_NAMES, ComboNameFilter } from './combos';
import { DateString, ObjectId } from './common';
import { ECON_MODEL_KINDS, type EconModelKind } from './econModels/envelope';
import { ECON_MONTHLY_RESULT_COLUMNS, ECON_ONE_LINER_RESULT_FIELDS } from './econResultColumns';
import { EconOneLiner, EconRunStatus } from './econRuns';

/*
 * Econ-run results in the service's shapes (issue 20; service-shapes.md "Econ runs and results";
 * decision 045): the company's runs at `/v1/econ-runs`, one-liner rows with `id` and `output`,
 * monthly results by column name, monthly exports paged by `Link`, and the scenario's econ-model
 * assignments as `[{wellId, assumptions}]`. Names of the figures: `econResultColumns.ts`.
 */

export * from './econResultColumns';

/* ---------------------------------------------------------------- runs */

/** Filters of `GET /v1/econ-runs` (with `skip`, `take`, `sort`). */
export const EconRunRootQuery = z.object({
  project: ObjectId.optional().meta({ description: 'only the runs of this project' }),
  scenario: ObjectId.optional().meta({ description: 'only the runs of this scenario' }),
  status: EconRunStatus.optional().meta({ description: 'only the runs in this state' }),
});
export type EconRunRootQuery = z.infer<typeof EconRunRootQuery>;

/* ---------------------------------------------------------- one-liners */

const isDate = (unit: string) => unit.startsWith('date');

/** The figures of a one-liner as the service's clients read them (`output`, flattened by them). */
export const EconOneLinerOutput = z
  .object(
    Object.fromEntries(
      ECON_ONE_LINER_RESULT_FIELDS.map((f) => [
        f.key,
        (isDate(f.unit) ? z.string() : z.number())
          .nullable()
          .optional()
          .meta({ description: `${f.unit} (column \`${f.column}\`; ours: \`${f.from}\`)` }),
      ]),
    ),
  )
  .meta({
    id: 'EconOneLinerOutput',
    description:
      'the one-liner’s figures under the service’s keys (decision 045); after-tax keys only with income tax, breakeven keys only with breakeven settings',
  });

/** What a one-liner row carries for the service's clients besides our fields. */
const serviceFields = {
  id: ObjectId.meta({ description: 'the result row’s id (stable: derived from run, combo and well)' }),
  // null for a well the engine refused (clients that flatten `output` then keep the row's own fields).
  output: EconOneLinerOutput.nullable(),
  econPRMSResourcesClass: z.string().optional().meta({ description: 'reservesCategory.prmsClass' }),
  econPRMSReservesCategory: z.string().optional().meta({ description: 'reservesCategory.prmsCategory' }),
  econPRMSReservesSubCategory: z.string().optional().meta({ description: 'reservesCategory.prmsSubCategory' }),
};

/**
 * A one-liner row of `…/one-liners` and `…/one-liners/{id}`: our fields (flat) plus the service's
 * `id`, `output` and reserves-category fields, so clients of either read it unchanged.
 */
export const EconOneLinerRow = z
  .intersection(EconOneLiner, z.object(serviceFields).meta({ id: 'EconOneLinerServiceFields' }))
  .meta({ id: 'EconOneLinerRow' });
export type EconOneLinerRow = z.infer<typeof EconOneLinerRow>;

/* ------------------------------------------------------ monthly results */

export const MONTHLY_RESULTS_TAKE_MAX = 200;

/** The query of `…/monthly-econ-results` (columns by the service's names; paged by well). */
export const MonthlyEconResultsQuery = z.object({
  columns: z
    .string({ error: 'columns is required: a comma-separated list of monthly result columns' })
    .trim()
    .min(1, 'columns is required: a comma-separated list of monthly result columns')
    .meta({
      description: `comma-separated snake_case column names (required), e.g. \`gross_oil_well_head_volume,net_income\`; one of ${ECON_MONTHLY_RESULT_COLUMNS.map((c) => `\`${c.column}\``).join(', ')}`,
    }),
  well: ObjectId.optional().meta({ description: 'only this well' }),
  comboName: ComboNameFilter.optional().meta({
    description: 'only this combo',
  }),
  skip: z.coerce.number().int('skip must be an integer').min(0, 'skip must be 0 or more').default(0).meta({
    description: 'wells (combo and well pairs) to skip',
  }),
  take: z.coerce
    .number()
    .int('take must be an integer')
    .min(1, 'take must be at least 1')
    .max(MONTHLY_RESULTS_TAKE_MAX, `take must be at most ${MONTHLY_RESULTS_TAKE_MAX}`)
    .default(25)
    .meta({ description: `wells per page, at most ${MONTHLY_RESULTS_TAKE_MAX} (default 25)` }),
});

/** One page of `…/monthly-econ-results`: per combo, per well, each asked column as a list by month. */
export const MonthlyEconResults = z
  .object({
    combos: z.array(
      z.object({
        combo_name: z.string(),
        wells: z.array(
          z.object({
            well_id: ObjectId,
            well_chosen_id: z.string(),
            columns: z
              .record(z.string(), z.array(z.union([z.number(), z.string()])))
              .meta({ description: '`date` (first day of each month) and each asked column, one value per month' }),
          }),
        ),
      }),
    ),
    scenario_id: ObjectId,
    scenario_name: z.string(),
  })
  .meta({ id: 'MonthlyEconResults' });
export type MonthlyEconResults = z.infer<typeof MonthlyEconResults>;

/* ----------------------------------------------------- monthly exports */

export const MONTHLY_EXPORT_TAKE_MAX = 2000;
export const MONTHLY_EXPORT_TAKE_DEFAULT = 100;

/** Filters of a monthly export (its query when created, and of `HEAD …/monthly-exports`). */
export const MonthlyExportFilters = z.object({
  well: ObjectId.optional().meta({ description: 'only this well' }),
  comboName: ComboNameFilter.optional().meta({
    description: 'only this combo',
  }),
});
export type MonthlyExportFilters = z.infer<typeof MonthlyExportFilters>;

export const MonthlyExportCreated = z.object({ id: ObjectId }).meta({ id: 'MonthlyExportCreated' });

/** The query of `GET …/monthly-exports/{id}`. */
export const MonthlyExportPageQuery = z.object({
  skip: z.coerce.number().int('skip must be an integer').min(0, 'skip must be 0 or more').default(0),
  take: z.coerce
    .number()
    .int('take must be an integer')
    .min(1, 'take must be at least 1')
    .max(MONTHLY_EXPORT_TAKE_MAX, `take must be at most ${MONTHLY_EXPORT_TAKE_MAX}`)
    .default(MONTHLY_EXPORT_TAKE_DEFAULT)
    .meta({
      description: `rows per page, at most ${MONTHLY_EXPORT_TAKE_MAX} (default ${MONTHLY_EXPORT_TAKE_DEFAULT})`,
    }),
  concurrency: z.coerce
    .number()
    .int('concurrency must be an integer')
    .min(0, 'concurrency must be 0 or more')
    .max(10, 'concurrency must be at most 10')
    .optional()
    .meta({ description: 'accepted as the service’s clients send it (0–10); pages are read in one pass here' }),
});

export const EconMonthlyExportRow = z
  .object({
    well: ObjectId,
    comboName: z.string(),
    date: DateString.meta({ description: 'first day of the month' }),
    output: z
      .object(
        Object.fromEntries(
          ECON_MONTHLY_RESULT_COLUMNS.map((c) => [
            c.key,
            z.number().meta({ description: `${c.unit} (column \`${c.column}\`)` }),
          ]),
        ),
      )
      .meta({ id: 'EconMonthlyExportOutput' }),
  })
  .meta({ id: 'EconMonthlyExportRow' });
export type EconMonthlyExportRow = z.infer<typeof EconMonthlyExportRow>;

/** One page of a monthly export. */
export const EconMonthlyExportPage = z
  .object({
    status: z.enum(['completed']).meta({ description: 'always `completed`: the rows of a complete run' }),
    results: z.array(EconMonthlyExportRow),
  })
  .meta({ id: 'EconMonthlyExportPage' });
export type EconMonthlyExportPage = z.infer<typeof EconMonthlyExportPage>;

/* ------------------------------------------------------- assignments */

/**
 * The service's name of a kind in the assignment grid's `model`: its type name with a lower-case
 * first letter (`dates`, `ownershipReversion`, `actualOrForecast`), as its clients compare it.
 */
export const assignmentModelName = (kind: EconModelKind): string => {
  const type = ASSUMPTION_TYPE_NAMES[kind];
  return type.charAt(0).toLowerCase() + type.slice(1);
};

export const ServiceAssumption = z
  .object({
    model: z.enum(ECON_MODEL_KINDS.map(assignmentModelName) as [string, ...string[]]).meta({
      description: 'the kind, as the service names it (`dates`, `pricing`, `ownershipReversion`, …)',
    }),
    assignments: z.array(z.object({ qualifierName: z.string(), econModelId: ObjectId })),
  })
  .meta({ id: 'ServiceAssumption' });

/** A row of the scenario's assignment grid: ours (`well`, `wellName`, `assignments`) and the service's (`wellId`, `assumptions`). */
export const ScenarioAssignmentGridRow = z
  .intersection(
    ScenarioAssignmentRow,
    z
      .object({
        wellId: ObjectId.meta({ description: 'the well (the service’s name for `well`)' }),
        assumptions: z.array(ServiceAssumption).meta({
          description:
            'every kind with the model assigned per qualifier (`[]` when none), as the service’s clients read it',
        }),
      })
      .meta({ id: 'ServiceAssignmentFields' }),
  )
  .meta({ id: 'ScenarioAssignmentGridRow' });
export type ScenarioAssignmentGridRow = z.infer<typeof ScenarioAssignmentGridRow>;
