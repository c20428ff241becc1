import { AssignmentMultiStatus, type EconModelKind, Scenario, ScenarioAssignmentRow } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, getPage, http, parseLink, sendJson } from '../../../lib/http';
import { type AssignmentWrite, recordFailure, unassignQuery } from '../model/assignments';

/* A scenario and its econ-model assignments through the BFF: `/api/v1/projects/{p}/scenarios…`. */

const enc = encodeURIComponent;
const project = (projectId: string) => `/api/v1/projects/${enc(projectId)}`;
const scenarioPath = (projectId: string, scenarioId: string) => `${project(projectId)}/scenarios/${enc(scenarioId)}`;

/** Every query of a project's scenarios starts with this key (the list, one scenario, its grid). */
export const scenariosKey = (projectId: string) => ['scenarios', projectId] as const;

/** A project's scenarios by name (the API's first page of 200; the same query the export form reads). */
export const scenariosQuery = (projectId: string) =>
  queryOptions({
    queryKey: scenariosKey(projectId),
    queryFn: () => getPage(`${project(projectId)}/scenarios?take=200&sort=name`, Scenario),
  });

export const scenarioQuery = (projectId: string, scenarioId: string) =>
  queryOptions({
    queryKey: [...scenariosKey(projectId), scenarioId],
    queryFn: () => getJson(scenarioPath(projectId, scenarioId), Scenario),
  });

export interface GridParams {
  skip: number;
  take: number;
  sort: string;
}

/** The key of a scenario's assignment grid pages (refetched after every assignment write). */
export const gridKey = (projectId: string, scenarioId: string) =>
  [...scenariosKey(projectId), scenarioId, 'assignments'] as const;

/** One page of the assignment grid, with the scenario's well count (`HEAD` → `X-Query-Count`). */
export const gridQuery = (projectId: string, scenarioId: string, p: GridParams) =>
  queryOptions({
    queryKey: [...gridKey(projectId, scenarioId), p],
    queryFn: () =>
      getPage(
        `${scenarioPath(projectId, scenarioId)}/assignments/econ-models?${new URLSearchParams({
          skip: String(p.skip),
          take: String(p.take),
          sort: p.sort,
        })}`,
        ScenarioAssignmentRow,
      ),
    placeholderData: keepPreviousData,
  });

/** What a model picker offers of a model: its id, name and whose it is. */
export const ModelChoice = z.looseObject({ id: z.string(), name: z.string() });
export type ModelChoice = z.infer<typeof ModelChoice>;

/** The models one can assign for a kind: the project's and the company's, by name (200 each: the API's page limit). */
export const modelChoicesQuery = (projectId: string, kind: EconModelKind) =>
  queryOptions({
    // Under the econ-models feature's key prefix, so its writes refresh the pickers too.
    queryKey: ['econ-models', `project:${projectId}`, kind, 'choices'],
    queryFn: async () => {
      const list = async (path: string) =>
        ModelChoice.array().parse(await (await http(`${path}?take=200&sort=name`)).json());
      const [projectModels, companyModels] = await Promise.all([
        list(`${project(projectId)}/econ-models/${kind}`),
        list(`/api/v1/econ-models/${kind}`),
      ]);
      return { project: projectModels, company: companyModels };
    },
    staleTime: 30_000,
  });

const assignmentsPath = (projectId: string, kind: EconModelKind, modelId: string) =>
  `${project(projectId)}/econ-models/${kind}/${enc(modelId)}/assignments`;

/**
 * Assigns a model (POST, one record). The answer is always 207: a failed record is thrown as an
 * error in the API's words, so the page's banner shows it.
 */
export async function assignModel(projectId: string, w: AssignmentWrite): Promise<void> {
  const res = await sendJson(assignmentsPath(projectId, w.kind, w.modelId), 'POST', [w.record]);
  const failure = recordFailure(AssignmentMultiStatus.parse(await res.json()));
  if (failure) throw new Error(failure);
}

/** Unassigns a model from wells of a scenario (DELETE by query; 204). */
export async function unassignModel(
  projectId: string,
  w: { kind: EconModelKind; modelId: string; scenarioId: string; qualifierName: string; wells: readonly string[] },
): Promise<void> {
  await http(`${assignmentsPath(projectId, w.kind, w.modelId)}?${unassignQuery(w)}`, { method: 'DELETE' });
}

/** A list answer's rows and whether the `Link` header names a next page. */
export async function getRows<S extends z.ZodType>(path: string, schema: S) {
  const res = await http(path);
  return {
    rows: (schema.array() as z.ZodArray<S>).parse(await res.json()),
    hasNext: 'next' in parseLink(res.headers.get('link')),
  };
}
