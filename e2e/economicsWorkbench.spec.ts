import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ECON_MODEL_KINDS, ECON_MODEL_SPECS, type EconModelKind } from '@econ/contract';
import { call, demo, expect, test } from './fixtures';

/**
 * The economics pages as an engineer's workbench (issue 22): a scenario of five demo wells, one of
 * them without a forecast and one whose date settings the engine refuses (a cut-off linked to other
 * wells, which it does not support yet), both made through the API. The engineer assigns a pricing
 * model to all five in one action, runs economics, reads the labelled one-liners (the discount
 * rates in the headers, EUR and remaining volumes, why an IRR is empty, the total row, the two
 * wells marked with their reasons), opens a well and lands on its cash-flow table, and downloads it.
 */
const SCREENSHOT = resolve(import.meta.dirname, '..', 'docs/screenshots/economics.png');
const WELLS = {
  forecast: ['MIDLAND UNIT 100H', 'MARTIN UNIT 101H', 'HOWARD UNIT 102H'],
  failing: 'MIDLAND UNIT 103H',
  noForecast: 'HOWARD UNIT 111H',
};
const NAMES = [...WELLS.forecast, WELLS.failing, WELLS.noForecast].sort();

const noPageOverflow = () => document.documentElement.scrollWidth <= window.innerWidth;
const dollars = (text: string) => Number(text.replace(/[$,\s]/g, ''));

test('an engineer assigns a model to many wells at once, runs economics and reads labelled one-liners and a well’s cash flow', async ({
  asEngineer: page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { projectId } = demo() as unknown as { projectId: string };
  const project = `/api/v1/projects/${projectId}`;

  // The scenario and its models, through the API: the demo model of every kind but pricing to all
  // wells; for one well, date settings with a cut-off linked to another well (the engine refuses it).
  const wells = (await call(page, 'GET', `${project}/wells?take=1000`)).json as { id: string; wellName: string }[];
  const idOf = (name: string) => wells.find((w) => w.wellName === name)!.id;
  const scenarioName = `Workbench ${Date.now().toString(36)}`;
  const created = await call(page, 'POST', `${project}/scenarios`, [{ name: scenarioName, wells: NAMES.map(idOf) }]);
  const scenarioId = (created.json as { results: { id: string; code: number }[] }).results[0]!.id;
  expect(scenarioId).toMatch(/^[0-9a-f]{24}$/);
  const models = `${project}/econ-models`;
  const demoModel = async (kind: EconModelKind) => {
    const list = (await call(page, 'GET', `${models}/${kind}?take=200`)).json as Record<string, unknown>[];
    return list.find((m) => String(m.name).startsWith('Demo '))!;
  };
  const assign = async (kind: EconModelKind, modelId: string, record: Record<string, unknown>) =>
    (
      (await call(page, 'POST', `${models}/${kind}/${modelId}/assignments`, [
        { scenario: scenarioId, qualifierName: 'default', ...record },
      ])) as { json: { results: { code: number }[] } }
    ).json.results[0]!.code;
  for (const kind of ECON_MODEL_KINDS.filter((k) => k !== 'pricing')) {
    expect(await assign(kind, (await demoModel(kind)).id as string, { allWells: true })).toBe(201);
  }
  const dates = await demoModel('date-settings');
  const linked = await call(page, 'POST', `${models}/date-settings`, [
    {
      name: `E2E linked cut-off ${Date.now().toString(36)}`,
      dateSetting: dates.dateSetting,
      cutOff: { linkToWells: idOf(WELLS.forecast[0]!), minLife: { none: true }, alignDependentPhases: true },
    },
  ]);
  const linkedId = (linked.json as { results: { id: string; code: number }[] }).results[0]!;
  expect(linkedId.code).toBe(201);
  expect(await assign('date-settings', linkedId.id, { wells: [idOf(WELLS.failing)] })).toBe(201);

  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('table', { name: 'Scenarios' }).getByRole('link', { name: scenarioName }).click();
  await expect(page.getByRole('heading', { name: scenarioName, level: 1 })).toBeVisible();

  // The grid holds every kind's column at 1280 px: it scrolls inside its box, not the page, and the
  // wells' names stay in view; a header's and a cell's full names are on hover.
  const grid = page.getByRole('table', { name: 'Econ model assignments' });
  const titles = ECON_MODEL_KINDS.map((k) => ECON_MODEL_SPECS[k].title);
  await expect(grid.getByRole('columnheader')).toContainText(['Well', ...titles]);
  expect(await page.evaluate(noPageOverflow)).toBe(true);
  const box = page.getByRole('region', { name: 'Assignment grid, scrolls sideways' });
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await box.evaluate((el) => el.scrollTo(el.scrollWidth, 0));
  const boxAt = (await box.boundingBox())!;
  const nameCell = (await grid.getByRole('rowheader', { name: WELLS.noForecast }).boundingBox())!;
  expect(nameCell.x - boxAt.x).toBeLessThan(60);
  const lastTitle = titles[titles.length - 1]!;
  await expect(grid.getByRole('columnheader', { name: new RegExp(lastTitle) })).toHaveAttribute('title', lastTitle);
  await expect(grid.getByRole('columnheader', { name: new RegExp(lastTitle) })).toBeInViewport();
  await expect(grid.getByRole('combobox', { name: `Expenses model for ${WELLS.noForecast}` })).toHaveAttribute(
    'title',
    /^Demo expenses \(project model\)$/,
  );
  await box.evaluate((el) => el.scrollTo(0, 0));

  // One action for five wells: tick the first, Shift-click the last, pick the kind and the model.
  const rows = grid.locator('tbody').getByRole('rowheader');
  await expect(rows).toHaveText(NAMES);
  await grid.getByRole('checkbox', { name: `Select ${NAMES[0]}` }).click();
  await grid.getByRole('checkbox', { name: `Select ${NAMES[4]}` }).click({ modifiers: ['Shift'] });
  for (const name of NAMES) await expect(grid.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
  await expect(grid.getByRole('checkbox', { name: 'Select every well on this page' })).toBeChecked();
  const bulk = page.getByRole('form', { name: 'Assign a model to the selected wells' });
  await expect(bulk).toContainText('5 wells selected');
  await bulk.getByLabel('Model kind').selectOption({ label: 'Pricing' });
  await bulk.getByLabel('Model', { exact: true }).selectOption({ label: 'Demo pricing' });
  const posts: string[][] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/econ-models\/pricing\/[0-9a-f]{24}\/assignments$/.test(r.url()))
      posts.push((r.postDataJSON() as { wells: string[] }[])[0]!.wells);
  });
  await bulk.getByRole('button', { name: 'Assign to 5 selected wells' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Assigned/ })).toHaveText(
    `Assigned Demo pricing (Pricing) to 5 wells: ${NAMES[0]}, ${NAMES[1]} and 3 more wells.`,
  );
  expect(posts).toHaveLength(1);
  expect([...posts[0]!].sort()).toEqual(NAMES.map(idOf).sort());
  for (const name of NAMES) {
    await expect(grid.getByRole('combobox', { name: `Pricing model for ${name}` })).toHaveAttribute(
      'title',
      'Demo pricing (project model)',
    );
  }
  await page.screenshot({ path: '/tmp/workbench-grid-1280.png' });

  // Run economics.
  const run = page.getByRole('form', { name: 'Run economics' });
  await run.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
  await run.getByRole('button', { name: 'Run economics' }).click();
  const progress = page.getByRole('status', { name: 'Run progress' });
  await expect(progress).toContainText('Complete', { timeout: 180_000 });
  await expect(progress).toContainText('5 of 5 wells done');
  const runId = new URL(page.url()).searchParams.get('run')!;
  const runPath = `${project}/scenarios/${scenarioId}/econ-runs/${runId}`;
  type Line = {
    well: string;
    wellName: string;
    status: string;
    error?: string;
    irr?: number | null;
    irrReason?: string;
    secondDiscountNpv?: number;
    discountRates?: { first: number; second: number };
  };
  const lines = (await call(page, 'GET', `${runPath}/one-liners?take=1000`)).json as Line[];
  const byName = (name: string) => lines.find((l) => l.wellName === name)!;
  const { discountRates } = byName(WELLS.forecast[0]!);
  expect(discountRates).toBeDefined();

  // Each figure says what it is: the NPV headers name the general options' rates, volumes are EUR
  // or remaining with their units, money is in dollars.
  const table = page.getByRole('table', { name: 'One-liners' });
  const headers = (await table.locator('thead th').allTextContents()).map((t) => t.replace(/[▲▼\s]+$/g, '').trim());
  expect(headers).toEqual([
    'Well',
    'Reserves category',
    `NPV ${discountRates!.first} % ($)`,
    `NPV ${discountRates!.second} % ($)`,
    'IRR (%/year)',
    'Payout',
    'EUR oil (BBL)',
    'Remaining oil (BBL)',
    'EUR gas (MCF)',
    'Remaining gas (MCF)',
    'Economic limit',
    'Warnings',
  ]);
  await expect(table.getByRole('columnheader', { name: /^EUR oil/ })).toHaveAttribute('title', /^Estimated ultimate/);
  const rowOf = (name: string) =>
    table.locator('tbody tr').filter({ has: page.getByRole('link', { name, exact: true }) });

  // The well that failed and the well without a forecast stand out in their rows, with the reasons.
  await expect(page.getByText('2 of 5')).toBeVisible();
  const failed = rowOf(WELLS.failing);
  await expect(failed).toHaveClass(/problem failed/);
  await expect(failed.getByRole('rowheader')).toContainText('Failed');
  const error = byName(WELLS.failing).error!;
  expect(error).toMatch(/cutOff\.linkToWells.*not supported/);
  await expect(failed.getByRole('cell').nth(1)).toHaveText(`Failed: ${error}`);
  const none = rowOf(WELLS.noForecast);
  await expect(none).toHaveClass(/problem no-forecast/);
  await expect(none.getByRole('rowheader')).toContainText('No forecast');
  await expect(none).toContainText(/No forecast: forecast [0-9a-f]{24} has no forecast for this well: volumes are 0/);
  // Its IRR is empty, and the cell says why in the API's words.
  const noneLine = byName(WELLS.noForecast);
  expect(noneLine.irr).toBeNull();
  const irrCell = none.getByRole('cell').nth(3);
  await expect(irrCell).toHaveText(`— ${noneLine.irrReason!.split(':')[0]}`);
  await expect(irrCell).toHaveAttribute('title', noneLine.irrReason!);
  for (const name of WELLS.forecast) await expect(rowOf(name)).not.toHaveClass(/problem/);

  // The total row: the run's rollup, its NPV the sum of the wells'.
  const rollup = (await call(page, 'GET', `${runPath}/rollup`)).json as {
    groups: { totals: { wells: number; secondDiscountNpv: number } }[];
  };
  const totals = rollup.groups[0]!.totals;
  const totalRow = table.locator('tfoot tr');
  await expect(totalRow.getByRole('rowheader')).toHaveText(`Total (${totals.wells} wells)`);
  const totalNpv = dollars((await totalRow.locator('td').nth(2).textContent()) ?? '');
  expect(totalNpv).toBe(Math.round(totals.secondDiscountNpv));
  const complete = lines.filter((l) => l.status === 'complete');
  const sum = complete.reduce((a, l) => a + l.secondDiscountNpv!, 0);
  expect(Math.abs(totalNpv - sum)).toBeLessThanOrEqual(complete.length);

  expect(await page.evaluate(noPageOverflow)).toBe(true);
  await page.getByRole('heading', { name: 'One-liners' }).scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  mkdirSync(dirname(SCREENSHOT), { recursive: true });
  await page.getByRole('heading', { name: 'One-liners' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: SCREENSHOT });

  // Selecting a well lands on its detail: in view and focused, its cash-flow table with the limit marked.
  const wellName = WELLS.forecast[0]!;
  await table.getByRole('link', { name: wellName, exact: true }).click();
  const detail = page.getByRole('region', { name: `${wellName}: cash flow` });
  await expect(detail).toBeFocused();
  await expect(detail.getByRole('heading', { name: `${wellName}: cash flow` })).toBeInViewport();
  const monthly = detail.getByRole('table', { name: `${wellName}: cash flow by month` });
  await expect(monthly.locator('tbody tr').first()).toBeVisible();
  const columns = (await monthly.locator('thead tr').nth(1).getByRole('columnheader').allTextContents()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );
  for (const c of [
    'Gross oil (BBL)',
    'Oil price ($/BBL)',
    'Total revenue ($)',
    'Fixed expense ($)',
    'Severance tax ($)',
    'Net cash flow ($)',
    'Cumulative net cash flow ($)',
    `Cash flow, 2nd discount at ${discountRates!.second} % ($)`,
    `Cumulative cash flow, 2nd discount at ${discountRates!.second} % ($)`,
  ])
    expect(columns).toContain(c);
  await expect(monthly.locator('tr.econ-limit')).toHaveCount(1);
  await expect(monthly.locator('tr.econ-limit').getByRole('rowheader')).toHaveText(/^\d{4}-\d\d economic limit$/);
  await expect(detail.getByText(`NPV ${discountRates!.second} % (second discount)`, { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/workbench-well-1280.png' });

  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${wellName} cash flow by month.csv`);
  const [head, ...csv] = readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(head!.startsWith('Month,Gross oil (BBL)')).toBe(true);
  expect(csv.length).toBe(await monthly.locator('tbody tr').count());

  // The failed well's detail says why it has no cash flow.
  await table.getByRole('link', { name: WELLS.failing, exact: true }).click();
  const failedDetail = page.getByRole('region', { name: `${WELLS.failing}: cash flow` });
  await expect(failedDetail).toBeFocused();
  await expect(failedDetail.getByRole('alert')).toHaveText(`The run could not compute this well: ${error}`);

  // The same page at 1920 px: no overflow either.
  await page.setViewportSize({ width: 1920, height: 1080 });
  expect(await page.evaluate(noPageOverflow)).toBe(true);
  await page.screenshot({ path: '/tmp/workbench-1920.png', fullPage: true });
});
