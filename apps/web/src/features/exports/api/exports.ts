import { EconRun, type ExportRequest, ExportView, Project, Scenario } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, getPage, http } from '../../../lib/http';
import { anyRunning } from '../model/listed';
import { isSettled } from '../model/state';

/** How often a running export is asked for its progress. */
export const POLL_MS = 1000;

const enc = encodeURIComponent;

/** The projects to export from, by name (the API's first page of 200). */
export const exportProjectsQuery = queryOptions({
  queryKey: ['exports', 'projects'],
  queryFn: () => getPage('/api/v1/projects?take=200&sort=name', Project),
});

export const scenariosQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['scenarios', projectId],
    queryFn: () => getPage(`/api/v1/projects/${enc(projectId)}/scenarios?take=200&sort=name`, Scenario),
  });

/** A scenario's econ runs, newest first. */
export const econRunsQuery = (projectId: string, scenarioId: string) =>
  queryOptions({
    queryKey: ['econRuns', projectId, scenarioId],
    queryFn: () =>
      getPage(
        `/api/v1/projects/${enc(projectId)}/scenarios/${enc(scenarioId)}/econ-runs?take=200&sort=-runDate`,
        EconRun,
      ),
  });

/**
 * Starts an export without waiting for its files (`Prefer: respond-async`): the API answers 202 with
 * the export as it starts (status `running`), and the console polls it.
 */
export async function startExport(body: ExportRequest): Promise<ExportView> {
  const res = await http('/api/v1/exports', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'respond-async' },
    body: JSON.stringify(body),
  });
  return ExportView.parse(await res.json());
}

/** An export's progress and files; polled every POLL_MS while it runs, never once it is settled. */
export const exportQuery = (id: string) =>
  queryOptions({
    queryKey: ['export', id],
    queryFn: () => getJson(`/api/v1/exports/${enc(id)}`, ExportView),
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data.status) ? false : POLL_MS),
  });

/** One page of the company's exports from the API (`GET /v1/exports`), newest first; polled while one runs. */
export const pastExportsQuery = (p: { skip: number; take: number }) =>
  queryOptions({
    queryKey: ['exports', 'list', p],
    queryFn: () =>
      getPage(`/api/v1/exports?${new URLSearchParams({ skip: String(p.skip), take: String(p.take) })}`, ExportView),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data && anyRunning(q.state.data.items) ? POLL_MS : false),
  });
