/**
 * What the sign-in page weighs: serves a built console (`dist/web`, or the folder given) on a free
 * port with no backend (the session answers 401, as for a signed-out browser), opens `/login` in
 * Chromium and prints every script and style sheet it loaded with its gzip size, and the total.
 *
 *   npx vite build && npx tsx scripts/signInWeight.ts [dist/web]
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const dist = resolve(process.argv[2] ?? 'dist/web');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path.startsWith('/bff/')) {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"name":"Unauthorized","message":"signed out"}');
    return;
  }
  const file = path.startsWith('/assets/') ? join(dist, path) : join(dist, 'index.html');
  try {
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({ executablePath: execSync('which chromium', { encoding: 'utf8' }).trim() });
const page = await browser.newPage();
const loaded: { path: string; gzip: number }[] = [];
page.on('response', async (res) => {
  const type = res.request().resourceType();
  if (type === 'script' || type === 'stylesheet')
    loaded.push({ path: new URL(res.url()).pathname, gzip: gzipSync(await res.body()).length });
});
await page.goto(`${origin}/login`);
await page.getByLabel('Username').waitFor();
await page.waitForLoadState('networkidle');
await browser.close();
server.close();

for (const f of loaded.sort((a, b) => b.gzip - a.gzip))
  console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KiB  ${f.path}`);
const total = loaded.reduce((s, f) => s + f.gzip, 0);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB gzip in ${loaded.length} files: the sign-in page (${dist})`);
