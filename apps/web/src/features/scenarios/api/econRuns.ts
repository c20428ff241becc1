import {
  EconMonthlyRow,
  EconOneLiner,
  EconRollup,
  EconRun,
  type EconRunInput,
  MONTHLY_TAKE_MAX,
  type RollupGroupBy,
} from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, getPage, sendJson } from '../../../lib/http';
import { isSettled } from '../model/runs';
import { getRows } from './scenarios';

/* Econ runs of a scenario through the BFF: `/api/v1/projects/{p}/scenarios/{s}/econ-runs…`. */

/** How often a pending or running run is asked for its progress. */
export const POLL_MS = 1000;

const enc = encodeURIComponent;
const runsPath = (projectId: string, scenarioId: string) =>
  `/api/v1/projects/${enc(projectId)}/scenarios/${enc(scenarioId)}/econ-runs`;

/** The key of a scenario's runs list (the export form reads the same query). */
export const econRunsKey = (projectId: string, scenarioId: string) => ['econRuns', projectId, scenarioId] as const;

/** A scenario's econ runs, newest first (the API's first page of 200). */
export const econRunsQuery = (projectId: string, scenarioId: string) =>
  queryOptions({
    queryKey: econRunsKey(projectId, scenarioId),
    queryFn: () => getPage(`${runsPath(projectId, scenarioId)}?take=200&sort=-runDate`, EconRun),
  });

/** One run; polled every POLL_MS until it is complete or failed. */
export const econRunQuery = (projectId: string, scenarioId: string, runId: string) =>
  queryOptions({
    queryKey: [...econRunsKey(projectId, scenarioId), runId],
    queryFn: () => getJson(`${runsPath(projectId, scenarioId)}/${enc(runId)}`, EconRun),
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data.status) ? false : POLL_MS),
  });

/** Starts a run: 202 with the run as it is queued (`pending`). */
export async function startEconRun(projectId: string, scenarioId: string, body: EconRunInput): Promise<EconRun> {
  return EconRun.parse(await (await sendJson(runsPath(projectId, scenarioId), 'POST', body)).json());
}

export interface OneLinerParams {
  skip: number;
  take: number;
  sort: string;
  /** One combo of a run of several. */
  comboName?: string | undefined;
}

/** One page of a run's one-liners (`Link` header for the next page; the run's progress gives the total). */
export const oneLinersQuery = (projectId: string, scenarioId: string, runId: string, p: OneLinerParams) =>
  queryOptions({
    queryKey: [...econRunsKey(projectId, scenarioId), runId, 'one-liners', p],
    queryFn: () =>
      getRows(
        `${runsPath(projectId, scenarioId)}/${enc(runId)}/one-liners?${new URLSearchParams({
          skip: String(p.skip),
          take: String(p.take),
          sort: p.sort,
          ...(p.comboName === undefined ? {} : { comboName: p.comboName }),
        })}`,
        EconOneLiner,
      ),
    placeholderData: keepPreviousData,
  });

/** A well's monthly rows of a run in a combo (a well's whole life fits one page of MONTHLY_TAKE_MAX rows). */
export const monthlyQuery = (
  projectId: string,
  scenarioId: string,
  runId: string,
  wellId: string,
  comboName?: string,
) =>
  queryOptions({
    queryKey: [...econRunsKey(projectId, scenarioId), runId, 'monthly', wellId, comboName],
    queryFn: async () =>
      (
        await getRows(
          `${runsPath(projectId, scenarioId)}/${enc(runId)}/monthly?${new URLSearchParams({
            well: wellId,
            take: String(MONTHLY_TAKE_MAX),
            ...(comboName === undefined ? {} : { comboName }),
          })}`,
          EconMonthlyRow,
        )
      ).rows,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The rollup of a combo of a complete run, optionally grouped (`GET …/rollup`). */
export const rollupQuery = (
  projectId: string,
  scenarioId: string,
  runId: string,
  comboName: string | undefined,
  groupBy: RollupGroupBy | undefined,
) =>
  queryOptions({
    queryKey: [...econRunsKey(projectId, scenarioId), runId, 'rollup', comboName, groupBy],
    queryFn: () =>
      getJson(
        `${runsPath(projectId, scenarioId)}/${enc(runId)}/rollup?${new URLSearchParams({
          ...(comboName === undefined ? {} : { comboName }),
          ...(groupBy === undefined ? {} : { groupBy }),
        })}`,
        EconRollup,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
