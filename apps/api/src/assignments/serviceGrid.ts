import {
  type AssignedModel,
  assignmentModelName,
  ECON_MODEL_KINDS,
  type ScenarioAssignmentGridRow,
  type ScenarioAssignmentRow,
} from '@econ/contract';

/*
 * The scenario's econ-model assignments as the service's clients read them (issue 20, decision
 * 045): `[{wellId, assumptions: [{model, assignments: [{qualifierName, econModelId}]}]}]`, served
 * on the grid route beside our fields.
 */

/** A grid row with the service's `wellId` and `assumptions` beside ours. */
export function withServiceAssumptions(row: ScenarioAssignmentRow): ScenarioAssignmentGridRow {
  return {
    ...row,
    wellId: row.well,
    assumptions: ECON_MODEL_KINDS.map((kind) => ({
      model: assignmentModelName(kind),
      assignments: Object.entries((row.assignments[kind] ?? {}) as Record<string, AssignedModel>).map(
        ([qualifierName, model]) => ({ qualifierName, econModelId: model.id }),
      ),
    })),
  };
}
