import { type EconModelKind, escalationModelIds, QUALIFIER_DEFAULT } from '@econ/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econModels } from '../db/schema';
import { resolveScenarioModelIds } from '../scenarios/lookupTableStore';

/*
 * The econ models a run used: each model assigned to its scenario's wells under the run's
 * qualifiers (what `processRun` reads), plus the escalations models those name, with the wells
 * that use each. Read when asked (the run does not keep a copy of its models), so a model edited
 * since the run shows its current settings.
 */

export interface RunModel {
  id: string;
  kind: EconModelKind;
  name: string;
  /** The qualifier the run picked for the kind (escalations: the qualifier of the models naming it). */
  qualifier: string;
  /** The stored settings (the model's `functions`). */
  settings: unknown;
  /** The wells that use it, by id, sorted. */
  wellIds: string[];
}

/** The models of a run in kind then name order (escalations models after the ones that name them). */
export async function runModels(
  db: Db,
  run: { scenarioId: string; qualifiers: Partial<Record<EconModelKind, string>> },
): Promise<RunModel[]> {
  const assigned = await resolveScenarioModelIds(db, run.scenarioId, run.qualifiers);
  const wellsOf = new Map<string, Set<string>>();
  for (const [wellId, byKind] of assigned) {
    for (const id of Object.values(byKind)) {
      const wells = wellsOf.get(id) ?? new Set<string>();
      wellsOf.set(id, wells);
      wells.add(wellId);
    }
  }
  const rows = await readModels(db, [...wellsOf.keys()]);
  // Escalations models are named inside the assigned models' settings; they serve those wells.
  const escalationWells = new Map<string, Set<string>>();
  for (const m of rows) {
    for (const id of escalationModelIds(m.functions)) {
      const wells = escalationWells.get(id) ?? new Set<string>();
      escalationWells.set(id, wells);
      for (const w of wellsOf.get(m.id) ?? []) wells.add(w);
    }
  }
  const assignedIds = new Set(rows.map((m) => m.id));
  const escalations = (await readModels(db, [...escalationWells.keys()])).filter(
    (m) => m.kind === 'escalations' && !assignedIds.has(m.id),
  );
  const qualifierOf = (kind: EconModelKind) => run.qualifiers[kind] ?? QUALIFIER_DEFAULT;
  const models: RunModel[] = [
    ...rows.map((m) => ({
      id: m.id,
      kind: m.kind as EconModelKind,
      name: m.name,
      qualifier: qualifierOf(m.kind as EconModelKind),
      settings: m.functions,
      wellIds: [...(wellsOf.get(m.id) ?? [])].sort(),
    })),
    ...escalations.map((m) => ({
      id: m.id,
      kind: 'escalations' as EconModelKind,
      name: m.name,
      qualifier: '',
      settings: m.functions,
      wellIds: [...(escalationWells.get(m.id) ?? [])].sort(),
    })),
  ];
  const order = (m: RunModel) => `${m.kind === 'escalations' ? '~' : ''}${m.kind}\u0000${m.name}\u0000${m.id}`;
  return models.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

async function readModels(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: econModels.id, kind: econModels.kind, name: econModels.name, functions: econModels.functions })
    .from(econModels)
    .where(inArray(econModels.id, [...ids]));
}
