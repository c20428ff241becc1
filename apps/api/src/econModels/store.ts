import { ECON_MODEL_SPECS, type EconModelKind } from '@econ/contract';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { econModels } from '../db/schema';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';
import type { ValidRecord } from './recordRules';

/* Econ models in storage (spec 2.1–2.7): one table for every kind, scoped to a project or the company. */

export type EconModelRow = typeof econModels.$inferSelect;

/** Where a model lives: the company, and the project (`key` = its id) or the company models (`key` = `company`). */
export interface ModelScope {
  companyId: string;
  key: string;
  projectId: string | null;
  /** How messages name the scope ("in project …", "among the company models"). */
  text: string;
}

const scopeWhere = (s: ModelScope, kind: EconModelKind) =>
  and(eq(econModels.companyId, s.companyId), eq(econModels.scope, s.key), eq(econModels.kind, kind));

/** The response document of a model: the envelope and the kind's functions with their computed fields. */
export function toDocument(kind: EconModelKind, row: EconModelRow): Record<string, unknown> {
  return {
    id: row.id,
    copiedFrom: row.copiedFrom,
    name: row.name,
    tags: row.tags as string[],
    unique: row.unique,
    createdBy: row.createdBy,
    lastUpdatedBy: row.lastUpdatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(kind === 'capex' ? { probabilistic: row.readOnly } : {}),
    ...(ECON_MODEL_SPECS[kind].view(row.functions as never) as Record<string, unknown>),
  };
}

/** The models of a kind in a scope as a list source: `names` exact, `search` a case-insensitive part of the name. */
export function modelList(
  db: Db,
  s: ModelScope,
  kind: EconModelKind,
  filter: { names?: string[] | undefined; search?: string | undefined },
  document: (row: EconModelRow) => Record<string, unknown> = (row) => toDocument(kind, row),
): ListSource<Record<string, unknown>> {
  return tableList(db, econModels, and(scopeWhere(s, kind), nameWhere(filter)), MODEL_SORT_COLUMNS, document);
}

/** The columns model lists sort by. */
export const MODEL_SORT_COLUMNS = {
  id: econModels.id,
  name: econModels.name,
  createdAt: econModels.createdAt,
  updatedAt: econModels.updatedAt,
};

/** The name filters of model lists: `names` exact, `search` a case-insensitive part of the name. */
export const nameWhere = (filter: { names?: string[] | undefined; search?: string | undefined }) =>
  and(
    filter.names?.length ? inArray(econModels.name, filter.names) : undefined,
    filter.search ? ilike(econModels.name, `%${filter.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
  );

/** The models of every kind (or of `kinds`) of a scope key (`company` or a project id) as a list source. */
export function allKindsList<T>(
  db: Db,
  companyId: string,
  key: string,
  filter: { kinds?: EconModelKind[] | undefined; names?: string[] | undefined; search?: string | undefined },
  map: (row: EconModelRow) => T,
): ListSource<T> {
  const where = and(
    eq(econModels.companyId, companyId),
    eq(econModels.scope, key),
    filter.kinds?.length ? inArray(econModels.kind, filter.kinds) : undefined,
    nameWhere(filter),
  );
  return tableList(db, econModels, where, MODEL_SORT_COLUMNS, map);
}

/** The model with this id of a kind in a scope, or undefined. */
export async function findModel(
  db: Db,
  s: ModelScope,
  kind: EconModelKind,
  id: string,
): Promise<EconModelRow | undefined> {
  const [row] = await db
    .select()
    .from(econModels)
    .where(and(scopeWhere(s, kind), eq(econModels.id, id)))
    .limit(1);
  return row;
}

/** Deletes a model; `read-only` for a probabilistic CAPEX model (kept), else the number deleted. */
export async function deleteModel(
  db: Db,
  s: ModelScope,
  kind: EconModelKind,
  id: string,
): Promise<number | 'read-only'> {
  const [row] = await db
    .select({ readOnly: econModels.readOnly })
    .from(econModels)
    .where(and(scopeWhere(s, kind), eq(econModels.id, id)))
    .limit(1);
  if (row?.readOnly) return 'read-only';
  const deleted = await db
    .delete(econModels)
    .where(and(scopeWhere(s, kind), eq(econModels.id, id), eq(econModels.readOnly, false)))
    .returning({ id: econModels.id });
  return deleted.length;
}

/** The ids among `ids` of models of the kind in the company (any scope). */
export async function companyModelIds(
  db: Db,
  companyId: string,
  kind: EconModelKind,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: econModels.id })
    .from(econModels)
    .where(and(eq(econModels.companyId, companyId), eq(econModels.kind, kind), inArray(econModels.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The ids among `ids` of escalations models a model of scope `s` may name: the company's, and for a
 * project model also its project's.
 */
export async function visibleEscalationIds(db: Db, s: ModelScope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const scopes = s.key === 'company' ? ['company'] : ['company', s.key];
  const rows = await db
    .select({ id: econModels.id })
    .from(econModels)
    .where(
      and(
        eq(econModels.companyId, s.companyId),
        eq(econModels.kind, 'escalations'),
        inArray(econModels.scope, scopes),
        inArray(econModels.id, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The `copiedFrom` of the models of the scope named `names`, by name. */
export async function copiedFromByName(
  db: Db,
  s: ModelScope,
  kind: EconModelKind,
  names: string[],
): Promise<Map<string, string | null>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: econModels.name, copiedFrom: econModels.copiedFrom })
    .from(econModels)
    .where(and(scopeWhere(s, kind), inArray(econModels.name, names)));
  return new Map(rows.map((r) => [r.name, r.copiedFrom]));
}

/**
 * Writes one model: `create` inserts it (undefined when the name is taken in the scope), `upsert`
 * replaces the model of that name whole or inserts it (undefined when that model is read-only),
 * `import` inserts it read-only (a probabilistic CAPEX model, spec 2.7) as `create` does.
 */
export async function writeModel(
  deps: Pick<Deps, 'db' | 'clock'>,
  s: ModelScope,
  kind: EconModelKind,
  v: ValidRecord,
  who: string,
  mode: 'create' | 'upsert' | 'import',
): Promise<{ id: string; inserted: boolean } | undefined> {
  const now = deps.clock.now();
  const values = {
    tags: v.envelope.tags,
    unique: v.envelope.unique,
    copiedFrom: v.envelope.copiedFrom ?? null,
    functions: v.functions,
    lastUpdatedBy: who,
    updatedAt: now,
  };
  const insert = deps.db.insert(econModels).values({
    id: newObjectId(deps.clock),
    companyId: s.companyId,
    scope: s.key,
    projectId: s.projectId,
    kind,
    name: v.envelope.name,
    createdBy: who,
    createdAt: now,
    ...(mode === 'import' ? { readOnly: true } : {}),
    ...values,
  });
  const [row] =
    mode !== 'upsert'
      ? await insert.onConflictDoNothing().returning({ id: econModels.id, inserted: sql<boolean>`true` })
      : await insert
          .onConflictDoUpdate({
            target: [econModels.companyId, econModels.scope, econModels.kind, econModels.name],
            set: values,
            setWhere: eq(econModels.readOnly, false),
          })
          .returning({ id: econModels.id, inserted: sql<boolean>`(xmax = 0)` });
  return row;
}
