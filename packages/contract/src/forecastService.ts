import { z } from 'zod';
import { ObjectId } from './common';
import { ForecastInput } from './resources';

/*
 * The forecast routes the service's clients call beyond the spec (issue 21, decision 050): rename,
 * add wells, ARIES lines.
 */

/** `PATCH /v1/projects/{p}/forecasts/{id}`: a new name (unique in the project). */
export const ForecastPatch = ForecastInput.pick({ name: true }).meta({ id: 'ForecastPatch' });
export type ForecastPatch = z.infer<typeof ForecastPatch>;

/** An error of a forecast write, in the service's form, with the field, rule and value. */
export const ForecastWriteError = z
  .object({
    name: z.string(),
    message: z.string(),
    location: z.string().meta({ description: 'the field, e.g. `name`' }),
    field: z.string(),
    rule: z.string(),
    value: z.unknown().optional(),
  })
  .meta({ id: 'ForecastWriteError' });

/** The answer of `PATCH …/forecasts/{id}` (the service's result; its HTTP status is `code`). */
export const ForecastPatchResult = z
  .object({
    status: z.string().meta({ example: 'OK' }),
    code: z.number().int().meta({ example: 200 }),
    forecastId: ObjectId,
    name: z.string(),
    errors: z.array(ForecastWriteError),
  })
  .meta({ id: 'ForecastPatchResult' });
export type ForecastPatchResult = z.infer<typeof ForecastPatchResult>;

/** Wells per `POST …/forecasts/{id}/wells` (the service's limit). */
export const FORECAST_WELLS_ADD_MAX = 100;

/** `POST …/forecasts/{id}/wells`: ids of project wells to add to the forecast. */
export const ForecastWellsInput = z
  .strictObject({
    wellIds: z
      .array(ObjectId, { error: 'wellIds is required: an array of well ids' })
      .min(1, 'wellIds must hold at least one well id')
      .max(FORECAST_WELLS_ADD_MAX, `wellIds must hold at most ${FORECAST_WELLS_ADD_MAX} well ids`)
      .meta({
        description: `ids of wells of the project, 1 to ${FORECAST_WELLS_ADD_MAX}; a malformed id fails the request; each well is then added on its own (one result per id)`,
      }),
  })
  .meta({ id: 'ForecastWellsInput' });

/* ------------------------------------------------------------------ ARIES */

/** Series the ARIES lines can be written from; the service's `P10` … are accepted too. */
export const ARIES_SERIES = ['best', 'p10', 'p50', 'p90'] as const;
/** Which well header is PROPNUM. */
export const ARIES_ID_KEYS = ['chosenID', 'api10', 'api14', 'well_name'] as const;
export const ARIES_ENDINGS = ['absolute_date', 'years', 'months'] as const;
export const ARIES_UNITS = ['per_day', 'per_month'] as const;
/** Rows per page of `GET …/aries` (the service's limit). */
export const ARIES_TAKE_MAX = 1000;

const lowered = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(values, { error: `${field} must be one of ${values.join(', ')}` }),
  );

/** The query of `GET …/forecasts/{id}/aries`: the service's settings we apply (decision 050). */
export const AriesQuery = z.object({
  skip: z.coerce.number().int('skip must be an integer').min(0, 'skip must be 0 or more').default(0),
  take: z.coerce
    .number()
    .int('take must be an integer')
    .min(1, 'take must be at least 1')
    .max(ARIES_TAKE_MAX, `take must be at most ${ARIES_TAKE_MAX}`)
    .default(25),
  well: z.array(ObjectId).max(ARIES_TAKE_MAX).optional().meta({ description: 'well ids (repeatable)' }),
  pSeries: lowered('pSeries', ARIES_SERIES)
    .default('best')
    .meta({ description: 'the series written: best (default), P10, P50 or P90' }),
  startDate: z.iso
    .date('startDate must be a date, YYYY-MM-DD')
    .optional()
    .meta({ description: 'lines start here: earlier segments are left out, the one holding it is cut at it' }),
  selectedIdKey: z
    .enum(ARIES_ID_KEYS, { error: `selectedIdKey must be one of ${ARIES_ID_KEYS.join(', ')}` })
    .default('chosenID')
    .meta({ description: 'the header written as PROPNUM' }),
  endingCondition: z
    .enum(ARIES_ENDINGS, { error: `endingCondition must be one of ${ARIES_ENDINGS.join(', ')}` })
    .default('absolute_date')
    .meta({ description: 'each line ends at a date (AD, exact to the day), or after its length in YRS or MO' }),
  forecastUnit: z
    .enum(ARIES_UNITS, { error: `forecastUnit must be one of ${ARIES_UNITS.join(', ')}` })
    .default('per_day')
    .meta({ description: 'rates per day (B/D, M/D) or per month of 30.4375 days (B/M, M/M)' }),
  qualifier: z
    .string()
    .min(1, 'qualifier must not be empty')
    .max(20, 'qualifier must be at most 20 characters')
    .regex(/^[\x21-\x7e]+$/, 'qualifier must be printable ASCII without spaces')
    .optional()
    .meta({ description: 'the QUALIFIER column (default: the first 10 characters of the forecast name, spaces as _)' }),
});
export type AriesQuery = z.infer<typeof AriesQuery>;

/** One line of the economic file, as the service's clients read it. */
export const AriesLineRow = z
  .object({
    PROPNUM: z.string(),
    'WELL NAME': z.string(),
    'CHOSEN ID': z.string(),
    API10: z.string().optional(),
    API14: z.string().optional(),
    SECTION: z.number().int().meta({ description: '4: the forecast section' }),
    SEQUENCE: z.number().int().meta({ description: '1, 2, … per well' }),
    QUALIFIER: z.string(),
    KEYWORD: z.string().meta({ description: 'START, OIL, GAS, WTR, GAS/OIL …, or `"` (continued)' }),
    EXPRESSION: z.string(),
  })
  .meta({ id: 'AriesLine' });
export type AriesLineRow = z.infer<typeof AriesLineRow>;

/** One well's lines. */
export const AriesForecast = z
  .object({ well: ObjectId, forecast: z.array(AriesLineRow) })
  .meta({ id: 'AriesForecast' });
export type AriesForecast = z.infer<typeof AriesForecast>;
