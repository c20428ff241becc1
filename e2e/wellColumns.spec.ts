import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { call, DATA_ROOT, expect, signInAs, test, USER_PASSWORD } from './fixtures';

/**
 * The wells tables of a project page: the engineer picks columns (saved for them, so a reload and
 * another browser show the same), filters by headers through the address, and sees the company
 * wells attached to the project in a table of their own. The story makes its own project, so the
 * demo project's wells stay as the other stories expect them.
 */
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const well = (name: string, county: string, spudDate: string, perfLateralLength: number, basin: string) => ({
  wellName: `${name} ${run}`,
  chosenID: `${name.replace(/\W/g, '')}-${run}`,
  dataSource: 'internal',
  county,
  state: 'TX',
  basin,
  spudDate,
  perfLateralLength,
});
const OWN = [
  well('REEVES 1H', 'Reeves', '2019-05-10', 9800, 'Delaware'),
  well('REEVES 2H', 'Reeves', '2021-02-01', 10400, 'Delaware'),
  well('MIDLAND 3H', 'Midland', '2020-07-15', 7600, 'Midland'),
];
const COMPANY = well('LOVING 9H', 'Loving', '2018-11-20', 12050, 'Delaware');

/** A project of the story's own: three project wells and one company well attached. */
async function makeProject(page: Page): Promise<string> {
  const project = await call(page, 'POST', '/api/v1/projects', { name: `Columns ${run}` });
  const created = (project.json as { results: { code: number; id: string }[] }).results[0]!;
  expect(created.code, JSON.stringify(project.json)).toBe(201);
  const projectId = created.id;
  const own = await call(page, 'POST', `/api/v1/projects/${projectId}/wells`, OWN);
  expect((own.json as { failedCount: number }).failedCount, JSON.stringify(own.json)).toBe(0);
  const company = await call(page, 'POST', '/api/v1/wells', [COMPANY]);
  expect((company.json as { failedCount: number }).failedCount, JSON.stringify(company.json)).toBe(0);
  const attach = await call(page, 'POST', `/api/v1/projects/${projectId}/company-wells`, [
    { chosenID: COMPANY.chosenID, dataSource: 'internal' },
  ]);
  expect((attach.json as { failedCount: number }).failedCount, JSON.stringify(attach.json)).toBe(0);
  return projectId;
}

/** The column titles of a table, without the sort arrows. */
const titles = async (page: Page, table: string) =>
  (await page.getByRole('table', { name: table }).getByRole('columnheader').allTextContents()).map((t) =>
    t.replace(/[▲▼]/g, '').trim(),
  );
const names = async (page: Page, table: string) =>
  (await page.getByRole('table', { name: table }).getByRole('link').allTextContents()).map((t) =>
    t.replace(` ${run}`, ''),
  );

const DEFAULT = [
  'Well name',
  'Chosen ID',
  'API 14',
  'County',
  'State',
  'First production date',
  'Perforated lateral length (FT)',
  'True vertical depth (FT)',
];
const PICKED = [
  'Well name',
  'Chosen ID',
  'County',
  'State',
  'First production date',
  'Perforated lateral length (FT)',
  'True vertical depth (FT)',
  'Spud date',
  'Basin',
];

test('an engineer picks the wells columns, keeps them across reloads and browsers, and filters', async ({
  asEngineer: page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await call(page, 'DELETE', '/bff/preferences/wells.columns')).status).toBe(204);
  const projectId = await makeProject(page);
  await page.goto(`/projects/${projectId}`);

  // The default columns; the company well attached to the project in its own table.
  await expect(page.getByRole('heading', { name: 'Project wells (3)' })).toBeVisible();
  expect(await titles(page, 'Project wells')).toEqual(DEFAULT);
  await expect(page.getByRole('heading', { name: 'Company wells in this project (1)' })).toBeVisible();
  expect(await names(page, 'Company wells in this project')).toEqual(['LOVING 9H']);
  await expect(page.getByRole('table', { name: 'Project wells' })).toContainText('10,400');

  // Pick: Spud date (found by searching), Basin; drop API 14.
  await page.getByRole('button', { name: 'Columns' }).click();
  const picker = page.getByRole('dialog', { name: /Columns/ });
  await expect(picker).toBeVisible();
  await picker.getByRole('searchbox', { name: 'Search headers' }).fill('spud');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: 'Spud date' }).check();
  await picker.getByRole('searchbox', { name: 'Search headers' }).fill('');
  await picker.getByRole('checkbox', { name: 'Basin', exact: true }).check();
  await picker.getByRole('checkbox', { name: 'API 14' }).uncheck();
  await expect(picker.getByRole('checkbox', { name: 'Well name' })).toBeDisabled();
  await page.screenshot({ path: join(DATA_ROOT, 'results', 'well-columns-picker.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  expect(await titles(page, 'Project wells')).toEqual(PICKED);
  expect(await titles(page, 'Company wells in this project')).toEqual(PICKED);
  await expect(page.getByRole('table', { name: 'Company wells in this project' })).toContainText('2018-11-20');

  // Saved for the user: a reload, and another browser signed in as the same user.
  await expect
    .poll(async () => ((await call(page, 'GET', '/bff/preferences/wells.columns')).json as { value: unknown }).value)
    .toEqual([
      'wellName',
      'chosenID',
      'county',
      'state',
      'firstProdDate',
      'perfLateralLength',
      'trueVerticalDepth',
      'spudDate',
      'basin',
    ]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Project wells (3)' })).toBeVisible();
  expect(await titles(page, 'Project wells')).toEqual(PICKED);
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signInAs(second, 'engineer1', USER_PASSWORD);
    await second.goto(`/projects/${projectId}`);
    await expect(second.getByRole('heading', { name: 'Project wells (3)' })).toBeVisible();
    expect(await titles(second, 'Project wells')).toEqual(PICKED);
  } finally {
    await other.close();
  }

  // Sort by a picked column: latest spud date first.
  const spud = page.getByRole('table', { name: 'Project wells' }).getByRole('button', { name: /Spud date/ });
  await spud.click();
  await expect(spud).toHaveText(/▲/);
  await spud.click();
  await expect(page).toHaveURL(/sort=-spudDate/);
  await expect.poll(() => names(page, 'Project wells')).toEqual(['REEVES 2H', 'MIDLAND 3H', 'REEVES 1H']);

  // Filter by county: only the matching wells, in the address (a reload keeps it).
  await page.getByRole('button', { name: 'New filter' }).click();
  await page.getByLabel('Filter 1 header').selectOption({ label: 'County' });
  await page.getByLabel('Filter 1 value').fill('Reeves');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('heading', { name: 'Project wells (2)' })).toBeVisible();
  expect(await names(page, 'Project wells')).toEqual(['REEVES 2H', 'REEVES 1H']);
  await expect(page.getByRole('heading', { name: 'Company wells in this project (0)' })).toBeVisible();
  await expect(page).toHaveURL(/county%3DReeves/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Project wells (2)' })).toBeVisible();

  // A second filter, a number range: both apply.
  await page.getByRole('button', { name: 'New filter' }).click();
  await page.getByLabel('Filter 2 header').selectOption({ label: 'Perforated lateral length (FT)' });
  await page.getByLabel('Filter 2 comparison').selectOption({ label: '>' });
  await page.getByLabel('Filter 2 value').fill('10000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Project wells (1)' })).toBeVisible();
  expect(await names(page, 'Project wells')).toEqual(['REEVES 2H']);

  // A value the API refuses: its message beside the filter, the page still there.
  await page.getByLabel('Filter 2 header').selectOption({ label: 'Spud date' });
  await page.getByLabel('Filter 2 comparison').selectOption({ label: '≥' });
  await page.getByLabel('Filter 2 value').fill('2020-13-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('alert')).toContainText('spudDate');
  await page.screenshot({ path: join(DATA_ROOT, 'results', 'well-filters-refused.png'), fullPage: true });
  await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
  await page.getByLabel('Filter 2 value').fill('2020-01-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await names(page, 'Project wells')).toEqual(['REEVES 2H']);

  // Cleared: every well again.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('heading', { name: 'Project wells (3)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Company wells in this project (1)' })).toBeVisible();
  await expect(page).not.toHaveURL(/county/);

  // The company well opens the same well page.
  await page.getByRole('link', { name: `LOVING 9H ${run}` }).click();
  await expect(page.getByRole('heading', { name: `LOVING 9H ${run}` })).toBeVisible();
  await page.goBack();

  // Reset to default: the console's default again, for this user everywhere.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  expect(await titles(page, 'Project wells')).toEqual(DEFAULT);
  await expect
    .poll(async () => ((await call(page, 'GET', '/bff/preferences/wells.columns')).json as { value: unknown }).value)
    .toBeNull();
});
