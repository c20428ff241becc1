import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EconRun, type ExportView, econModelExample, ForecastParameterView } from '@econ/contract';
import { call } from '@econ/test-kit/http';
import { type Proc, startBffProcess, until } from '@econ/test-kit/processes';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedUrl } from '../exports/links';
import { createCompany, createCredential } from '../test/fixtures';
import { BACKEND, httpApi, launchApi, newStorage, type Storage, startApi, withDb } from './processes';
import { pool, world, writeUntilKilled } from './world';

/**
 * The real API as a child process, killed with SIGKILL at bad moments and started again on the
 * same storage (PGlite in DATA_DIR, or the database of TEST_DATABASE_URL in the api-postgres
 * project). The quick case runs in every test run; the rest with RESILIENCE_FULL=1
 * (`npm run test:faults`).
 */
const FULL = process.env.RESILIENCE_FULL === '1';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => {});
  cleanup = [];
});

/** Storage plus the API on it; `restart` kills (or has killed) the process and starts a new one. */
async function running(opts: { empty?: boolean; env?: Record<string, string> } = {}) {
  const storage = await newStorage({ empty: opts.empty });
  let proc: Proc = await startApi(storage, opts.env);
  const h = {
    storage,
    get proc() {
      return proc;
    },
    base: () => proc.url,
    /** Kills the process (if alive) and starts a new one on the same port (tokens name the URL). */
    async restart(env: Record<string, string> = {}) {
      await proc.kill9();
      proc = await startApi(storage, { ...opts.env, PORT: String(proc.port), ...env });
      return proc;
    },
  };
  cleanup.push(async () => {
    await proc.kill9();
    await storage.drop();
  });
  return h;
}

const THREE = (q: number) => [
  {
    segmentType: 'arps_modified',
    startDate: '2025-01-01',
    endDate: '2027-12-31',
    qStart: q,
    b: 1.1,
    dEff: 0.65,
    realizedDEffSw: 0.08,
  },
  { segmentType: 'exp_dec', startDate: '2028-01-01', endDate: '2034-12-31', qStart: 180, dEff: 0.08 },
  { segmentType: 'flat', startDate: '2035-01-01', endDate: '2040-12-31', qStart: 90 },
];

describe(`the API killed with SIGKILL during bulk writes (${BACKEND})`, () => {
  it('forecast parameters PUT: every acknowledged record is there after restart; no record is half-applied', async () => {
    const api = await running();
    const w = await world(api.base, { wells: 100 });
    const phases = ['oil', 'gas', 'water'] as const;
    // 300 combinations in 12 batches of 25; the first segment's qStart tells which batch wrote it.
    const combos = w.wells.flatMap((well) => phases.map((phase) => ({ well, phase })));
    const batchOf = (i: number) => combos.slice(i * 25, i * 25 + 25);
    const qOf = (b: number) => 5000 + b;
    const url = () => `${api.base()}/v1/projects/${w.project}/forecasts/${w.forecast}/parameters`;
    // The world wrote oil and gas flat for every well already: replace them.
    const { acked, sent } = await writeUntilKilled({
      batches: 12,
      streams: 2,
      ackAfter: 3,
      send: (b) =>
        call(
          url(),
          'PUT',
          w.h,
          batchOf(b).map(({ well, phase }) => ({
            well,
            forecastType: 'rate',
            phase,
            series: 'best',
            segments: THREE(qOf(b)),
          })),
        ),
      kill: () => api.proc.kill9(),
    });
    expect(acked.size).toBeGreaterThanOrEqual(3);
    for (const ms of acked.values()) expect(ms.failedCount, JSON.stringify(ms)).toBe(0);
    await api.restart();
    const seen = await pool(combos, 8, async ({ well, phase }) => {
      const r = await call(`${url()}/${well}/${phase}/best`, 'GET', w.h);
      expect(r.status).toBe(200);
      return ForecastParameterView.parse(r.body);
    });
    let partial = 0;
    combos.forEach((c, i) => {
      const b = Math.floor(i / 25);
      const view = seen[i]!;
      const q = view.segments[0]?.qStart;
      if (acked.has(b)) {
        // Acknowledged: the batch's three segments, whole.
        expect(view.segments.map((s) => s.segmentType)).toEqual(['arps_modified', 'exp_dec', 'flat']);
        expect(q).toBe(qOf(b));
      } else if (q === qOf(b)) {
        // Written by a batch cut short by the kill: whole.
        expect(view.segments).toHaveLength(3);
        expect(sent.has(b)).toBe(true);
        partial++;
      } else if (c.phase === 'water') {
        expect(view.segments).toEqual([]);
      } else {
        // Still the world's single flat segment.
        expect(view.segments.map((s) => s.segmentType)).toEqual(['flat']);
      }
    });
    console.info(
      `[faults] parameters: ${acked.size} of ${sent.size} batches acknowledged, ${partial} records of cut batches whole`,
    );
  });

  it.runIf(FULL)('type-curve POST /batch: acknowledged curves are there whole; none is half-made', async () => {
    const api = await running();
    const w = await world(api.base, { wells: 40 });
    const base = () => `${api.base()}/v2/projects/${w.project}/type-curves`;
    const wellsOf = (b: number, j: number) => w.wells.filter((_, k) => (k + b + j) % 3 === 0);
    const { acked } = await writeUntilKilled({
      batches: 10,
      streams: 2,
      ackAfter: 3,
      send: (b) =>
        call(
          `${base()}/batch`,
          'POST',
          w.h,
          Array.from({ length: 100 }, (_, j) => ({
            name: `B${b}-${j}`,
            forecast: w.forecast,
            wells: wellsOf(b, j),
            excludedWells: [wellsOf(b, j)[0]],
          })),
        ),
      kill: () => api.proc.kill9(),
    });
    for (const ms of acked.values()) expect(ms.failedCount, JSON.stringify(ms)).toBe(0);
    await api.restart();
    const stored: { name: string; wells?: string[]; excludedWells?: string[]; forecast?: string }[] = [];
    for (let skip = 0; ; skip += 200) {
      const r = await call(`${base()}?take=200&skip=${skip}`, 'GET', w.h);
      expect(r.status).toBe(200);
      const page = r.body as typeof stored;
      stored.push(...page);
      if (page.length < 200) break;
    }
    const byName = new Map(stored.map((c) => [c.name, c]));
    for (const b of acked.keys()) for (let j = 0; j < 100; j++) expect(byName.has(`B${b}-${j}`)).toBe(true);
    for (const c of stored) {
      const [, b, j] = /^B(\d+)-(\d+)$/.exec(c.name)!.map(Number) as [number, number, number];
      expect(c).toMatchObject({ forecast: w.forecast, wells: wellsOf(b, j), excludedWells: [wellsOf(b, j)[0]] });
    }
  });

  it.runIf(FULL)('econ-model array POST: acknowledged models are there whole; none is half-made', async () => {
    const api = await running();
    const w = await world(api.base, { wells: 1 });
    const kind = 'expenses';
    const base = () => `${api.base()}/v1/projects/${w.project}/econ-models/${kind}`;
    const { acked } = await writeUntilKilled({
      batches: 10,
      streams: 2,
      ackAfter: 3,
      send: (b) =>
        call(
          base(),
          'POST',
          w.h,
          Array.from({ length: 200 }, (_, j) => ({ name: `B${b}-${j}`, tags: [`b${b}`], ...econModelExample(kind) })),
        ),
      kill: () => api.proc.kill9(),
    });
    for (const ms of acked.values()) expect(ms.failedCount, JSON.stringify(ms)).toBe(0);
    await api.restart();
    const stored: Record<string, unknown>[] = [];
    for (let skip = 0; ; skip += 200) {
      const r = await call(`${base()}?take=200&skip=${skip}`, 'GET', w.h);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const page = r.body as Record<string, unknown>[];
      stored.push(...page);
      if (page.length < 200) break;
    }
    const names = new Set(stored.map((m) => m.name));
    for (const b of acked.keys()) for (let j = 0; j < 200; j++) expect(names.has(`B${b}-${j}`)).toBe(true);
    // Whole: every stored model holds every function of the kind, as the first one does.
    const fns = Object.keys(econModelExample(kind));
    expect(fns.length).toBeGreaterThan(0);
    const pick = (m: Record<string, unknown>) => Object.fromEntries(fns.map((f) => [f, m[f]]));
    const reference = pick(stored[0]!);
    for (const m of stored) {
      expect(pick(m)).toEqual(reference);
      expect(m.tags).toEqual([`b${/^B(\d+)-/.exec(m.name as string)![1]}`]);
    }
  });
});

/** Whether the API still has a connection to the test database (PostgreSQL only). */
async function apiConnected(storage: Storage): Promise<boolean> {
  const name = new URL(storage.databaseUrl!).pathname.slice(1);
  const server = process.env.TEST_DATABASE_URL!;
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    return (r.rows[0] as { n: number }).n > 0;
  } finally {
    await c.end();
  }
}

describe.runIf(FULL)(`the API killed with SIGKILL at start, during an export, during an econ run (${BACKEND})`, () => {
  it('killed during its first start (opening storage, migrations) three times: the next start is clean', async () => {
    const storage = await newStorage({ empty: true });
    cleanup.push(() => storage.drop());
    // Kill as soon as the process has touched the storage, then later and later.
    const kills: string[] = [];
    for (const delay of [0, 500, 1500]) {
      const child = launchApi(storage);
      const touched = await until(
        async () =>
          (storage.databaseUrl ? await apiConnected(storage) : existsSync(join(storage.dataDir, 'pglite'))) ||
          undefined,
        60_000,
        'the API to open its storage',
      );
      expect(touched).toBe(true);
      await new Promise((r) => setTimeout(r, delay));
      const wasReady = await Promise.race([
        child.ready.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 0)),
      ]);
      await child.kill9();
      kills.push(wasReady ? `${delay} ms: already listening` : `${delay} ms: starting`);
    }
    const proc = await startApi(storage);
    cleanup.push(() => proc.kill9());
    expect((await call(`${proc.url}/healthz`, 'GET', {})).status).toBe(200);
    const w = await world(() => proc.url, { wells: 3 });
    expect(w.wells).toHaveLength(3);
    console.info(`[faults] first start killed at: ${kills.join('; ')}`);
  });

  it('killed while writing an async export: no partial file is served; once the stall rule applies, the start marks it failed and deletes its files', async () => {
    const secret = 'resilience-export-link-secret-0123456789';
    const api = await running({ env: { EXPORT_LINK_SECRET: secret, EXPORT_ROWS_PER_FILE: '20000' } });
    const w = await world(api.base, { wells: 200, years: 40 });
    const start = await fetch(`${api.base()}/v1/exports`, {
      method: 'POST',
      headers: { ...w.h, prefer: 'respond-async' },
      body: JSON.stringify({
        exportType: 'dailyForecastVolumeExport',
        fileType: 'parquet',
        projectId: w.project,
        forecastId: w.forecast,
      }),
    });
    expect(start.status).toBe(202);
    const { id } = (await start.json()) as { id: string };
    const view = () => call(`${api.base()}/v1/exports/${id}`, 'GET', w.h).then((r) => r.body as ExportView);
    await until(async () => ((await view()).filesDone >= 1 ? true : undefined), 60_000, 'a first export file');
    await api.proc.kill9();
    const folder = join(api.storage.dataDir, 'exports', id);
    const onDisk = existsSync(folder) ? readdirSync(folder) : [];
    expect(onDisk.length).toBeGreaterThan(0);

    // Started again at once: the export is not complete and no link to its partial files works.
    await api.restart();
    const after = await view();
    expect(['running', 'failed']).toContain(after.status);
    expect(after.fileUrls).toEqual([]);
    for (const name of onDisk) {
      const link = signedUrl(api.base(), secret, id, name, new Date(after.expiresAt));
      expect((await fetch(link)).status).toBe(404);
    }
    // Ten minutes of silence later (set back in the database: the process is down), a start fails
    // it and deletes its files.
    await api.proc.kill9();
    await withDb(api.storage, (db) =>
      db.execute(sql`UPDATE exports SET updated_at = updated_at - interval '11 minutes' WHERE id = ${id}`),
    );
    await api.restart();
    const failed = await until(
      async () => {
        const v = await view();
        return v.status === 'failed' ? v : undefined;
      },
      30_000,
      'the export to be failed',
    );
    expect(failed.error).toContain('the API process generating it ended');
    expect(failed.fileUrls).toEqual([]);
    // The files go right after the status is written (same sweep).
    await until(async () => (existsSync(folder) ? undefined : true), 30_000, 'the partial files to be deleted');
    console.info(
      `[faults] export: ${onDisk.length} partial files at the kill, ${after.status} at restart, then failed`,
    );
  });

  it('killed during an econ run: after the stale rules (heartbeats set back), the restarted process goes on with the run’s chunks and computes every well once', async () => {
    const api = await running();
    const w = await world(api.base, { wells: 400, years: 40, scenario: true });
    const posted = await call(`${api.base()}${w.runs}`, 'POST', w.h, { forecast: w.forecast });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const runId = (posted.body as EconRun).id;
    const get = () => call(`${api.base()}${w.runs}/${runId}`, 'GET', w.h).then((r) => r.body as EconRun);
    const seen = await until(
      async () => {
        const r = await get();
        return r.status !== 'pending' ? r : undefined;
      },
      60_000,
      'the run to start',
    );
    await api.proc.kill9();
    const before = await withDb(api.storage, async (db) => {
      const r = await db.execute<{ status: string; attempts: number; worker_id: string }>(
        sql`SELECT status, attempts, worker_id FROM econ_runs WHERE id = ${runId}`,
      );
      return (r as unknown as { rows: { status: string; attempts: number; worker_id: string }[] }).rows[0]!;
    });
    if (before.status === 'complete') {
      console.warn('[faults] econ run completed before the kill: the take-up is not exercised this time');
    } else {
      expect(before).toMatchObject({ status: 'running', attempts: 1 });
      // The killed process's chunk (and the run) look silent for longer than the stale rules.
      await withDb(api.storage, async (db) => {
        await db.execute(
          sql`UPDATE econ_runs SET heartbeat_at = heartbeat_at - interval '11 minutes' WHERE id = ${runId}`,
        );
        await db.execute(
          sql`UPDATE job_chunks SET heartbeat_at = heartbeat_at - interval '11 minutes' WHERE run_id = ${runId}`,
        );
      });
    }
    await api.restart();
    const done = await until(
      async () => {
        const r = await get();
        return r.status === 'complete' || r.status === 'failed' ? r : undefined;
      },
      120_000,
      'the run to end',
    );
    expect(done.status, done.error).toBe('complete');
    expect(done.progress).toMatchObject({ wellsTotal: 400, wellsDone: 400 });
    await api.proc.kill9();
    const after = await withDb(api.storage, async (db) => {
      const q = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };
      const run = (
        await q<{ attempts: number; worker_id: string }>(
          sql`SELECT attempts, worker_id FROM econ_runs WHERE id = ${runId}`,
        )
      ).rows[0]!;
      const wells = (
        await q<{ n: number; distinct: number }>(
          sql`SELECT count(*)::int AS n, count(DISTINCT well_id)::int AS distinct FROM econ_run_wells WHERE run_id = ${runId}`,
        )
      ).rows[0]!;
      const chunks = (
        await q<{ worker_id: string; attempts: number }>(
          sql`SELECT worker_id, attempts FROM job_chunks WHERE run_id = ${runId} ORDER BY chunk_no`,
        )
      ).rows;
      return { run, wells, chunks };
    });
    expect(after.wells).toEqual({ n: 400, distinct: 400 });
    // 400 wells in chunks of 50, each computed once and kept; none needed more than the attempt cut short.
    expect(after.chunks).toHaveLength(8);
    for (const c of after.chunks) expect(c.attempts).toBeLessThanOrEqual(2);
    if (before.status !== 'complete') {
      // The run was not planned again: the restarted process went on with its chunks and ended it.
      expect(after.run.attempts).toBe(1);
      expect(after.run.worker_id).not.toBe(before.worker_id);
    }
    console.info(
      `[faults] econ run: ${before.status} at the kill (seen ${seen.status}, ${seen.progress.wellsDone}/400), attempts ${after.run.attempts}`,
    );
  });
});

describe.runIf(FULL)('the BFF while its API freezes, goes away and comes back', () => {
  it('answers 504 while the API is frozen and 502 while it is down (no crash, no hang), and works again each time it is back', async () => {
    const api = await running();
    const company = await createCompany(httpApi(api.base), 'Console Co');
    const created = await createCredential(httpApi(api.base), company.id, 'v2');
    const zip = await fetch(created.download.url);
    expect(zip.status).toBe(200);
    const bffDir = mkdtempSync(join(tmpdir(), 'bff-resilience-'));
    cleanup.push(async () => rmSync(bffDir, { recursive: true, force: true }));
    writeFileSync(join(bffDir, 'credential.zip'), new Uint8Array(await zip.arrayBuffer()));
    const origin = 'http://console.test';
    const password = 'resilience-console-password';
    const bff = await startBffProcess({
      BFF_DATA_DIR: join(bffDir, 'data'),
      API_BASE_URL: api.base(),
      PUBLIC_ORIGIN: origin,
      CONSOLE_ADMIN_PASSWORD: password,
      BFF_SEED_CREDENTIAL_ZIP: join(bffDir, 'credential.zip'),
      WEB_DIST: join(bffDir, 'web'),
      API_TIMEOUT_SECONDS: '2',
    });
    cleanup.push(() => bff.kill9());
    const session = await fetch(`${bff.url}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const browser = (path: string, method = 'GET', body?: unknown) =>
      call(
        `${bff.url}${path}`,
        method,
        {
          cookie,
          origin,
          'content-type': 'application/json',
          ...(method === 'GET' ? {} : { 'x-csrf-token': csrfToken }),
        },
        body,
      );

    /** A read and a write of projects through the BFF, both answered `status` with `name` and `text`. */
    const expectReadAndWrite = async (status: number, name: string, text: string, projectName: string) => {
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', [{ name: projectName }]],
      ] as const) {
        const r = await browser('/api/v1/projects', method, body);
        expect(r.status, JSON.stringify(r.body)).toBe(status);
        expect(r.body).toMatchObject({ name });
        expect(JSON.stringify(r.body)).toContain(text);
      }
    };

    expect((await browser('/api/v1/projects')).status).toBe(200);

    // Frozen (SIGSTOP): the API's socket takes the connection and never answers. The BFF gives up
    // after API_TIMEOUT_SECONDS with a 504, and works again once the API runs on.
    api.proc.child.kill('SIGSTOP');
    try {
      await expectReadAndWrite(504, 'UpstreamTimeout', 'did not answer within 2 s', 'While frozen');
      expect((await browser('/bff/session')).status).toBe(200);
    } finally {
      api.proc.child.kill('SIGCONT');
    }
    expect((await browser('/api/v1/projects')).status).toBe(200);

    await api.proc.kill9();
    await expectReadAndWrite(502, 'UpstreamUnavailable', 'cannot be reached', 'While down');
    // The BFF itself is up: its own routes answer.
    expect((await browser('/bff/session')).status).toBe(200);
    expect(bff.child.exitCode).toBe(null);

    await api.restart();
    expect((await browser('/api/v1/projects')).status).toBe(200);
    const made = await browser('/api/v1/projects', 'POST', [{ name: 'After' }]);
    expect(made.status, JSON.stringify(made.body)).toBe(207);
  });
});
