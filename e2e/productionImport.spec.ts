import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

type DemoWell = { id: string; wellName: string; chosenID: string; api14?: string };

/** The demo project's id and wells, read through the console like the page does. */
async function demoProject(page: Page): Promise<{ projectId: string; wells: DemoWell[] }> {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Permian Basin Demo' })).toBeVisible();
  const projectId = /\/projects\/([0-9a-f]{24})/.exec(page.url())![1]!;
  const wells = await page.evaluate(
    async (p) => (await (await fetch(`/api/v1/projects/${p}/wells?take=1000&sort=wellName`)).json()) as DemoWell[],
    projectId,
  );
  return { projectId, wells };
}

/** `42329400000000` → `42-329-40000-00-00`, as API numbers are often written. */
const dashed = (api14: string) =>
  `${api14.slice(0, 2)}-${api14.slice(2, 5)}-${api14.slice(5, 10)}-${api14.slice(10, 12)}-${api14.slice(12)}`;

/** M/D/YYYY of 2019-01-01 plus `d` days. */
const usDate = (d: number) => {
  const t = new Date(Date.UTC(2019, 0, 1 + d));
  return `${t.getUTCMonth() + 1}/${t.getUTCDate()}/${t.getUTCFullYear()}`;
};

test('an engineer imports daily production from a CSV: guessed columns, bad rows with reasons, the summary, the records stored', async ({
  asEngineer: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { projectId, wells } = await demoProject(page);
  const [w1, w2] = wells as [DemoWell, DemoWell];
  const days = 30;
  const lines = ['API 14,Production Date,Oil (BBL),Gas (MCF),Water (BBL),Hours On'];
  for (let d = 0; d < days; d++) {
    lines.push(`${dashed(w1.api14!)},${usDate(d)},${100 + d},${500 + d},20,24`);
    lines.push(`${dashed(w2.api14!)},${usDate(d)},"1,${String(200 + d).padStart(3, '0')}.5",900,35,23.5`);
  }
  lines.push(
    '42-000-00000-00-00,1/5/2019,10,10,10,24', // row 62: unknown well
    `${dashed(w1.api14!)},2/30/2019,10,10,10,24`, // row 63: no such day
    `${dashed(w1.api14!)},3/1/2019,-4,10,10,24`, // row 64: negative oil
    `${dashed(w1.api14!)},3/2/2019,10,lots,10,24`, // row 65: gas is no number
    `${dashed(w2.api14!)},1/1/2019,1,1,1,24`, // row 66: (well, date) already on row 3
  );
  const csv = `${lines.join('\n')}\n`;

  await page.getByRole('link', { name: 'Import production (CSV)' }).click();
  await expect(page.getByRole('heading', { name: 'Import production' })).toBeVisible();
  await page
    .getByLabel('Or choose a file')
    .setInputFiles({ name: 'production.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The guessed reading: the API column names the wells, daily, each volume in its place.
  await expect(page.getByLabel('Production', { exact: true })).toHaveValue('daily');
  await expect(page.getByLabel('The well column holds')).toHaveValue('api');
  await expect(page.getByLabel('API 14')).toHaveValue('well');
  await expect(page.getByLabel('Production Date')).toHaveValue('date');
  await expect(page.getByLabel('Oil (BBL)')).toHaveValue('oil');
  await expect(page.getByLabel('Gas (MCF)')).toHaveValue('gas');
  await expect(page.getByLabel('Water (BBL)')).toHaveValue('water');
  await expect(page.getByLabel('Hours On')).toHaveValue('hoursOn');

  // The check: counts, the first records (well by name, ISO dates, 1,200.5 read as a number), every bad row.
  const counts = page.getByRole('list', { name: 'Rows checked' });
  await expect(counts).toContainText(`${2 * days} records to import`);
  await expect(counts).toContainText('5 bad rows');
  const preview = page.getByRole('table', { name: 'First records' });
  await expect(preview.getByRole('row').nth(2)).toContainText(w2.wellName);
  await expect(preview.getByRole('row').nth(2)).toContainText('2019-01-01');
  await expect(preview.getByRole('row').nth(2)).toContainText('1200.5');
  const bad = page.getByRole('table', { name: 'Bad rows' });
  const reasons = [
    ['62', 'API 14', 'unknown well'],
    ['63', 'Production Date', 'date'],
    ['64', 'Oil (BBL)', 'min 0'],
    ['65', 'Gas (MCF)', 'number'],
    ['66', 'Production Date', 'duplicate'],
  ];
  for (const [i, [row, column, rule]] of reasons.entries()) {
    const cells = bad
      .getByRole('row')
      .nth(i + 1)
      .getByRole('cell');
    await expect(cells.nth(0)).toHaveText(row!);
    await expect(cells.nth(1)).toHaveText(column!);
    await expect(cells.nth(3)).toHaveText(rule!);
  }
  await expect(bad).toContainText('this well and date are already on row 3');
  // Every reason as a CSV file too (for files with more bad rows than the page lists).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all reasons (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('bad-rows.csv');
  const report = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(report.length).toBe(1 + reasons.length);
  expect(report[1]).toMatch(/^62,API 14,42-000-00000-00-00,unknown well,/);
  await page.screenshot({ path: test.info().outputPath('production-import-preview.png'), fullPage: true });

  // Import (add only): every good row created, the bad rows left out.
  await page.getByRole('button', { name: `Import ${2 * days} daily records` }).click();
  const summary = page.getByRole('region', { name: 'Import summary' });
  await expect(summary.getByRole('status')).toContainText('Import finished');
  const totals = summary.getByRole('list', { name: 'Import counts' });
  await expect(totals).toContainText(`${2 * days} created`);
  await expect(totals).toContainText('0 refused by the server');
  await expect(totals).toContainText('5 bad rows left out');
  await page.screenshot({ path: test.info().outputPath('production-import-done.png'), fullPage: true });

  // Stored, as the API reads them back.
  const stored = await page.evaluate(
    async ({ p, well }) => {
      // The demo well has history of its own (from late 2019 on): the imported days only.
      const res = await fetch(`/api/v1/projects/${p}/daily-productions?well=${well}&endDate=2019-06-30&take=1000`);
      return (await res.json()) as { date: string; oil: number; gas: number; water: number; hoursOn: number }[];
    },
    { p: projectId, well: w2.id },
  );
  expect(stored.length).toBe(days);
  expect(stored[0]).toMatchObject({ date: '2019-01-01', oil: 1200.5, gas: 900, water: 35, hoursOn: 23.5 });

  // The same file again, add only: every record is already stored and left as it was.
  await page.getByRole('button', { name: `Import ${2 * days} daily records` }).click();
  await expect(summary.getByRole('list', { name: 'Import counts' })).toContainText(
    `${2 * days} already stored (skipped)`,
  );
  await expect(summary.getByRole('list', { name: 'Import counts' })).toContainText('0 created');
});

test('an engineer pastes monthly rows from Excel (tab-separated, well names, Jan-19 months) and replaces them', async ({
  asEngineer: page,
}) => {
  const { projectId, wells } = await demoProject(page);
  const w = wells[2]!;
  const months = ['Jan-19', 'Feb-19', 'Mar-19', 'Apr-19'];
  const pasted = [
    'Well Name\tMonth\tOil\tGas\tDays On',
    ...months.map((m, i) => `${w.wellName}\t${m}\t${3000 + i}\t9000\t${28 + i}`),
  ];
  await page.goto(`/projects/${projectId}/productions/import`);
  await page.getByLabel('Or paste rows from a spreadsheet').fill(pasted.join('\n'));
  await page.getByRole('button', { name: 'Use the pasted rows' }).click();
  await expect(page.getByText('separated by tabs')).toBeVisible();
  await expect(page.getByLabel('Production', { exact: true })).toHaveValue('monthly');
  await expect(page.getByLabel('The well column holds')).toHaveValue('wellName');
  await expect(page.getByLabel('Days On')).toHaveValue('daysOn');
  await expect(page.getByRole('list', { name: 'Rows checked' })).toContainText('4 records to import');
  await expect(page.getByRole('table', { name: 'First records' }).getByRole('row').nth(2)).toContainText('2019-02-01');

  // Add or replace, twice: created, then updated.
  await page.getByLabel('Add or replace').check();
  const importButton = page.getByRole('button', { name: 'Import 4 monthly records' });
  const counts = page.getByRole('list', { name: 'Import counts' });
  await importButton.click();
  await expect(counts).toContainText('4 created');
  await importButton.click();
  await expect(counts).toContainText('4 updated');
  await expect(counts).toContainText('0 created');
  const stored = await page.evaluate(
    async ({ p, well }) =>
      (await (await fetch(`/api/v1/projects/${p}/monthly-productions?well=${well}&endDate=2019-06-30`)).json()) as {
        date: string;
        daysOn: number;
      }[],
    { p: projectId, well: w.id },
  );
  expect(stored.map((r) => [r.date, r.daysOn])).toEqual([
    ['2019-01-01', 28],
    ['2019-02-01', 29],
    ['2019-03-01', 30],
    ['2019-04-01', 31],
  ]);
});

test('an engineer cancels a large import: it stops after the batch in flight, and the summary counts what the server holds', async ({
  asEngineer: page,
}) => {
  const { projectId, wells } = await demoProject(page);
  const w = wells[3]!;
  const rows = 30_000; // six batches of 5,000 for one well, from 1930 on
  const lines = ['Well ID,Date,Oil'];
  for (let d = 0; d < rows; d++)
    lines.push(`${w.id},${new Date(Date.UTC(1930, 0, 1 + d)).toISOString().slice(0, 10)},${d % 100}`);
  await page.goto(`/projects/${projectId}/productions/import`);
  await page
    .getByLabel('Or choose a file')
    .setInputFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await page.getByRole('button', { name: 'Import 30,000 daily records' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const summary = page.getByRole('region', { name: 'Import summary' });
  await expect(summary.getByRole('status')).toContainText(/Import cancelled after row [\d,]+/);
  const figure = summary.getByRole('listitem').filter({ hasText: 'created' }).locator('strong');
  const created = Number((await figure.innerText()).replaceAll(',', ''));
  expect(created % 5000).toBe(0);
  expect(created).toBeLessThan(rows);
  const count = await page.evaluate(
    async ({ p, well }) =>
      Number(
        (
          await fetch(`/api/v1/projects/${p}/daily-productions?well=${well}&endDate=2018-12-31`, { method: 'HEAD' })
        ).headers.get('x-query-count'),
      ),
    { p: projectId, well: w.id },
  );
  expect(count).toBe(created);
});

test('support cannot import production: no link, a notice on the page, and the server refuses a forged write', async ({
  asSupport: page,
}) => {
  const { projectId, wells } = await demoProject(page);
  await expect(page.getByRole('link', { name: 'Import production (CSV)' })).toHaveCount(0);
  await page.goto(`/projects/${projectId}/productions/import`);
  await expect(page.getByRole('status')).toContainText('Your role (support) may read production but not import it');
  await expect(page.getByLabel('Or choose a file')).toHaveCount(0);
  const status = await page.evaluate(
    async ({ p, well }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
      const res = await fetch(`/api/v1/projects/${p}/daily-productions`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify([{ well, date: '2019-06-01', oil: 1 }]),
      });
      return res.status;
    },
    { p: projectId, well: wells[0]!.id },
  );
  expect(status).toBe(403);
});

/**
 * A measurement, not a story: `IMPORT_BENCH_ROWS=200000 npx playwright test … productionImport` imports
 * that many daily rows (the 12 demo wells, from 1920 on) through the page and prints the check and
 * import times and the page's peak JS heap (`performance.memory`, sampled every 100 ms). Never asserts a time.
 */
test('measure: a large daily file through the page', async ({ asEngineer: page }) => {
  const rows = Number(process.env.IMPORT_BENCH_ROWS ?? 0);
  test.skip(!rows, 'set IMPORT_BENCH_ROWS to measure');
  test.setTimeout(1_800_000);
  const { wells } = await demoProject(page);
  const perWell = Math.ceil(rows / wells.length);
  const parts = ['chosenID,date,oil,gas,water,hoursOn\n'];
  for (let i = 0; i < rows; i++) {
    const w = wells[i % wells.length]!;
    const day = new Date(Date.UTC(1920, 0, 1 + Math.floor(i / wells.length))).toISOString().slice(0, 10);
    parts.push(`${w.chosenID},${day},${(i % 997) + 0.5},${(i % 1999) + 1},${i % 50},24\n`);
  }
  const csv = Buffer.from(parts.join(''));
  await page.getByRole('link', { name: 'Import production (CSV)' }).click();
  await page.evaluate(() => {
    const w = window as unknown as { peakHeap: number; baseHeap: number };
    const mem = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
    w.baseHeap = mem();
    w.peakHeap = w.baseHeap;
    setInterval(() => {
      w.peakHeap = Math.max(w.peakHeap, mem());
    }, 100);
  });
  // The renderer's JS heap through Chromium's DevTools protocol: every second, after a forced
  // garbage collection (what the page really holds; `performance.memory` also counts garbage V8
  // has not collected yet), per phase.
  const cdp = await page.context().newCDPSession(page);
  let phase: 'check' | 'import' = 'check';
  const live = { check: 0, import: 0 };
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      live[phase] = Math.max(live[phase], usedSize);
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  const t0 = Date.now();
  await page.getByLabel('Or choose a file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: csv });
  await expect(page.getByRole('list', { name: 'Rows checked' })).toContainText(
    `${rows.toLocaleString('en-US')} records to import`,
    {
      timeout: 600_000,
    },
  );
  const checked = Date.now();
  phase = 'import';
  await page.getByRole('button', { name: /^Import .* daily records$/ }).click();
  await expect(page.getByRole('region', { name: 'Import summary' }).getByRole('status')).toContainText(
    'Import finished',
    {
      timeout: 1_500_000,
    },
  );
  const done = Date.now();
  const counts = await page.getByRole('list', { name: 'Import counts' }).innerText();
  const heap = await page.evaluate(() => {
    const w = window as unknown as { peakHeap: number; baseHeap: number };
    return { peakHeap: w.peakHeap, baseHeap: w.baseHeap };
  });
  sampling = false;
  await sampled;
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
  console.log(
    [
      `[measure] ${rows} daily rows, ${mb(csv.length)} of CSV, ${wells.length} wells × ${perWell} days`,
      `[measure] check (parse + contract rules, every row): ${((checked - t0) / 1000).toFixed(1)} s`,
      `[measure] import (read → check → send 5,000 → wait): ${((done - checked) / 1000).toFixed(1)} s, ${Math.round(rows / ((done - checked) / 1000))} rows/s`,
      `[measure] JS heap: ${mb(heap.baseHeap)} before, peak ${mb(heap.peakHeap)} (performance.memory)`,
      `[measure] live JS heap (after a forced GC, sampled each second): check ${mb(live.check)}, import ${mb(live.import)}`,
      `[measure] summary: ${counts.replaceAll('\n', ' ')}`,
    ].join('\n'),
  );
});
