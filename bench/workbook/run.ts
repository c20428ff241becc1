/**
 * Workbook benchmark (issue 20: "the workbook of that run is written with a flat memory profile
 * (print peak RSS)"): the time and peak memory of writing an econ run's `.xlsx` workbook, against
 * the Parquet econ monthly export of the same run, measured in the same run on the same machine.
 *
 * Data: BENCH_WELLS wells (default 1 000) with 50-year forecasts (modified Arps oil, gas as a ratio
 * of oil, exponential water, all from 2027 to 2076), a 50-year life, flat prices and no expenses, so
 * every well keeps all 600 monthly rows: 600 000 monthly rows per 1 000 wells. They are written
 * through the API in process (PGlite in a temporary folder, or BENCH_DATABASE_URL), and one econ run
 * computes and stores them (timed, printed). Then each export runs in its own process on the same
 * database, so each peak memory is its own:
 *
 *  - workbook: `writeEconWorkbookExport` (one-liners pass, monthly pass for widths and the rollup,
 *    then the sheets streamed by exceljs's WorkbookWriter into the FolderStore), zlib level 6;
 *  - baseline: `writeEconMonthlyExport`, the Parquet export of the same rows (hyparquet-writer).
 *
 * Each prints its time, rows, bytes, the RSS before it starts (the database open), the kernel's
 * peak RSS and the RSS after 10 / 50 / 100 % of its progress reports (flat: the rows are not kept).
 * Until combos land, the three-combo run is approached with BENCH_WELLS=3000 (1.8 M rows).
 *
 *   npm run bench:workbook
 *   BENCH_WELLS=100 npm run bench:workbook     # a quick run
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { MultiStatus } from '@econ/contract';
import { runPendingEconRuns } from '../../apps/api/src/econRuns/runner';
import { openBenchApi } from '../benchApi';
import { reportSummary } from '../summary';
import { BENCH_MODELS, wellForecast } from './wells';

const WELLS = Number(process.env.BENCH_WELLS ?? 1000);
const MB = 1024 * 1024;

export interface WorkerResult {
  mode: 'workbook' | 'parquet';
  rows: number;
  bytes: number;
  seconds: number;
  startRssMb: number;
  maxRssMb: number;
  rssAtMb: number[];
}

/** Runs one export in a child process on the database folder and parses its JSON line. */
function side(mode: 'workbook' | 'parquet', args: string[]): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
        '--expose-gc',
        '--import',
        'tsx',
        'bench/workbook/worker.ts',
        mode,
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) reject(new Error(`bench workbook ${mode} exited with ${code}: ${out}`));
      else resolve(JSON.parse(line) as WorkerResult);
    });
  });
}

const api = await openBenchApi('workbook');
const dataDir = api.deps.config.dataDir;
let closed = false;
try {
  console.log(`workbook benchmark: ${WELLS} wells × 50 years (${WELLS * 600} monthly rows), ${api.database.kind}`);
  const t0 = performance.now();
  const post = async (path: string, body: unknown) =>
    (await api.call(path, body, api.headers)) as unknown as MultiStatus;
  const projectId = (await post('/v1/projects', [{ name: 'Workbook bench' }])).results[0]!.id!;
  const wellIds: string[] = [];
  for (let k = 0; k < WELLS; k += 1000) {
    const batch = Array.from({ length: Math.min(1000, WELLS - k) }, (_, i) => ({
      wellName: `BENCH ${k + i}H`,
      chosenID: `BENCH-${String(k + i).padStart(6, '0')}`,
      dataSource: 'internal',
    }));
    wellIds.push(...(await post(`/v1/projects/${projectId}/wells`, batch)).results.map((r) => r.id!));
  }
  const forecastId = (await post(`/v1/projects/${projectId}/forecasts`, [{ name: 'Bench' }])).results[0]!.id!;
  const records = wellIds.flatMap((id, i) => wellForecast(id, i));
  for (let k = 0; k < records.length; k += 25) {
    const res = await api.app.request(`/v1/projects/${projectId}/forecasts/${forecastId}/parameters`, {
      method: 'PUT',
      headers: { ...api.headers, 'content-type': 'application/json' },
      body: JSON.stringify(records.slice(k, k + 25)),
    });
    const ms = (await res.json()) as { failedCount: number };
    if (ms.failedCount > 0) throw new Error(`forecast parameters: ${JSON.stringify(ms)}`);
  }
  const scenarioId = (await post(`/v1/projects/${projectId}/scenarios`, [{ name: 'Bench' }])).results[0]!.id!;
  for (const [kind, body] of Object.entries(BENCH_MODELS)) {
    const model = (await post(`/v1/projects/${projectId}/econ-models/${kind}`, [{ name: `Bench ${kind}`, ...body }]))
      .results[0]!;
    if (model.code !== 201) throw new Error(`model ${kind}: ${JSON.stringify(model)}`);
    await post(`/v1/projects/${projectId}/econ-models/${kind}/${model.id}/assignments`, [
      { scenario: scenarioId, allWells: true },
    ]);
  }
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const r0 = performance.now();
  const runs = `/v1/projects/${projectId}/scenarios/${scenarioId}/econ-runs`;
  const run = (await api.call(runs, { forecast: forecastId }, api.headers)) as { id: string };
  await runPendingEconRuns(api.deps, 'bench');
  const runSeconds = (performance.now() - r0) / 1000;
  const done = (await (await api.app.request(`${runs}/${run.id}`, { headers: api.headers })).json()) as {
    status: string;
    progress: { wellsFailed: number };
  };
  if (done.status !== 'complete' || done.progress.wellsFailed > 0) throw new Error(`run: ${JSON.stringify(done)}`);
  console.log(`  econ run computed and stored in ${runSeconds.toFixed(1)} s`);
  await api.database.close();
  closed = true;

  const args = [dataDir, projectId, scenarioId, run.id];
  const book = await side('workbook', args);
  const parquet = await side('parquet', args);
  const rate = (r: WorkerResult) => r.rows / r.seconds;
  const line = (name: string, r: WorkerResult) =>
    `  ${name}: ${r.rows.toLocaleString('en-US')} rows in ${r.seconds.toFixed(1)} s = ${Math.round(rate(r)).toLocaleString('en-US')} rows/s, ${(r.bytes / MB).toFixed(0)} MB; ` +
    `RSS ${r.startRssMb.toFixed(0)} MB before, peak ${r.maxRssMb.toFixed(0)} MB; after 10 / 50 / 100 % of the wells ${r.rssAtMb.map((x) => x.toFixed(0)).join(' / ')} MB`;
  console.log(line('workbook (exceljs WorkbookWriter → FolderStore)', book));
  console.log(line('Parquet econ monthly export (baseline)   ', parquet));
  const ratio = rate(book) / rate(parquet);
  console.log(
    `  ratio workbook / Parquet rows per second = ${ratio.toFixed(3)}; workbook peak RSS ${book.maxRssMb.toFixed(0)} MB, ${(book.maxRssMb - book.startRssMb).toFixed(0)} MB above the open database`,
  );
  reportSummary({
    bench: `workbook (${WELLS} wells × 50 years)`,
    figure: `${book.seconds.toFixed(1)} s, ${Math.round(rate(book)).toLocaleString('en-US')} monthly rows/s, peak RSS ${book.maxRssMb.toFixed(0)} MB`,
    baseline: `Parquet econ monthly export ${parquet.seconds.toFixed(1)} s, peak RSS ${parquet.maxRssMb.toFixed(0)} MB`,
    ratio,
  });
} finally {
  if (!closed) await api.database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
