import { z } from 'zod';
import { ObjectId, Timestamp } from '../common';

/* The econ model envelope (spec part 2.1) and the bulk-write results clients of this service read. */

/** Existing clients send up to 500 models in one POST or PUT. */
export const ECON_MODEL_WRITE_MAX = 500;
export const ECON_MODEL_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const ECON_MODEL_TAGS_MAX = 50;

/** The econ model kinds and the path segment of each (issue 5; the service's others, issue 19; `price-deck` gave way to `pricing`, decision 037). */
export const ECON_MODEL_KINDS = [
  'depreciation',
  'date-settings',
  'ownership-reversions',
  'actual-forecast',
  'general-options',
  'capex',
  'pricing',
  'differentials',
  'stream-properties',
  'expenses',
  'reserves-categories',
  'riskings',
  'escalations',
  'fluid-models',
  'emissions',
  'operations',
  'production-taxes',
] as const;
export const EconModelKind = z.enum(ECON_MODEL_KINDS);
export type EconModelKind = z.infer<typeof EconModelKind>;

/** The envelope fields a request body carries beside the kind's econ function object(s). */
export const EconModelEnvelopeInput = z.strictObject({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name must not be empty')
    .max(200, 'name must be at most 200 characters')
    .refine((s) => !s.includes('\u0000'), { message: 'name must not contain U+0000', params: { rule: 'no U+0000' } }),
  unique: z.boolean({ error: 'unique must be true or false' }).default(false).meta({ description: 'sent on create' }),
  tags: z
    .array(z.string().trim().min(1, 'a tag must not be empty').max(100, 'a tag must be at most 100 characters'))
    .max(ECON_MODEL_TAGS_MAX, `at most ${ECON_MODEL_TAGS_MAX} tags`)
    .default([]),
  copiedFrom: ObjectId.nullable()
    .optional()
    .meta({ description: 'id of a model of the same kind this one was copied from (the console sets it on copy)' }),
});
export type EconModelEnvelopeInput = z.infer<typeof EconModelEnvelopeInput>;
export const ENVELOPE_FIELDS = ['name', 'unique', 'tags', 'copiedFrom'] as const;
/** Fields the service assigns: refused on write with a message saying so. */
export const ENVELOPE_READ_ONLY = ['id', 'createdBy', 'lastUpdatedBy', 'createdAt', 'updatedAt'] as const;

/** The envelope of a stored econ model (spec part 2.1). */
export const EconModelEnvelope = z.object({
  id: ObjectId,
  copiedFrom: ObjectId.nullable(),
  name: z.string(),
  tags: z.array(z.string()),
  unique: z.boolean(),
  createdBy: z.string().meta({ description: 'id of the credential that created the model' }),
  lastUpdatedBy: z.string().meta({ description: 'id of the credential that last wrote the model' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type EconModelEnvelope = z.infer<typeof EconModelEnvelope>;

/** An error of one record of an econ-model bulk write; `field`/`rule`/`value` are added so a client can act on it. */
export const EconModelRecordError = z
  .object({
    name: z.string(),
    message: z.string(),
    location: z
      .string()
      .meta({ description: 'the record index in brackets and the field path, e.g. `[2].cutOff.discount`' }),
    field: z.string().optional(),
    rule: z.string().optional(),
    value: z.unknown().optional(),
  })
  .meta({ id: 'EconModelRecordError' });
export type EconModelRecordError = z.infer<typeof EconModelRecordError>;

/** One result of an econ-model POST or PUT (always 207). */
export const EconModelResult = z
  .object({
    status: z.enum(['Created', 'OK', 'Error']),
    code: z.number().int().meta({ description: '201 created, 200 updated, 400 invalid, 409 name taken' }),
    id: ObjectId.optional(),
    name: z.string().optional(),
    errors: z.array(EconModelRecordError).optional(),
  })
  .meta({ id: 'EconModelResult' });
export type EconModelResult = z.infer<typeof EconModelResult>;

export const EconModelMultiStatus = z
  .object({
    generalErrors: z.array(z.object({ name: z.string(), message: z.string(), location: z.string() })),
    results: z.array(EconModelResult),
    successCount: z.number().int(),
    failedCount: z.number().int(),
  })
  .meta({ id: 'EconModelMultiStatus' });
export type EconModelMultiStatus = z.infer<typeof EconModelMultiStatus>;
