/**
 * One measured export of the workbook benchmark, in its own process on the benchmark's database,
 * so its peak memory is its own. Prints one JSON line.
 *
 *   worker.ts workbook|parquet <dataDir> <projectId> <scenarioId> <runId>
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createDeps } from '../../apps/api/src/bootstrap';
import { econRunWells } from '../../apps/api/src/db/schema';
import { readEnv } from '../../apps/api/src/env';
import { writeEconMonthlyExport } from '../../apps/api/src/exports/econMonthlyFiles';
import { writeEconWorkbookExport } from '../../apps/api/src/exports/econWorkbookFiles';
import { FolderStore } from '../../apps/api/src/exports/folderStore';
import { BENCH_ADMIN_TOKEN } from '../benchApi';

const [mode, dataDir, projectId, scenarioId, econRunId] = process.argv.slice(2);
if ((mode !== 'workbook' && mode !== 'parquet') || !dataDir || !projectId || !scenarioId || !econRunId) {
  throw new Error('usage: worker.ts workbook|parquet <dataDir> <projectId> <scenarioId> <runId>');
}
const MB = 1024 * 1024;
const config = readEnv({
  DATA_DIR: dataDir,
  API_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
  PUBLIC_BASE_URL: 'http://127.0.0.1',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const { deps, database } = await createDeps(config);
const out = mkdtempSync(join(tmpdir(), 'bench-workbook-out-'));
try {
  global.gc?.();
  const startRss = process.memoryUsage.rss();
  const rss: number[] = [];
  const common = {
    db: deps.db,
    projectId,
    scenarioId,
    econRunId,
    store: new FolderStore(out),
    exportId: randomBytes(12).toString('hex'),
    onProgress: () => {
      rss.push(process.memoryUsage.rss());
    },
  };
  const t0 = performance.now();
  const files =
    mode === 'workbook'
      ? await writeEconWorkbookExport({ ...common, now: new Date() })
      : await writeEconMonthlyExport({ ...common, rowsPerFile: 5_000_000 });
  const seconds = (performance.now() - t0) / 1000;
  // Rows: the run's monthly rows (the workbook's other sheets are small beside them).
  const [row] = await deps.db
    .select({ n: sql<number>`coalesce(sum(${econRunWells.months}), 0)::int` })
    .from(econRunWells)
    .where(eq(econRunWells.runId, econRunId));
  const at = (f: number) => rss[Math.min(rss.length - 1, Math.max(0, Math.ceil(f * rss.length) - 1))] ?? 0;
  console.log(
    JSON.stringify({
      mode,
      rows: Number(row?.n ?? 0),
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      seconds,
      startRssMb: startRss / MB,
      maxRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
      rssAtMb: [at(0.1), at(0.5), at(1)].map((b) => b / MB),
    }),
  );
} finally {
  await database.close();
  rmSync(out, { recursive: true, force: true });
}
