import { z } from 'zod';

/** Dates of spec part 2: `YYYY-MM-DD`, between 1900-01-01 and 2262-04-01 inclusive. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2262-04-01';

const isRealDate = (s: string): boolean => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date string of spec part 2 (`YYYY-MM-DD`, 1900-01-01 to 2262-04-01). */
export const DateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date in the form YYYY-MM-DD', abort: true })
  .refine(isRealDate, { message: 'must be a real calendar date', params: { rule: 'calendar date' }, abort: true })
  .refine((s) => s >= DATE_MIN && s <= DATE_MAX, {
    message: `must lie between ${DATE_MIN} and ${DATE_MAX}`,
    params: { rule: `range ${DATE_MIN}..${DATE_MAX}` },
  })
  .meta({ example: '2024-01-01' });

/**
 * Text that is stored: PostgreSQL text cannot hold U+0000, so such a string is refused as input
 * (a 400 naming the field) instead of failing in storage.
 */
export const noNul = <T extends z.ZodString>(schema: T): T =>
  schema.refine((s) => !s.includes('\u0000'), {
    message: 'must not contain the character U+0000',
    params: { rule: 'no U+0000' },
  });

/**
 * Object ids are 24 lowercase hexadecimal characters (the id form clients of this service
 * already parse).
 */
export const ObjectId = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id')
  .meta({ example: '6523f1a2b4c5d6e7f8091a2b' });
export type ObjectId = z.infer<typeof ObjectId>;

/** ISO 8601 timestamp as the service writes it. */
export const Timestamp = z.iso.datetime().meta({ example: '2026-11-22T10:00:00.000Z' });

/** Fields every stored resource carries. */
export const ResourceMeta = z.object({
  id: ObjectId,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** One precise complaint about one field: which field, which rule, which value. */
export const ErrorDetail = z
  .object({
    field: z.string().meta({ description: 'path of the field, e.g. `wells[3].api14`; empty for the whole body' }),
    rule: z.string().meta({ description: 'the rule that failed, e.g. `required`, `max 1000`, `enum`' }),
    value: z.unknown().optional().meta({ description: 'the value that was sent (absent when missing)' }),
    message: z.string(),
  })
  .meta({ id: 'ErrorDetail' });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** The error body of every route except the token endpoint. */
export const ErrorEnvelope = z
  .object({
    name: z.string().meta({ example: 'ValidationError' }),
    message: z.string(),
    details: z.array(ErrorDetail).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** An error reported for one record of a bulk write. */
export const RecordError = z
  .object({
    name: z.string(),
    message: z.string(),
    location: z.string().meta({ description: 'index of the record in brackets, with the field path, e.g. `[2].name`' }),
    field: z.string(),
    rule: z.string(),
    value: z.unknown().optional(),
    recordIndex: z.number().int(),
  })
  .meta({ id: 'RecordError' });
export type RecordError = z.infer<typeof RecordError>;

/** An error of a bulk write that concerns no single record. */
export const GeneralError = z
  .object({ name: z.string(), message: z.string(), location: z.string() })
  .meta({ id: 'GeneralError' });
export type GeneralError = z.infer<typeof GeneralError>;

/** One result of a 207 multi-status body, in the order of the input records. */
export const MultiStatusResult = z
  .looseObject({
    status: z.string().meta({ example: 'Created' }),
    code: z.number().int().meta({ example: 201 }),
    id: ObjectId.optional(),
    errors: z.array(RecordError).optional(),
  })
  .meta({ id: 'MultiStatusResult' });
export type MultiStatusResult = z.infer<typeof MultiStatusResult>;

/** The 207 body: one result per input record, in order; HTTP 207 even when some fail. */
export const MultiStatus = z
  .object({
    generalErrors: z.array(GeneralError),
    results: z.array(MultiStatusResult),
    successCount: z.number().int(),
    failedCount: z.number().int(),
  })
  .meta({ id: 'MultiStatus' });
export type MultiStatus = z.infer<typeof MultiStatus>;

/** Default and maxima of `take`. */
export const TAKE_DEFAULT = 25;
export const TAKE_MAX = 200;
/** Project wells and forecast outputs: existing clients page these 1000 at a time. */
export const TAKE_MAX_LARGE = 1000;

/** The `skip` / `take` / `sort` query of every list, with its own maximum `take`. */
export const pagingQuery = <F extends readonly [string, ...string[]]>(sortFields: F, takeMax: number) => {
  const sortValues = sortFields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z.object({
    skip: z.coerce
      .number()
      .int('skip must be an integer')
      .min(0, 'skip must be 0 or more')
      .default(0)
      .meta({ description: 'records to skip', example: 0 }),
    take: z.coerce
      .number()
      .int('take must be an integer')
      .min(1, 'take must be at least 1')
      .max(takeMax, `take must be at most ${takeMax}`)
      .default(TAKE_DEFAULT)
      .meta({ description: `records per page, at most ${takeMax}`, example: TAKE_DEFAULT }),
    sort: z
      .enum(sortValues, { error: `sort must be one of ${sortValues.join(', ')}` })
      .default(sortFields[0])
      .meta({ description: '`field` ascending or `-field` descending' }),
  });
};
export type PagingQuery = { skip: number; take: number; sort: string };
