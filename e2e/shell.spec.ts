import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { demo, expect, test } from './fixtures';

/**
 * The console's frame on every page (issue 22, "Everywhere"): what the sign-in page loads, where
 * the breadcrumb ends, "not found" inside the frame, the skip link, Escape on dialogs, the notice
 * for a page a role may not open, and the progress bar while a page loads.
 */

/** What the build wrote: each chunk's file name → the source modules it holds (vite.config.ts). */
const chunkMap = () =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'dist', 'web-chunks.json'), 'utf8')) as Record<
    string,
    Record<string, number>
  >;

const NO_ID = '0'.repeat(24);
const ids = () => demo() as ReturnType<typeof demo> & { projectId: string; forecastId: string; scenarioId: string };

test('the sign-in page loads its own code only, and its username field has the keyboard', async ({ page }) => {
  const loaded: { path: string; gzip: number }[] = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    loaded.push({ path: new URL(res.url()).pathname, gzip: gzipSync(await res.body()).length });
  });
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.waitForLoadState('networkidle');

  const chunks = chunkMap();
  const modules = loaded
    .filter((f) => f.path.endsWith('.js'))
    .flatMap((f) => Object.keys(chunks[f.path.slice(1)] ?? { [`unknown chunk ${f.path}`]: 0 }));
  expect(modules.length).toBeGreaterThan(10);
  expect(modules.filter((m) => m.startsWith('unknown chunk'))).toEqual([]);
  // No page's code: the econ-model forms, any feature's components, any other route's split parts.
  expect(modules.filter((m) => m.includes('features/econModels/components/'))).toEqual([]);
  expect(modules.filter((m) => /apps\/web\/src\/features\/[^/]+\/components\//.test(m))).toEqual([]);
  expect(modules.filter((m) => m.includes('tsr-split') && !/routes\/(login|__root)\.tsx/.test(m))).toEqual([]);
  const total = loaded.reduce((sum, f) => sum + f.gzip, 0);
  test.info().annotations.push({
    type: 'sign-in page',
    description: `${loaded.length} files, ${(total / 1024).toFixed(1)} KiB gzip`,
  });
  console.log(`[shell] the sign-in page loads ${loaded.length} files, ${(total / 1024).toFixed(1)} KiB gzip`);
  // It was 212 KB with every page's loader code; React, the router, the query cache, zod and the
  // form library are most of what is left.
  expect(total).toBeLessThan(200 * 1024);
});

/** The breadcrumb: `steps` as links in order, then the page itself (no link, aria-current). */
async function expectCrumbs(page: Page, steps: string[], current: string) {
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  const items = crumbs.getByRole('listitem');
  await expect(items).toHaveCount(steps.length + 1);
  for (const [i, step] of steps.entries()) await expect(items.nth(i).getByRole('link')).toHaveText(step);
  await expect(crumbs.getByRole('link')).toHaveCount(steps.length);
  await expect(items.last()).toHaveText(current);
  await expect(items.last().locator('[aria-current="page"]')).toHaveText(current);
}

test('breadcrumbs end at the page, every step a link', async ({ asAdmin: page }) => {
  const { projectId, forecastId, scenarioId } = ids();
  const project = 'Permian Basin Demo';
  await page.getByRole('link', { name: project }).click();
  await expectCrumbs(page, ['Projects'], project);

  await page.goto(`/projects/${projectId}/forecasts/${forecastId}`);
  const forecast = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await expectCrumbs(page, ['Projects', project], forecast);

  await page.goto(`/projects/${projectId}/scenarios/${scenarioId}`);
  await expectCrumbs(page, ['Projects', project], (await page.getByRole('heading', { level: 1 }).textContent()) ?? '');

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('cell', { name: 'MIDLAND UNIT 100H' }).getByRole('link').click();
  await expectCrumbs(page, ['Projects', project], 'MIDLAND UNIT 100H');

  await page.goto(`/projects/${projectId}/type-curves/lookup-tables`);
  await expectCrumbs(page, ['Projects', project, 'Type curves'], 'Lookup tables');

  await page.goto(`/projects/${projectId}/econ-models/depreciation`);
  await expectCrumbs(page, ['Projects', project], 'Depreciation models');
  await page.getByRole('link', { name: 'Demo depreciation', exact: true }).click();
  await expectCrumbs(page, ['Projects', project, 'Depreciation models'], 'Demo depreciation');
  // A step goes where it says.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Depreciation models' }).click();
  await expect(page.getByRole('heading', { name: 'Depreciation models' })).toBeVisible();

  await page.goto('/econ-models/depreciation/new');
  await expectCrumbs(page, ['Company models', 'Depreciation models'], 'New depreciation model');
});

test('an unknown id shows "not found" inside the console, with the way back', async ({ asAdmin: page }) => {
  const { projectId } = ids();
  const notFound = async (path: string, back: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    // Inside the frame: the side navigation is there.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Back to ${back}` })).toBeVisible();
  };
  await notFound(`/projects/${NO_ID}`, 'the projects');
  await notFound(`/projects/${projectId}/scenarios/${NO_ID}`, 'Permian Basin Demo');
  await notFound(`/projects/${projectId}/wells/${NO_ID}`, 'Permian Basin Demo');
  await notFound(`/projects/${projectId}/type-curves/${NO_ID}`, 'the type curves');
  await notFound(`/projects/${projectId}/econ-models/depreciation/${NO_ID}`, 'the depreciation models');
  await notFound(`/econ-models/nonsense`, "the company's econ models");
  await notFound(`/projects/${projectId}/forecasts/${NO_ID}`, 'Permian Basin Demo');
  await page.getByRole('link', { name: 'Back to Permian Basin Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Permian Basin Demo', level: 1 })).toBeVisible();
});

test('the skip link comes first and moves the keyboard to the page; Escape closes dialogs', async ({
  asAdmin: page,
}) => {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Permian Basin Demo', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Permian Basin Demo', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The wells' column picker (a modal dialog).
  await page.getByRole('button', { name: 'Columns' }).first().click();
  const picker = page.getByRole('dialog', { name: /Columns/ });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  // A confirmation: Escape is "Cancel", the model stays.
  await page.goto(`/projects/${ids().projectId}/econ-models/depreciation`);
  await page.getByRole('button', { name: 'Delete Demo depreciation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Demo depreciation?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('link', { name: 'Demo depreciation', exact: true })).toBeVisible();
});

test('a support user sent away from an admin page is told why', async ({ asSupport: page }) => {
  for (const [path, name] of [
    ['/credentials', 'The credentials page'],
    ['/audit', 'The audit log'],
    ['/users', 'The users page'],
    ['/exports', 'The exports page'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/projects/);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: name })).toContainText('you are signed in as support');
  }
  // The notice belongs to that arrival: the next page does not repeat it.
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Permian Basin Demo', level: 1 })).toBeVisible();
  await expect(page.getByText('you are signed in as support')).toHaveCount(0);
});

test('a page that is still loading shows the progress bar, never a blank page', async ({ asAdmin: page }) => {
  // Hold the project's scenarios until the progress bar has been seen.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/v1/projects/*/scenarios*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
  // Meanwhile the frame and the page being left stay on screen.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Permian Basin Demo', level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
