import {
  ForecastConfiguration,
  ForecastRun,
  type ForecastRunInput,
  ForecastRunWell,
  type WellFitStatus,
} from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, getPage, sendJson } from '../../../lib/http';
import { isRunSettled } from '../model/autoForecast';
import type { ForecastRef } from './parameters';

/* Auto-forecast through the BFF: `/api/v1/projects/{p}/forecasts/{f}/run…` and the saved configurations. */

/** How often a pending or running forecast run is asked for its progress. */
export const RUN_POLL_MS = 1000;

const enc = encodeURIComponent;
const runsPath = (f: ForecastRef) => `/api/v1/projects/${enc(f.projectId)}/forecasts/${enc(f.forecastId)}/run`;
const CONFIGURATIONS = '/api/v1/forecast-configurations';

export const forecastRunsKey = (f: ForecastRef) => ['forecastRuns', f.projectId, f.forecastId] as const;

/** The forecast's runs, newest first (the first page). */
export const forecastRunsQuery = (f: ForecastRef) =>
  queryOptions({
    queryKey: forecastRunsKey(f),
    queryFn: () => getPage(`${runsPath(f)}?take=20&sort=-createdAt`, ForecastRun),
  });

/** One run; polled every RUN_POLL_MS until it is complete or failed. */
export const forecastRunQuery = (f: ForecastRef, runId: string) =>
  queryOptions({
    queryKey: [...forecastRunsKey(f), runId],
    queryFn: () => getJson(`${runsPath(f)}/${enc(runId)}`, ForecastRun),
    refetchInterval: (q) => (q.state.data && isRunSettled(q.state.data.status) ? false : RUN_POLL_MS),
  });

export interface RunWellsParams {
  skip: number;
  take: number;
  status: WellFitStatus | undefined;
}

/** One page of what a run did to each well (with the total for the pager). */
export const forecastRunWellsQuery = (f: ForecastRef, runId: string, p: RunWellsParams, done: number) =>
  queryOptions({
    // `done` in the key: the table follows the run while it makes progress.
    queryKey: [...forecastRunsKey(f), runId, 'wells', p, done],
    queryFn: () =>
      getPage(
        `${runsPath(f)}/${enc(runId)}/wells?${new URLSearchParams({
          skip: String(p.skip),
          take: String(p.take),
          sort: 'wellName',
          ...(p.status ? { status: p.status } : {}),
        })}`,
        ForecastRunWell,
      ),
    placeholderData: keepPreviousData,
  });

/** Starts a run: 202 with the run as it is queued. */
export async function startForecastRun(f: ForecastRef, body: ForecastRunInput): Promise<ForecastRun> {
  return ForecastRun.parse(await (await sendJson(runsPath(f), 'POST', body)).json());
}

export const configurationsKey = ['forecastConfigurations'] as const;

/** The company's saved configurations by name (the first 200). */
export const configurationsQuery = queryOptions({
  queryKey: configurationsKey,
  queryFn: async () => (await getPage(`${CONFIGURATIONS}?take=200&sort=name`, ForecastConfiguration)).items,
});

/** Saves settings under a name (PUT: upsert by name); the 207 result's errors are thrown as one message. */
export async function saveConfiguration(name: string, settings: unknown): Promise<string> {
  const res = await sendJson(CONFIGURATIONS, 'PUT', [{ name, settings }]);
  const body = (await res.json()) as { results: { code: number; id?: string; errors?: { message: string }[] }[] };
  const [r] = body.results;
  if (!r || r.code >= 300)
    throw new Error(r?.errors?.map((e) => e.message).join('; ') ?? 'the configuration was not saved');
  return r.id!;
}
