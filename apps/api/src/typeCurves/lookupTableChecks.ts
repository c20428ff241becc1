import type { ErrorDetail, LookupTableInput } from '@econ/contract';
import type { Db } from '../db/connection';
import type { Batch } from '../http/batch';
import { conflict, DomainError } from '../http/errors';
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

/** The detail of a batch record whose name is taken (in the project or by an earlier record). */
export const nameConflict = (name: string, projectId: string): ErrorDetail => ({
  field: 'name',
  rule: 'unique',
  value: name,
  message: nameTakenMessage(name, projectId),
});

/** Fails (404) every pending table of a batch with a rule naming a type curve not in the project. */
export async function failMissingTypeCurves(batch: Batch<LookupTableInput>, db: Db, projectId: string): Promise<void> {
  const ids = batch.values().flatMap((t) => t.rules.map((r) => r.typeCurve));
  const known = await existingTypeCurveIds(db, projectId, ids);
  for (const [i, table] of batch.pending()) {
    const missing = rulesWithUnknownTypeCurve(table.rules, known);
    if (missing.length) batch.fail(i, 404, missingTypeCurveDetails(projectId, missing));
  }
}

export const nameTaken = (name: string, projectId: string) =>
  conflict(nameTakenMessage(name, projectId), [
    { field: 'name', rule: 'unique name', value: name, message: nameTakenMessage(name, projectId) },
  ]);

/** 404 naming every rule whose type curve is not in the project. */
export async function requireTypeCurves(db: Db, projectId: string, input: LookupTableInput): Promise<void> {
  const known = await existingTypeCurveIds(
    db,
    projectId,
    input.rules.map((r) => r.typeCurve),
  );
  const missing = rulesWithUnknownTypeCurve(input.rules, known);
  if (missing.length === 0) return;
  const details = missingTypeCurveDetails(projectId, missing);
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  throw new DomainError('NotFound', `${details[0]!.message}${more}`, details);
}
