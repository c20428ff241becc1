import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { pruneWindows } from './auth/rateLimit';
import { alive, createDeps, dataFiles, resolveAdminToken } from './bootstrap';
import { forecastRuns } from './db/schema';
import { requeueOrphanedRuns } from './econRuns/jobStore';
import { startEconRunWorker } from './econRuns/runner';
import { readEnv } from './env';
import { failOrphanedExports, startExportSweeper } from './exports/service';
import { startForecastRunWorker } from './forecastRuns/runner';
import { requeueOrphanedChunkedRuns } from './jobs/chunks';

/** How long a stop waits for requests and the econ-run worker before closing the database. */
const STOP_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const env = readEnv();
  const admin = resolveAdminToken(env);
  const config = { ...env, adminToken: admin.token };
  const files = dataFiles(config.dataDir);
  if (!config.databaseUrl && existsSync(files.lock)) {
    const lock = JSON.parse(readFileSync(files.lock, 'utf8')) as { pid: number; url: string };
    if (lock.pid !== process.pid && alive(lock.pid)) {
      throw new Error(
        `Another API (pid ${lock.pid}, ${lock.url}) is using ${config.dataDir}; PGlite allows one process per data folder.`,
      );
    }
  }
  const { deps, database } = await createDeps(config);
  const app = createApp(deps);
  // Requests being handled, so a stop waits for them before closing the database.
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const fetch = async (req: Request, env: unknown) => {
    inFlight++;
    try {
      return await app.fetch(req, env);
    } finally {
      if (--inFlight === 0) drained?.();
    }
  };
  const server = serve({ fetch, port: config.port, hostname: config.host }, (info) => {
    const url = `http://${config.host}:${info.port}`;
    if (config.port === 0 && !process.env.PUBLIC_BASE_URL) {
      // PORT=0: the default public URL named port 0; it is the real one from now on (before any request).
      config.v1Audiences = config.v1Audiences.map((a) => (a === config.publicBaseUrl ? url : a));
      config.publicBaseUrl = url;
    }
    if (!config.databaseUrl) writeFileSync(files.lock, JSON.stringify({ pid: process.pid, url }));
    console.log(`[api] listening on ${url} (public URL ${config.publicBaseUrl})`);
    console.log(
      `[api] storage: ${database.kind === 'pglite' ? `PGlite in ${files.pglite}` : 'PostgreSQL (DATABASE_URL)'}`,
    );
    console.log(`[api] reference: ${url}/docs   OpenAPI: ${url}/openapi.json`);
    console.log(`[api] admin routes: Bearer token from ${admin.source === 'env' ? 'API_ADMIN_TOKEN' : admin.source}`);
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    console.error(
      e.code === 'EADDRINUSE'
        ? `[api] port ${config.port} on ${config.host} is already in use: stop the other process or set PORT`
        : `[api] cannot listen on ${config.host}:${config.port}: ${e.message}`,
    );
    void database.close().finally(() => process.exit(1));
  });
  const prune = setInterval(
    () => void pruneWindows(deps.db, new Date(deps.clock.now().getTime() - 60 * 60 * 1000)).catch(() => {}),
    10 * 60 * 1000,
  );
  prune.unref();
  if (database.kind === 'pglite') {
    // One process per data folder: whatever is still running belonged to a process that is gone.
    const exports = await failOrphanedExports(deps);
    const runs = await requeueOrphanedRuns(deps.db, deps.clock.now());
    const fits = await requeueOrphanedChunkedRuns(deps.db, forecastRuns, deps.clock.now());
    if (exports.length || runs || fits)
      console.log(
        `[api] after a crash: ${exports.length} export(s) failed, ${runs} econ run(s) and ${fits} forecast run(s) queued again`,
      );
  }
  const stopSweeper = startExportSweeper(deps);
  const stopEconRuns = startEconRunWorker(deps);
  const stopForecastRuns = startForecastRunWorker(deps);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(prune);
    stopSweeper();
    // No new connections; the requests being handled and the econ-run batch being computed finish
    // (a run is handed back to the queue), then the database closes. At most STOP_GRACE_MS.
    server.close();
    const requestsDone = new Promise<void>((r) => {
      drained = r;
      if (inFlight === 0) r();
    });
    await Promise.race([
      Promise.all([requestsDone, stopEconRuns(), stopForecastRuns()]),
      new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref()),
    ]);
    await database.close();
    if (existsSync(files.lock)) rmSync(files.lock);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`[api] ${(e as Error).message}`);
  process.exit(1);
});
