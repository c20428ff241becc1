import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parquetReadObjects } from 'hyparquet';
import { DATA_ROOT, expect, test } from './fixtures';

/**
 * The export download page. The story shares the product with the others and writes nothing but
 * its own export: the demo forecast's rows may grow with other stories' series, so it checks the
 * file against itself (preview = file = download = the API's signed link), not against counts.
 */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const demoProjectId = () =>
  (JSON.parse(readFileSync(`${DATA_ROOT}/demo.json`, 'utf8')) as { projectId: string }).projectId;

/** A preview cell as the console prints it (Parquet DATE → YYYY-MM-DD). */
const cell = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? '' : String(v));

test("an admin exports the demo forecast's monthly volumes, watches progress, previews and downloads the file", async ({
  asAdmin: page,
}) => {
  // The progress polls wait until the page has shown the running export (the demo export is small
  // and would otherwise finish before anyone could see it run).
  let release!: () => void;
  const seenRunning = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/exports\/[0-9a-f]{24}$/, async (route) => {
    await seenRunning;
    await route.continue();
  });
  const fileRequests: { url: string; method: string; range?: string }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/downloads/exports/')) {
      fileRequests.push({ url: r.url(), method: r.method(), range: r.headers().range });
    }
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();

  // The form checks the lifetime before anything is sent.
  await page.getByLabel('Export type').selectOption({ label: 'Monthly forecast volumes' });
  await page.getByLabel('Project').selectOption({ label: 'Permian Basin Demo' });
  await page.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
  const hours = page.getByLabel('Link lifetime (hours)');
  await expect(hours).toHaveValue('24');
  await hours.fill('200');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.locator('#export-hours-error')).toHaveText(
    'Link lifetime must be an integer from 1 to 168 (hours; 168 = 7 days)',
  );
  await hours.fill('2');

  const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/exports') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const post = await posted;
  expect(post.headers().prefer).toBe('respond-async');
  expect(post.postDataJSON()).toMatchObject({
    exportType: 'monthlyForecastVolumeExport',
    fileType: 'parquet',
    projectId: demoProjectId(),
    expirationHours: 2,
  });

  // Progress: running first, then complete with the rows and the file.
  const progress = page.getByRole('status', { name: 'Export progress' });
  await expect(progress).toContainText('Running');
  await expect(progress).toContainText(/rows written · \d+ files? done/);
  await page.screenshot({ path: '/tmp/ex-running.png', fullPage: true });
  release();
  await expect(progress).toContainText('Complete', { timeout: 30_000 });
  await expect(progress).toContainText(/[1-9][\d,]* rows written · 1 file done/);

  // The file: its size and the live countdown (one page clock; it moves).
  const files = page.getByRole('table', { name: 'Files' });
  const row = files.getByRole('row').filter({ hasText: '.parquet' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/monthly-forecast-volumes-[0-9a-f]{24}-part-0001\.parquet/);
  await expect(row).toContainText(/\d+(\.\d)? (B|KB|MB)/);
  const countdown = page.locator('strong.countdown');
  await expect(countdown).toHaveText(/^1 h 59 min \d\d s$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before!);

  // Preview: the first rows, read in the browser with range requests on the file's link.
  const link = row.getByRole('link', { name: /^Download / });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/downloads\/exports\/[0-9a-f]{24}\/[^/?]+\.parquet\?X-Expires=\d+&X-Signature=[0-9a-f]+$/);
  await row.getByRole('button', { name: /^Preview / }).click();
  const preview = page.getByRole('region', { name: /^Preview of / });
  await expect(preview).toHaveAttribute('data-source', href);
  const table = preview.getByRole('table', { name: 'Preview rows' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'wellId',
    'wellName',
    'phase',
    'series',
    'date',
    'volume',
    'forecastId',
    'projectId',
  ]);
  const shownRows = await table.locator('tbody tr').count();
  expect(shownRows).toBeGreaterThan(0);
  expect(shownRows).toBeLessThanOrEqual(50);
  const ranged = fileRequests.filter((r) => r.method === 'GET' && r.range);
  expect(ranged.length).toBeGreaterThan(0);
  for (const r of ranged) expect(new URL(r.url).pathname + new URL(r.url).search).toBe(href);
  await page.screenshot({ path: '/tmp/ex-preview.png', fullPage: true });

  // Download: the saved file equals the bytes behind the same link, and the API's own signed link.
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.parquet$/);
  const downloaded = new Uint8Array(readFileSync((await download.path())!));
  const sameLink = await page.request.get(href);
  expect(sameLink.status()).toBe(200);
  expect(sameLink.headers()['content-type']).toBe('application/vnd.apache.parquet');
  const linkBytes = new Uint8Array(await sameLink.body());
  expect(downloaded.length).toBeGreaterThan(0);
  expect(sha256(downloaded)).toBe(sha256(linkBytes));

  const exportId = href.split('/')[3]!;
  const status = (await (await page.request.get(`/api/v1/exports/${exportId}`)).json()) as {
    files: { url: string; bytes: number }[];
  };
  expect(status.files).toHaveLength(1);
  expect(status.files[0]!.bytes).toBe(downloaded.length);
  const apiLink = status.files[0]!.url;
  expect(new URL(apiLink).pathname + new URL(apiLink).search).toBe(href);
  const direct = await fetch(apiLink);
  expect(direct.status).toBe(200);
  expect(sha256(new Uint8Array(await direct.arrayBuffer()))).toBe(sha256(downloaded));

  // The rows the preview showed are the first rows of the downloaded file.
  const buffer = downloaded.buffer.slice(downloaded.byteOffset, downloaded.byteOffset + downloaded.byteLength);
  const fileRows = (await parquetReadObjects({ file: buffer as ArrayBuffer, rowEnd: shownRows })) as Record<
    string,
    unknown
  >[];
  expect(fileRows).toHaveLength(shownRows);
  const columns = ['wellId', 'wellName', 'phase', 'series', 'date', 'volume', 'forecastId', 'projectId'];
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
  expect(shown).toEqual(fileRows.map((r) => columns.map((c) => cell(r[c]))));
  for (const r of fileRows) {
    expect(r.projectId).toBe(demoProjectId());
    expect(cell(r.date)).toMatch(/^\d{4}-\d{2}-01$/);
    expect(r.volume as number).toBeGreaterThan(0);
  }

  // The export stays listed (from the API's list of the company's exports), valid, after a reload.
  await page.reload();
  const past = page.getByRole('table', { name: 'Past exports' });
  const pastRow = past.getByRole('row').filter({ has: page.getByRole('button', { name: `Show export ${exportId}` }) });
  await expect(pastRow).toContainText('Demo deterministic forecast');
  await expect(pastRow).toContainText('Monthly forecast volumes');
  await expect(pastRow).toContainText('Permian Basin Demo');
  await expect(pastRow).toContainText('valid');
  await page.screenshot({ path: '/tmp/ex-session.png', fullPage: true });
});

test('an admin exports the monthly rows of a complete econ run of the demo scenario', async ({ asAdmin: page }) => {
  const { projectId, scenarioId, forecastId } = JSON.parse(readFileSync(`${DATA_ROOT}/demo.json`, 'utf8')) as {
    projectId: string;
    scenarioId: string;
    forecastId: string;
  };
  const runs = `/api/v1/projects/${projectId}/scenarios/${scenarioId}/econ-runs`;
  // A run of the demo scenario (its models are assigned by the seed), started as a client would.
  const runId = await page.evaluate(
    async ({ url, forecast }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ forecast }),
      });
      return ((await res.json()) as { id: string }).id;
    },
    { url: runs, forecast: forecastId },
  );
  await expect
    .poll(async () => ((await (await page.request.get(`${runs}/${runId}`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('complete');
  // The API's monthly rows of the run, every page.
  const apiRows: Record<string, unknown>[] = [];
  for (let skip = 0; ; skip += 5000) {
    const res = await page.request.get(`${runs}/${runId}/monthly?skip=${skip}&take=5000`);
    const page_ = (await res.json()) as Record<string, unknown>[];
    apiRows.push(...page_);
    if (!(res.headers().link ?? '').includes('rel="next"')) break;
  }
  expect(apiRows.length).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' }).click();
  await page.getByLabel('Export type').selectOption({ label: 'Econ monthly (run results)' });
  await page.getByLabel('Project').selectOption({ label: 'Permian Basin Demo' });
  await page.getByLabel('Scenario').selectOption({ label: 'Base case' });
  await page.getByLabel('Econ run').selectOption({ value: runId });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const progress = page.getByRole('status', { name: 'Export progress' });
  await expect(progress).toContainText('Complete', { timeout: 30_000 });
  await expect(progress).toContainText(`${apiRows.length.toLocaleString('en-US')} rows written · 1 file done`);
  const row = page
    .getByRole('table', { name: 'Files' })
    .getByRole('row')
    .filter({ hasText: `econ-monthly-${runId}-part-0001.parquet` });
  await expect(row).toHaveCount(1);

  // The preview shows the run's columns; the downloaded file holds exactly the API's rows.
  await row.getByRole('button', { name: /^Preview / }).click();
  const table = page.getByRole('region', { name: /^Preview of / }).getByRole('table', { name: 'Preview rows' });
  await expect(table.getByRole('columnheader').first()).toHaveText('wellId');
  await expect(table.getByRole('columnheader', { name: 'cumSecondDiscountCashFlow' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: /^Download / }).click();
  const bytes = new Uint8Array(readFileSync((await (await downloading).path())!));
  const fileRows = (await parquetReadObjects({
    file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  })) as Record<string, unknown>[];
  expect(fileRows).toHaveLength(apiRows.length);
  fileRows.forEach((r, i) => {
    const api = apiRows[i]!;
    expect([r.wellId, cell(r.date), r.bfit, r.cumSecondDiscountCashFlow]).toEqual([
      api.well,
      api.date,
      api.bfit,
      api.cumSecondDiscountCashFlow,
    ]);
  });
  await page.screenshot({ path: '/tmp/ex-econ.png', fullPage: true });
});

test('an engineer may create exports; missing choices and the API’s 404 show in the form', async ({
  asEngineer: page,
}) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();

  // Econ monthly needs a run: without one chosen, the form says what is missing.
  await page.getByLabel('Export type').selectOption({ label: 'Econ monthly (run results)' });
  await page.getByLabel('Project').selectOption({ label: 'Permian Basin Demo' });
  await page.getByLabel('Scenario').selectOption({ label: 'Base case' });
  await expect(page.getByLabel('Econ run')).toHaveValue('');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/exports') && r.method() === 'POST') posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.locator('#export-run-error')).toHaveText('Econ run is required');
  expect(posts).toHaveLength(0);

  // A forecast deleted by someone else before the request arrives (its id is swapped on the way):
  // the API's 404 reaches the form in its own words, and nothing is listed.
  const gone = 'f'.repeat(24);
  await page.route('**/api/v1/exports', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, forecastId: gone }) });
  });
  await page.getByLabel('Export type').selectOption({ label: 'Daily forecast volumes' });
  await page.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const form = page.getByRole('form', { name: 'New export' });
  await expect(form.getByRole('alert')).toContainText(`No forecast with id ${gone}`);
  expect(posts).toHaveLength(1);
  await expect(page.getByRole('status', { name: 'Export progress' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/ex-error.png', fullPage: true });
});

test('a support user has no Exports page and may not create exports', async ({ asSupport: page }) => {
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' })).toHaveCount(0);
  await page.goto('/exports');
  await expect(page).toHaveURL(/\/projects/);
  const status = await page.evaluate(async () => {
    const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
    const res = await fetch('/api/v1/exports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken, prefer: 'respond-async' },
      body: JSON.stringify({ exportType: 'monthlyForecastVolumeExport', fileType: 'parquet' }),
    });
    return res.status;
  });
  expect(status).toBe(403);
});
