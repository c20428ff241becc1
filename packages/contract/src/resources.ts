import { z } from 'zod';
import { DateString, noNul, ObjectId, pagingQuery, ResourceMeta, TAKE_MAX_LARGE } from './common';
import {
  WELL_DATA_SOURCES,
  WELL_HEADER_NAMES,
  type WellHeaderDef,
  type WellHeaderName,
  type WellHeaderValues,
  wellHeader,
} from './wellHeaders';

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

/** `2020-01-01T00:00:00.000Z` and its shorter forms: a date at midnight UTC. */
const MIDNIGHT_UTC = /^\d{4}-\d{2}-\d{2}T00:00(:00(\.0{1,9})?)?(Z|\+00:00)$/;

/** A header's schema, from its row of the table (`wellHeaders.ts`); messages name the field. */
function headerSchema(name: string, def: WellHeaderDef): z.ZodType {
  const about = { description: def.unit ? `${def.label}, ${def.unit}` : def.label };
  switch (def.kind) {
    case 'string': {
      const max = def.maxLength ?? 1000;
      let s = z.string({ error: def.required ? `${name} is required` : `${name} must be a string` });
      if (def.required) s = s.trim().min(1, `${name} must not be empty`);
      s = s.max(max, `${name} must be at most ${max} characters`);
      if (def.pattern) s = s.regex(def.pattern.regex, `${name} must be ${def.pattern.rule}`);
      return noNul(s).meta(about);
    }
    case 'number': {
      let n = z.number({ error: `${name} must be a number` });
      if (def.integer) n = n.int(`${name} must be a whole number`);
      if (def.min !== undefined) n = n.min(def.min, `${name} must be ${def.min} or more`);
      if (def.max !== undefined) n = n.max(def.max, `${name} must be at most ${def.max}`);
      return n.meta(about);
    }
    case 'date':
      // The service's clients send dates as they read them: midnight UTC timestamps. Taken as the day.
      return z
        .preprocess((v) => (typeof v === 'string' && MIDNIGHT_UTC.test(v) ? v.slice(0, 10) : v), DateString)
        .meta(about);
    case 'boolean':
      return z.boolean({ error: `${name} must be true or false` }).meta(about);
    case 'enum': {
      const values = def.values as readonly [string, ...string[]];
      return z.enum(values, { error: `${name} must be one of ${values.join(', ')}` }).meta(about);
    }
  }
}

const HEADER_SCHEMAS = new Map(WELL_HEADER_NAMES.map((n) => [n, headerSchema(n, wellHeader(n))]));
/** The write schema of a header. */
const schemaOf = (n: WellHeaderName): z.ZodType => HEADER_SCHEMAS.get(n)!;

/** The headers that create and replace require. */
type RequiredHeader = 'chosenID' | 'dataSource' | 'wellName';
const isRequired = (n: WellHeaderName) => wellHeader(n).required === true;

/** A well as clients create or replace it: every header of the table, `chosenID`, `dataSource` and `wellName` required. */
export type WellInput = WellHeaderValues & Required<Pick<WellHeaderValues, RequiredHeader>>;
/**
 * A well as clients write it (POST creates; PUT replaces every header). `chosenID` + `dataSource`
 * identify it within the company. A field outside the table is a 400 naming it.
 */
export const WellInput = z
  .strictObject(
    Object.fromEntries(WELL_HEADER_NAMES.map((n) => [n, isRequired(n) ? schemaOf(n) : schemaOf(n).optional()])),
  )
  .meta({ id: 'WellInput' }) as unknown as z.ZodType<WellInput>;

/** The natural key of a company well as clients send it, for bodies that name a well (`chosenID`, `dataSource`). */
export const wellKeyShape = { chosenID: schemaOf('chosenID'), dataSource: schemaOf('dataSource') } as {
  chosenID: z.ZodType<string>;
  dataSource: z.ZodType<WellInput['dataSource']>;
};

/** A change to a stored well: the headers it gives replace the stored ones; `null` clears one. */
export type WellPatch = { id?: string } & {
  [N in keyof WellHeaderValues]?: N extends RequiredHeader ? WellHeaderValues[N] : WellHeaderValues[N] | null;
};
const patchShape = Object.fromEntries(
  WELL_HEADER_NAMES.map((n) => [n, isRequired(n) ? schemaOf(n).optional() : schemaOf(n).nullable().optional()]),
);
/** The body of `PATCH …/wells/{id}`: any headers (`null` clears one). */
export const WellPatchInput = z.strictObject(patchShape).meta({ id: 'WellPatch' }) as unknown as z.ZodType<
  Omit<WellPatch, 'id'>
>;
/**
 * A record of `PATCH …/wells`: the well named by `id`, or else by `chosenID` + `dataSource`, and the
 * headers to change (`null` clears one). With `id`, a `chosenID` or `dataSource` sent is the new one.
 */
export const WellPatchRecord = z
  .strictObject({
    id: ObjectId.optional().meta({ description: 'the well; or name it by chosenID and dataSource' }),
    ...patchShape,
  })
  .superRefine((record, ctx) => {
    const r = record as { id?: string; chosenID?: string; dataSource?: string };
    if (r.id === undefined && (r.chosenID === undefined || r.dataSource === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'name the well by id, or by chosenID and dataSource',
        params: { rule: 'id or chosenID + dataSource' },
      });
    }
  })
  .meta({ id: 'WellPatchRecord' }) as unknown as z.ZodType<WellPatch>;

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

/** Company wells belong to no project; project wells to one (decision 047). */
export const WELL_SCOPES = ['company', 'project'] as const;

/** The read shape of the headers: each as written (absent when not set). */
type HeaderReadShape = {
  [N in WellHeaderName]: N extends RequiredHeader
    ? z.ZodType<NonNullable<WellHeaderValues[N]>>
    : z.ZodOptional<z.ZodType<NonNullable<WellHeaderValues[N]>>>;
};
const headerReadShape = Object.fromEntries(
  WELL_HEADER_NAMES.map((n) => [n, isRequired(n) ? schemaOf(n) : schemaOf(n).optional()]),
) as unknown as HeaderReadShape;

export const Well = ResourceMeta.extend({
  project: ObjectId.nullable().meta({ description: 'the project of a project well; null for a company well' }),
  scope: z.enum(WELL_SCOPES),
  ...headerReadShape,
  ...productionSummaryShape(),
}).meta({ id: 'Well' });
/** The read shape (the custom headers typed by their name patterns, `customNumber${number}`…). */
export type Well = z.infer<typeof Well> & WellHeaderValues;
export const WELL_SORT = [
  'id',
  ...WELL_HEADER_NAMES,
  'createdAt',
  'updatedAt',
  ...PRODUCTION_SUMMARY_FIELDS,
] as unknown as readonly ['id', ...string[]];
/** The summary fields' range operators in well list queries (`cumOil[ge]=1000`). */
export const RANGE_OPERATORS = ['gt', 'ge', 'lt', 'le'] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];

/** A header's value as a query parameter: numbers and booleans from their text. */
function headerFilter(name: WellHeaderName): z.ZodType {
  const def = wellHeader(name);
  switch (def.kind) {
    case 'number':
      return z
        .string()
        .refine((v) => v.trim() !== '' && Number.isFinite(Number(v)), `${name} must be a number`)
        .transform(Number);
    case 'boolean':
      return z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');
    case 'date':
      return DateString;
    case 'enum':
      return schemaOf(name);
    case 'string':
      return noNul(z.string().max(1000, `${name} must be at most 1000 characters`));
  }
}

/** The headers that have an order worth a range filter: numbers and dates. */
export const WELL_RANGE_HEADERS = WELL_HEADER_NAMES.filter((n) => ['number', 'date'].includes(wellHeader(n).kind));

/**
 * The query of the well lists: paging and sort (any header, a stamp or a summary field), an
 * equality filter on each header (`?chosenID=…`, `?customBool0=true`), a range filter on each number
 * and date header and each production summary field (`firstProdDate[ge]=2020-01-01`,
 * `cumOil[ge]=50000`); a well without the value matches no filter on it.
 */
export const WellListQuery = pagingQuery(WELL_SORT, TAKE_MAX_LARGE).extend({
  ...Object.fromEntries(WELL_HEADER_NAMES.map((n) => [n, headerFilter(n).optional()])),
  ...Object.fromEntries(
    WELL_RANGE_HEADERS.flatMap((n) => RANGE_OPERATORS.map((op) => [`${n}[${op}]`, headerFilter(n).optional()])),
  ),
  ...Object.fromEntries(
    PRODUCTION_SUMMARY_FIELDS.flatMap((f) =>
      RANGE_OPERATORS.map((op) => {
        const value = f.startsWith('cum') ? z.coerce.number({ error: `${f}[${op}] must be a number` }) : DateString;
        return [`${f}[${op}]`, value.optional().meta({ description: `${f} ${op} this value` })];
      }),
    ),
  ),
} as Record<string, z.ZodOptional<z.ZodType<unknown>>>);
export type WellListQuery = { skip: number; take: number; sort: string } & Record<string, unknown>;
/** Existing clients write wells in chunks of up to 1000. */
export const WELL_WRITE_MAX = 1000;

/**
 * The filters of `DELETE …/wells` (at least one): the wells with these ids, chosenIDs and data
 * sources (each repeatable; all that are given apply).
 */
export const WellDeleteFilter = z.object({
  id: z.array(ObjectId).max(WELL_WRITE_MAX).optional().meta({ description: 'well ids, repeatable' }),
  chosenID: z
    .array(noNul(z.string().max(64)))
    .max(WELL_WRITE_MAX)
    .optional()
    .meta({ description: 'chosenIDs, repeatable' }),
  dataSource: z
    .array(z.enum(WELL_DATA_SOURCES))
    .max(WELL_DATA_SOURCES.length)
    .optional()
    .meta({ description: 'repeatable' }),
});
export type WellDeleteFilter = z.infer<typeof WellDeleteFilter>;

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
