import {
  type EconLookupAssignment,
  type EconLookupTable,
  type EconLookupTableInput,
  type EconModelKind,
  QUALIFIER_DEFAULT,
} from '@econ/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { scenarioModelIds } from '../assignments/store';
import type { Clock } from '../clock';
import { econLookupTables, econModels, scenarioLookupAssignments, scenarioWells, wells } from '../db/schema';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';
import { toWell } from '../resources/wellStore';
import { lookupModels, type StoredLookupTable } from './lookupRules';
import type { Conn } from './store';

/* Econ lookup tables and their scenario assignments in storage (decision 052). */

type Row = typeof econLookupTables.$inferSelect;

/** Rows per INSERT of assignments (6 parameters each). */
const CHUNK = 5000;

export const toLookupTable = (r: Row): EconLookupTable => ({
  id: r.id,
  name: r.name,
  configuration: r.configuration as EconLookupTable['configuration'],
  rules: r.rules as EconLookupTable['rules'],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The project's lookup tables as a list source (`names`: exact names). */
export function lookupTableList(db: Conn, projectId: string, names?: string[]): ListSource<EconLookupTable> {
  const where = and(
    eq(econLookupTables.projectId, projectId),
    names?.length ? inArray(econLookupTables.name, names) : undefined,
  );
  const cols = {
    id: econLookupTables.id,
    name: econLookupTables.name,
    createdAt: econLookupTables.createdAt,
    updatedAt: econLookupTables.updatedAt,
  };
  return tableList(db as never, econLookupTables, where, cols, toLookupTable);
}

/** A lookup table of the project, or undefined. */
export async function findLookupTable(db: Conn, projectId: string, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(econLookupTables)
    .where(and(eq(econLookupTables.id, id), eq(econLookupTables.projectId, projectId)))
    .limit(1);
  return row;
}

/** The names among `names` the project's lookup tables hold. */
export async function takenLookupNames(db: Conn, projectId: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: econLookupTables.name })
    .from(econLookupTables)
    .where(and(eq(econLookupTables.projectId, projectId), inArray(econLookupTables.name, names)));
  return new Set(rows.map((r) => r.name));
}

/**
 * Writes a lookup table: `create` inserts (undefined when the name is taken), `upsert` replaces the
 * table of that name (its id and assignments kept) or inserts.
 */
export async function writeLookupTable(
  deps: { db: Conn; clock: Clock },
  companyId: string,
  projectId: string,
  t: EconLookupTableInput,
  mode: 'create' | 'upsert',
): Promise<{ id: string; inserted: boolean } | undefined> {
  const now = deps.clock.now();
  const insert = deps.db.insert(econLookupTables).values({
    id: newObjectId(deps.clock),
    companyId,
    projectId,
    name: t.name,
    configuration: t.configuration,
    rules: t.rules,
    createdAt: now,
    updatedAt: now,
  });
  const [row] =
    mode === 'create'
      ? await insert.onConflictDoNothing().returning({ id: econLookupTables.id, inserted: sql<boolean>`true` })
      : await insert
          .onConflictDoUpdate({
            target: [econLookupTables.projectId, econLookupTables.name],
            set: { configuration: t.configuration, rules: t.rules, updatedAt: now },
          })
          .returning({ id: econLookupTables.id, inserted: sql<boolean>`(xmax = 0)` });
  return row;
}

export async function deleteLookupTable(db: Conn, projectId: string, id: string): Promise<number> {
  const rows = await db
    .delete(econLookupTables)
    .where(and(eq(econLookupTables.id, id), eq(econLookupTables.projectId, projectId)))
    .returning({ id: econLookupTables.id });
  return rows.length;
}

/** The kind of each model among `ids` the project can use: its own models and the company's. */
export async function usableModelKinds(
  db: Conn,
  companyId: string,
  projectId: string,
  ids: readonly string[],
): Promise<Map<string, EconModelKind>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: econModels.id, kind: econModels.kind })
    .from(econModels)
    .where(
      and(
        eq(econModels.companyId, companyId),
        or(eq(econModels.scope, projectId), eq(econModels.scope, 'company')),
        inArray(econModels.id, [...ids]),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.kind as EconModelKind]));
}

/* ---------------------------------------------------------------- assignments */

/** The scenario's lookup-table assignments (of one table when given), grouped by table and qualifier. */
export async function lookupAssignments(
  db: Conn,
  scenarioId: string,
  tableId?: string,
): Promise<EconLookupAssignment[]> {
  const rows = await db
    .select({
      lookupTable: scenarioLookupAssignments.lookupTableId,
      name: econLookupTables.name,
      qualifierName: scenarioLookupAssignments.qualifierName,
      wellId: scenarioLookupAssignments.wellId,
    })
    .from(scenarioLookupAssignments)
    .innerJoin(econLookupTables, eq(econLookupTables.id, scenarioLookupAssignments.lookupTableId))
    .where(
      and(
        eq(scenarioLookupAssignments.scenarioId, scenarioId),
        tableId ? eq(scenarioLookupAssignments.lookupTableId, tableId) : undefined,
      ),
    )
    .orderBy(econLookupTables.name, scenarioLookupAssignments.qualifierName, scenarioLookupAssignments.wellId);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scenarioWells)
    .where(eq(scenarioWells.scenarioId, scenarioId));
  const out = new Map<string, EconLookupAssignment>();
  for (const r of rows) {
    const key = `${r.lookupTable}\u0000${r.qualifierName}`;
    let a = out.get(key);
    if (!a) {
      a = { lookupTable: r.lookupTable, name: r.name, qualifierName: r.qualifierName, wells: [], allWells: false };
      out.set(key, a);
    }
    a.wells.push(r.wellId);
  }
  return [...out.values()].map((a) =>
    a.wells.length === Number(n) && n > 0 ? { ...a, wells: [], allWells: true } : a,
  );
}

/**
 * Makes `wellIds` exactly the table's wells in the scenario under the qualifier: its other wells
 * there lose it, and these wells' earlier table under the qualifier (one a well) is replaced.
 */
export async function replaceLookupAssignment(
  tx: Conn,
  scenarioId: string,
  tableId: string,
  qualifierName: string,
  wellIds: readonly string[],
  now: Date,
): Promise<void> {
  await tx
    .delete(scenarioLookupAssignments)
    .where(
      and(
        eq(scenarioLookupAssignments.scenarioId, scenarioId),
        eq(scenarioLookupAssignments.lookupTableId, tableId),
        eq(scenarioLookupAssignments.qualifierName, qualifierName),
      ),
    );
  for (let k = 0; k < wellIds.length; k += CHUNK) {
    await tx
      .insert(scenarioLookupAssignments)
      .values(
        wellIds.slice(k, k + CHUNK).map((wellId) => ({
          scenarioId,
          wellId,
          qualifierName,
          lookupTableId: tableId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          scenarioLookupAssignments.scenarioId,
          scenarioLookupAssignments.wellId,
          scenarioLookupAssignments.qualifierName,
        ],
        set: { lookupTableId: tableId, updatedAt: now },
      });
  }
}

/** Removes the table from the scenario's wells (under one qualifier when given); the count removed. */
export async function unassignLookupTable(
  db: Conn,
  scenarioId: string,
  tableId: string,
  qualifierName?: string,
): Promise<number> {
  const rows = await db
    .delete(scenarioLookupAssignments)
    .where(
      and(
        eq(scenarioLookupAssignments.scenarioId, scenarioId),
        eq(scenarioLookupAssignments.lookupTableId, tableId),
        qualifierName === undefined ? undefined : eq(scenarioLookupAssignments.qualifierName, qualifierName),
      ),
    )
    .returning({ wellId: scenarioLookupAssignments.wellId });
  return rows.length;
}

/* ---------------------------------------------------------------- econ runs */

/**
 * What an econ run reads for a combo (decision 052): each well's directly assigned model per kind
 * (`scenarioModelIds`), then, for a well that uses a lookup table under the kind's qualifier, the
 * models of the table's first rule its headers match, for the assumptions the table selects, in
 * place of the direct ones. A rule naming a model the project can no longer use is passed over.
 */
export async function resolveScenarioModelIds(
  db: Conn,
  scenarioId: string,
  qualifiers: Partial<Record<EconModelKind, string>> = {},
): Promise<Map<string, Partial<Record<EconModelKind, string>>>> {
  const out = await scenarioModelIds(db, scenarioId, qualifiers);
  const rows = await db
    .select({
      wellId: scenarioLookupAssignments.wellId,
      qualifierName: scenarioLookupAssignments.qualifierName,
      companyId: econLookupTables.companyId,
      projectId: econLookupTables.projectId,
      configuration: econLookupTables.configuration,
      rules: econLookupTables.rules,
    })
    .from(scenarioLookupAssignments)
    .innerJoin(econLookupTables, eq(econLookupTables.id, scenarioLookupAssignments.lookupTableId))
    .where(eq(scenarioLookupAssignments.scenarioId, scenarioId));
  if (rows.length === 0) return out;
  const wellRows = await db
    .select()
    .from(wells)
    .where(inArray(wells.id, [...new Set(rows.map((r) => r.wellId))]));
  // Every header by its API name (typed columns and the headers document alike).
  const headersOf = new Map(wellRows.map((w) => [w.id, toWell(w) as unknown as Record<string, unknown>]));
  const picks: { wellId: string; kind: EconModelKind; id: string }[] = [];
  for (const r of rows) {
    const headers = headersOf.get(r.wellId);
    if (!headers) continue;
    const models = lookupModels({ configuration: r.configuration, rules: r.rules } as StoredLookupTable, headers);
    for (const [kind, id] of Object.entries(models) as [EconModelKind, string][]) {
      // The table applies under the qualifier the run picked for the kind.
      if ((qualifiers[kind] ?? QUALIFIER_DEFAULT) === r.qualifierName) picks.push({ wellId: r.wellId, kind, id });
    }
  }
  const first = rows[0]!;
  const usable = await usableModelKinds(
    db,
    first.companyId,
    first.projectId,
    picks.map((p) => p.id),
  );
  for (const p of picks) {
    if (usable.get(p.id) !== p.kind) continue;
    const entry = out.get(p.wellId) ?? {};
    entry[p.kind] = p.id;
    out.set(p.wellId, entry);
  }
  return out;
}
