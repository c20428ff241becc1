import { join, resolve } from 'node:path';
import type { ExportStatus, ExportView } from '@econ/contract';
import type { Deps } from '../appEnv';
import { requireScenario } from '../assignments/store';
import { findRun, runComboNames, storedWellCount } from '../econRuns/store';
import { requireForecast } from '../forecasts/store';
import { conflict, notFound } from '../http/errors';
import { randomSecret } from '../ids';
import { requireProject } from '../resources/projectStore';
import { writeEconMonthlyExport } from './econMonthlyFiles';
import { writeEconOneLinerExport } from './econOneLinerFiles';
import { writeEconWorkbookExport } from './econWorkbookFiles';
import type { ExportJob } from './exportJob';
import type { ExportStore } from './fileStore';
import { FolderStore } from './folderStore';
import { writeForecastParameterExport } from './forecastParameterFiles';
import { type ExportFile, type ExportProgress, writeForecastVolumeExport } from './forecastVolumeFiles';
import { signedUrl } from './links';
import {
  type ExportRow,
  expiredExportIds,
  failRunningSince,
  insertExport,
  keepSecret,
  liveExportIds,
  markComplete,
  markExpired,
  markFailed,
  recordProgress,
} from './store';

/** Writes the files of a forecast volume export (`forecastVolumeFiles.ts`). */
export type ForecastVolumeWriter = typeof writeForecastVolumeExport;

/** Writes the files of an econ monthly export (`econMonthlyFiles.ts`). */
export type EconMonthlyWriter = typeof writeEconMonthlyExport;

/** Writes the workbook of an econ run (`econWorkbookFiles.ts`). */
export type EconWorkbookWriter = typeof writeEconWorkbookExport;

/** Writes the files of a forecast parameters export (`forecastParameterFiles.ts`, v2 jobs). */
export type ForecastParameterWriter = typeof writeForecastParameterExport;

/** Writes the files of an econ one-liners export (`econOneLinerFiles.ts`, v2 jobs). */
export type EconOneLinerWriter = typeof writeEconOneLinerExport;

/** What exports run with: the store, the writers and the file size; replaceable in tests. */
export interface ExportRuntime {
  store: ExportStore;
  writeForecastVolumes: ForecastVolumeWriter;
  writeEconMonthly: EconMonthlyWriter;
  writeEconWorkbook: EconWorkbookWriter;
  writeForecastParameters: ForecastParameterWriter;
  writeEconOneLiners: EconOneLinerWriter;
  rowsPerFile: number;
  /** Data rows per workbook sheet before the monthly rows continue on the next (Excel's maximum by default). */
  workbookSheetRows?: number;
}

interface RuntimeState extends ExportRuntime {
  /** Generations running in this process (background ones included). */
  jobs: Set<Promise<void>>;
  secret?: Promise<string>;
}

const runtimes = new WeakMap<Deps, RuntimeState>();

/** The export runtime of an API instance: a `FolderStore` under `${DATA_DIR}/exports` by default. */
export function exportRuntime(deps: Deps): RuntimeState {
  let rt = runtimes.get(deps);
  if (!rt) {
    rt = {
      store: new FolderStore(join(resolve(deps.config.dataDir), 'exports')),
      writeForecastVolumes: writeForecastVolumeExport,
      writeEconMonthly: writeEconMonthlyExport,
      writeEconWorkbook: writeEconWorkbookExport,
      writeForecastParameters: writeForecastParameterExport,
      writeEconOneLiners: writeEconOneLinerExport,
      rowsPerFile: deps.config.exportRowsPerFile,
      jobs: new Set(),
    };
    runtimes.set(deps, rt);
  }
  return rt;
}

/** Replaces parts of the runtime (another store, such as an S3-compatible bucket; test writers). */
export function configureExports(deps: Deps, patch: Partial<ExportRuntime>): void {
  Object.assign(exportRuntime(deps), patch);
}

/** Resolves when every generation running in this process has ended. */
export async function exportJobsIdle(deps: Deps): Promise<void> {
  const rt = exportRuntime(deps);
  while (rt.jobs.size > 0) await Promise.allSettled([...rt.jobs]);
}

const SECRET_NAME = 'export-link-secret';

/**
 * The key of the signed links: EXPORT_LINK_SECRET, or one generated once and kept in the database
 * so every replica signs and verifies alike (the first writer wins a race).
 */
export function linkSecret(deps: Deps): Promise<string> {
  if (deps.config.exportLinkSecret) return Promise.resolve(deps.config.exportLinkSecret);
  const rt = exportRuntime(deps);
  rt.secret ??= keepSecret(deps, SECRET_NAME, randomSecret(32)).catch((e: unknown) => {
    rt.secret = undefined;
    throw e;
  });
  return rt.secret;
}

/** The status a reader sees: a complete or running export past its expiry is expired, swept or not. */
export function effectiveStatus(row: ExportRow, now: Date): ExportStatus {
  if ((row.status === 'complete' || row.status === 'running') && now.getTime() >= row.expiresAt.getTime()) {
    return 'expired';
  }
  return row.status;
}

/** An export as the routes show it; links only while it is complete and unexpired. */
export async function exportView(deps: Deps, row: ExportRow): Promise<ExportView> {
  const status = effectiveStatus(row, deps.clock.now());
  const secret = status === 'complete' ? await linkSecret(deps) : undefined;
  const files = row.files.map((f) => ({
    ...f,
    ...(secret ? { url: signedUrl(deps.config.publicBaseUrl, secret, row.id, f.name, row.expiresAt) } : {}),
  }));
  return {
    id: row.id,
    exportType: row.exportType,
    fileType: row.fileType,
    projectId: row.projectId,
    ...(row.forecastId ? { forecastId: row.forecastId } : {}),
    ...(row.scenarioId ? { scenarioId: row.scenarioId } : {}),
    ...(row.econRunId ? { econRunId: row.econRunId } : {}),
    status,
    rowsWritten: row.rowsWritten,
    filesDone: row.filesDone,
    files,
    fileUrls: files.flatMap((f) => (f.url ? [f.url] : [])),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.error ? { error: row.error } : {}),
  };
}

/**
 * Checks what the request names, in the caller's company: the project, then the forecast or the
 * scenario and its run (404 naming which); an econ run must be complete and have results (409).
 */
async function checkReferences(deps: Deps, companyId: string, req: ExportJob): Promise<void> {
  if (!('econRunId' in req)) {
    await requireForecast(deps, companyId, req.projectId, req.forecastId);
    return;
  }
  await requireProject(deps, companyId, req.projectId);
  await requireScenario(deps.db, req.projectId, req.scenarioId);
  const run = await findRun(deps.db, req.econRunId, { scenarioId: req.scenarioId, projectId: req.projectId });
  if (!run) throw notFound(`No econ run with id ${req.econRunId} of scenario ${req.scenarioId}`);
  const detail = (rule: string, message: string) => [{ field: 'econRunId', rule, value: req.econRunId, message }];
  if (run.status !== 'complete') {
    throw conflict(
      `Econ run ${req.econRunId} is ${run.status}, not complete: export it once the run has completed`,
      detail('run complete', `the run is ${run.status}`),
    );
  }
  if (run.wellsDone < run.wellsTotal || (await storedWellCount(deps.db, run.id)) < run.wellsTotal) {
    throw conflict(
      `Econ run ${req.econRunId} has no monthly results stored for all its wells: run the scenario again to produce them, then export`,
      detail('run has results', 'the monthly results of some wells are not stored for this run'),
    );
  }
  if (req.exportType === 'econWorkbookExport' && req.comboName !== undefined) {
    const combos = await runComboNames(deps.db, run.id);
    if (!combos.includes(req.comboName)) {
      throw notFound(
        `Econ run ${req.econRunId} has no combo named ${JSON.stringify(req.comboName)} (its combos: ${combos.join(', ')})`,
      );
    }
  }
}

/** The expiry: `hours` after now, on a whole second (links carry it in seconds). */
const expiryOf = (now: Date, hours: number) => new Date(Math.floor(now.getTime() / 1000) * 1000 + hours * 3_600_000);

/**
 * Creates an export: checks the references, records it as running and starts writing its files.
 * Resolves with the row and the generation, which marks the row complete or failed when it ends
 * (it never rejects).
 */
export async function startExport(
  deps: Deps,
  companyId: string,
  req: ExportJob,
): Promise<{ row: ExportRow; done: Promise<void> }> {
  await checkReferences(deps, companyId, req);
  const now = deps.clock.now();
  const row = await insertExport(deps, { companyId, req, now, expiresAt: expiryOf(now, req.expirationHours) });
  const rt = exportRuntime(deps);
  const done = generate(deps, rt, row, req);
  rt.jobs.add(done);
  void done.finally(() => rt.jobs.delete(done));
  return { row, done };
}

/** Writes the files; progress and the outcome go to the database so any replica can report them. */
async function generate(deps: Deps, rt: ExportRuntime, row: ExportRow, req: ExportJob): Promise<void> {
  // Progress writes are chained so they land in order and none is left behind when the export ends.
  let progress: Promise<unknown> = Promise.resolve();
  const onProgress = (p: ExportProgress) => {
    progress = progress.then(() => recordProgress(deps, row.id, p));
    return progress as Promise<void>;
  };
  const common = {
    db: deps.db,
    projectId: row.projectId,
    store: rt.store,
    exportId: row.id,
    rowsPerFile: rt.rowsPerFile,
    onProgress,
  };
  try {
    let files: ExportFile[];
    if (req.exportType === 'econMonthlyExport') {
      files = await rt.writeEconMonthly({ ...common, scenarioId: req.scenarioId, econRunId: req.econRunId });
    } else if (req.exportType === 'econWorkbookExport') {
      files = await rt.writeEconWorkbook({
        db: deps.db,
        projectId: row.projectId,
        scenarioId: req.scenarioId,
        econRunId: req.econRunId,
        comboName: req.comboName,
        store: rt.store,
        exportId: row.id,
        now: row.createdAt,
        onProgress,
        ...(rt.workbookSheetRows === undefined ? {} : { sheetRows: rt.workbookSheetRows }),
      });
    } else if (req.exportType === 'econOneLinersExport') {
      files = await rt.writeEconOneLiners({ ...common, scenarioId: req.scenarioId, econRunId: req.econRunId });
    } else if (req.exportType === 'forecastParametersExport') {
      files = await rt.writeForecastParameters({ ...common, forecastId: req.forecastId, selection: req.selection });
    } else {
      files = await rt.writeForecastVolumes({
        ...common,
        forecastId: req.forecastId,
        resolution: req.exportType === 'dailyForecastVolumeExport' ? 'daily' : 'monthly',
        filter: req.volumeFilter,
      });
    }
    await progress;
    const stored = files.map(({ name, rows, bytes }) => ({ name, rows, bytes }));
    // Expired (swept) while it was written: its files go too.
    if (!(await markComplete(deps, row.id, stored))) await rt.store.deletePrefix(`${row.id}/`);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.error(`[api] export ${row.id} failed:`, e);
    await progress.catch(() => {});
    await rt.store.deletePrefix(`${row.id}/`).catch(() => {});
    await markFailed(deps, row.id, `Writing the files failed: ${message}`).catch((err: unknown) =>
      console.error(`[api] export ${row.id}: recording the failure failed:`, err),
    );
  }
}

/**
 * Deletes the files of every export whose links have expired and marks it expired. Returns the
 * ids swept. Safe to run on several replicas at once (deleting twice is harmless).
 */
export async function sweepExpiredExports(deps: Deps): Promise<string[]> {
  const rt = exportRuntime(deps);
  const now = deps.clock.now();
  await failStalledExports(deps, now);
  const due = await expiredExportIds(deps.db, now);
  for (const id of due) {
    await rt.store.deletePrefix(`${id}/`);
    await markExpired(deps.db, id, now);
  }
  await deleteOrphanedFiles(deps);
  return due;
}

/**
 * Deletes the files of every export that may not have any: failed, expired or unknown. A process
 * that ends between marking an export failed or expired and deleting its files (a crash, a kill)
 * leaves them behind; the next sweep, on any replica, finds them here. Returns the ids cleaned.
 */
export async function deleteOrphanedFiles(deps: Deps): Promise<string[]> {
  const rt = exportRuntime(deps);
  const stored = await rt.store.listExportIds();
  const orphans: string[] = [];
  for (let i = 0; i < stored.length; i += 500) {
    const ids = stored.slice(i, i + 500);
    const keep = await liveExportIds(deps.db, ids);
    orphans.push(...ids.filter((id) => !keep.has(id)));
  }
  for (const id of orphans) await rt.store.deletePrefix(`${id}/`);
  return orphans;
}

/**
 * A running export reports progress (and so moves `updatedAt`) after every row group. One silent for
 * {@link STALLED_AFTER_MS} lost the process generating it (a crash or a restart): it is marked
 * failed and its partial files are deleted, so no job stays "running" for ever and no half-written
 * file is served.
 */
export const STALLED_AFTER_MS = 10 * 60 * 1000;

export async function failStalledExports(
  deps: Deps,
  now = deps.clock.now(),
  stalledAfterMs = STALLED_AFTER_MS,
): Promise<string[]> {
  const rt = exportRuntime(deps);
  const stalled = await failRunningSince(
    deps.db,
    new Date(now.getTime() - stalledAfterMs),
    now,
    'generation stopped: the API process generating it ended (run the export again)',
  );
  for (const id of stalled) await rt.store.deletePrefix(`${id}/`);
  return stalled;
}

/**
 * At the start of the only process a database can have (PGlite: one process per data folder),
 * every export still `running` was being generated by a process that is gone: failed at once
 * rather than after STALLED_AFTER_MS.
 */
export const failOrphanedExports = (deps: Deps) => failStalledExports(deps, deps.clock.now(), 0);

/** Sweeps now and then every `intervalMs` (default 5 minutes); returns a function that stops it. */
export function startExportSweeper(deps: Deps, intervalMs = 5 * 60 * 1000): () => void {
  const run = () =>
    void sweepExpiredExports(deps).catch((e: unknown) => console.error('[api] export sweep failed:', e));
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
