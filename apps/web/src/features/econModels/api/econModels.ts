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
  /** The API's `search`: a case-insensitive part of the name; empty: every model. */
  search?: string | undefined;
}

/** Whose models a page shows: a project's, or the company's (shared by its projects). */
export type EconModelScope = { projectId: string } | { company: true };

export const COMPANY: EconModelScope = { company: true };

const base = (scope: EconModelScope, kind: EconModelKind) =>
  'projectId' in scope
    ? `/api/v1/projects/${encodeURIComponent(scope.projectId)}/econ-models/${kind}`
    : `/api/v1/econ-models/${kind}`;

/** Every query of a scope's models of a kind starts with this key (lists and single models). */
export const econModelsKey = (scope: EconModelScope, kind: EconModelKind) =>
  ['econ-models', 'projectId' in scope ? `project:${scope.projectId}` : 'company', kind] as const;

export const econModelsQuery = (scope: EconModelScope, kind: EconModelKind, p: EconModelListParams) => {
  const qs = new URLSearchParams({ skip: String(p.skip), take: String(p.take), sort: p.sort });
  if (p.search) qs.append('search', p.search);
  const params: EconModelListParams = { skip: p.skip, take: p.take, sort: p.sort, search: p.search };
  return queryOptions({
    queryKey: [...econModelsKey(scope, kind), 'list', params],
    queryFn: () => getPage(`${base(scope, kind)}?${qs}`, EconModelDocument),
    placeholderData: keepPreviousData,
  });
};

export const econModelQuery = (scope: EconModelScope, kind: EconModelKind, id: string) =>
  queryOptions({
    queryKey: [...econModelsKey(scope, kind), 'one', id],
    queryFn: () => getJson(`${base(scope, kind)}/${encodeURIComponent(id)}`, EconModelDocument),
  });

/**
 * Writes one model: POST creates (a taken name is a 409 record), PUT replaces the model of the same
 * name. The answer is always 207; the one record's result is returned, errors included.
 */
export async function writeEconModel(
  scope: EconModelScope,
  kind: EconModelKind,
  method: 'POST' | 'PUT',
  body: Record<string, unknown>,
): Promise<EconModelResult> {
  const res = await sendJson(base(scope, kind), method, body);
  const { results, generalErrors } = EconModelMultiStatus.parse(await res.json());
  const result = results[0];
  if (!result) throw new Error(generalErrors[0]?.message ?? 'The service answered without a result');
  return result;
}

export async function deleteEconModel(scope: EconModelScope, kind: EconModelKind, id: string): Promise<void> {
  await http(`${base(scope, kind)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** After a write: the kind's lists and models of the scope are read again. */
export function useInvalidateEconModels(scope: EconModelScope, kind: EconModelKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: econModelsKey(scope, kind) });
}
