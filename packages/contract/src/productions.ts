import { z } from 'zod';
import { DateString, ObjectId, pagingQuery } from './common';
import { WELL_DATA_SOURCES } from './wellHeaders';

/*
 * Daily and monthly production (issue 17; routes and fields from the service's clients, see
 * `shared/design/service-shapes.md`). A record is one well and one date; (well, date) is unique.
 * Rules the service does not publish are ours (docs/decisions/022-productions.md): volumes and
 * injections are 0 to 1e9 (BBL or MCF per day or month), `daysOn` 0 to 31, `hoursOn` 0 to 24,
 * `choke` 0 to 10,000, pressures -15 to 100,000 psi(g), custom numbers any finite number; every
 * measured field may be null (not measured).
 */

/** Records per write and per page of the production routes. */
export const PRODUCTION_WRITE_MAX = 20_000;
export const PRODUCTION_TAKE_MAX = 20_000;

const VOLUME_MAX = 1e9;

const volume = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .max(VOLUME_MAX, `${field} must be at most ${VOLUME_MAX}`)
    .nullable()
    .optional();

const bounded = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be ${min} or more`)
    .max(max, `${field} must be at most ${max}`)
    .nullable()
    .optional();

const finite = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .nullable()
    .optional();

/** The phase volumes and injections both resolutions carry. */
export const PRODUCTION_VOLUME_FIELDS = [
  'oil',
  'gas',
  'water',
  'ngl',
  'gasInjection',
  'waterInjection',
  'co2Injection',
  'steamInjection',
] as const;

/** Daily pressures (psi gauge: a little below zero is a vacuum). */
export const DAILY_PRESSURE_FIELDS = [
  'bottomHolePressure',
  'casingHeadPressure',
  'tubingHeadPressure',
  'flowlinePressure',
  'gasLiftInjectionPressure',
  'vesselSeparatorPressure',
] as const;

const customNumbers = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`customNumber${i}`, finite(`customNumber${i}`)]));

const common = {
  well: ObjectId.optional().meta({ description: 'the well id; or name it by chosenID and dataSource' }),
  chosenID: z.string().min(1).max(64).optional(),
  dataSource: z
    .enum(WELL_DATA_SOURCES, { error: `dataSource must be one of ${WELL_DATA_SOURCES.join(', ')}` })
    .optional(),
  ...Object.fromEntries(PRODUCTION_VOLUME_FIELDS.map((f) => [f, volume(f)])),
  choke: bounded('choke', 0, 10_000),
  operationalTag: z.string().max(64, 'operationalTag must be at most 64 characters').nullable().optional(),
};

/** A record names its well by `well`, or by `chosenID` and `dataSource` together. */
const namesItsWell = (
  r: { well?: string | undefined; chosenID?: string | undefined; dataSource?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (r.well !== undefined) return;
  if (r.chosenID !== undefined && r.dataSource !== undefined) return;
  ctx.addIssue({
    code: 'custom',
    path: [r.chosenID === undefined ? 'well' : 'dataSource'],
    message: 'name the well by well (its id), or by chosenID and dataSource together',
    params: { rule: 'required' },
  });
};

/** One day of one well (`POST|PUT /v1/daily-productions`). */
export const DailyProductionInput = z
  .object({
    ...common,
    date: DateString,
    hoursOn: bounded('hoursOn', 0, 24),
    ...Object.fromEntries(DAILY_PRESSURE_FIELDS.map((f) => [f, bounded(f, -15, 100_000)])),
    ...customNumbers(5),
  })
  .superRefine(namesItsWell)
  .meta({ id: 'DailyProductionInput' });
export type DailyProductionInput = z.infer<typeof DailyProductionInput>;

const FirstOfMonth = DateString.refine((d) => d.endsWith('-01'), {
  message: 'a monthly date is the first day of its month',
  params: { rule: 'first of month' },
});

/** One month of one well (`POST|PUT /v1/monthly-productions`): `date` is the month's first day. */
export const MonthlyProductionInput = z
  .object({
    ...common,
    date: FirstOfMonth,
    daysOn: bounded('daysOn', 0, 31),
    ...customNumbers(20),
  })
  .superRefine(namesItsWell)
  .meta({ id: 'MonthlyProductionInput' });
export type MonthlyProductionInput = z.infer<typeof MonthlyProductionInput>;

/**
 * A record to delete (`DELETE …-productions` with a JSON list): its well, by id or by chosenID +
 * dataSource, and its date (monthly: the month's first day).
 */
export const ProductionKey = {
  daily: z
    .strictObject({
      well: common.well,
      chosenID: common.chosenID,
      dataSource: common.dataSource,
      date: DateString,
    })
    .superRefine(namesItsWell)
    .meta({ id: 'DailyProductionKey' }),
  monthly: z
    .strictObject({
      well: common.well,
      chosenID: common.chosenID,
      dataSource: common.dataSource,
      date: FirstOfMonth,
    })
    .superRefine(namesItsWell)
    .meta({ id: 'MonthlyProductionKey' }),
} as const;
export type ProductionKey = z.infer<(typeof ProductionKey)['daily']>;

/** The resolutions and the record schema of each. */
export const PRODUCTION_RESOLUTIONS = ['daily', 'monthly'] as const;
export type ProductionResolution = (typeof PRODUCTION_RESOLUTIONS)[number];

/** A stored record as read back: the well, the date, the measured fields that are not null, the stamps. */
export const ProductionRecord = z
  .looseObject({
    well: ObjectId,
    date: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ProductionRecord' });
export type ProductionRecord = z.infer<typeof ProductionRecord>;

/** Production lists sort by well then date (the only order; `-` reverses both). */
export const PRODUCTION_SORT = ['well,date'] as const;

const filterShape = {
  well: z
    .array(ObjectId)
    .max(1000, 'well takes at most 1000 values')
    .optional()
    .meta({ description: 'well ids, repeatable' }),
  startDate: DateString.optional().meta({ description: 'from this date on (inclusive)' }),
  endDate: DateString.optional().meta({ description: 'up to this date (inclusive)' }),
  'date[gt]': DateString.optional().meta({ description: 'after this date' }),
  'date[ge]': DateString.optional().meta({ description: 'on or after this date (as startDate)' }),
  'date[lt]': DateString.optional().meta({ description: 'before this date' }),
  'date[le]': DateString.optional().meta({ description: 'on or before this date (as endDate)' }),
};

/** The date filters of a production query: the range forms and the operator forms, all that are given apply. */
export const PRODUCTION_DATE_FILTERS = [
  'startDate',
  'endDate',
  'date[gt]',
  'date[ge]',
  'date[lt]',
  'date[le]',
] as const;

const datesInOrder = (q: { startDate?: string | undefined; endDate?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.startDate && q.endDate && q.startDate > q.endDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: `endDate (${q.endDate}) is before startDate (${q.startDate})`,
      params: { rule: 'not before startDate' },
    });
  }
};

/** The filters of the production deletes: wells (repeatable) and an inclusive date range. */
export const ProductionFilter = z.object(filterShape).superRefine(datesInOrder);
export type ProductionFilter = z.infer<typeof ProductionFilter>;

/** The query of the production lists: paging, sort and the filters. */
export const ProductionListQuery = pagingQuery(PRODUCTION_SORT, PRODUCTION_TAKE_MAX)
  .extend(filterShape)
  .superRefine(datesInOrder);
