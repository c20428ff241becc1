/**
 * Forecast-run benchmark (issue 18; target: a run over 10 000 wells in under a minute on one process).
 *
 * BENCH_WELLS (default 10 000) scale wells (`seed --wells`' generator: a modified-Arps oil, gas and
 * water history of 3 to 7 years, monthly) are written through the API in process (PGlite, or
 * BENCH_DATABASE_URL), with an empty forecast over them. Then one forecast run fits oil, gas and
 * water of every well (`POST …/run`, computed by this process's worker loop), timed from the
 * POST to `complete`. Baseline of the same run: the fitting alone, the same wells' histories
 * already in memory, fitted with the same settings (`fitWell`) — the ratio is the share of the
 * run spent fitting (the rest is reading histories and writing segments and results).
 *
 *   npm run bench:forecast-run
 *   BENCH_WELLS=1000 npm run bench:forecast-run
 */
import { DEFAULT_FORECAST_SETTINGS, type MultiStatus } from '@econ/contract';
import { scaleHistory, scaleWell } from '../../apps/api/src/demo/scaleWells';
import { createWells, postProductions, type SeedClient } from '../../apps/api/src/demo/seedClient';
import { fitWell } from '../../apps/api/src/forecastRuns/fitWell';
import { runPendingForecastRuns } from '../../apps/api/src/forecastRuns/runner';
import { openBenchApi } from '../benchApi';
import { reportSummary } from '../summary';

const WELLS = Number(process.env.BENCH_WELLS ?? 10_000);
const TARGET_S = 60;

const api = await openBenchApi('forecast-run');
try {
  const client: SeedClient = { call: (path, init) => Promise.resolve(api.app.request(path, init)), auth: api.headers };
  const t0 = performance.now();
  const project = (await api.call(
    '/v1/projects',
    [{ name: 'Forecast run bench' }],
    api.headers,
  )) as unknown as MultiStatus;
  const projectId = project.results[0]!.id!;
  const wellIds = await createWells(
    client,
    projectId,
    Array.from({ length: WELLS }, (_, i) => scaleWell(i).well),
  );
  const forecast = (await api.call(
    `/v1/projects/${projectId}/forecasts`,
    [{ name: 'Auto', type: 'deterministic' }],
    api.headers,
  )) as unknown as MultiStatus;
  const forecastId = forecast.results[0]!.id!;
  const records = function* () {
    for (const [i, id] of wellIds.entries()) yield* scaleHistory(id, i).monthly;
  };
  const written = await postProductions(client, projectId, 'monthly', records());
  console.log(
    `seeded ${WELLS} wells, ${written} monthly records (${((performance.now() - t0) / 1000).toFixed(1)} s, ${api.database.kind})`,
  );

  // Baseline: the fitting alone, histories in memory.
  const histories = wellIds.map((id, i) => scaleHistory(id, i).monthly);
  const f0 = performance.now();
  let fitted = 0;
  for (const history of histories) {
    const r = fitWell({ history: history as never, resolution: 'monthly', stored: {} }, DEFAULT_FORECAST_SETTINGS);
    fitted += Object.values(r.phases).filter((p) => p.status === 'fitted').length;
  }
  const fitSeconds = (performance.now() - f0) / 1000;

  // The run: POST, then this process's worker loop to completion.
  const r0 = performance.now();
  const run = (await api.call(`/v1/projects/${projectId}/forecasts/${forecastId}/run`, {}, api.headers)) as {
    id: string;
  };
  await runPendingForecastRuns(api.deps, 'bench');
  const runSeconds = (performance.now() - r0) / 1000;
  const res = await api.app.request(`/v1/projects/${projectId}/forecasts/${forecastId}/run/${run.id}`, {
    headers: api.headers,
  });
  const done = (await res.json()) as { status: string; progress: Record<string, number> };
  if (done.status !== 'complete') throw new Error(`the run ended ${done.status}: ${JSON.stringify(done)}`);

  const ratio = fitSeconds / runSeconds;
  const scaled = (runSeconds * 10_000) / WELLS;
  console.log(`fitting alone (baseline): ${fitSeconds.toFixed(2)} s, ${fitted} phases fitted`);
  console.log(
    `forecast run: ${runSeconds.toFixed(2)} s for ${WELLS} wells (${(WELLS / runSeconds).toFixed(0)} wells/s; ` +
      `${JSON.stringify(done.progress)}); fitting is ${(ratio * 100).toFixed(0)} % of it`,
  );
  console.log(
    `target: 10 000 wells < ${TARGET_S} s → ${scaled.toFixed(1)} s at this rate: ${scaled < TARGET_S ? 'met' : 'NOT met'}`,
  );
  reportSummary({
    bench: `forecast run (${WELLS} wells, ${api.database.kind})`,
    figure: `${runSeconds.toFixed(1)} s`,
    baseline: `fitting alone ${fitSeconds.toFixed(1)} s`,
    ratio,
    target: `10 000 wells < ${TARGET_S} s`,
    met: scaled < TARGET_S,
  });
} finally {
  await api.close();
}
