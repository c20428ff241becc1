import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Deps } from './appEnv';
import { TokenVerifier } from './auth/gate';
import { SigningKeys } from './auth/signingKeys';
import { type Clock, systemClock } from './clock';
import { type Database, openDatabase } from './db/connection';
import type { ApiConfig } from './env';

/** The files the API keeps in DATA_DIR besides the embedded database. */
export const dataFiles = (dataDir: string) => ({
  pglite: join(resolve(dataDir), 'pglite'),
  adminToken: join(resolve(dataDir), 'admin-token'),
  lock: join(resolve(dataDir), 'api.lock.json'),
});

/**
 * The admin token: API_ADMIN_TOKEN when set; otherwise one generated on first start and kept in
 * DATA_DIR/admin-token (mode 0600), so operators on this machine (and the CLI) can use it.
 */
export function resolveAdminToken(config: ApiConfig): { token: string; source: 'env' | string } {
  if (config.adminToken) return { token: config.adminToken, source: 'env' };
  const file = dataFiles(config.dataDir).adminToken;
  if (!existsSync(file)) {
    mkdirSync(resolve(config.dataDir), { recursive: true });
    writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  }
  return { token: readFileSync(file, 'utf8').trim(), source: file };
}

/** Opens storage (PGlite in DATA_DIR, or DATABASE_URL), applies migrations, loads the signing keys. */
export async function createDeps(
  config: ApiConfig,
  opts: { clock?: Clock; database?: Database } = {},
): Promise<{ deps: Deps; database: Database }> {
  const clock = opts.clock ?? systemClock;
  let database = opts.database;
  if (!database) {
    if (config.databaseUrl) {
      database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    } else {
      const dir = dataFiles(config.dataDir).pglite;
      mkdirSync(dir, { recursive: true });
      database = await openDatabase({ kind: 'pglite', dataDir: dir });
    }
  }
  const keys = new SigningKeys(database.db, clock);
  await keys.init();
  const verifier = new TokenVerifier(database.db, config, clock, keys);
  return { deps: { db: database.db, config, clock, keys, verifier }, database };
}

/** Whether a process with this pid is alive. */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The URL of an API that holds this data folder right now, if any (PGlite: one process per folder). */
export function runningApi(config: ApiConfig): string | undefined {
  const file = dataFiles(config.dataDir).lock;
  if (config.databaseUrl || !existsSync(file)) return undefined;
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string };
    return alive(lock.pid) ? lock.url : undefined;
  } catch {
    return undefined;
  }
}
