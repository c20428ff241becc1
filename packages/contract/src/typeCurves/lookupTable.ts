import { z } from 'zod';
import { DateString, noNul, ObjectId, pagingQuery, ResourceMeta } from '../common';

/*
 * Type-curve lookup tables, V2 (spec parts 2.9 and 4.4; limit of part 8).
 *
 * Decisions where the spec is silent:
 * - Filter operator syntax is not shown: `filter` accepts an array of objects or strings, kept as
 *   sent; absent is stored and read as [].
 * - The values of `applySeries` and `fpdSource` are not shown: any non-empty string, except that
 *   `fpdSource: schedule` (removed) is refused and `fpdSource: fixed` requires `fixedDate`.
 * - A rule whose type curve was deleted is unlinked (write rule 4), so `typeCurve` is optional on read.
 * - `tags` defaults to [] and `rules` to []; a body `id` is accepted so `PUT /{id}` can compare it
 *   with the path.
 */

/** Spec part 8: at most 2000 rules per lookup table. */
export const LOOKUP_RULES_MAX = 2000;
/** Records per `POST /batch` or `PUT /batch`: not in the spec; the type-curve batch limit (part 8) is used. */
export const LOOKUP_TABLE_BATCH_MAX = 100;
/** Sort fields of the lookup-table list (as the type-curve list, part 4.4). */
export const LOOKUP_TABLE_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
/** `take` of the lookup-table list: default 25, at most 2500 (as the type-curve list). */
export const LOOKUP_TABLE_TAKE_MAX = 2500;
/** `GET /` query of the lookup tables: skip, take (default 25, max 2500), sort (`id` default). */
export const LookupTableListQuery = pagingQuery(LOOKUP_TABLE_SORT, LOOKUP_TABLE_TAKE_MAX);

/** Rule fields removed in V2, with the message a client can act on. */
const REMOVED_RULE_FIELDS = {
  phase: 'phase was removed in V2: remove it from the rule',
  resolution: 'resolution was removed in V2: remove it from the rule',
  applyNormalization:
    'applyNormalization was removed in V2: send normalization {source: own} or {source: shared, preset}',
  riskFactorOil: 'riskFactorOil was renamed: send riskFactorPeakOil',
  riskFactorGas: 'riskFactorGas was renamed: send riskFactorPeakGas',
  riskFactorWater: 'riskFactorWater was renamed: send riskFactorPeakWater',
} as const;

/** A field that may not be sent: any value is refused with `message`. */
const refused = (message: string, rule: string) =>
  z
    .unknown()
    .refine((v) => v === undefined, { message, params: { rule } })
    .optional();

const removedFields = Object.fromEntries(
  Object.entries(REMOVED_RULE_FIELDS).map(([k, message]) => [k, refused(message, 'removed')]),
) as { [K in keyof typeof REMOVED_RULE_FIELDS]: ReturnType<typeof refused> };

const riskFactor = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .optional();

const nonEmpty = (field: string) =>
  noNul(z.string({ error: `${field} must be a string` }).min(1, `${field} must not be empty`));

const FilterEntry = z.union([z.record(z.string(), z.unknown()), z.string()], {
  error: 'each filter entry must be an object or a string',
});

const filter = z
  .array(FilterEntry, {
    error: 'filter must be an array of filter objects',
  })
  .meta({ description: 'filter conditions; operator syntax is not specified' });

/** `{source: own}` uses the type curve's own normalization; `{source: shared, preset}` a preset. */
export const LookupRuleNormalization = z.discriminatedUnion(
  'source',
  [
    z.strictObject({
      source: z.literal('own'),
      preset: refused('preset goes only with source shared', 'only with source shared'),
    }),
    z.strictObject({
      source: z.literal('shared'),
      preset: noNul(
        z
          .string({
            error: (i) => (i.input === undefined ? 'preset is required with source shared' : 'preset must be a string'),
          })
          .min(1, 'preset must not be empty'),
      ).meta({ description: 'id of the shared normalization preset' }),
    }),
  ],
  {
    error: (i) =>
      i.code === 'invalid_union' || i.code === 'invalid_type'
        ? 'normalization must be {source: own} or {source: shared, preset}'
        : undefined,
  },
);
export type LookupRuleNormalization = z.infer<typeof LookupRuleNormalization>;

const ruleFields = {
  applySeries: nonEmpty('applySeries').optional(),
  fpdSource: nonEmpty('fpdSource')
    .refine((s) => s !== 'schedule', {
      message: 'fpdSource schedule was removed in V2: use another source, e.g. fixed with fixedDate',
      params: { rule: 'removed' },
    })
    .optional(),
  fixedDate: DateString.optional(),
  riskFactorPeakOil: riskFactor('riskFactorPeakOil'),
  riskFactorPeakGas: riskFactor('riskFactorPeakGas'),
  riskFactorPeakWater: riskFactor('riskFactorPeakWater'),
  normalization: LookupRuleNormalization.optional(),
};

/** One rule as written. */
export const LookupRuleInput = z
  .strictObject({
    filter: filter.default([]),
    typeCurve: ObjectId.meta({ description: 'id of a type curve of the project' }),
    ...ruleFields,
    ...removedFields,
  })
  .superRefine((rule, ctx) => {
    if (rule.fpdSource === 'fixed' && rule.fixedDate === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['fixedDate'],
        message: 'fixedDate is required with fpdSource fixed',
        params: { rule: 'required with fpdSource fixed' },
      });
    }
  })
  .meta({ id: 'LookupRuleInput' });
export type LookupRuleInput = z.infer<typeof LookupRuleInput>;

/** `POST /`, `PUT /{id}` and the records of the batch routes. */
export const LookupTableInput = z
  .strictObject({
    id: ObjectId.optional().meta({ description: 'on PUT /{id}, must match the path' }),
    name: nonEmpty('name'),
    caseInsensitiveMatching: z.boolean({ error: 'caseInsensitiveMatching must be true or false' }).default(false),
    tags: z.array(nonEmpty('tags[]'), { error: 'tags must be an array of strings' }).default([]),
    rules: z
      .array(LookupRuleInput, { error: 'rules must be an array' })
      .max(LOOKUP_RULES_MAX, `rules holds at most ${LOOKUP_RULES_MAX} rules`)
      .default([]),
  })
  .meta({ id: 'LookupTableInput' });
export type LookupTableInput = z.infer<typeof LookupTableInput>;

/** One rule as read: filter is always an array; typeCurve is absent once its type curve was deleted. */
export const LookupRule = z.object({
  filter: z.array(FilterEntry),
  typeCurve: ObjectId.optional(),
  ...ruleFields,
});
export type LookupRule = z.infer<typeof LookupRule>;

/** A stored lookup table as returned by the V2 routes. */
export const LookupTable = ResourceMeta.extend({
  name: z.string(),
  caseInsensitiveMatching: z.boolean(),
  tags: z.array(z.string()),
  rules: z.array(LookupRule),
}).meta({ id: 'LookupTable' });
export type LookupTable = z.infer<typeof LookupTable>;
