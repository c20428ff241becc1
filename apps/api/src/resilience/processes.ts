import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newServerDatabase, testBackend } from '@econ/test-kit/database';
import { inject } from 'vitest';
import { ManualClock } from '../clock';
import { type Database, openDatabase } from '../db/connection';
import { ADMIN_TOKEN, type TestApi } from '../test/harness';

/**
 * Helpers of the resilience tests: the real API (and BFF) as child processes on 127.0.0.1, port 0,
 * talked to over HTTP; storage per test (a PGlite folder, or a new database on the server of
 * TEST_DATABASE_URL); direct database access while no API holds it; a round-robin proxy.
 */

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
/** The fixtures' admin token (`test/fixtures.ts` sends it). */
export const ADMIN = ADMIN_TOKEN;
export const BACKEND = testBackend();

export interface Proc {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL: no shutdown code runs. Resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/** A started child: `ready` resolves once it printed its URL; `kill9` works before that too. */
export interface Launch {
  child: ChildProcess;
  ready: Promise<Proc>;
  kill9(): Promise<void>;
}

/**
 * Starts `node --import tsx <entry>` in the repository; `ready` resolves once a line matches
 * `ready` (its first group is the URL) and rejects with the output when the process exits first.
 */
export function launch(entry: string, env: Record<string, string>, ready: RegExp, timeoutMs = 60_000): Launch {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const kill9 = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const readyP = new Promise<Proc>((resolveP, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        const url = m[1]!;
        resolveP({
          url,
          port: Number(new URL(url).port),
          child,
          output: () => out,
          exited,
          kill9,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${out}`));
    });
  });
  readyP.catch(() => {});
  return { child, ready: readyP, kill9 };
}

/** `launch` and wait until it is ready. */
export const spawnNode = (entry: string, env: Record<string, string>, ready: RegExp, timeoutMs = 60_000) =>
  launch(entry, env, ready, timeoutMs).ready;

/** Where one test's API keeps its data: a folder (always: exports, lock) and, on PostgreSQL, a database. */
export interface Storage {
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
  /** Opens the database from this process (PGlite: only while no API holds the folder). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * New storage for one test. On PGlite the folder starts as a copy of the run's migrated template
 * (a first start that migrates takes seconds) unless `empty` is set.
 */
export async function newStorage(opts: { backend?: 'pglite' | 'postgres'; empty?: boolean } = {}): Promise<Storage> {
  const backend = opts.backend ?? BACKEND;
  const dataDir = mkdtempSync(join(tmpdir(), 'api-resilience-'));
  if (backend === 'pglite' && !opts.empty) {
    const seeded = await openDatabase({
      kind: 'pglite',
      dataDir: join(dataDir, 'pglite'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    await seeded.close();
  }
  const server = backend === 'postgres' ? await newServerDatabase('r') : undefined;
  const databaseUrl = server?.url;
  return {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    open: () =>
      openDatabase(
        databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      ),
    async drop() {
      await server?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` on the storage's database from this process and closes it. */
export async function withDb<T>(storage: Storage, fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await storage.open();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** Starts the real API (`apps/api/src/main.ts`) on 127.0.0.1 (port 0 unless given). */
export function startApi(storage: Storage, env: Record<string, string> = {}): Promise<Proc> {
  return launchApi(storage, env).ready;
}

/** Starts the real API without waiting for it. */
export function launchApi(storage: Storage, env: Record<string, string> = {}): Launch {
  return launch(
    'apps/api/src/main.ts',
    { ...storage.env, HOST: '127.0.0.1', PORT: '0', API_ADMIN_TOKEN: ADMIN, ...env },
    /\[api\] listening on (http:\/\/[^\s]+)/,
  );
}

/**
 * A `TestApi` look-alike whose `app.request` goes over HTTP to `base` (a full URL is fetched as
 * is), so the fixtures of `test/fixtures.ts` (signedIn, postRecords, econRunFixture…) work
 * against a real process. `base` may change (a restarted process).
 */
export function httpApi(base: () => string): TestApi {
  const request = (path: string, init?: RequestInit) => fetch(/^https?:/.test(path) ? path : `${base()}${path}`, init);
  return {
    app: { request },
    clock: new ManualClock(new Date().toISOString()),
  } as unknown as TestApi;
}

export const adminHeaders = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };

/** A JSON request; resolves with the status and the parsed body. */
export async function call(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A tiny round-robin reverse proxy over `upstreams` (node:http, one upstream after the other). */
export async function roundRobin(upstreams: string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server: Server = createServer((req, res) => {
    const target = new URL(upstreams[next++ % upstreams.length]!);
    const up = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (ur) => {
        res.writeHead(ur.statusCode ?? 502, ur.headers);
        ur.pipe(res);
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('upstream unreachable');
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Polls `fn` until it returns a value other than undefined (every 50 ms, up to `ms`). */
export async function until<T>(fn: () => Promise<T | undefined>, ms = 30_000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
