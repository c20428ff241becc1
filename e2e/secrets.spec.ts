import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { ADMIN_PASSWORD, apiAdminToken, DATA_ROOT, expect, test } from './fixtures';

/** Every secret the running product holds: the demo credential, the API admin token, the vault key, the admin password. */
function secrets(): string[] {
  const zip = unzipSync(new Uint8Array(readFileSync(join(DATA_ROOT, 'demo-credentials.zip'))));
  const file = JSON.parse(strFromU8(zip['api-credentials.json']!)) as { clientSecret: string };
  return [
    file.clientSecret,
    strFromU8(zip['api-key.txt']!).trim(),
    apiAdminToken(),
    readFileSync(join(DATA_ROOT, 'bff', 'vault.key'), 'utf8').trim(),
    ADMIN_PASSWORD,
  ];
}

const dist = resolve(import.meta.dirname, '..', 'dist', 'web');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

test('no secret is in the built HTML and JS, nor in what the browser receives while an admin works', async ({
  asAdmin: page,
}) => {
  const all = secrets();
  expect(all.every((s) => s.length >= 16)).toBe(true);
  const files = filesUnder(dist);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const s of all) expect(text.includes(s), `${f} holds a secret`).toBe(false);
  }
  // What reaches the browser: every response body and header while an admin visits each page.
  const seen: string[] = [];
  page.on('response', async (res) => {
    const body = await res.text().catch(() => '');
    seen.push(`${res.url()}\n${JSON.stringify(res.headers())}\n${body}`);
  });
  for (const link of ['Projects', 'Credentials', 'Users', 'Audit log']) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await page.waitForLoadState('networkidle');
  }
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(seen.length).toBeGreaterThan(5);
  for (const text of seen) for (const s of all) expect(text.includes(s)).toBe(false);
});
