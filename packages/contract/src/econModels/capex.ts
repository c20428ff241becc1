import { z } from 'zod';
import { noNul, ObjectId } from '../common';
import {
  FROM_HEADERS_COMPANIONS,
  FROM_HEADERS_VALUES,
  FROM_SCHEDULE_COMPANIONS,
  FROM_SCHEDULE_VALUES,
  HEADER_COMPANIONS,
  SCHEDULE_COMPANIONS,
} from './capexCompanions';
import { DateString, enumOf, errorFor, exactlyOne, intRange, range, readOnly } from './fields';

export * from './capexCompanions';

/* CAPEX econ functions (spec part 2.7): `otherCapex` (required), `drillingCost` and `completionCost`. */

/** Our caps (the spec gives none): rows of otherCapex, rows of a drilling/completion cost, completion unit costs. */
export const OTHER_CAPEX_ROWS_MAX = 500;
export const CAPEX_COST_ROWS_MAX = 100;
export const COMPLETION_UNIT_COSTS_MAX = 100;
export const CAPEX_DESCRIPTION_MAX = 1000;

export const CAPEX_CATEGORIES = [
  'drilling',
  'completion',
  'legal',
  'pad',
  'facilities',
  'artificial_lift',
  'workover',
  'development',
  'pipelines',
  'exploration',
  'waterline',
  'appraisal',
  'other_investment',
  'abandonment',
  'salvage',
] as const;
export const CAPEX_CALCULATIONS = ['net', 'gross'] as const;
export const DISTRIBUTION_TYPES = ['na', 'normal', 'lognormal', 'triangular', 'uniform'] as const;
export type DistributionType = (typeof DISTRIBUTION_TYPES)[number];

/** The timing criteria of an otherCapex row (exactly one is sent) and of a drilling/completion cost row. */
export const OTHER_CAPEX_TIMING = [
  'offsetToFpd',
  'offsetToAsOf',
  'offsetToDiscountDate',
  'offsetToMajorSegment',
  'offsetToEconLimit',
  'oilRate',
  'gasRate',
  'waterRate',
  'totalFluidRate',
  'date',
  'fromSchedule',
  'fromHeaders',
] as const;
export const CAPEX_COST_TIMING = [
  'offsetToFpd',
  'offsetToAsOf',
  'offsetToDiscountDate',
  'offsetToFirstSegment',
  'scheduleStart',
  'scheduleEnd',
  'date',
] as const;
export const PROBABILISTIC_FIELDS = [
  'distributionType',
  'mean',
  'standardDeviation',
  'lowerBound',
  'upperBound',
  'mode',
  'seed',
] as const;

/* Field builders. Errors of a missing value say "required"; of a wrong one, what is expected. */

/** A number of days, −20000 to 20000 (a number, not necessarily whole: the spec says "number"). */
const days = (field: string) => range(field, -20000, 20000).meta({ description: 'days, -20000 to 20000' });
/** An id of a model of another kind, or `none` (ids are validated like common.ts ObjectId). */
const idOrNone = (field: string, model: string) =>
  z
    .string({ error: errorFor(field, `the id of ${model} or none`) })
    .refine((s) => s === 'none' || ObjectId.safeParse(s).success, {
      message: `${field} must be the 24-character hexadecimal id of ${model}, or none`,
      params: { rule: 'id or none' },
    })
    .meta({ description: `id of ${model}, or \`none\``, example: 'none' });
const strict = <S extends z.core.$ZodLooseShape>(label: string, shape: S) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `${label} does not take ${iss.keys.join(', ')}`
        : iss.input === undefined
          ? `${label} is required`
          : `${label} must be an object`,
  });
const optionalDays = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((n) => [n, days(n).optional()])) as { [N in K]: z.ZodOptional<ReturnType<typeof days>> };

/**
 * Refinement: exactly one of `keys` is sent on the object itself (the criteria sit directly on
 * the row, so `exactlyOne` of fields.ts, which wraps them in their own object, does not apply).
 */
const oneTimingCriterion =
  (label: string, keys: readonly string[]) => (row: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const sent = keys.filter((k) => row[k] !== undefined);
    if (sent.length === 1) return;
    ctx.addIssue({
      code: 'custom',
      message:
        sent.length === 0
          ? `${label} needs exactly one timing criterion: ${keys.join(', ')}`
          : `${label} takes exactly one timing criterion of ${keys.join(', ')} (got ${sent.join(' and ')})`,
      params: { rule: 'exactly one of' },
    });
  };

/**
 * Refinement: `fromHeaders` / `fromSchedule` require their value's companion property; a
 * companion sent without its criterion, or for another value, is refused naming the expected one.
 */
function checkCompanions(row: Record<string, unknown>, ctx: z.RefinementCtx) {
  const groups = [
    { criterion: 'fromHeaders', map: FROM_HEADERS_COMPANIONS as Record<string, string>, companions: HEADER_COMPANIONS },
    {
      criterion: 'fromSchedule',
      map: FROM_SCHEDULE_COMPANIONS as Record<string, string>,
      companions: SCHEDULE_COMPANIONS,
    },
  ];
  for (const { criterion, map, companions } of groups) {
    const rule = `companion of ${criterion}`;
    const value = row[criterion];
    const expected = typeof value === 'string' ? map[value] : undefined;
    if (expected !== undefined && row[expected] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [expected],
        message: `${criterion} ${value} needs its companion ${expected}: the offset in days, -20000 to 20000`,
        params: { rule },
      });
    }
    for (const companion of companions) {
      if (companion === expected || row[companion] === undefined) continue;
      const owner = Object.keys(map).find((k) => map[k] === companion);
      ctx.addIssue({
        code: 'custom',
        path: [companion],
        message:
          expected === undefined
            ? `${companion} is the companion of ${criterion} ${owner} and is sent only with it; send ${criterion}: '${owner}' or leave ${companion} out`
            : `${companion} does not go with ${criterion} ${value}: its companion is ${expected}`,
        params: { rule },
      });
    }
  }
}

/* otherCapex rows. */

const escalationStartDays = (key: string) => days(`escalationStart.${key}`);
export const CapexEscalationStart = exactlyOne('escalationStart', {
  applyToCriteria: escalationStartDays('applyToCriteria'),
  asOfDate: escalationStartDays('asOfDate'),
  fpd: escalationStartDays('fpd'),
  econLimit: escalationStartDays('econLimit'),
  date: DateString,
}).meta({ id: 'CapexEscalationStart', description: 'when escalation starts: exactly one of its keys' });

const rowFields = {
  category: enumOf('category', CAPEX_CATEGORIES),
  description: noNul(
    z
      .string({ error: 'description must be a string' })
      .max(CAPEX_DESCRIPTION_MAX, `description must be at most ${CAPEX_DESCRIPTION_MAX} characters`),
  ).optional(),
  tangible: range('tangible', -1e10, 1e10).meta({ description: '$M' }),
  intangible: range('intangible', -1e10, 1e10).meta({ description: '$M' }),
  capexExpense: z.literal('capex', { error: 'capexExpense can only be capex (or left out)' }).optional(),
  afterEconLimit: z.boolean({ error: errorFor('afterEconLimit', 'true or false') }),
  calculation: enumOf('calculation', CAPEX_CALCULATIONS),
  escalationModel: idOrNone('escalationModel', 'an escalation model'),
  escalationStart: CapexEscalationStart,
  depreciationModel: idOrNone('depreciationModel', 'a DD&A model'),
  dealTerms: range('dealTerms', 0, 1000).meta({ description: 'paying WI / earning WI, a multiplier for carried WI' }),
  offsetToFpd: days('offsetToFpd').optional(),
  offsetToAsOf: days('offsetToAsOf').optional(),
  offsetToDiscountDate: days('offsetToDiscountDate').optional(),
  offsetToMajorSegment: days('offsetToMajorSegment').optional(),
  offsetToEconLimit: days('offsetToEconLimit').optional(),
  oilRate: range('oilRate', 0, 1e10).meta({ description: 'BBL/D' }).optional(),
  gasRate: range('gasRate', 0, 1e10).meta({ description: 'MCF/D' }).optional(),
  waterRate: range('waterRate', 0, 1e10).meta({ description: 'BBL/D' }).optional(),
  totalFluidRate: range('totalFluidRate', 0, 1e10).meta({ description: 'oil + water, BBL/D' }).optional(),
  date: DateString.optional(),
  fromSchedule: enumOf('fromSchedule', FROM_SCHEDULE_VALUES)
    .meta({ description: 'an offset to a schedule milestone; send its camel-case companion with the days' })
    .optional(),
  fromHeaders: enumOf('fromHeaders', FROM_HEADERS_VALUES)
    .meta({ description: 'an offset to a well header date; send its companion property with the days' })
    .optional(),
  ...optionalDays(HEADER_COMPANIONS),
  ...optionalDays(SCHEDULE_COMPANIONS),
};

const otherCapexRow = <S extends z.core.$ZodLooseShape>(shape: S) =>
  strict('an otherCapex row', shape)
    .superRefine(oneTimingCriterion('an otherCapex row', OTHER_CAPEX_TIMING))
    .superRefine(checkCompanions);

/**
 * The values the service's clients send in the probabilistic fields of a deterministic row (every
 * row they read carries them: service-shapes.md, end of "Econ models"): accepted and dropped.
 */
export const EMPTY_PROBABILISTIC_VALUES: Readonly<Record<(typeof PROBABILISTIC_FIELDS)[number], string | number>> = {
  distributionType: 'na',
  mean: 0,
  standardDeviation: 0,
  lowerBound: 0,
  upperBound: 0,
  mode: 0,
  seed: 1,
};

/** Drops the probabilistic fields a row carries at their empty values (or null); others stay, to be refused. */
function dropEmptyProbabilistic(row: unknown): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  const r = row as Record<string, unknown>;
  const empty = PROBABILISTIC_FIELDS.filter((f) => f in r && (r[f] === null || r[f] === EMPTY_PROBABILISTIC_VALUES[f]));
  if (empty.length === 0) return row;
  const out = { ...r };
  for (const f of empty) delete out[f];
  return out;
}

/**
 * An otherCapex row as sent: the probabilistic fields are read-only (spec 2.7) and refused with a
 * real value; at their empty values (`distributionType: "na"`, zeros, `seed: 1`) they are dropped.
 */
export const OtherCapexRow = z
  .preprocess(
    dropEmptyProbabilistic,
    otherCapexRow({
      ...rowFields,
      ...(Object.fromEntries(
        PROBABILISTIC_FIELDS.map((f) => [f, readOnly(`${f} (probabilistic CAPEX only)`)]),
      ) as Record<(typeof PROBABILISTIC_FIELDS)[number], ReturnType<typeof readOnly>>),
    }),
  )
  .meta({ id: 'OtherCapexRow' });

const probabilisticFields = {
  distributionType: enumOf('distributionType', DISTRIBUTION_TYPES).optional(),
  mean: range('mean', 0, 1e10).meta({ description: '$M; tangible + intangible' }).optional(),
  standardDeviation: range('standardDeviation', 0, 1e10).meta({ description: '$M' }).optional(),
  lowerBound: range('lowerBound', 0, 1e10).meta({ description: '$M' }).optional(),
  upperBound: range('upperBound', 0, 1e10).meta({ description: '$M' }).optional(),
  mode: range('mode', 0, 1e10).meta({ description: '$M' }).optional(),
  seed: intRange('seed', 1, 1_000_000).optional(),
};

/** An otherCapex row as responses carry it: rows of probabilistic models carry the probabilistic fields. */
export const OtherCapexRowView = otherCapexRow({ ...rowFields, ...probabilisticFields }).meta({
  id: 'OtherCapexRowView',
});
export type OtherCapexRowView = z.infer<typeof OtherCapexRowView>;

const rowList = <T extends z.ZodType>(label: string, row: T, max: number) =>
  z
    .array(row, { error: errorFor(label, 'an array of rows') })
    .min(1, `${label} needs at least one row`)
    .max(max, `${label} takes at most ${max} rows`);

export const OtherCapex = strict('otherCapex', {
  rows: rowList('otherCapex.rows', OtherCapexRow, OTHER_CAPEX_ROWS_MAX),
}).meta({ id: 'OtherCapex' });
export const OtherCapexView = strict('otherCapex', {
  rows: rowList('otherCapex.rows', OtherCapexRowView, OTHER_CAPEX_ROWS_MAX),
}).meta({ id: 'OtherCapexView' });

/* drillingCost and completionCost. */

/**
 * A spending row of a drilling or completion cost. The rows' pctOfTotalCost are not required to
 * sum to 100: the spec does not say so (an unfinished split is the client's choice).
 */
export const CapexCostRow = strict('a cost row', {
  pctOfTotalCost: range('pctOfTotalCost', 0, 100),
  ...optionalDays(CAPEX_COST_TIMING.filter((k) => k !== 'date')),
  date: DateString.optional(),
})
  .superRefine(oneTimingCriterion('a cost row', CAPEX_COST_TIMING))
  .meta({ id: 'CapexCostRow' });

const costFields = (kind: string) => ({
  dollarPerFtOfVertical: range('dollarPerFtOfVertical', 0, 10000).meta({ description: '$/FT' }),
  fixedCost: range('fixedCost', 0, 1e8).meta({ description: '$M' }),
  tangiblePct: range('tangiblePct', 0, 100),
  calculation: enumOf('calculation', CAPEX_CALCULATIONS),
  escalationModel: idOrNone('escalationModel', 'an escalation model'),
  depreciationModel: idOrNone('depreciationModel', 'a DD&A model'),
  dealTerms: range('dealTerms', 0, 1000),
  rows: rowList(`${kind}.rows`, CapexCostRow, CAPEX_COST_ROWS_MAX),
});

export const DrillingCost = strict('drillingCost', {
  ...costFields('drillingCost'),
  dollarPerFtOfHorizontal: range('dollarPerFtOfHorizontal', 0, 10000).meta({ description: '$/FT' }),
}).meta({ id: 'CapexDrillingCost' });

/** A completion unit cost by proppant loading. Entries need not be sorted or distinct (the spec sets no rule). */
export const CompletionUnitCost = strict('a dollarPerFtOfHorizontal entry', {
  propLl: range('propLl', 0, 20000).meta({ description: 'LB/FT' }),
  unitCost: range('unitCost', 0, 100000).meta({ description: '$/FT' }),
}).meta({ id: 'CapexCompletionUnitCost' });

export const CompletionCost = strict('completionCost', {
  ...costFields('completionCost'),
  dollarPerFtOfHorizontal: z
    .array(CompletionUnitCost, { error: errorFor('dollarPerFtOfHorizontal', 'an array of { propLl, unitCost }') })
    .min(1, 'dollarPerFtOfHorizontal needs at least one { propLl, unitCost } entry')
    .max(COMPLETION_UNIT_COSTS_MAX, `dollarPerFtOfHorizontal takes at most ${COMPLETION_UNIT_COSTS_MAX} entries`),
}).meta({ id: 'CapexCompletionCost' });

/* The kind's functions. */

/** The CAPEX functions a request body carries (spec 2.7). */
export const CapexFunctions = z
  .strictObject({
    otherCapex: OtherCapex,
    drillingCost: DrillingCost.optional(),
    completionCost: CompletionCost.optional(),
  })
  .meta({ id: 'CapexFunctions' });
export type CapexFunctions = z.infer<typeof CapexFunctions>;

/**
 * The CAPEX functions as responses carry them (rows of probabilistic models carry their
 * distribution). The top level is not strict so that a whole response document (envelope fields
 * beside the functions) can be checked with it; everything inside is.
 */
export const CapexFunctionsView = z
  .object({
    otherCapex: OtherCapexView,
    drillingCost: DrillingCost.optional(),
    completionCost: CompletionCost.optional(),
  })
  .meta({ id: 'CapexFunctionsView' });
export type CapexFunctionsView = z.infer<typeof CapexFunctionsView>;

const isDistributionType = (v: unknown): v is DistributionType =>
  typeof v === 'string' && (DISTRIBUTION_TYPES as readonly string[]).includes(v);

/** Whether stored functions are of a probabilistic model (its rows carry a distribution); such models are read-only. */
export const isProbabilisticCapex = (functions: CapexFunctions | CapexFunctionsView): boolean =>
  functions.otherCapex.rows.some((row) => isDistributionType(row.distributionType));

/**
 * Stored functions → response form. Rows of probabilistic models keep their distribution, with
 * `mean` computed as tangible + intangible (spec 2.7); other rows carry no probabilistic field.
 */
export function capexView(functions: CapexFunctions | CapexFunctionsView): CapexFunctionsView {
  const rowsView = functions.otherCapex.rows.map((row): OtherCapexRowView => {
    const { distributionType, mean: _mean, standardDeviation, lowerBound, upperBound, mode, seed, ...rest } = row;
    if (!isDistributionType(distributionType)) return rest;
    const numbers = { standardDeviation, lowerBound, upperBound, mode, seed };
    return {
      ...rest,
      distributionType,
      mean: Math.round((row.tangible + row.intangible) * 1e6) / 1e6,
      ...Object.fromEntries(Object.entries(numbers).filter(([, v]) => typeof v === 'number')),
    };
  });
  return {
    otherCapex: { rows: rowsView },
    ...(functions.drillingCost && { drillingCost: functions.drillingCost }),
    ...(functions.completionCost && { completionCost: functions.completionCost }),
  };
}
