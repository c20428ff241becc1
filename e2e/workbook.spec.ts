import type { Page } from '@playwright/test';
import { demo, expect, test } from './fixtures';
import { readWorkbook, rowsOf } from './xlsx';

/**
 * An econ run's workbook (.xlsx, issue 20): written from the run panel of "Base case" and from the
 * export page, downloaded through the console, and read back in the test process with exceljs's
 * reader: the sheets, units in the headers, numbers as numbers, dates as dates, and the one-liners
 * equal to the API's. Writes one run of Base case and two exports.
 */

async function openBaseCase(page: Page) {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('table', { name: 'Scenarios' }).getByRole('link', { name: 'Base case' }).click();
  await expect(page.getByRole('heading', { name: 'Base case', level: 1 })).toBeVisible();
}

test('an engineer downloads a run’s workbook from the run panel and it reads back as the API’s results', async ({
  asEngineer: page,
}) => {
  test.setTimeout(300_000);
  await openBaseCase(page);
  // The run list is read before the run starts (a run started while the page still loads the list
  // is not shown until the page is reloaded: the list's first answer, empty, lands last).
  await expect(page.getByText(/No runs yet|Results of run/).first()).toBeVisible();
  const run = page.getByRole('form', { name: 'Run economics' });
  await run.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
  const started = page.waitForResponse((r) => /\/econ-runs$/.test(r.url()) && r.request().method() === 'POST');
  await run.getByRole('button', { name: 'Run economics' }).click();
  const { id: runId } = (await (await started).json()) as { id: string };
  await expect(page).toHaveURL(new RegExp(`run=${runId}`));
  await expect(page.getByRole('status', { name: 'Run progress' })).toContainText('Complete', { timeout: 180_000 });

  const panel = page.getByRole('group', { name: 'Run workbook' });
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/exports') && r.method() === 'POST');
  await panel.getByRole('button', { name: 'Workbook (.xlsx)' }).click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ exportType: 'econWorkbookExport', fileType: 'xlsx' });
  const link = panel.getByRole('link', { name: /^Download econ-workbook-[0-9a-f]{24}\.xlsx$/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  expect(body.econRunId).toBe(runId);
  await page.screenshot({ path: '/tmp/econ-workbook-panel.png', fullPage: true });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`econ-workbook-${body.econRunId}.xlsx`);
  const book = await readWorkbook((await download.path())!);
  expect(book.worksheets.map((w) => w.name)).toEqual([
    'Run',
    'Assumptions',
    'Model wells',
    'One-liners',
    'Monthly',
    'Rollup',
  ]);

  // The one-liners equal the API's, well by well.
  const { projectId } = demo() as unknown as { projectId: string };
  const scenarioId = page.url().match(/scenarios\/([0-9a-f]{24})/)![1];
  const api = (await (
    await page.request.get(
      `/api/v1/projects/${projectId}/scenarios/${scenarioId}/econ-runs/${body.econRunId}/one-liners?take=1000&sort=well`,
    )
  ).json()) as { well: string; wellName: string; secondDiscountNpv?: number; eur?: { oil: number } }[];
  const one = rowsOf(book.getWorksheet('One-liners')!);
  expect(one.rows.map((r) => r['Well id'])).toEqual(api.map((o) => o.well));
  for (const [i, o] of api.entries()) {
    expect(one.rows[i]!['Well name']).toBe(o.wellName);
    if (o.secondDiscountNpv === undefined) continue;
    expect(one.rows[i]!['NPV, 2nd discount ($)']).toBe(o.secondDiscountNpv);
    expect(one.rows[i]!['EUR oil (BBL)']).toBe(o.eur!.oil);
  }

  // Monthly: units in the headers, numbers as numbers, months as dates; the header row frozen.
  const monthlySheet = book.getWorksheet('Monthly')!;
  expect(monthlySheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const monthly = rowsOf(monthlySheet);
  expect(monthly.headers).toEqual(
    expect.arrayContaining(['Well name', 'Date', 'Gross oil (BBL)', 'Oil price ($/BBL)', 'Net cash flow ($)']),
  );
  expect(monthly.rows.length).toBeGreaterThan(24);
  expect(monthly.rows[0]!.Date).toBeInstanceOf(Date);
  expect(typeof monthly.rows[0]!['Gross oil (BBL)']).toBe('number');
  const assumptions = rowsOf(book.getWorksheet('Assumptions')!);
  expect(new Set(assumptions.rows.map((r) => r.Kind))).toContain('pricing');
  expect(rowsOf(book.getWorksheet('Rollup')!).rows.length).toBeGreaterThan(0);
});

test('an admin exports an econ run workbook from the export page', async ({ asAdmin: page }) => {
  test.setTimeout(120_000);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' }).click();
  await page.getByLabel('Export type').selectOption({ label: 'Econ run workbook (.xlsx)' });
  await page.getByLabel('Project').selectOption({ label: 'Permian Basin Demo' });
  await page.getByLabel('Scenario').selectOption({ label: 'Base case' });
  const run = page.getByLabel('Econ run');
  await expect(run.locator('option', { hasText: 'complete' }).first()).toBeAttached();
  await run.selectOption({
    index: 1 + (await run.locator('option').allTextContents()).slice(1).findIndex((t) => t.includes('complete')),
  });
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/exports') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  expect((await posted).postDataJSON()).toMatchObject({ exportType: 'econWorkbookExport', fileType: 'xlsx' });
  await expect(page.getByRole('status', { name: 'Export progress' })).toContainText('Complete', { timeout: 60_000 });
  const row = page.getByRole('table', { name: 'Files' }).getByRole('row').filter({ hasText: '.xlsx' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: /Preview/ })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: /^Download econ-workbook-/ }).click();
  const book = await readWorkbook((await (await downloading).path())!);
  expect(book.getWorksheet('One-liners')!.rowCount).toBeGreaterThan(1);
  await page.screenshot({ path: '/tmp/econ-workbook-exports.png', fullPage: true });
});
