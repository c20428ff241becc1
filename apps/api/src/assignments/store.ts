import { ECON_MODEL_KINDS, type EconModelKind, type PagingQuery, QUALIFIER_DEFAULT } from '@econ/contract';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { econModels, projects, scenarioAssignments, scenarios, scenarioWells, wells } from '../db/schema';
import { notFound } from '../http/errors';
import { sortOf } from '../http/paging';
import { scopeOf } from './rules';

/* Reads and writes of the `scenario_assignments` table. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** Rows per INSERT: 7 parameters each stays well below PostgreSQL's 65 535. */
const CHUNK = 5000;

export interface ModelRef {
  id: string;
  name: string;
  kind: EconModelKind;
  scope: 'project' | 'company';
}

/** The path's kind when the registry has it, else 404 (no such resource). */
export function requireKind(kind: string): EconModelKind {
  if ((ECON_MODEL_KINDS as readonly string[]).includes(kind)) return kind as EconModelKind;
  throw notFound(`No econ model kind "${kind}" (kinds: ${ECON_MODEL_KINDS.join(', ')})`);
}

/**
 * Where a model's assignments are read and written: the scenarios of one project (the project path,
 * `/v1/projects/{p}/econ-models/…`), or of every project of the company (the company path,
 * `/v1/econ-models/…`, for company models).
 */
export type ScenarioScope = { projectId: string } | { companyId: string };

/** The scenarios of the scope, as an SQL condition on `scenarios`. */
const inScope = (scope: ScenarioScope) =>
  'projectId' in scope
    ? eq(scenarios.projectId, scope.projectId)
    : inArray(
        scenarios.projectId,
        sql`(select ${projects.id} from ${projects} where ${projects.companyId} = ${scope.companyId})`,
      );

/** Words for a message: "project p" or "the company". */
export const scopeText = (scope: ScenarioScope) =>
  'projectId' in scope ? `project ${scope.projectId}` : 'the company';

/**
 * The model, of the kind, visible from the project: a model of this project or a company model of
 * the caller's company (with `projectId` null: a company model only). Anything else (another kind,
 * another project, another company) is a 404.
 */
export async function requireModel(
  deps: Deps,
  companyId: string,
  projectId: string | null,
  kind: EconModelKind,
  id: string,
): Promise<ModelRef> {
  const [row] = await deps.db
    .select({ id: econModels.id, name: econModels.name, scope: econModels.scope })
    .from(econModels)
    .where(
      and(
        eq(econModels.id, id),
        eq(econModels.companyId, companyId),
        eq(econModels.kind, kind),
        projectId === null
          ? eq(econModels.scope, 'company')
          : or(eq(econModels.scope, projectId), eq(econModels.scope, 'company')),
      ),
    )
    .limit(1);
  if (!row) {
    throw notFound(
      projectId === null
        ? `No ${kind} company model with id ${id}`
        : `No ${kind} model with id ${id} in project ${projectId} or among the company models`,
    );
  }
  return { id: row.id, name: row.name, kind, scope: scopeOf(row.scope) };
}

/** The ids among `ids` that are scenarios of the project. */
export async function projectScenarioIds(
  db: Conn,
  scope: string | ScenarioScope,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const where = inScope(typeof scope === 'string' ? { projectId: scope } : scope);
  const rows = await db
    .select({ id: scenarios.id })
    .from(scenarios)
    .where(and(where, inArray(scenarios.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** The scenario of the project (or of the scope), or 404. */
export async function requireScenario(db: Conn, scope: string | ScenarioScope, scenarioId: string): Promise<void> {
  const s = typeof scope === 'string' ? { projectId: scope } : scope;
  const found = await projectScenarioIds(db, s, [scenarioId]);
  if (!found.has(scenarioId)) throw notFound(`No scenario with id ${scenarioId} in ${scopeText(s)}`);
}

/** The wells of each scenario, sorted by id. */
export async function scenarioWellIds(db: Conn, scenarioIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(scenarioIds.map((id) => [id, []]));
  if (scenarioIds.length === 0) return out;
  const rows = await db
    .select({ scenarioId: scenarioWells.scenarioId, wellId: scenarioWells.wellId })
    .from(scenarioWells)
    .where(inArray(scenarioWells.scenarioId, [...scenarioIds]))
    .orderBy(scenarioWells.wellId);
  for (const r of rows) out.get(r.scenarioId)?.push(r.wellId);
  return out;
}

export interface Slot {
  scenarioId: string;
  kind: EconModelKind;
  qualifierName: string;
}

/**
 * Assigns the model to the wells in the slot: a well that had another model of the kind under the
 * qualifier now has this one (the primary key holds one per kind, well and qualifier).
 */
export async function assignWells(tx: Conn, slot: Slot, modelId: string, wellIds: readonly string[], now: Date) {
  for (let k = 0; k < wellIds.length; k += CHUNK) {
    await tx
      .insert(scenarioAssignments)
      .values(
        wellIds.slice(k, k + CHUNK).map((wellId) => ({
          ...slot,
          wellId,
          econModelId: modelId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          scenarioAssignments.scenarioId,
          scenarioAssignments.wellId,
          scenarioAssignments.kind,
          scenarioAssignments.qualifierName,
        ],
        set: { econModelId: modelId, updatedAt: now },
      });
  }
}

const modelSlot = (slot: Slot, modelId: string) =>
  and(
    eq(scenarioAssignments.econModelId, modelId),
    eq(scenarioAssignments.scenarioId, slot.scenarioId),
    eq(scenarioAssignments.kind, slot.kind),
    eq(scenarioAssignments.qualifierName, slot.qualifierName),
  );

/**
 * Makes `wellIds` exactly the model's wells in the slot: drops its rows there, then assigns these
 * (inside the caller's transaction, so readers never see the slot half-written).
 */
export async function replaceWells(tx: Conn, slot: Slot, modelId: string, wellIds: readonly string[], now: Date) {
  await tx.delete(scenarioAssignments).where(modelSlot(slot, modelId));
  await assignWells(tx, slot, modelId, wellIds, now);
}

/** Removes the model from the wells of the slot (every well when `wellIds` is null); the count removed. */
export async function unassignWells(
  db: Conn,
  slot: Slot,
  modelId: string,
  wellIds: readonly string[] | null,
): Promise<number> {
  const deleted = await db
    .delete(scenarioAssignments)
    .where(and(modelSlot(slot, modelId), wellIds ? inArray(scenarioAssignments.wellId, [...wellIds]) : undefined))
    .returning({ wellId: scenarioAssignments.wellId });
  return deleted.length;
}

/** The model's rows in the project's scenarios (one scenario when given). */
export async function modelAssignmentRows(db: Conn, modelId: string, scope: ScenarioScope, scenarioId?: string) {
  return db
    .select({
      scenarioId: scenarioAssignments.scenarioId,
      qualifierName: scenarioAssignments.qualifierName,
      wellId: scenarioAssignments.wellId,
    })
    .from(scenarioAssignments)
    .innerJoin(scenarios, eq(scenarios.id, scenarioAssignments.scenarioId))
    .where(
      and(
        eq(scenarioAssignments.econModelId, modelId),
        inScope(scope),
        scenarioId ? eq(scenarioAssignments.scenarioId, scenarioId) : undefined,
      ),
    );
}

/** How many wells each scenario has. */
export async function scenarioWellCounts(db: Conn, scenarioIds: readonly string[]): Promise<Map<string, number>> {
  if (scenarioIds.length === 0) return new Map();
  const rows = await db
    .select({ scenarioId: scenarioWells.scenarioId, n: count() })
    .from(scenarioWells)
    .where(inArray(scenarioWells.scenarioId, [...scenarioIds]))
    .groupBy(scenarioWells.scenarioId);
  return new Map(rows.map((r) => [r.scenarioId, Number(r.n)]));
}

/** One page of the scenario's wells (sorted by id or name, ties by id) and the count of all. */
export function scenarioWellList(db: Conn, scenarioId: string) {
  const where = eq(scenarioWells.scenarioId, scenarioId);
  return {
    async page(page: PagingQuery, limit: number) {
      const { field, desc: descending } = sortOf(page.sort);
      const column = field === 'wellName' ? wells.wellName : wells.id;
      const order = descending ? [desc(column), desc(wells.id)] : [asc(column), asc(wells.id)];
      return db
        .select({ id: wells.id, wellName: wells.wellName })
        .from(scenarioWells)
        .innerJoin(wells, eq(wells.id, scenarioWells.wellId))
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit);
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(scenarioWells).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/** The assignments of the given wells of the scenario, with each model's name and scope. */
export async function gridAssignmentRows(db: Conn, scenarioId: string, wellIds: readonly string[]) {
  if (wellIds.length === 0) return [];
  return db
    .select({
      wellId: scenarioAssignments.wellId,
      kind: scenarioAssignments.kind,
      qualifierName: scenarioAssignments.qualifierName,
      id: econModels.id,
      name: econModels.name,
      scope: econModels.scope,
    })
    .from(scenarioAssignments)
    .innerJoin(econModels, eq(econModels.id, scenarioAssignments.econModelId))
    .where(and(eq(scenarioAssignments.scenarioId, scenarioId), inArray(scenarioAssignments.wellId, [...wellIds])));
}

/**
 * What an econ run reads: per well of the scenario, the id of the model assigned for each kind,
 * under the qualifier chosen for that kind (`default` for a kind not named). Wells without any
 * assignment are absent; kinds without one are absent from the well's entry.
 */
export async function scenarioModelIds(
  db: Conn,
  scenarioId: string,
  qualifiers: Partial<Record<EconModelKind, string>> = {},
): Promise<Map<string, Partial<Record<EconModelKind, string>>>> {
  const rows = await db
    .select({
      wellId: scenarioAssignments.wellId,
      kind: scenarioAssignments.kind,
      qualifierName: scenarioAssignments.qualifierName,
      modelId: scenarioAssignments.econModelId,
    })
    .from(scenarioAssignments)
    .where(eq(scenarioAssignments.scenarioId, scenarioId));
  const out = new Map<string, Partial<Record<EconModelKind, string>>>();
  for (const r of rows) {
    const kind = r.kind as EconModelKind;
    if (!(ECON_MODEL_KINDS as readonly string[]).includes(kind)) continue;
    if (r.qualifierName !== (qualifiers[kind] ?? QUALIFIER_DEFAULT)) continue;
    let entry = out.get(r.wellId);
    if (!entry) {
      entry = {};
      out.set(r.wellId, entry);
    }
    entry[kind] = r.modelId;
  }
  return out;
}
