import { SCENARIO_WELLS_MAX } from '@econ/contract';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import {
  econRuns,
  scenarioAssignments,
  scenarioLookupAssignments,
  scenarios,
  scenarioWells,
  wells,
} from '../db/schema';
import { invalid } from '../http/errors';
import { newObjectId } from '../ids';
import { inProject } from '../resources/wellScope';
import { insertSet } from '../resources/wellSetStore';
import { projectWellIds } from '../resources/wellStore';

/*
 * Scenario writes beside create (issue 21, decision 052): rename, delete with everything that hangs
 * off a scenario, and its well list.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

/** Rows per INSERT of well ids. */
const CHUNK = 5000;

/**
 * Deletes scenarios and what belongs to them: their econ runs (with results and monthly exports,
 * which cascade from the run) first, as `econ_runs.scenario_id` does not cascade; then the
 * scenarios, whose wells, assignments, qualifiers, combos and lookup-table assignments cascade.
 * Call it in a transaction. Returns the ids deleted.
 */
export async function deleteScenarioRows(tx: Conn, projectId: string, where?: SQL): Promise<string[]> {
  const ids = (
    await tx
      .select({ id: scenarios.id })
      .from(scenarios)
      .where(and(eq(scenarios.projectId, projectId), where))
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  await tx.delete(econRuns).where(inArray(econRuns.scenarioId, ids));
  await tx.delete(scenarios).where(inArray(scenarios.id, ids));
  return ids;
}

/** The filter of `DELETE …/scenarios?name=&id=`: scenarios with any of the names or ids. */
export const scenarioDeleteFilter = (names: readonly string[], ids: readonly string[]): SQL | undefined =>
  or(
    names.length ? inArray(scenarios.name, [...names]) : undefined,
    ids.length ? inArray(scenarios.id, [...ids]) : undefined,
  );

/** The ids among `ids` of scenarios of the project. */
export async function scenarioIdsOf(db: Conn, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: scenarios.id })
    .from(scenarios)
    .where(and(eq(scenarios.projectId, projectId), inArray(scenarios.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Every scenario of the project: its name by id. */
export async function scenarioNames(db: Conn, projectId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: scenarios.id, name: scenarios.name })
    .from(scenarios)
    .where(eq(scenarios.projectId, projectId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Renames a scenario of the project; false when it is gone. */
export async function renameScenario(tx: Conn, projectId: string, id: string, name: string, now: Date) {
  const rows = await tx
    .update(scenarios)
    .set({ name, updatedAt: now })
    .where(and(eq(scenarios.id, id), eq(scenarios.projectId, projectId)))
    .returning({ id: scenarios.id, createdAt: scenarios.createdAt });
  return rows[0];
}

/** The scenario's wells, sorted by id. */
export async function scenarioWellList(db: Conn, scenarioId: string): Promise<string[]> {
  const rows = await db
    .select({ id: scenarioWells.wellId })
    .from(scenarioWells)
    .where(eq(scenarioWells.scenarioId, scenarioId))
    .orderBy(scenarioWells.wellId);
  return rows.map((r) => r.id);
}

/** The ids among `ids` of wells of the project. */
export async function projectWellsAmong(db: Conn, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let k = 0; k < ids.length; k += CHUNK) {
    const rows = await db
      .select({ id: wells.id })
      .from(wells)
      .where(and(inProject(projectId), inArray(wells.id, ids.slice(k, k + CHUNK))));
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** Adds wells to the scenario (those it has are left as they are). */
export async function addScenarioWells(tx: Conn, scenarioId: string, wellIds: readonly string[]): Promise<void> {
  for (let k = 0; k < wellIds.length; k += CHUNK) {
    await tx
      .insert(scenarioWells)
      .values(wellIds.slice(k, k + CHUNK).map((wellId) => ({ scenarioId, wellId })))
      .onConflictDoNothing();
  }
}

/**
 * Removes wells from the scenario with their econ-model and lookup-table assignments in it (those
 * rows cascade from wells and scenarios, not from the scenario's well list). Returns how many
 * wells left the scenario.
 */
export async function removeScenarioWells(db: Db, scenarioId: string, wellIds: readonly string[]): Promise<number> {
  return db.transaction((tx) => removeWellsIn(tx, scenarioId, wellIds));
}

async function removeWellsIn(tx: Conn, scenarioId: string, wellIds: readonly string[]): Promise<number> {
  const ids = [...wellIds];
  const removed = await tx
    .delete(scenarioWells)
    .where(and(eq(scenarioWells.scenarioId, scenarioId), inArray(scenarioWells.wellId, ids)))
    .returning({ wellId: scenarioWells.wellId });
  if (removed.length === 0) return 0;
  const gone = removed.map((r) => r.wellId);
  await tx
    .delete(scenarioAssignments)
    .where(and(eq(scenarioAssignments.scenarioId, scenarioId), inArray(scenarioAssignments.wellId, gone)));
  await tx
    .delete(scenarioLookupAssignments)
    .where(and(eq(scenarioLookupAssignments.scenarioId, scenarioId), inArray(scenarioLookupAssignments.wellId, gone)));
  return removed.length;
}

/** Creates a scenario over every well of the project; undefined when its name is taken. */
export async function createScenario(tx: Conn, clock: Clock, projectId: string, name: string) {
  const now = clock.now();
  const row = { id: newObjectId(clock), projectId, name, createdAt: now, updatedAt: now };
  const tables = {
    table: scenarios,
    join: scenarioWells,
    joinParent: scenarioWells.scenarioId,
    joinRow: (scenarioId: string, wellId: string) => ({ scenarioId, wellId }),
  };
  return (await insertSet(tx as Db, tables, row, await projectWellIds(tx as Db, projectId))) ? row.id : undefined;
}

/**
 * Adds wells to the scenario in one transaction, unless it would then hold more than
 * SCENARIO_WELLS_MAX: a 400 and nothing added.
 */
export async function addScenarioWellsUpToMax(db: Db, scenarioId: string, adding: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const have = new Set(await scenarioWellList(tx, scenarioId));
    const total = have.size + adding.filter((w) => !have.has(w)).length;
    if (total > SCENARIO_WELLS_MAX) {
      throw invalid(`The number of wells in the scenario would exceed the limit of ${SCENARIO_WELLS_MAX}`, [
        {
          field: '',
          rule: `max ${SCENARIO_WELLS_MAX} wells per scenario`,
          value: total,
          message: `the scenario would hold ${total} wells`,
        },
      ]);
    }
    await addScenarioWells(tx, scenarioId, adding);
  });
}

/** Deletes the project's scenarios matching `where` (and what they hold) in one transaction; their ids. */
export function deleteScenarios(db: Db, projectId: string, where: SQL | undefined): Promise<string[]> {
  return db.transaction((tx) => deleteScenarioRows(tx, projectId, where));
}
