import { z } from 'zod';
import { GeneralError, ObjectId, RecordError } from './common';
import { EconModelKind } from './econModels/envelope';

/*
 * Scenario assignments (issue 8): which econ model of each kind applies to which well of a scenario,
 * per qualifier. Routes: `/v1/projects/{projectId}/econ-models/{kind}/{econModelId}/assignments`
 * and the grid `/v1/projects/{projectId}/scenarios/{scenarioId}/assignments/econ-models`.
 * See docs/decisions/016-scenario-assignments.md.
 */

/** The qualifier a record names when it sends none. */
export const QUALIFIER_DEFAULT = 'default';
/** Records per POST or PUT. */
export const ASSIGNMENT_WRITE_MAX = 100;
/** Wells one record may list (a larger scenario is assigned whole with `allWells`). */
export const ASSIGNMENT_WELLS_MAX = 10_000;
/** `wells` values one DELETE may name in its query. */
export const ASSIGNMENT_DELETE_WELLS_MAX = 500;
/** Grid sort fields: the well's id or name. */
export const ASSIGNMENT_GRID_SORT = ['id', 'wellName'] as const;

/** A qualifier name: 1–100 characters after trimming; absent means `default`. */
export const QualifierName = z
  .string({ error: 'qualifierName must be a string' })
  .trim()
  .min(1, 'qualifierName must not be empty')
  .max(100, 'qualifierName must be at most 100 characters')
  .refine((s) => !s.includes('\u0000'), {
    message: 'qualifierName must not contain U+0000',
    params: { rule: 'no U+0000' },
  })
  .meta({ description: `a named alternative of the scenario's assumptions; \`${QUALIFIER_DEFAULT}\` when absent` });

const allWellsField = z
  .boolean({ error: 'allWells must be true or false' })
  .default(false)
  .meta({ description: 'true: every well of the scenario (then `wells` must be absent or empty)' });

/**
 * One record of a POST or PUT. `allWells: true` takes every well of the scenario and forbids a
 * non-empty `wells`; otherwise `wells` lists scenario wells (duplicates are taken once). A POST
 * record must name at least one well; a PUT record may send none, which clears the model's
 * assignments in that scenario and qualifier.
 */
export const assignmentRecord = (method: 'post' | 'put') =>
  z
    .strictObject({
      scenario: ObjectId.meta({ description: 'id of a scenario of the project' }),
      qualifierName: QualifierName.default(QUALIFIER_DEFAULT),
      wells: z
        .array(ObjectId, { error: 'wells must be an array of well ids' })
        .max(ASSIGNMENT_WELLS_MAX, `wells takes at most ${ASSIGNMENT_WELLS_MAX} ids`)
        .optional()
        .meta({ description: 'ids of wells of the scenario' }),
      allWells: allWellsField,
    })
    .superRefine((r, ctx) => {
      if (r.allWells && r.wells && r.wells.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['wells'],
          message: 'wells must be absent or empty when allWells is true',
          params: { rule: 'empty when allWells' },
        });
      } else if (method === 'post' && !r.allWells && !r.wells?.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['wells'],
          message: 'wells must list at least one well unless allWells is true',
          params: { rule: 'required unless allWells' },
        });
      }
    })
    .meta({ id: method === 'post' ? 'AssignmentInput' : 'AssignmentReplaceInput' });

export const AssignmentInput = assignmentRecord('post');
export type AssignmentInput = z.infer<typeof AssignmentInput>;
export const AssignmentReplaceInput = assignmentRecord('put');

/**
 * The model's assignments in one scenario and qualifier, in the request's shape so it can be sent
 * back: `allWells: true` with `wells: []` when the model is assigned to every well of the scenario,
 * else `allWells: false` and the wells, sorted by id.
 */
export const Assignment = z
  .object({
    scenario: ObjectId,
    qualifierName: z.string(),
    wells: z.array(ObjectId),
    allWells: z.boolean(),
  })
  .meta({ id: 'Assignment' });
export type Assignment = z.infer<typeof Assignment>;

/** One result of a POST or PUT: the record's assignment as stored, or its errors. */
export const AssignmentResult = z
  .object({
    status: z.enum(['Created', 'OK', 'BadRequest', 'NotFound', 'Conflict']),
    code: z.number().int().meta({ description: '201 assigned (POST), 200 replaced (PUT), 400, 404 or 409' }),
    scenario: ObjectId.optional(),
    qualifierName: z.string().optional(),
    wells: z.array(ObjectId).optional().meta({ description: 'the wells this record assigned, sorted by id' }),
    allWells: z.boolean().optional(),
    errors: z.array(RecordError).optional(),
  })
  .meta({ id: 'AssignmentResult' });
export type AssignmentResult = z.infer<typeof AssignmentResult>;

export const AssignmentMultiStatus = z
  .object({
    generalErrors: z.array(GeneralError),
    results: z.array(AssignmentResult),
    successCount: z.number().int(),
    failedCount: z.number().int(),
  })
  .meta({ id: 'AssignmentMultiStatus' });
export type AssignmentMultiStatus = z.infer<typeof AssignmentMultiStatus>;

/** The model assigned to a well for one kind and qualifier. */
export const AssignedModel = z
  .object({
    id: ObjectId,
    name: z.string(),
    scope: z.enum(['project', 'company']).meta({ description: 'a project model or a company model' }),
  })
  .meta({ id: 'AssignedModel' });
export type AssignedModel = z.infer<typeof AssignedModel>;

/**
 * One well of the scenario grid: per kind (every kind is a key), the assigned model per qualifier
 * name (`{}` when the kind has no assignment for the well).
 */
export const ScenarioAssignmentRow = z
  .object({
    well: ObjectId,
    wellName: z.string(),
    assignments: z.record(EconModelKind, z.record(z.string(), AssignedModel)),
  })
  .meta({ id: 'ScenarioAssignmentRow' });
export type ScenarioAssignmentRow = z.infer<typeof ScenarioAssignmentRow>;

/**
 * The query of `DELETE …/assignments`: the scenario (required), the qualifier (`default` when
 * absent), and either `wells` (repeatable, scenario wells) or `allWells=true` (every well the model
 * has in that scenario and qualifier), not both.
 */
export const AssignmentDeleteQuery = z
  .strictObject({
    scenarioId: ObjectId.meta({ description: 'the scenario (required)' }),
    qualifierName: QualifierName.default(QUALIFIER_DEFAULT),
    wells: z
      .array(ObjectId)
      .max(ASSIGNMENT_DELETE_WELLS_MAX, `wells takes at most ${ASSIGNMENT_DELETE_WELLS_MAX} values`)
      .optional()
      .meta({ description: `well ids, repeatable (\`wells=a&wells=b\`), at most ${ASSIGNMENT_DELETE_WELLS_MAX}` }),
    allWells: z
      .enum(['true', 'false'], { error: 'allWells must be true or false' })
      .default('false')
      .meta({ description: '`true`: every well of the scenario (then no `wells`)' }),
  })
  .superRefine((q, ctx) => {
    const all = q.allWells === 'true';
    if (all && q.wells?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['wells'],
        message: 'wells must be absent when allWells is true',
        params: { rule: 'empty when allWells' },
      });
    } else if (!all && !q.wells?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['wells'],
        message: 'name the wells to unassign with wells, or send allWells=true',
        params: { rule: 'required unless allWells' },
      });
    }
  });
export type AssignmentDeleteQuery = z.infer<typeof AssignmentDeleteQuery>;
