import { EconModelEnvelope, type EconModelKind, EconModelMultiStatus, type EconModelResult } from '@econ/contract';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, getPage, http, sendJson } from '../../../lib/http';

/**
 * A stored econ model as the console reads it: the envelope checked, the kind's functions (with the
 * service's computed fields) kept as they come — the kind's form and its `functionsView` know them.
 */
export const EconModelDocument = EconModelEnvelope.extend({ probabilistic: z.boolean().optional() }).loose();
export type EconModelDocument = z.infer<typeof EconModelDocument>;

export interface EconModelListParams {
  skip: number;
  take: number;
  sort: string;
  /** The API's exact-name filter; empty: every model. */
  name?: string | undefined;
}

const base = (projectId: string, kind: EconModelKind) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/econ-models/${kind}`;

/** Every query of a project's models of a kind starts with this key (lists and single models). */
export const econModelsKey = (projectId: string, kind: EconModelKind) => ['econ-models', projectId, kind] as const;

export const econModelsQuery = (projectId: string, kind: EconModelKind, p: EconModelListParams) => {
  const qs = new URLSearchParams({ skip: String(p.skip), take: String(p.take), sort: p.sort });
  if (p.name) qs.append('name', p.name);
  return queryOptions({
    queryKey: [...econModelsKey(projectId, kind), 'list', p],
    queryFn: () => getPage(`${base(projectId, kind)}?${qs}`, EconModelDocument),
    placeholderData: keepPreviousData,
  });
};

export const econModelQuery = (projectId: string, kind: EconModelKind, id: string) =>
  queryOptions({
    queryKey: [...econModelsKey(projectId, kind), 'one', id],
    queryFn: () => getJson(`${base(projectId, kind)}/${encodeURIComponent(id)}`, EconModelDocument),
  });

/**
 * Writes one model: POST creates (a taken name is a 409 record), PUT replaces the model of the same
 * name. The answer is always 207; the one record's result is returned, errors included.
 */
export async function writeEconModel(
  projectId: string,
  kind: EconModelKind,
  method: 'POST' | 'PUT',
  body: Record<string, unknown>,
): Promise<EconModelResult> {
  const res = await sendJson(base(projectId, kind), method, body);
  const { results, generalErrors } = EconModelMultiStatus.parse(await res.json());
  const result = results[0];
  if (!result) throw new Error(generalErrors[0]?.message ?? 'The service answered without a result');
  return result;
}

export async function deleteEconModel(projectId: string, kind: EconModelKind, id: string): Promise<void> {
  await http(`${base(projectId, kind)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** After a write: the kind's lists and models of the project are read again. */
export function useInvalidateEconModels(projectId: string, kind: EconModelKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: econModelsKey(projectId, kind) });
}
