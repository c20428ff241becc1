import { z } from 'zod';
import { noNul, ObjectId } from './common';

/*
 * Scenario routes beside create/list/get (issue 21; service-shapes.md "Scenarios"; decision 052):
 * rename and delete scenarios, and the scenario's well list (`…/{s}/well-assignments`).
 */

/** Records per `PUT /v1/projects/{p}/scenarios`. */
export const SCENARIO_UPSERT_MAX = 200;
/** Wells a scenario holds at most (the service's limit). */
export const SCENARIO_WELLS_MAX = 25_000;
/** `wells` a DELETE of `…/well-assignments` may name. */
export const SCENARIO_WELLS_DELETE_MAX = 2500;

/**
 * A record of `PUT …/scenarios`: with `id`, renames that scenario of the project; without, creates
 * one of that name over every well of the project (as the service's upsert does).
 */
export const ScenarioUpsert = z
  .strictObject({
    id: ObjectId.optional().meta({ description: 'the scenario to rename; absent: create one' }),
    name: noNul(
      z
        .string({ error: 'name is required' })
        .trim()
        .min(1, 'name must not be empty')
        .max(200, 'name must be at most 200 characters'),
    ),
  })
  .meta({ id: 'ScenarioUpsert' });
export type ScenarioUpsert = z.infer<typeof ScenarioUpsert>;

/** A scenario's wells (`GET …/{s}/well-assignments`): every well id, sorted. */
export const ScenarioWells = z.object({ wells: z.array(ObjectId) }).meta({ id: 'ScenarioWells' });
export type ScenarioWells = z.infer<typeof ScenarioWells>;

/** The body of `POST|PUT …/{s}/well-assignments`: well ids of the project to add. */
export const ScenarioWellsInput = z
  .array(ObjectId)
  .min(1, 'at least one well id')
  .max(SCENARIO_WELLS_MAX, `at most ${SCENARIO_WELLS_MAX} well ids`)
  .meta({ id: 'ScenarioWellsInput' });
