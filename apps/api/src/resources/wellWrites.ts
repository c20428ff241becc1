import {
  type ErrorDetail,
  type Well,
  type WellHeaderValues,
  WellInput,
  type WellPatch,
  WellPatchRecord,
} from '@econ/contract';
import type { SQL } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import { isUniqueViolation } from '../db/pgErrors';
import { type Batch, type RecordOutcome, runBatch, twice } from '../http/batch';
import { conflict, notFound } from '../http/errors';
import {
  findWell,
  insertWells,
  patched,
  takenWellKeys,
  toWell,
  type WellRow,
  wellKeyOf,
  wellsByKey,
  wellsIn,
  writeHeaders,
} from './wellStore';

/*
 * The writes of company wells and project wells (decision 047), one scope at a time: POST creates,
 * PUT upserts by `chosenID` + `dataSource` replacing every header, PATCH changes the headers a record
 * gives. The natural key is unique in the company across both kinds of well: a key held by a well
 * outside the scope is a 409 naming it, never a write there.
 */

/** Where the wells of a request live: the company's wells, or one project's. */
export interface WellScope {
  companyId: string;
  /** The project of project wells; null for company wells. */
  projectId: string | null;
  /** The wells of the scope (`wellScope.ts`). */
  sql: SQL;
  /** The scope in messages: `of the company`, `of project …`. */
  where: string;
}

type Key = { chosenID: string; dataSource: string };

/** The scope a stored well belongs to, in messages. */
const scopeOf = (row: WellRow) => (row.projectId ? `a well of project ${row.projectId}` : 'a company well');

/** The 409 of a natural key held by another well (`holder`, when known). */
export function keyTaken(w: Key, holder?: WellRow, earlier?: number): ErrorDetail {
  const by = holder ? ` (${scopeOf(holder)}, ${holder.id})` : '';
  return twice(
    {
      field: 'chosenID',
      rule: 'unique',
      value: w.chosenID,
      message: `A well with chosenID "${w.chosenID}" and dataSource "${w.dataSource}" already exists in the company${by}`,
    },
    earlier,
  );
}

const inScope = (scope: WellScope, row: WellRow) => row.projectId === scope.projectId;

/** A unique violation of the natural key raced in by another request, as the record's 409. */
async function guardKey<T>(key: Key, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(keyTaken(key).message, [keyTaken(key)]);
    throw e;
  }
}

/** POST: creates each record; a key already held in the company, or sent twice, is a 409. */
export function createWells(deps: Deps, scope: WellScope, records: readonly unknown[]): Promise<RecordOutcome[]> {
  return runBatch(deps, records, {
    parse: WellInput,
    check: async (batch) => {
      const taken = await takenWellKeys(
        deps.db,
        scope.companyId,
        batch.values().map((w) => w.chosenID),
      );
      batch.unique(wellKeyOf, taken, (w, earlier) => keyTaken(w, undefined, earlier));
    },
    applyAll: async (batch) => {
      const pending = batch.pending();
      const stored = await insertWells(
        deps,
        scope.companyId,
        scope.projectId,
        pending.map(([, w]) => w),
      );
      pending.forEach(([i, w], k) => {
        const well = stored[k];
        if (well) batch.succeed(i, { code: 201, fields: well });
        else batch.fail(i, 409, keyTaken(w));
      });
    },
  });
}

/**
 * PUT: each record is the whole well named by its `chosenID` + `dataSource`. A well of the scope
 * holding the key has every header replaced (a header not sent is cleared; 200); a new key creates
 * the well (201); a key held outside the scope, or sent twice, is a 409.
 */
export function upsertWells(deps: Deps, scope: WellScope, records: readonly unknown[]): Promise<RecordOutcome[]> {
  let held = new Map<string, WellRow>();
  return runBatch(deps, records, {
    parse: WellInput,
    check: async (batch) => {
      held = await wellsByKey(
        deps.db,
        scope.companyId,
        batch.values().map((w) => w.chosenID),
      );
      batch.unique(wellKeyOf, new Set(), (w, earlier) => keyTaken(w, undefined, earlier));
      for (const [i, w] of batch.pending()) {
        const holder = held.get(wellKeyOf(w));
        if (holder && !inScope(scope, holder)) batch.fail(i, 409, keyTaken(w, holder));
      }
    },
    apply: async (w, _i, tx) => {
      const holder = held.get(wellKeyOf(w));
      if (holder) {
        const row = await findWell(tx.db, scope.sql, holder.id, true);
        if (!row) throw notFound(`Well ${holder.id} was deleted meanwhile`);
        return { code: 200, fields: toWell(await writeHeaders(tx.db, row, w, tx.clock.now())) };
      }
      const [well] = await guardKey(w, () => insertWells(tx, scope.companyId, scope.projectId, [w]));
      if (!well) throw conflict(keyTaken(w).message, [keyTaken(w)]);
      return { code: 201, fields: well };
    },
  });
}

/** The well a PATCH record names: by `id`, else by its key; with the key it is to hold after the patch. */
interface PatchTarget {
  row: WellRow;
  key: Key;
}

/**
 * PATCH: each record names a well of the scope (by `id`, or by `chosenID` + `dataSource`) and the
 * headers to change (`null` clears one; the others are kept). A well not in the scope is a 404; with
 * `id`, a new `chosenID` or `dataSource` must leave the key free (409).
 */
export function patchWells(deps: Deps, scope: WellScope, records: readonly unknown[]): Promise<RecordOutcome[]> {
  const targets = new Map<number, PatchTarget>();
  return runBatch(deps, records, {
    parse: WellPatchRecord,
    check: (batch) => resolvePatchTargets(deps, scope, batch, targets),
    apply: async (patch, i, tx) => {
      const { row: found, key } = targets.get(i)!;
      const row = await findWell(tx.db, scope.sql, found.id, true);
      if (!row) throw notFound(`Well ${found.id} was deleted meanwhile`);
      const stored = await guardKey(key, () => writeHeaders(tx.db, row, patched(row, patch), tx.clock.now()));
      return { code: 200, fields: toWell(stored) };
    },
  });
}

async function resolvePatchTargets(
  deps: Deps,
  scope: WellScope,
  batch: Batch<WellPatch>,
  targets: Map<number, PatchTarget>,
): Promise<void> {
  const values = batch.values();
  const byKey = await wellsByKey(
    deps.db,
    scope.companyId,
    values.flatMap((p) => (p.chosenID === undefined ? [] : [p.chosenID])),
  );
  const ids = values.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  const byId = new Map((await wellsIn(deps.db, scope.sql, ids)).map((r) => [r.id, r]));
  for (const [i, p] of batch.pending()) {
    const row = p.id ? byId.get(p.id) : byKey.get(wellKeyOf(p as Key));
    if (!row || !inScope(scope, row)) {
      const field = p.id ? 'id' : 'chosenID';
      const value = p.id ?? p.chosenID;
      const message = `No well ${p.id ?? `${p.chosenID} (${p.dataSource})`} ${scope.where}`;
      batch.fail(i, 404, { field, rule: `well ${scope.where}`, value, message });
      continue;
    }
    const key = { chosenID: p.chosenID ?? row.chosenId, dataSource: p.dataSource ?? row.dataSource };
    const holder = byKey.get(wellKeyOf(key));
    if (holder && holder.id !== row.id) batch.fail(i, 409, keyTaken(key, holder));
    else targets.set(i, { row, key });
  }
  batch.unique(
    (_p, i) => targets.get(i)!.row.id,
    new Set(),
    (_p, earlier) => ({
      field: 'id',
      rule: 'unique',
      value: undefined,
      message: `the well is also changed by record [${earlier}]; send each well once`,
    }),
  );
  const keyOf = new WeakMap<WellPatch, Key>();
  for (const [i, p] of batch.pending()) keyOf.set(p, targets.get(i)!.key);
  batch.unique(
    (p) => wellKeyOf(keyOf.get(p)!),
    new Set(),
    (p, earlier) => keyTaken(keyOf.get(p)!, undefined, earlier),
  );
}

/** `PUT …/wells/{id}`: replaces every header of the well (its key may change if it stays free). */
export async function replaceWell(deps: Deps, scope: WellScope, id: string, input: WellHeaderValues): Promise<Well> {
  return deps.db.transaction(async (db) => {
    const row = await findWell(db, scope.sql, id, true);
    if (!row) throw notFound(`No well with id ${id} ${scope.where}`);
    const key = input as Key;
    await refuseTakenKey(db, scope, row, key);
    return toWell(await guardKey(key, () => writeHeaders(db, row, input, deps.clock.now())));
  });
}

/** `PATCH …/wells/{id}`: changes the headers given. */
export async function patchWell(
  deps: Deps,
  scope: WellScope,
  id: string,
  patch: Record<string, unknown>,
): Promise<Well> {
  return deps.db.transaction(async (db) => {
    const row = await findWell(db, scope.sql, id, true);
    if (!row) throw notFound(`No well with id ${id} ${scope.where}`);
    const values = patched(row, patch);
    const key = values as Key;
    await refuseTakenKey(db, scope, row, key);
    return toWell(await guardKey(key, () => writeHeaders(db, row, values, deps.clock.now())));
  });
}

async function refuseTakenKey(db: Deps['db'], scope: WellScope, row: WellRow, key: Key): Promise<void> {
  if (key.chosenID === row.chosenId && key.dataSource === row.dataSource) return;
  const holder = (await wellsByKey(db, scope.companyId, [key.chosenID])).get(wellKeyOf(key));
  if (holder && holder.id !== row.id) throw conflict(keyTaken(key, holder).message, [keyTaken(key, holder)]);
}
