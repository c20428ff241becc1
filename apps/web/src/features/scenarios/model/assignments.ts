import {
  type AssignedModel,
  type AssignmentInput,
  type AssignmentMultiStatus,
  ECON_MODEL_KINDS,
  ECON_MODEL_SPECS,
  type EconModelKind,
  QUALIFIER_DEFAULT,
  type ScenarioAssignmentRow,
} from '@econ/contract';

/** The grid's columns: every econ model kind with its title, in the registry's order. */
export const KIND_COLUMNS: readonly { kind: EconModelKind; title: string }[] = ECON_MODEL_KINDS.map((kind) => ({
  kind,
  title: ECON_MODEL_SPECS[kind].title,
}));

/** The model a grid row holds for a kind and qualifier (undefined: none assigned). */
export const assignedModel = (
  row: ScenarioAssignmentRow,
  kind: EconModelKind,
  qualifier: string,
): AssignedModel | undefined => row.assignments[kind]?.[qualifier];

/**
 * The qualifier names a page of the grid uses, `default` first and the others by name, with
 * `extra` (a name the user is starting) kept even when nothing is assigned under it yet.
 */
export function qualifiersOf(rows: readonly ScenarioAssignmentRow[], extra?: string): string[] {
  const names = new Set<string>();
  for (const r of rows)
    for (const byQualifier of Object.values(r.assignments)) for (const q in byQualifier) names.add(q);
  if (extra) names.add(extra);
  names.delete(QUALIFIER_DEFAULT);
  return [QUALIFIER_DEFAULT, ...[...names].sort((a, b) => a.localeCompare(b))];
}

/** A POST of one assignment record to one model's assignments. */
export interface AssignmentWrite {
  kind: EconModelKind;
  modelId: string;
  record: AssignmentInput;
}

/** Assigns a model to one well of the scenario (replacing the well's model of that kind and qualifier). */
export const assignToWell = (
  kind: EconModelKind,
  modelId: string,
  scenario: string,
  qualifierName: string,
  well: string,
): AssignmentWrite => ({ kind, modelId, record: { scenario, qualifierName, wells: [well], allWells: false } });

/** Assigns a model to some wells of the scenario in one record (one request, whatever their number). */
export const assignToWells = (
  kind: EconModelKind,
  modelId: string,
  scenario: string,
  qualifierName: string,
  wells: readonly string[],
): AssignmentWrite => ({ kind, modelId, record: { scenario, qualifierName, wells: [...wells], allWells: false } });

/** Assigns a model to every well of the scenario. */
export const assignToAll = (
  kind: EconModelKind,
  modelId: string,
  scenario: string,
  qualifierName: string,
): AssignmentWrite => ({ kind, modelId, record: { scenario, qualifierName, allWells: true } });

/** The query of `DELETE …/assignments` for some wells (repeated `wells`, as the API reads them). */
export function unassignQuery(w: { scenarioId: string; qualifierName: string; wells: readonly string[] }): string {
  const qs = new URLSearchParams({ scenarioId: w.scenarioId, qualifierName: w.qualifierName });
  for (const well of w.wells) qs.append('wells', well);
  return qs.toString();
}

/**
 * What went wrong with a one-record 207 answer, in the API's words (each error's message, with its
 * field when the message does not name it); undefined when the record was applied.
 */
export function recordFailure(body: AssignmentMultiStatus): string | undefined {
  const general = body.generalErrors.map((e) => e.message);
  const result = body.results[0];
  if (!result) return general.join('; ') || 'The service answered without a result';
  if (result.code < 300) return general.length ? general.join('; ') : undefined;
  const errors = (result.errors ?? []).map((e) =>
    e.field && !e.message.includes(e.field) ? `${e.field}: ${e.message}` : e.message,
  );
  return [...general, ...errors].join('; ') || `The assignment failed (${result.code} ${result.status})`;
}
