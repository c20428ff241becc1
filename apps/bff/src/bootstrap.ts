import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BffDeps } from './appEnv';
import { type Clock, systemClock } from './clock';
import { type Database, openDatabase } from './db/connection';
import type { BffConfig } from './env';
import { TokenProvider } from './tokens/tokenProvider';
import { loadVaultKey, SecretBox } from './vault/secretBox';

/** Opens the BFF's storage, loads the vault key and builds the token provider. */
export async function createBffDeps(
  config: BffConfig,
  opts: { clock?: Clock; database?: Database; fetch?: typeof fetch } = {},
): Promise<{ deps: BffDeps; database: Database; vaultKeySource: string }> {
  const clock = opts.clock ?? systemClock;
  mkdirSync(resolve(config.dataDir), { recursive: true });
  let database = opts.database;
  if (!database) {
    if (config.databaseUrl) database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    else {
      const dir = join(resolve(config.dataDir), 'pglite');
      mkdirSync(dir, { recursive: true });
      database = await openDatabase({ kind: 'pglite', dataDir: dir });
    }
  }
  const { key, source } = loadVaultKey({ secretKey: config.secretKey, dataDir: resolve(config.dataDir) });
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const tokens = new TokenProvider({ authUrl: config.authUrl, v1Audience: config.v1Audience, clock, fetch: fetchImpl });
  return {
    deps: { db: database.db, config, clock, box: new SecretBox(key), tokens, fetch: fetchImpl },
    database,
    vaultKeySource: source,
  };
}
