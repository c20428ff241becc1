import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase as openKitTestDatabase } from '@econ/test-kit/database';
import { inject } from 'vitest';
import { createBffApp } from '../app';
import type { BffDeps } from '../appEnv';
import { createUser } from '../auth/accounts';
import { createBffDeps } from '../bootstrap';
import { ManualClock } from '../clock';
import { openDatabase, truncateAll } from '../db/connection';
import { type BffConfig, readEnv } from '../env';
import type { Role } from '../roles';
import { API_URL, fakeApi } from './fakeApi';

export const ORIGIN = 'http://console.test';
export const ADMIN_API_TOKEN = 'admin-token-for-tests-0123456789';
export const PASSWORD = 'correct horse battery staple';

const openTestDatabase = () =>
  openKitTestDatabase(openDatabase, { templateFile: () => inject('bffPgliteTemplate'), prefix: 'b' });

/** A BFF on a fresh database (one per file), a manual clock, and a fake API behind it. */
export async function createTestBff(env: Record<string, string> = {}) {
  const config: BffConfig = readEnv({
    BFF_DATA_DIR: mkdtempSync(join(tmpdir(), 'bff-test-')),
    PUBLIC_ORIGIN: ORIGIN,
    API_BASE_URL: API_URL,
    API_ADMIN_TOKEN: ADMIN_API_TOKEN,
    API_COMPANY_ID: '6b0000000000000000000001',
    BFF_SECRET_KEY: randomBytes(32).toString('hex'),
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const database = await openTestDatabase();
  const make = async () => {
    const upstream = fakeApi();
    const { deps } = await createBffDeps(config, { clock, database, fetch: upstream.fetch });
    return { upstream, deps, app: createBffApp(deps) };
  };
  let current = await make();
  return {
    get app() {
      return current.app;
    },
    get deps(): BffDeps {
      return current.deps;
    },
    get upstream() {
      return current.upstream;
    },
    clock,
    config,
    async reset() {
      clock.set('2026-11-22T12:00:00Z');
      await truncateAll(database.db);
      current = await make();
    },
    close: () => database.close(),
  };
}
export type TestBff = Awaited<ReturnType<typeof createTestBff>>;

/** A signed-in browser: its cookie and CSRF token, and a request helper that sends them. */
export async function signIn(t: TestBff, role: Role, username = `${role}-user`) {
  await createUser(t.deps, { username, password: PASSWORD, role });
  const res = await t.app.request('/bff/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    headers.set('origin', ORIGIN);
    if (init.method && init.method !== 'GET' && init.method !== 'HEAD' && !headers.has('x-csrf-token')) {
      headers.set('x-csrf-token', csrfToken);
    }
    return t.app.request(path, { ...init, headers });
  };
  return { cookie, csrfToken, request, setCookie: res.headers.get('set-cookie')! };
}
