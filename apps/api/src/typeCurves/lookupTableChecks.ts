import { type ErrorDetail, LookupTableInput } from '@econ/contract';
import type { Context } from 'hono';
import type { AppEnv } from '../appEnv';
import { conflict, DomainError } from '../http/errors';
import { type RecordFailure, validateRecords } from '../resources/bulk';
import { existingTypeCurveIds, type MissingTypeCurve, rulesWithUnknownTypeCurve } from './lookupTableStore';

/*
 * What the lookup-table routes (`lookupTables.ts`) check against storage: every rule's type curve
 * is one of the project's, and names are unique in the project. Field rules are the contract's.
 */

const NOT_FOUND_TC = 'No type curve found';

/** The error details of rules naming a type curve that is not in the project. */
export function missingTypeCurveDetails(projectId: string, missing: readonly MissingTypeCurve[]): ErrorDetail[] {
  return missing.map(({ ruleIndex, typeCurve }) => ({
    field: `rules[${ruleIndex}].typeCurve`,
    rule: 'type curve of the project',
    value: typeCurve,
    message: `rules[${ruleIndex}].typeCurve: ${NOT_FOUND_TC} with id ${typeCurve} in project ${projectId}`,
  }));
}

export const nameTakenMessage = (name: string, projectId: string) =>
  `A lookup table named "${name}" already exists in project ${projectId}`;

/** A record failure with several errors of one status. */
const failure = (i: number, code: 400 | 404 | 409, details: ErrorDetail[]): RecordFailure => ({
  code,
  errors: details.map((d) => ({
    name: code === 409 ? 'Conflict' : code === 404 ? 'NotFound' : 'ValidationError',
    message: d.message,
    location: `[${i}]${d.field ? `.${d.field}` : ''}`,
    field: d.field,
    rule: d.rule,
    ...(d.value === undefined ? {} : { value: d.value }),
    recordIndex: i,
  })),
});

/**
 * Validates the records of a batch and checks their type curves: the valid ones by index, and a
 * failure (400 field rules, 404 missing type curve) for each other record.
 */
export async function checkBatch(
  c: Context<AppEnv>,
  projectId: string,
  records: unknown[],
): Promise<{ parsed: Map<number, LookupTableInput>; failures: Map<number, RecordFailure> }> {
  const { parsed, failures } = validateRecords(LookupTableInput, records);
  const ids = [...parsed.values()].flatMap((t) => t.rules.map((r) => r.typeCurve));
  const known = await existingTypeCurveIds(c.get('deps').db, projectId, ids);
  for (const [i, table] of parsed) {
    const missing = rulesWithUnknownTypeCurve(table.rules, known);
    if (missing.length) {
      failures.set(i, failure(i, 404, missingTypeCurveDetails(projectId, missing)));
      parsed.delete(i);
    }
  }
  return { parsed, failures };
}

export const conflictOf = (projectId: string) => (t: LookupTableInput) => ({
  field: 'name',
  value: t.name,
  message: nameTakenMessage(t.name, projectId),
});

export const nameTaken = (name: string, projectId: string) =>
  conflict(nameTakenMessage(name, projectId), [
    { field: 'name', rule: 'unique name', value: name, message: nameTakenMessage(name, projectId) },
  ]);

/** 404 naming every rule whose type curve is not in the project. */
export async function requireTypeCurves(c: Context<AppEnv>, projectId: string, input: LookupTableInput): Promise<void> {
  const known = await existingTypeCurveIds(
    c.get('deps').db,
    projectId,
    input.rules.map((r) => r.typeCurve),
  );
  const missing = rulesWithUnknownTypeCurve(input.rules, known);
  if (missing.length === 0) return;
  const details = missingTypeCurveDetails(projectId, missing);
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  throw new DomainError('NotFound', `${details[0]!.message}${more}`, details);
}
