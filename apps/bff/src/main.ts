import { existsSync, readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createBffApp } from './app';
import { ensureFirstAdmin } from './auth/accounts';
import { pruneSessions } from './auth/sessions';
import { createBffDeps } from './bootstrap';
import { readEnv } from './env';
import { parseCredentialZip } from './vault/credentialZip';
import { installCredential, listVault } from './vault/vault';

async function main(): Promise<void> {
  const config = readEnv();
  const { deps, database, vaultKeySource } = await createBffDeps(config);
  const firstAdmin = await ensureFirstAdmin(deps);
  if (config.seedCredentialZip && existsSync(config.seedCredentialZip) && (await listVault(deps)).length === 0) {
    const installed = await installCredential(
      deps,
      parseCredentialZip(new Uint8Array(readFileSync(config.seedCredentialZip))),
      {
        source: 'upload',
      },
    );
    console.log(`[bff] installed the ${installed.version} credential ${installed.principal} into the vault`);
  }
  const app = createBffApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(
      `[bff] console on http://${config.host}:${info.port} (origin ${config.origin}), API ${config.apiBaseUrl}`,
    );
    console.log(
      `[bff] storage: ${database.kind}; vault key from ${vaultKeySource === 'env' ? 'BFF_SECRET_KEY' : vaultKeySource}`,
    );
    if (firstAdmin?.password) {
      console.log(
        `[bff] first sign-in: user "${firstAdmin.username}", password ${firstAdmin.password} (shown once; change it after signing in)`,
      );
    } else if (firstAdmin) {
      console.log(`[bff] first sign-in: user "${firstAdmin.username}" with CONSOLE_ADMIN_PASSWORD`);
    }
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    console.error(
      e.code === 'EADDRINUSE'
        ? `[bff] port ${config.port} on ${config.host} is already in use: stop the other process or set BFF_PORT`
        : `[bff] cannot listen on ${config.host}:${config.port}: ${e.message}`,
    );
    process.exit(1);
  });
  const timer = setInterval(() => void pruneSessions(deps).catch(() => {}), 10 * 60 * 1000);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`[bff] ${(e as Error).message}`);
  process.exit(1);
});
