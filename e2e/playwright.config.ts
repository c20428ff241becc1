import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser stories against the whole product (API + BFF + built SPA), started by `scripts/start.ts`
 * on free ports with fresh data folders, in Debian's Chromium.
 */
/** A port nothing listens on now (asked of the OS by a short-lived process, as the config is synchronous). */
const freePort = (): string =>
  execSync(
    `${JSON.stringify(process.execPath)} -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"`,
    { encoding: 'utf8' },
  ).trim();
// Chosen once in the main process; workers inherit them through the environment.
process.env.E2E_API_PORT ??= freePort();
process.env.E2E_BFF_PORT ??= freePort();
const API_PORT = process.env.E2E_API_PORT;
const BFF_PORT = process.env.E2E_BFF_PORT;
process.env.E2E_DATA_ROOT ??= mkdtempSync(join(tmpdir(), 'e2e-data-'));
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password-0123';

const chromium = (() => {
  try {
    return execSync('which chromium', { encoding: 'utf8' }).trim();
  } catch {
    return '/usr/bin/chromium';
  }
})();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 1,
  fullyParallel: false,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: resolve(process.env.E2E_DATA_ROOT, 'results'),
  use: {
    baseURL: `http://127.0.0.1:${BFF_PORT}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'node_modules/.bin/tsx scripts/start.ts',
    cwd: resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${BFF_PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      DATA_ROOT: process.env.E2E_DATA_ROOT,
      PORT: API_PORT,
      BFF_PORT,
      CONSOLE_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    },
  },
});
