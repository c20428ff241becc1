import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { API_URL, apiAdminToken, demo, expect, test } from './fixtures';

/** The stories share one product: they run in order. */
test.describe.configure({ mode: 'serial' });

const projectsLoad = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('link', { name: 'Permian Basin Demo' })).toBeVisible();
};

/** A v1 credential ZIP made at the API by an operator (its admin routes), saved to a file. */
async function v1ZipFile(): Promise<string> {
  const auth = { authorization: `Bearer ${apiAdminToken()}`, 'content-type': 'application/json' };
  const created = await fetch(`${API_URL}/admin/credentials`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ companyId: demo().companyId, version: 'v1' }),
  });
  expect(created.status).toBe(201);
  const { download } = (await created.json()) as { download: { url: string } };
  const zip = await fetch(download.url);
  expect(zip.status).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'v1zip-')), 'api-credentials-v1.zip');
  writeFileSync(file, new Uint8Array(await zip.arrayBuffer()));
  return file;
}

test('an admin creates a v2 credential, downloads its ZIP once, and the project list loads through it', async ({
  asAdmin: page,
}) => {
  await page.getByRole('link', { name: 'Credentials' }).click();
  await expect(page.getByRole('heading', { name: 'API credentials' })).toBeVisible();
  await expect(page.getByText('Active credentials: 1 of 3')).toBeVisible();
  // Only v2 credentials so far: created directly, no dialog.
  await page.getByRole('button', { name: 'Create credential' }).click();
  await expect(page.getByRole('status')).toContainText('Created a v2 credential');
  await expect(page.getByText('Active credentials: 2 of 3')).toBeVisible();
  const table = page.getByRole('table', { name: 'Vault credentials' });
  const fresh = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Download the ZIP (once)' }) });
  const download = page.waitForEvent('download');
  await fresh.getByRole('link', { name: 'Download the ZIP (once)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
  await expect(table.getByRole('link', { name: 'Download the ZIP (once)' })).toHaveCount(0);
  // Switch to the new credential and use it.
  const inactive = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Make active' }) });
  await inactive.first().getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByRole('status')).toContainText('is now active');
  await projectsLoad(page);
});

test('an admin uploads a v1 ZIP and switches to it; the project list loads with a v1 token', async ({
  asAdmin: page,
}) => {
  const file = await v1ZipFile();
  await page.getByRole('link', { name: 'Credentials' }).click();
  await page.getByLabel('ZIP file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toContainText('Uploaded a v1 credential');
  const table = page.getByRole('table', { name: 'Vault credentials' });
  const v1Row = table.getByRole('row').filter({ hasText: 'v1' });
  await v1Row.getByRole('button', { name: 'Make active' }).click();
  await expect(v1Row.getByText('Active')).toBeVisible();
  await projectsLoad(page);
  // A ZIP that is not a credential ZIP says what it lacks.
  const bad = join(mkdtempSync(join(tmpdir(), 'badzip-')), 'notes.zip');
  writeFileSync(bad, 'not a zip at all');
  await page.getByRole('link', { name: 'Credentials' }).click();
  await page.getByLabel('ZIP file').setInputFiles(bad);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toContainText(/ZIP/i);
});

test('at 3 active credentials the create button is disabled; after a revoke the v1/v2 dialog preselects v2', async ({
  asAdmin: page,
}) => {
  await page.getByRole('link', { name: 'Credentials' }).click();
  await expect(page.getByText('Active credentials: 3 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create credential' })).toBeDisabled();
  // Revoke the one created through the console (with a confirmation).
  const table = page.getByRole('table', { name: 'Vault credentials' });
  const created = table
    .getByRole('row')
    .filter({ hasText: 'Created here' })
    .filter({ has: page.getByRole('button', { name: 'Make active' }) });
  await created.first().getByRole('button', { name: 'Revoke…' }).click();
  await page.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(page.getByRole('status')).toContainText('Revoked');
  await expect(page.getByText('Active credentials: 2 of 3')).toBeVisible();
  // A v1 credential exists now: creating asks which version, v2 preselected.
  await page.getByRole('button', { name: 'Create credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a credential' });
  await expect(dialog.getByLabel('v2')).toBeChecked();
  await expect(dialog.getByLabel('v1')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Active credentials: 2 of 3')).toBeVisible();
});
