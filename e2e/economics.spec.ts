import { readFileSync } from 'node:fs';
import { ECON_MODEL_KINDS, ECON_MODEL_SPECS } from '@econ/contract';
import type { Page } from '@playwright/test';
import { demo, expect, test } from './fixtures';

/**
 * The scenario page of the demo project: assignments, a run of economics on the demo forecast, the
 * one-liners and a well's cash flow. The seed makes one "Demo <kind>" model per kind in the demo
 * project, the "Base case" scenario over its 12 wells and the demo forecast, whose first six wells
 * have forecast parameters. The story writes only assignments and one run of "Base case".
 */
const TITLES = ECON_MODEL_KINDS.map((k) => ECON_MODEL_SPECS[k].title);
const FORECAST_WELLS = [
  'MIDLAND UNIT 100H',
  'MARTIN UNIT 101H',
  'HOWARD UNIT 102H',
  'MIDLAND UNIT 103H',
  'MARTIN UNIT 104H',
  'HOWARD UNIT 105H',
];

/** `$1,234,567` / `-$2,500` → a number. */
const dollars = (text: string) => Number(text.replace(/[$,\s]/g, ''));

async function openBaseCase(page: Page) {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('table', { name: 'Scenarios' }).getByRole('link', { name: 'Base case' }).click();
  await expect(page.getByRole('heading', { name: 'Base case', level: 1 })).toBeVisible();
}

test('an engineer assigns the demo models, runs economics and reads a well’s NPV and cash flow', async ({
  asEngineer: page,
}) => {
  test.setTimeout(240_000);
  await openBaseCase(page);
  const grid = page.getByRole('table', { name: 'Econ model assignments' });
  await expect(grid.getByRole('columnheader')).toContainText(['Well', ...TITLES]);
  await expect(grid.getByRole('rowheader', { name: 'MIDLAND UNIT 100H' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: /^Assigned|has no/ });

  // Each kind's demo model to every well, from the column's header (confirmed first).
  for (const title of TITLES) {
    const model = `Demo ${title.toLowerCase()}`;
    await page.getByRole('combobox', { name: `Assign a ${title} model to all wells` }).selectOption({ label: model });
    const dialog = page.getByRole('dialog', { name: 'Assign to all wells' });
    await expect(dialog).toContainText(`${model} becomes the ${title} model of all 12 wells of Base case`);
    await dialog.getByRole('button', { name: 'Assign to all wells' }).click();
    await expect(status).toHaveText(`Assigned ${model} (${title}) to all 12 wells.`);
    await expect(grid.getByRole('combobox', { name: `${title} model for HOWARD UNIT 111H` })).toHaveValue(
      /[0-9a-f]{24}/,
    );
  }
  await page.screenshot({ path: '/tmp/econ-assigned.png', fullPage: true });

  // One cell: cleared, then the model picked again (each a write of its own, read back in the grid).
  const cell = grid.getByRole('combobox', { name: 'Pricing model for MARTIN UNIT 101H' });
  const priceDeck = await cell.inputValue();
  await cell.selectOption({ label: '—' });
  await expect(status).toHaveText('MARTIN UNIT 101H has no Pricing model now.');
  await expect(cell).toHaveValue('');
  await cell.selectOption({ label: 'Demo pricing' });
  await expect(status).toHaveText('Assigned Demo pricing to MARTIN UNIT 101H.');
  await expect(cell).toHaveValue(priceDeck);

  // A record the API refuses (its well swapped on the way for one outside the scenario): the 207's
  // error reaches the page in the API's words, and the cell shows what is stored.
  const foreign = 'f'.repeat(24);
  await page.route(/\/econ-models\/expenses\/[0-9a-f]{24}\/assignments$/, (route) =>
    route.continue({
      postData: JSON.stringify(
        (route.request().postDataJSON() as Record<string, unknown>[]).map((r) => ({ ...r, wells: [foreign] })),
      ),
    }),
  );
  const expenses = grid.getByRole('combobox', { name: 'Expenses model for MARTIN UNIT 101H' });
  const storedExpenses = await expenses.inputValue();
  await expenses.selectOption({ label: '—' }); // a DELETE: not rewritten
  await expenses.selectOption({ label: 'Demo expenses' });
  await expect(page.getByRole('alert')).toContainText(`wells not in scenario`);
  await expect(page.getByRole('alert')).toContainText(foreign);
  await page.screenshot({ path: '/tmp/econ-refused.png' });
  await expect(expenses).toHaveValue('');
  await page.unroute(/\/econ-models\/expenses\/[0-9a-f]{24}\/assignments$/);
  await expenses.selectOption({ label: 'Demo expenses' });
  await expect(status).toHaveText('Assigned Demo expenses to MARTIN UNIT 101H.');
  await expect(expenses).toHaveValue(storedExpenses);

  // Another qualifier starts empty; back to `default`, the assignments are there.
  await page.getByLabel('New qualifier name').fill('High prices');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/q=High(\+|%20)prices/);
  await expect(page.getByLabel('Qualifier', { exact: true })).toHaveValue('High prices');
  await expect(expenses).toHaveValue('');
  await page.getByLabel('Qualifier', { exact: true }).selectOption('default');
  await expect(expenses).toHaveValue(storedExpenses);

  // Run economics on the demo forecast and watch it finish.
  const run = page.getByRole('form', { name: 'Run economics' });
  await run.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
  const posted = page.waitForRequest((r) => /\/econ-runs$/.test(r.url()) && r.method() === 'POST');
  await run.getByRole('button', { name: 'Run economics' }).click();
  expect((await posted).postDataJSON()).toEqual({ forecast: expect.stringMatching(/^[0-9a-f]{24}$/) });
  const progress = page.getByRole('status', { name: 'Run progress' });
  await expect(progress).toContainText(/Queued|Running|Complete/);
  await expect(progress).toContainText('Complete', { timeout: 180_000 });
  await expect(progress).toContainText('12 of 12 wells done');
  await expect(page.getByLabel('Results of run')).toContainText(
    /\d{4}-\d\d-\d\d \d\d:\d\d UTC · complete · Demo deterministic forecast/,
  );

  // The one-liners, sorted by NPV at the second discount, highest first (two clicks on the header).
  const table = page.getByRole('table', { name: 'One-liners' });
  await expect(table.locator('tbody').getByRole('rowheader')).toHaveCount(12);
  // The header names the rate of the demo general options' second discount.
  const npvHeader = table.getByRole('columnheader', { name: /^NPV 10 % \(\$\)/ });
  await npvHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=secondDiscountNpv/);
  await npvHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-secondDiscountNpv/);
  await expect(npvHeader).toHaveAttribute('aria-sort', 'descending');
  // The rows follow once the sorted page arrives (the previous page stays in view meanwhile).
  const shownNpvs = async () =>
    (await table.locator('tbody tr td:nth-child(4)').allTextContents()).map(dollars).filter(Number.isFinite);
  await expect
    .poll(async () => {
      const v = await shownNpvs();
      return v.length >= 6 && v.every((x, i) => i === 0 || v[i - 1]! >= x);
    })
    .toBe(true);
  const npvs = await shownNpvs();
  // The scenario total closes the table: its NPV is the sum of the wells' (summed from the aggregation date).
  const totalRow = table.locator('tfoot tr');
  await expect(totalRow.getByRole('rowheader')).toHaveText('Total (12 wells)');
  const totalNpv = dollars((await totalRow.locator('td').nth(2).textContent()) ?? '');
  expect(Math.abs(totalNpv - npvs.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(npvs.length);
  const totals = page.getByRole('table', { name: 'Scenario totals' });
  await expect(totals.getByRole('rowheader', { name: 'All wells' })).toBeVisible();
  await page.getByLabel('Group by').selectOption('prmsCategory');
  await expect(totals.getByRole('rowheader')).toHaveText(['proved']);
  await page.screenshot({ path: '/tmp/econ-one-liners.png', fullPage: true });

  // The best well has a forecast: open it, read its NPV and see its chart with the economic limit.
  const top = table.locator('tbody tr').first();
  const wellName = (await top.getByRole('rowheader').textContent())!.trim();
  expect(FORECAST_WELLS).toContain(wellName);
  // The demo's reserves category model is assigned to every well.
  await expect(top.locator('td').nth(0)).toHaveText('Proved · producing');
  const tableNpv = (await top.locator('td').nth(2).textContent())!.trim();
  expect(tableNpv).toMatch(/^\$[\d,]+$/);
  expect(dollars(tableNpv)).toBeGreaterThan(0);
  await top.getByRole('link', { name: wellName }).click();
  await expect(page).toHaveURL(/well=[0-9a-f]{24}/);
  const well = page.getByRole('region', { name: `${wellName}: cash flow` });
  const figures = well.getByRole('definition');
  await expect(well.getByText('NPV 10 % (second discount)', { exact: true })).toBeVisible();
  await expect(figures.nth(1)).toHaveText(tableNpv);
  const npvTable = well.getByRole('table', { name: 'NPV by discount rate' });
  await expect(npvTable.locator('tbody tr')).toHaveCount(16);

  const chart = well.getByRole('img', {
    name: new RegExp(
      `^Monthly net cash flow and cumulative discounted cash flow \\(second discount.*\\) of ${wellName}, economic limit \\d{4}-\\d\\d$`,
    ),
  });
  await expect(chart).toBeVisible();
  // Opening the well scrolls its detail into view, under the pointer: move it off the chart, so
  // that no hover read-out repeats the legend's words.
  await page.mouse.move(0, 0);
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(chart.locator('.recharts-reference-line.econ-limit')).toHaveCount(1);
  await expect(chart.getByText(/^Economic limit \d{4}-\d\d$/)).toBeVisible();
  await expect(chart.getByText(/Cumulative discounted cash flow \(second discount/)).toBeVisible();
  await chart.screenshot({ path: '/tmp/econ-chart.png' });

  // The same figures as the API's one-liner for the well.
  const runId = new URL(page.url()).searchParams.get('run');
  const wellId = new URL(page.url()).searchParams.get('well');
  const { projectId } = demo() as unknown as { projectId: string };
  const scenarioId = page.url().match(/scenarios\/([0-9a-f]{24})/)![1];
  const lines = (await (
    await page.request.get(
      `/api/v1/projects/${projectId}/scenarios/${scenarioId}/econ-runs/${runId}/one-liners?take=1000`,
    )
  ).json()) as {
    well: string;
    secondDiscountNpv: number;
    breakeven?: { oil: number | null; gas: number | null; npvDiscount: number };
  }[];
  const line = lines.find((l) => l.well === wellId)!;
  expect(Math.round(line.secondDiscountNpv)).toBe(dollars(tableNpv));
  // Its breakeven prices, by the demo pricing model's settings (the NPV at 10 %), as the API gives them.
  expect(line.breakeven?.npvDiscount).toBe(10);
  for (const [label, price] of [
    ['Oil breakeven \\$/BBL', line.breakeven!.oil],
    ['Gas breakeven \\$/MCF', line.breakeven!.gas],
  ] as const) {
    const value = well.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(value).toHaveText(
      price === null ? 'none' : `${price < 0 ? '-' : ''}$${Math.abs(price).toFixed(2)} (zeroes the NPV at 10 %)`,
    );
  }
  await page.screenshot({ path: '/tmp/econ-well.png', fullPage: true });
});

/** Runs economics on Base case and opens a well's detail; its EUR oil and remaining oil as numbers. */
async function runAndReadEur(page: Page, wellName: string) {
  await openBaseCase(page);
  const run = page.getByRole('form', { name: 'Run economics' });
  await run.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
  const posted = page.waitForResponse((r) => /\/econ-runs$/.test(r.url()) && r.request().method() === 'POST');
  await run.getByRole('button', { name: 'Run economics' }).click();
  const { id } = (await (await posted).json()) as { id: string };
  // The page shows the new run (not the last one, complete already) before its progress is read.
  await expect(page).toHaveURL(new RegExp(`run=${id}`));
  const progress = page.getByRole('status', { name: 'Run progress' });
  await expect(progress).toContainText('Complete', { timeout: 180_000 });
  const table = page.getByRole('table', { name: 'One-liners' });
  await table.getByRole('link', { name: wellName, exact: true }).click();
  const well = page.getByRole('region', { name: `${wellName}: cash flow` });
  const figure = async (label: string) => {
    const value = well.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    return Number((await value.textContent())!.replace(/[^\d.]/g, ''));
  };
  await expect(well.getByText('EUR oil', { exact: true })).toBeVisible();
  return { eur: await figure('EUR oil'), remaining: await figure('Remaining oil \\(from as-of\\)') };
}

test('the switch date of actual or forecast moves the one-liners: history replaced from 2025 lowers the EUR', async ({
  asEngineer: page,
}) => {
  test.setTimeout(420_000);
  // The demo wells have history to 2026-10-31 and forecasts from 2026-11-01; the first story
  // assigned "Demo actual or forecast" (never replace actuals) to every well of Base case.
  const wellName = 'MIDLAND UNIT 100H';
  const before = await runAndReadEur(page, wellName);
  expect(before.eur).toBeGreaterThan(before.remaining);

  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page
    .getByRole('list', { name: 'Econ models by kind' })
    .getByRole('link', { name: 'Actual or forecast', exact: true })
    .click();
  await page.getByRole('link', { name: 'Demo actual or forecast', exact: true }).click();
  await page.getByRole('group', { name: 'Oil', exact: true }).getByRole('radio', { name: 'From a date' }).check();
  await page.getByLabel('Oil: From a date').fill('2025-01-01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.banner[role="status"]')).toHaveText('Saved Demo actual or forecast.');

  // From 2025 the forecast replaces the history, and the forecast holds nothing before 2026-11-01:
  // the oil produced in 2025–2026 leaves the EUR; the remaining volume (after the as-of date) stays.
  const after = await runAndReadEur(page, wellName);
  expect(after.remaining).toBe(before.remaining);
  expect(after.eur).toBeLessThan(before.eur);
  await page.screenshot({ path: '/tmp/econ-switch-date.png', fullPage: true });
});

test('a support user sees the scenario read-only and may not start a run', async ({ asSupport: page }) => {
  await openBaseCase(page);
  const grid = page.getByRole('table', { name: 'Econ model assignments' });
  await expect(grid.getByRole('rowheader', { name: 'MIDLAND UNIT 100H' })).toBeVisible();
  await expect(page.getByText('Read only: your role can look at assignments but not change them.')).toBeVisible();
  await expect(grid.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Run economics' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run economics' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/econ-support.png', fullPage: true });

  // The server refuses support's writes whatever the page shows.
  const scenarioPath = new URL(page.url()).pathname.replace(/^\/projects/, '/api/v1/projects');
  const forecastId = (demo() as unknown as { forecastId: string }).forecastId;
  const statuses = await page.evaluate(
    async ({ path, forecast }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
      const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken };
      const run = await fetch(`${path}/econ-runs`, { method: 'POST', headers, body: JSON.stringify({ forecast }) });
      return [run.status];
    },
    { path: scenarioPath, forecast: forecastId },
  );
  expect(statuses).toEqual([403]);
});

test('an engineer reads a well’s cash flow table by month and by year and downloads it as CSV', async ({
  asEngineer: page,
}) => {
  test.setTimeout(120_000);
  // The stories above ran economics on Base case; the page shows its newest complete run.
  await openBaseCase(page);
  const wellName = 'MIDLAND UNIT 100H';
  await page.getByRole('table', { name: 'One-liners' }).getByRole('link', { name: wellName, exact: true }).click();
  const well = page.getByRole('region', { name: `${wellName}: cash flow` });
  const monthly = well.getByRole('table', { name: `${wellName}: cash flow by month` });
  const rows = monthly.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const months = await rows.count();
  expect(months).toBeGreaterThan(24);
  await expect(rows.first().getByRole('rowheader')).toHaveText(/^\d{4}-\d\d$/);

  // Headers with their units, money in dollars; the demo's stream properties give the well NGL.
  const labels = async (table: typeof monthly) =>
    (await table.locator('thead tr').nth(1).getByRole('columnheader').allTextContents()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
  const shown = await labels(monthly);
  expect(shown.slice(0, 3)).toEqual(['Gross oil (BBL)', 'Gross gas (MCF)', 'Gross water (BBL)']);
  for (const l of ['Net NGL (BBL)', 'NGL revenue ($)', 'Net cash flow ($)', 'Cumulative net cash flow ($)'])
    expect(shown).toContain(l);
  await expect(monthly.getByRole('columnheader', { name: 'Month' })).toBeVisible();
  const column = async (table: typeof monthly, label: string) =>
    (await table.locator(`tbody tr td:nth-child(${shown.indexOf(label) + 2})`).allTextContents()).map((t) =>
      Number(t.replace(/[$,]/g, '')),
    );
  expect((await column(monthly, 'Net NGL (BBL)')).some((v) => v > 0)).toBe(true);
  expect((await column(monthly, 'NGL revenue ($)')).some((v) => v > 0)).toBe(true);

  // The economic limit's month is marked, for the eye and for a screen reader.
  const limit = (await well
    .locator('dt', { hasText: /^Economic limit$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent())!;
  await expect(monthly.locator('tr.econ-limit')).toHaveCount(1);
  await expect(monthly.locator('tr.econ-limit').getByRole('rowheader')).toHaveText(
    `${limit.slice(0, 7)} economic limit`,
  );

  // The box scrolls, not the page: the month column and the header rows stay in view.
  const box = well.locator('.table-scroll');
  await box.evaluate((el) => el.scrollTo(el.scrollWidth, 400));
  const boxAt = (await box.boundingBox())!;
  const monthCell = (await rows.nth(20).getByRole('rowheader').boundingBox())!;
  const header = (await monthly.getByRole('columnheader', { name: 'Cumulative net cash flow ($)' }).boundingBox())!;
  expect(Math.abs(monthCell.x - boxAt.x)).toBeLessThan(3);
  expect(header.y - boxAt.y).toBeLessThan(40);
  await box.evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/econ-monthly-table-scrolled.png' });
  await box.evaluate((el) => el.scrollTo(0, 0));
  await well.screenshot({ path: '/tmp/econ-monthly-table.png' });

  // By year: fewer rows, a row a calendar year.
  await well.getByRole('radio', { name: 'Yearly' }).check();
  const yearly = well.getByRole('table', { name: `${wellName}: cash flow by year` });
  await expect(yearly.getByRole('columnheader', { name: 'Year' })).toBeVisible();
  const years = await yearly.locator('tbody tr').count();
  expect(years).toBeGreaterThan(1);
  expect(years).toBeLessThan(months);
  await expect(yearly.locator('tbody tr').first().getByRole('rowheader')).toHaveText(/^\d{4}$/);
  expect(await labels(yearly)).toEqual(shown);

  // The CSV holds the columns shown, labels with units, and plain numbers.
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/econ-yearly-table.png' });
  const download = page.waitForEvent('download');
  await well.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${wellName} cash flow by year.csv`);
  const [head, ...lines] = readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  const quoted = (h: string) => (h.includes(',') ? `"${h}"` : h);
  expect(head).toBe(['Year', ...shown].map(quoted).join(','));
  expect(lines).toHaveLength(years);
  for (const line of lines) expect(line).toMatch(/^\d{4}(,-?\d+(\.\d+)?)+$/);
});
