import { z } from 'zod';
import { QUALIFIER_DEFAULT, QualifierName } from './assignments';
import { AssumptionName, assumptionKind } from './combos';
import { noNul, ObjectId, Timestamp } from './common';

/*
 * Econ lookup tables (issue 21, decision 052; service-shapes.md "Scenarios"): rules that pick econ
 * models for a well by its headers. `configuration.selectedHeaders` are the well headers the rules
 * filter on, `selectedAssumptions` the assumptions (econ model kinds) they set; each rule is
 * `{filter: {<header>: value}, <assumption>: econModelId, …}`. A well takes the first rule whose
 * filter matches all its headers. Routes: `/v1/projects/{p}/scenarios/lookup-tables` and, for which
 * wells of a scenario use a table, `/v1/projects/{p}/scenarios/{s}/assignments/lookup-tables`.
 */

export const ECON_LOOKUP_WRITE_MAX = 100;
export const ECON_LOOKUP_RULES_MAX = 1000;
export const ECON_LOOKUP_HEADERS_MAX = 20;
export const ECON_LOOKUP_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const ECON_LOOKUP_ASSIGN_WRITE_MAX = 100;
export const ECON_LOOKUP_ASSIGN_WELLS_MAX = 25_000;

const HeaderName = noNul(z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters'));
const Scalar = z.union([noNul(z.string().max(500, 'at most 500 characters')), z.number(), z.boolean()]);
/** A header's value in a rule: a value, or a list of values any of which matches. */
const FilterValue = z.union([Scalar, z.array(Scalar).min(1).max(100)]).meta({
  description: 'the header value the well must have (strings, numbers, booleans), or a list of them (any matches)',
});
export type LookupFilterValue = z.infer<typeof FilterValue>;

export const EconLookupConfiguration = z
  .strictObject({
    caseInsensitiveMatching: z.boolean().default(false).meta({ description: 'compare text headers ignoring case' }),
    selectedHeaders: z.array(HeaderName).min(1).max(ECON_LOOKUP_HEADERS_MAX),
    selectedAssumptions: z.array(AssumptionName).min(1).max(17),
  })
  .meta({ id: 'EconLookupConfiguration' });

/** A rule: `filter` and, per selected assumption, the id of the econ model a matching well takes. */
export const EconLookupRule = z
  .object({ filter: z.record(HeaderName, FilterValue) })
  .catchall(ObjectId)
  .meta({ id: 'EconLookupRule', description: '`{filter: {<header>: value}, <assumption>: econModelId, …}`' });
export type EconLookupRule = z.infer<typeof EconLookupRule>;

const Name = noNul(
  z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name must not be empty')
    .max(200, 'name must be at most 200 characters'),
);

export const EconLookupTableInput = z
  .strictObject({
    name: Name,
    configuration: EconLookupConfiguration,
    rules: z.array(EconLookupRule).max(ECON_LOOKUP_RULES_MAX).default([]),
  })
  .superRefine((t, ctx) => {
    const headers = new Set(t.configuration.selectedHeaders);
    const kinds = t.configuration.selectedAssumptions.map((a) => assumptionKind(a));
    kinds.forEach((k, i) => {
      if (kinds.indexOf(k) !== i)
        ctx.addIssue({
          code: 'custom',
          path: ['configuration', 'selectedAssumptions', i],
          message: 'names an assumption already selected',
          params: { rule: 'unique' },
        });
    });
    t.rules.forEach((rule, i) => {
      for (const h of Object.keys(rule.filter)) {
        if (!headers.has(h))
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'filter', h],
            message: `${h} is not one of configuration.selectedHeaders`,
            params: { rule: 'selected header' },
          });
      }
      for (const key of Object.keys(rule)) {
        if (key === 'filter') continue;
        const kind = assumptionKind(key);
        if (!kind || !kinds.includes(kind))
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, key],
            message: `${key} is not one of configuration.selectedAssumptions`,
            params: { rule: 'selected assumption' },
          });
      }
    });
  })
  .meta({ id: 'EconLookupTableInput' });
export type EconLookupTableInput = z.infer<typeof EconLookupTableInput>;

export const EconLookupTable = z
  .object({
    id: ObjectId,
    name: z.string(),
    configuration: EconLookupConfiguration,
    rules: z.array(EconLookupRule),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'EconLookupTable' });
export type EconLookupTable = z.infer<typeof EconLookupTable>;

/** Which wells of a scenario use a lookup table, under a qualifier (`PUT …/assignments/lookup-tables`). */
export const EconLookupAssignmentInput = z
  .strictObject({
    lookupTable: ObjectId,
    qualifierName: QualifierName.default(QUALIFIER_DEFAULT),
    wells: z.array(ObjectId).max(ECON_LOOKUP_ASSIGN_WELLS_MAX).default([]),
    allWells: z.boolean().default(false).meta({ description: 'every well of the scenario (then no `wells`)' }),
  })
  .refine((r) => !(r.allWells && r.wells.length > 0), {
    path: ['wells'],
    message: 'wells must be empty when allWells is true',
    params: { rule: 'not with allWells' },
  })
  .meta({ id: 'EconLookupAssignmentInput' });
export type EconLookupAssignmentInput = z.infer<typeof EconLookupAssignmentInput>;

export const EconLookupAssignment = z
  .object({
    lookupTable: ObjectId,
    name: z.string(),
    qualifierName: z.string(),
    wells: z.array(ObjectId),
    allWells: z.boolean(),
  })
  .meta({ id: 'EconLookupAssignment' });
export type EconLookupAssignment = z.infer<typeof EconLookupAssignment>;
