import type { ErrorDetail, LookupTableInput } from '@econ/contract';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { type Batch, twice } from '../http/batch';
import { conflict, DomainError, invalid } from '../http/errors';
import {
  existingTypeCurveIds,
  findLookupTableByName,
  insertLookupTable,
  type LookupTableRow,
  lookupTableMissing,
  type MissingTypeCurve,
  replaceLookupTable,
  requireLookupTable,
  rulesWithUnknownTypeCurve,
  takenLookupTableNames,
} from './lookupTableStore';

/*
 * Writing V2 lookup tables (spec parts 2.9, 4.4 and 8): what needs storage besides the contract's
 * field rules (`LookupTableInput`): every rule's type curve is one of the project's, names are
 * unique in the project, ids are assigned on create. The single-table operations and the checks of
 * the batch routes (`lookupTables.ts`); each table is written in one statement by the store.
 */

const NOT_FOUND_TC = 'No type curve found';

const idOnCreateMessage = 'id is assigned by the service: leave it out (to replace a table use PUT /{id})';

/** The error details of rules naming a type curve that is not in the project. */
function missingTypeCurveDetails(projectId: string, missing: readonly MissingTypeCurve[]): ErrorDetail[] {
  return missing.map(({ ruleIndex, typeCurve }) => ({
    field: `rules[${ruleIndex}].typeCurve`,
    rule: 'type curve of the project',
    value: typeCurve,
    message: `rules[${ruleIndex}].typeCurve: ${NOT_FOUND_TC} with id ${typeCurve} in project ${projectId}`,
  }));
}

const nameTakenMessage = (name: string, projectId: string) =>
  `A lookup table named "${name}" already exists in project ${projectId}`;

/** The detail of a batch record whose name is taken (in the project or by an earlier record). */
const nameConflict = (name: string, projectId: string): ErrorDetail => ({
  field: 'name',
  rule: 'unique',
  value: name,
  message: nameTakenMessage(name, projectId),
});

const nameTaken = (name: string, projectId: string) =>
  conflict(nameTakenMessage(name, projectId), [
    { field: 'name', rule: 'unique name', value: name, message: nameTakenMessage(name, projectId) },
  ]);

/** Fails (404) every pending table of a batch with a rule naming a type curve not in the project. */
async function failMissingTypeCurves(batch: Batch<LookupTableInput>, db: Db, projectId: string): Promise<void> {
  const ids = batch.values().flatMap((t) => t.rules.map((r) => r.typeCurve));
  const known = await existingTypeCurveIds(db, projectId, ids);
  for (const [i, table] of batch.pending()) {
    const missing = rulesWithUnknownTypeCurve(table.rules, known);
    if (missing.length) batch.fail(i, 404, missingTypeCurveDetails(projectId, missing));
  }
}

/** 404 naming every rule whose type curve is not in the project. */
async function requireTypeCurves(db: Db, projectId: string, input: LookupTableInput): Promise<void> {
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

/** The checks of `POST /batch`: type curves of the project (404), no `id` (400), names unused (409). */
export async function checkNewTables(batch: Batch<LookupTableInput>, db: Db, projectId: string): Promise<void> {
  await failMissingTypeCurves(batch, db, projectId);
  for (const [i, t] of batch.pending()) {
    if (t.id === undefined) continue;
    batch.fail(i, 400, { field: 'id', rule: 'not allowed on create', value: t.id, message: idOnCreateMessage });
  }
  const taken = await takenLookupTableNames(
    db,
    projectId,
    batch.values().map((t) => t.name),
  );
  batch.unique(
    (t) => t.name,
    taken,
    (t, earlier) => twice(nameConflict(t.name, projectId), earlier),
  );
}

/**
 * The checks of `PUT /batch` (upsert by name): type curves of the project (404), a name once per
 * request (409), and a record's `id`, if sent, the id of the stored table of that name (400).
 */
export async function checkUpserts(batch: Batch<LookupTableInput>, db: Db, projectId: string): Promise<void> {
  await failMissingTypeCurves(batch, db, projectId);
  batch.unique(
    (t) => t.name,
    new Set(),
    (t, earlier) => twice(nameConflict(t.name, projectId), earlier),
  );
  for (const [i, t] of batch.pending()) {
    if (t.id === undefined) continue;
    const stored = await findLookupTableByName(db, projectId, t.name);
    if (stored?.id === t.id) continue;
    const message = stored
      ? `id ${t.id} is not the id of the lookup table named "${t.name}" (${stored.id}); PUT /batch matches by name, rename with PUT /{id}`
      : `no lookup table named "${t.name}" has id ${t.id}; PUT /batch matches by name, rename with PUT /{id}`;
    batch.fail(i, 400, { field: 'id', rule: 'id of the table of that name', value: t.id, message });
  }
}

/** Creates one table of a `POST /batch` record that passed {@link checkNewTables}; 409 when its name was taken meanwhile. */
export async function insertCheckedTable(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  input: LookupTableInput,
): Promise<LookupTableRow> {
  const row = await insertLookupTable(deps, projectId, input);
  if (!row) throw conflict(nameTakenMessage(input.name, projectId), [nameConflict(input.name, projectId)]);
  return row;
}

/** Creates one table (`POST /`): 400 for a body `id`, 404 for a rule's missing type curve, 409 for a used name. */
export async function createLookupTable(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  input: LookupTableInput,
): Promise<LookupTableRow> {
  if (input.id !== undefined) {
    throw invalid(`id: ${idOnCreateMessage}`, [
      { field: 'id', rule: 'not allowed on create', value: input.id, message: idOnCreateMessage },
    ]);
  }
  await requireTypeCurves(deps.db, projectId, input);
  const row = await insertLookupTable(deps, projectId, input);
  if (!row) throw nameTaken(input.name, projectId);
  return row;
}

/**
 * Replaces the table with this id whole (`PUT /{id}`, rename allowed): 400 for a body `id` other
 * than `id`, 404 for a missing table or a rule's missing type curve, 409 for a name of another table.
 */
export async function replaceLookupTableById(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  id: string,
  input: LookupTableInput,
): Promise<LookupTableRow> {
  if (input.id !== undefined && input.id !== id) {
    throw invalid(`id: the body id ${input.id} differs from the path id ${id}`, [
      { field: 'id', rule: 'equals path id', value: input.id, message: `the body id must be the path id ${id}` },
    ]);
  }
  await requireLookupTable(deps.db, projectId, id);
  await requireTypeCurves(deps.db, projectId, input);
  if (await findLookupTableByName(deps.db, projectId, input.name, id)) throw nameTaken(input.name, projectId);
  const row = await replaceLookupTable(deps, projectId, id, input);
  if (row === 'missing') throw lookupTableMissing(projectId, id);
  if (row === 'conflict') throw nameTaken(input.name, projectId);
  return row;
}
