import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps as child processes, started by file path (no app imports another's source): the real
 * API and BFF on 127.0.0.1, port 0 unless given, found by the URL they print once they listen; and
 * scripts (the operator CLI) run to their end.
 */

/** The repository's root: entries are given relative to it and children run in it. */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = join(REPO, 'node_modules/.bin/tsx');

/** The API's entry and the line it prints once it listens (its first group is the URL). */
export const API_MAIN = 'apps/api/src/main.ts';
export const API_READY = /\[api\] listening on (http:\/\/[^\s]+)/;
/** The console backend's entry and its ready line. */
export const BFF_MAIN = 'apps/bff/src/main.ts';
export const BFF_READY = /\[bff\] console on (http:\/\/[^\s]+)/;

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

/**
 * The real API (`apps/api/src/main.ts`) on 127.0.0.1, port 0 unless `env` says otherwise, without
 * waiting for it. Its storage comes from `env` (DATA_DIR, DATABASE_URL).
 */
export const launchApiProcess = (env: Record<string, string>): Launch =>
  launch(API_MAIN, { HOST: '127.0.0.1', PORT: '0', ...env }, API_READY);

/** `launchApiProcess` and wait until it listens. */
export const startApiProcess = (env: Record<string, string>): Promise<Proc> => launchApiProcess(env).ready;

/** The real console backend (`apps/bff/src/main.ts`) on 127.0.0.1, port 0 unless `env` says otherwise. */
export const startBffProcess = (env: Record<string, string>): Promise<Proc> =>
  spawnNode(BFF_MAIN, { BFF_HOST: '127.0.0.1', BFF_PORT: '0', ...env }, BFF_READY);

/** How a script run ended, and what it printed. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `tsx <script> …args` in the repository (the way an operator runs `npm run cli`). */
export function spawnScript(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(TSX, [script, ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Collects a child's output until it ends. */
export function finished(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
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
