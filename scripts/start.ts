/**
 * `npm start`: the whole product on its embedded defaults. Builds the console, starts the API
 * (PGlite in .data/api), seeds the demo data and a demo credential on first start, starts the
 * console backend (PGlite in .data/bff) with that credential in its vault, and prints the console
 * URL and the first admin login. Ctrl-C stops both.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const data = resolve(process.env.DATA_ROOT ?? join(root, '.data'));
const apiPort = process.env.PORT ?? '4000';
const bffPort = process.env.BFF_PORT ?? '3000';
const host = '127.0.0.1';
const apiUrl = `http://${host}:${apiPort}`;
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const children: ChildProcess[] = [];

function start(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(tsx, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    console.log(`[start] ${name} exited (${code}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(code = 0): never {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url: string, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

mkdirSync(data, { recursive: true });
console.log('[start] building the console (vite build)…');
const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) stop(1);

const apiData = join(data, 'api');
start('api', 'apps/api/src/main.ts', { PORT: apiPort, HOST: host, DATA_DIR: apiData });
await waitFor(`${apiUrl}/healthz`);

const demoFile = join(data, 'demo.json');
const demoZip = join(data, 'demo-credentials.zip');
if (!existsSync(demoFile)) {
  console.log('[start] first start: seeding the demo company, project, wells, forecast and scenario…');
  const seed = spawnSync(tsx, ['apps/api/src/cli.ts', 'seed', '--demo', '--out', demoZip], {
    cwd: root,
    env: { ...process.env, DATA_DIR: apiData },
    encoding: 'utf8',
  });
  if (seed.status !== 0) {
    console.error(seed.stderr);
    stop(1);
  }
  writeFileSync(demoFile, seed.stdout);
}
const demo = JSON.parse(readFileSync(demoFile, 'utf8')) as { companyId: string; projectId: string };
const adminToken = readFileSync(join(apiData, 'admin-token'), 'utf8').trim();

start('bff', 'apps/bff/src/main.ts', {
  BFF_PORT: bffPort,
  BFF_HOST: host,
  BFF_DATA_DIR: join(data, 'bff'),
  API_BASE_URL: apiUrl,
  API_ADMIN_TOKEN: process.env.API_ADMIN_TOKEN ?? adminToken,
  API_COMPANY_ID: demo.companyId,
  BFF_SEED_CREDENTIAL_ZIP: demoZip,
  WEB_DIST: join(root, 'dist', 'web'),
});
await waitFor(`http://${host}:${bffPort}/`);
console.log(`\n[start] the console is at http://${host}:${bffPort}  (API at ${apiUrl}, reference ${apiUrl}/docs)`);
console.log(
  '[start] sign in as "admin" with the password printed above on the first start (or CONSOLE_ADMIN_PASSWORD)\n',
);
