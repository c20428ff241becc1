import { MultiStatus, QualifierView, type SavedCombos, SavedCombosView } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson, http, sendJson } from '../../../lib/http';
import { recordFailure } from '../model/assignments';

/* A scenario's qualifiers and saved combos through the BFF (decision 044). */

const enc = encodeURIComponent;
const scenarioPath = (projectId: string, scenarioId: string) =>
  `/api/v1/projects/${enc(projectId)}/scenarios/${enc(scenarioId)}`;

export const combosKey = (projectId: string, scenarioId: string) => ['combos', projectId, scenarioId] as const;

/** The scenario's qualifiers of every kind (`default` included). */
export const qualifiersQuery = (projectId: string, scenarioId: string) =>
  queryOptions({
    queryKey: [...combosKey(projectId, scenarioId), 'qualifiers'],
    queryFn: () => getJson(`${scenarioPath(projectId, scenarioId)}/qualifiers`, QualifierView.array()),
  });

/** The scenario's saved sets of combos. */
export const savedCombosQuery = (projectId: string, scenarioId: string) =>
  queryOptions({
    queryKey: [...combosKey(projectId, scenarioId), 'saved'],
    queryFn: () => getJson(`${scenarioPath(projectId, scenarioId)}/combos`, SavedCombosView.array()),
  });

/** Saves (creates or replaces) a set; a refused record is thrown in the API's words. */
export async function saveCombos(projectId: string, scenarioId: string, saved: SavedCombos): Promise<void> {
  const res = await sendJson(`${scenarioPath(projectId, scenarioId)}/combos`, 'PUT', [saved]);
  const failure = recordFailure(MultiStatus.parse(await res.json()) as Parameters<typeof recordFailure>[0]);
  if (failure) throw new Error(failure);
}

/** Deletes a saved set by name. */
export async function deleteCombos(projectId: string, scenarioId: string, savedName: string): Promise<void> {
  await http(`${scenarioPath(projectId, scenarioId)}/combos?${new URLSearchParams({ savedName })}`, {
    method: 'DELETE',
  });
}
