import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { ADMIN_PASSWORD, call, DATA_ROOT, expect, signInAs, test } from './fixtures';

/**
 * The admin pages (issue 22): past exports listed by the API, named credentials whose count adds
 * up, and an audit log filtered by user and action with readable targets. The stories share the
 * product with the others: what they create they remove (the credential), or it changes nothing
 * another story counts (an export, a refused write).
 */
test.describe.configure({ mode: 'serial' });

const demo = () =>
  JSON.parse(readFileSync(`${DATA_ROOT}/demo.json`, 'utf8')) as { projectId: string; forecastId: string };

/** The page is no wider than its window at 1280 px and at 1920 px; a screenshot of each. */
async function noOverflow(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(scroll, `${name} at ${width} px`).toBeLessThanOrEqual(inner);
    await page.screenshot({ path: `/tmp/admin-${name}-${width}.png`, fullPage: true });
  }
}

/** A second browser (a fresh context: no session storage, no cache) signed in as the admin. */
async function freshAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, 'admin', ADMIN_PASSWORD);
  return page;
}

test('an export made by the admin is listed from the server in a new browser, with its state and link', async ({
  asAdmin: page,
  browser,
}) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' }).click();
  await page.getByLabel('Export type').selectOption({ label: 'Monthly forecast volumes' });
  await page.getByLabel('Project').selectOption({ label: 'Permian Basin Demo' });
  await page.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
  await page.getByLabel('Link lifetime (hours)').fill('3');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/exports') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const { id } = (await (await answered).json()) as { id: string };
  await expect(page.getByRole('status', { name: 'Export progress' })).toContainText('Complete', { timeout: 30_000 });

  // Another browser: nothing of the first one's tab, the list comes from GET /v1/exports.
  const other = await freshAdmin(browser);
  const listed = other.waitForResponse((r) => /\/api\/v1\/exports\?skip=0&take=\d+$/.test(r.url()));
  await other.goto('/exports');
  expect((await listed).status()).toBe(200);
  const past = other.getByRole('table', { name: 'Past exports' });
  const row = past.getByRole('row').filter({ has: other.getByRole('button', { name: `Show export ${id}` }) });
  await expect(row).toContainText('Monthly forecast volumes');
  await expect(row).toContainText('Permian Basin Demo');
  await expect(row).toContainText('Demo deterministic forecast');
  await expect(row).toContainText('valid');
  await expect(row).toContainText(/in 2 h \d+ min/);
  const link = row.getByRole('link', { name: `Download file 1 of export ${id}` });
  await expect(link).toHaveAttribute('title', /^monthly-forecast-volumes-[0-9a-f]{24}-part-0001\.parquet$/);
  expect(await link.getAttribute('href')).toMatch(
    new RegExp(`^/downloads/exports/${id}/[^/?]+\\.parquet\\?X-Expires=\\d+&X-Signature=[0-9a-f]+$`),
  );
  // Newest first: it heads the list.
  await expect(
    past
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: `Show export ${id}` }),
  ).toBeVisible();

  // Shown with a preview open, the page stays within the window.
  await row.getByRole('button', { name: `Show export ${id}` }).click();
  await other
    .getByRole('table', { name: 'Files' })
    .getByRole('button', { name: /^Preview / })
    .click();
  await expect(
    other.getByRole('region', { name: /^Preview of / }).getByRole('table', { name: 'Preview rows' }),
  ).toBeVisible();
  await noOverflow(other, 'exports');
  await other.context().close();
});

test('an admin creates a named credential: its name shows, the count adds up, it is renamed and revoked', async ({
  asAdmin: page,
}) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credentials' }).click();
  const count = page.getByText(/^Active credentials: \d+ of 3$/);
  const before = Number(/(\d+) of/.exec((await count.textContent())!)![1]);
  const table = page.getByRole('table', { name: 'Vault credentials' });
  const rowsBefore = await table.locator('tbody tr').count();

  await page.getByLabel('Name of the new credential (optional)').fill('E2E reporting job');
  await page.getByRole('button', { name: 'Create credential' }).click();
  await expect(page.getByRole('status')).toContainText('Created a v2 credential “E2E reporting job”');
  const mine = table.getByRole('row').filter({ hasText: 'E2E reporting job' });
  await expect(mine).toHaveCount(1);
  await expect(page.getByText(`Active credentials: ${before + 1} of 3`)).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(rowsBefore + 1);

  // The count adds up: the vault's rows active at the API plus those it does not hold.
  const breakdown = (await page.getByText(/in this vault \(below\)/).textContent())!;
  const [, inVault, elsewhere] = /(\d+) in this vault \(below\) and (\d+) not in this vault/.exec(breakdown)!;
  expect(Number(inVault) + Number(elsewhere)).toBe(before + 1);
  expect(Number(inVault)).toBe(rowsBefore + 1);

  // Never used by the console yet: "—"; the active credential (the console's) has been used.
  await expect(mine.getByRole('cell').nth(4)).toHaveText('—');
  const active = table.getByRole('row').filter({ hasText: 'Active' }).first();
  await expect(active.getByRole('cell').nth(4)).not.toHaveText('—');

  await mine.getByRole('button', { name: 'Rename E2E reporting job' }).click();
  await page.getByRole('textbox', { name: /^New name of / }).fill('E2E reports');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'E2E reports' })).toHaveCount(1);
  await noOverflow(page, 'credentials');

  // Leave the vault as found: revoke it (at the API too).
  const renamed = table.getByRole('row').filter({ hasText: 'E2E reports' });
  await renamed.getByRole('link', { name: 'Download the ZIP (once)' }).click();
  await renamed.getByRole('button', { name: 'Revoke…' }).click();
  await renamed.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(page.getByText(`Active credentials: ${before} of 3`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'E2E reports' })).toHaveCount(0);
});

test('an admin filters the audit log by user and action and reads what an engineer did', async ({
  asEngineer: page,
  browser,
}) => {
  const { projectId } = demo();
  // A refused write (an empty body writes nothing), recorded all the same.
  const refused = await call(page, 'POST', `/api/v1/projects/${projectId}/econ-models/pricing`, 'not a model');
  expect(refused.status).toBeGreaterThanOrEqual(400);

  const admin = await freshAdmin(browser);
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  const filters = admin.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('User').selectOption('engineer1');
  await expect(admin).toHaveURL(/user=engineer1/);
  await filters.getByLabel('Action').selectOption({ label: 'Create, run, sign in (POST)' });
  await expect(admin).toHaveURL(/action=POST/);
  const log = admin.getByRole('table', { name: 'Audit log' });
  const rows = log.locator('tbody tr');
  // Only the engineer's writes, only POSTs (the page keeps the last page until the filtered one arrives).
  await expect(rows.locator('td:nth-child(2)').filter({ hasNotText: /^engineer1$/ })).toHaveCount(0);
  await expect(rows.locator('td:nth-child(3)').filter({ hasText: /^(Save|Update|Delete)$/ })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  const entry = rows.filter({ hasText: 'Pricing model in project “Permian Basin Demo”' }).first();
  await expect(entry).toContainText('Create');
  await expect(entry).not.toContainText('/api/v1/');
  await expect(entry.getByRole('cell').last()).toHaveText(String(refused.status));

  // Today's entries only (UTC): still there; a day range before it: nothing.
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('From (UTC day)').fill(today);
  await expect(rows.filter({ hasText: 'Pricing model in project' }).first()).toBeVisible();
  await filters.getByLabel('From (UTC day)').fill('2000-01-01');
  await filters.getByLabel('To (UTC day)').fill('2000-01-02');
  await expect(admin.getByText('No writes match these filters.')).toBeVisible();
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(admin).not.toHaveURL(/user=/);
  await expect(rows.first()).toBeVisible();
  await noOverflow(admin, 'audit');
  await admin.context().close();
});
