import {
  FORECAST_PARAMETERS_WRITE_MAX,
  type ForecastParameterInput,
  type ForecastParameterMultiStatus,
  type MultiStatus,
  PRODUCTION_WRITE_MAX,
  type ProductionResolution,
  WELL_WRITE_MAX,
  type WellInput,
} from '@econ/contract';

/*
 * The seed commands' writes as a client makes them: through the API's public routes with a
 * company's token, in requests of the routes' largest size. `call` is the CLI's transport (the
 * running API over HTTP, or the app in-process).
 */

export interface SeedClient {
  call(path: string, init?: RequestInit): Promise<Response>;
  /** Authorization, x-api-key and x-backend-version of the company's credential. */
  auth: Record<string, string>;
}

async function send<T>(client: SeedClient, method: string, path: string, body: unknown, what: string): Promise<T> {
  const res = await client.call(path, {
    method,
    headers: { ...client.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const out = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(`${what} failed: ${res.status} ${out.message ?? JSON.stringify(out)}`);
  return out;
}

/** Throws naming the first failed records of a 207 answer. */
function requireAllOk(ms: { failedCount: number; results: { code: number }[] }, what: string): void {
  if (ms.failedCount === 0) return;
  const failed = ms.results.filter((r) => r.code >= 300).slice(0, 3);
  throw new Error(`${what}: ${ms.failedCount} records failed, e.g. ${JSON.stringify(failed)}`);
}

/** Creates wells in a project, {@link WELL_WRITE_MAX} per request; their ids in order. */
export async function createWells(client: SeedClient, projectId: string, wells: WellInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (let k = 0; k < wells.length; k += WELL_WRITE_MAX) {
    const ms = await send<MultiStatus>(
      client,
      'POST',
      `/v1/projects/${projectId}/wells`,
      wells.slice(k, k + WELL_WRITE_MAX),
      'Creating wells',
    );
    requireAllOk(ms, 'Creating wells');
    ids.push(...ms.results.map((r) => r.id!));
  }
  return ids;
}

/** Writes forecast parameters with the V2 bulk PUT, {@link FORECAST_PARAMETERS_WRITE_MAX} records per request. */
export async function putForecastParameters(
  client: SeedClient,
  projectId: string,
  forecastId: string,
  records: ForecastParameterInput[],
): Promise<void> {
  for (let k = 0; k < records.length; k += FORECAST_PARAMETERS_WRITE_MAX) {
    const ms = await send<ForecastParameterMultiStatus>(
      client,
      'PUT',
      `/v1/projects/${projectId}/forecasts/${forecastId}/parameters`,
      records.slice(k, k + FORECAST_PARAMETERS_WRITE_MAX),
      'Writing the forecast parameters',
    );
    requireAllOk(ms, 'Writing the forecast parameters');
  }
}

/**
 * Writes production records of a project with POST (create), {@link PRODUCTION_WRITE_MAX} per
 * request, taking records from `source` as they come so a large seed never holds them all.
 * Calls `progress` after each request with the records written so far; returns that number.
 */
export async function postProductions(
  client: SeedClient,
  projectId: string,
  resolution: ProductionResolution,
  source: Iterable<Record<string, unknown>>,
  progress: (written: number) => void = () => {},
): Promise<number> {
  let batch: Record<string, unknown>[] = [];
  let written = 0;
  const flush = async () => {
    const ms = await send<MultiStatus>(
      client,
      'POST',
      `/v1/projects/${projectId}/${resolution}-productions`,
      batch,
      `Writing ${resolution} production`,
    );
    requireAllOk(ms, `Writing ${resolution} production`);
    written += batch.length;
    batch = [];
    progress(written);
  };
  for (const record of source) {
    batch.push(record);
    if (batch.length === PRODUCTION_WRITE_MAX) await flush();
  }
  if (batch.length) await flush();
  return written;
}
