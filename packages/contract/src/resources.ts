import { z } from 'zod';
import { DateString, noNul, ObjectId, pagingQuery, ResourceMeta, TAKE_MAX_LARGE } from './common';

const Name = noNul(
  z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name must not be empty')
    .max(200, 'name must be at most 200 characters'),
);

/* ---------------------------------------------------------------- projects */

export const ProjectInput = z.strictObject({ name: Name }).meta({ id: 'ProjectInput' });
export type ProjectInput = z.infer<typeof ProjectInput>;
export const Project = ResourceMeta.extend({ name: z.string() }).meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;
export const PROJECT_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
/** Existing clients send all their projects in one POST. */
export const PROJECT_WRITE_MAX = 1000;

/* ------------------------------------------------------------------- wells */

export const WELL_DATA_SOURCES = ['di', 'ihs', 'phdwin', 'aries', 'internal', 'other'] as const;

const Length = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .max(100_000, `${field} must be at most 100000`)
    .meta({ description: `${field}, FT` });

/** A well as clients write it. `chosenID` + `dataSource` identify it within the company. */
export const WellInput = z
  .strictObject({
    wellName: Name.meta({ description: 'well name' }),
    chosenID: noNul(
      z
        .string({ error: 'chosenID is required' })
        .trim()
        .min(1, 'chosenID must not be empty')
        .max(64, 'chosenID must be at most 64 characters'),
    ),
    dataSource: z.enum(WELL_DATA_SOURCES, { error: `dataSource must be one of ${WELL_DATA_SOURCES.join(', ')}` }),
    api14: z
      .string()
      .regex(/^\d{14}$/, 'api14 must be 14 digits')
      .optional(),
    county: noNul(z.string().max(100)).optional(),
    state: noNul(z.string().max(100)).optional(),
    firstProdDate: DateString.optional(),
    perfLateralLength: Length('perfLateralLength').optional(),
    lateralLength: Length('lateralLength').optional(),
    measuredDepth: Length('measuredDepth').optional(),
    trueVerticalDepth: Length('trueVerticalDepth').optional(),
  })
  .meta({ id: 'WellInput' });
export type WellInput = z.infer<typeof WellInput>;

/**
 * What a well's production history sums up to (computed from its records, read only): the first
 * and last dates of daily and of monthly production, and cumulative volumes (BBL, MCF) from the
 * monthly records, or from the daily ones when the well has no monthly records (decision 022).
 */
export const PRODUCTION_SUMMARY_FIELDS = [
  'firstProdDateDailyCalc',
  'lastProdDateDaily',
  'firstProdDateMonthlyCalc',
  'lastProdDateMonthly',
  'cumOil',
  'cumGas',
  'cumWater',
] as const;
export type ProductionSummaryField = (typeof PRODUCTION_SUMMARY_FIELDS)[number];

function productionSummaryShape() {
  const date = (what: string) =>
    z
      .string()
      .optional()
      .meta({ description: `${what} (read only)` });
  const cum = (what: string) =>
    z
      .number()
      .optional()
      .meta({ description: `${what} (read only)` });
  return {
    firstProdDateDailyCalc: date('first date with daily production'),
    lastProdDateDaily: date('last date with daily production'),
    firstProdDateMonthlyCalc: date('first month with monthly production'),
    lastProdDateMonthly: date('last month with monthly production'),
    cumOil: cum('cumulative oil, BBL'),
    cumGas: cum('cumulative gas, MCF'),
    cumWater: cum('cumulative water, BBL'),
  };
}

export const Well = ResourceMeta.extend({
  project: ObjectId,
  wellName: z.string(),
  chosenID: z.string(),
  dataSource: z.enum(WELL_DATA_SOURCES),
  api14: z.string().optional(),
  county: z.string().optional(),
  state: z.string().optional(),
  firstProdDate: z.string().optional(),
  perfLateralLength: z.number().optional(),
  lateralLength: z.number().optional(),
  measuredDepth: z.number().optional(),
  trueVerticalDepth: z.number().optional(),
  ...productionSummaryShape(),
}).meta({ id: 'Well' });
export type Well = z.infer<typeof Well>;
export const WELL_SORT = [
  'id',
  'wellName',
  'chosenID',
  'api14',
  'createdAt',
  'updatedAt',
  ...PRODUCTION_SUMMARY_FIELDS,
] as const;
/** The summary fields' range operators in well list queries (`cumOil[ge]=1000`). */
export const RANGE_OPERATORS = ['gt', 'ge', 'lt', 'le'] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];

/**
 * The query of the project's well list: paging and sort, and a range filter on each production
 * summary field (`lastProdDateMonthly[lt]=2024-01-01`, `cumOil[ge]=50000`); a well without
 * production has none of them and matches no range.
 */
export const WellListQuery = pagingQuery(WELL_SORT, TAKE_MAX_LARGE).extend(
  Object.fromEntries(
    PRODUCTION_SUMMARY_FIELDS.flatMap((f) =>
      RANGE_OPERATORS.map((op) => {
        const value = f.startsWith('cum') ? z.coerce.number({ error: `${f}[${op}] must be a number` }) : DateString;
        return [`${f}[${op}]`, value.optional().meta({ description: `${f} ${op} this value` })];
      }),
    ),
  ) as unknown as Record<`${ProductionSummaryField}[${RangeOperator}]`, z.ZodOptional<z.ZodType<string | number>>>,
);
export type WellListQuery = z.infer<typeof WellListQuery>;
/** Existing clients write wells in chunks of up to 1000. */
export const WELL_WRITE_MAX = 1000;

/* --------------------------------------------------------------- forecasts */

export const ForecastType = z.enum(['deterministic', 'probabilistic']);
export type ForecastType = z.infer<typeof ForecastType>;

export const ForecastInput = z
  .strictObject({
    name: Name,
    type: ForecastType.default('deterministic'),
    wells: z
      .array(ObjectId)
      .max(20_000, 'wells must hold at most 20000 ids')
      .optional()
      .meta({ description: 'ids of project wells; default: every well of the project' }),
  })
  .meta({ id: 'ForecastInput' });
export type ForecastInput = z.infer<typeof ForecastInput>;

export const Forecast = ResourceMeta.extend({
  project: ObjectId,
  name: z.string(),
  type: ForecastType,
  wells: z.array(ObjectId),
}).meta({ id: 'Forecast' });
export type Forecast = z.infer<typeof Forecast>;
export const FORECAST_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const FORECAST_WRITE_MAX = 200;

/* --------------------------------------------------------------- scenarios */

export const ScenarioInput = z
  .strictObject({
    name: Name,
    wells: z.array(ObjectId).max(20_000).optional().meta({ description: 'ids of project wells; default: every well' }),
  })
  .meta({ id: 'ScenarioInput' });
export type ScenarioInput = z.infer<typeof ScenarioInput>;

export const Scenario = ResourceMeta.extend({
  project: ObjectId,
  name: z.string(),
  wells: z.array(ObjectId),
}).meta({ id: 'Scenario' });
export type Scenario = z.infer<typeof Scenario>;
export const SCENARIO_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const SCENARIO_WRITE_MAX = 200;
