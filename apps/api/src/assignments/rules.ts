import type { AssignedModel, Assignment, EconModelKind, ScenarioAssignmentRow } from '@econ/contract';

/* Pure parts of scenario assignments: resolving a record's wells, grouping rows, building the grid. */

export type WellsResolution = { ok: true; wells: string[] } | { ok: false; missing: string[] };

/**
 * The wells a record assigns: every well of the scenario for `allWells`, else the listed wells
 * (each once, sorted). Wells not in the scenario fail the record, all of them named.
 */
export function resolveWells(
  record: { wells?: string[] | undefined; allWells: boolean },
  scenarioWells: readonly string[],
): WellsResolution {
  if (record.allWells) return { ok: true, wells: [...scenarioWells].sort() };
  const inScenario = new Set(scenarioWells);
  const wells = [...new Set(record.wells ?? [])].sort();
  const missing = wells.filter((w) => !inScenario.has(w));
  return missing.length ? { ok: false, missing } : { ok: true, wells };
}

/** "a, b, c (and 7 more)": a list short enough for an error message. */
export function listText(ids: readonly string[], max = 10): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} (and ${ids.length - max} more)` : shown;
}

/**
 * A model's stored rows grouped by scenario and qualifier in the request's shape: `allWells: true`
 * and no wells when the model holds every well of the scenario, else the wells sorted by id.
 * Groups are ordered by scenario id, then qualifier name.
 */
export function groupAssignments(
  rows: readonly { scenarioId: string; qualifierName: string; wellId: string }[],
  scenarioWellCounts: ReadonlyMap<string, number>,
): Assignment[] {
  const groups = new Map<string, { scenario: string; qualifierName: string; wells: string[] }>();
  for (const r of rows) {
    const key = `${r.scenarioId}\u0000${r.qualifierName}`;
    let g = groups.get(key);
    if (!g) {
      g = { scenario: r.scenarioId, qualifierName: r.qualifierName, wells: [] };
      groups.set(key, g);
    }
    g.wells.push(r.wellId);
  }
  return [...groups.values()]
    .sort((a, b) => cmp(a.scenario, b.scenario) || cmp(a.qualifierName, b.qualifierName))
    .map((g) => {
      const wells = [...new Set(g.wells)].sort();
      const all = wells.length > 0 && wells.length === scenarioWellCounts.get(g.scenario);
      return { scenario: g.scenario, qualifierName: g.qualifierName, wells: all ? [] : wells, allWells: all };
    });
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The scope of a stored model as clients see it. */
export const scopeOf = (scope: string): AssignedModel['scope'] => (scope === 'company' ? 'company' : 'project');

/**
 * The grid rows of a page of wells: every kind of `kinds` is a key (`{}` when unassigned), each
 * holding the assigned model per qualifier. Rows of a kind not in `kinds` are left out.
 */
export function gridRows(
  wells: readonly { id: string; wellName: string }[],
  rows: readonly { wellId: string; kind: string; qualifierName: string; id: string; name: string; scope: string }[],
  kinds: readonly EconModelKind[],
): ScenarioAssignmentRow[] {
  const byWell = new Map<string, ScenarioAssignmentRow>();
  const out = wells.map((w) => {
    const row: ScenarioAssignmentRow = {
      well: w.id,
      wellName: w.wellName,
      assignments: Object.fromEntries(kinds.map((k) => [k, {}])) as ScenarioAssignmentRow['assignments'],
    };
    byWell.set(w.id, row);
    return row;
  });
  for (const r of rows) {
    const perKind = byWell.get(r.wellId)?.assignments[r.kind as EconModelKind];
    if (perKind) perKind[r.qualifierName] = { id: r.id, name: r.name, scope: scopeOf(r.scope) };
  }
  return out;
}
