import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The page does not scroll sideways (issue 22: no horizontal overflow at 1280 px). */
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

/**
 * The type-curve workspace (issue 22): the demo type curve's tabs (the open one in the address,
 * kept across a reload), the fit chart with every series and the member wells, the normalization
 * x axis picked from the well headers, and a lookup-table rule whose filter is built from two
 * conditions and reads back as rows. It changes only the demo curve's water x axis, which no
 * other story reads, and creates its own lookup table.
 */
test('an engineer works through the type-curve tabs, charts every series with the member wells, picks a header x axis and builds a rule filter', async ({
  asEngineer: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  await page.getByRole('link', { name: 'Demo Wolfcamp A type curve' }).click();

  // Tabs: the curve first; arrows, Home and End move between them and the address follows.
  const tabs = page.getByRole('tablist', { name: 'Type curve workspace' });
  await expect(tabs.getByRole('tab')).toHaveText(['Curve', 'Fits', 'Normalization', 'Wells', 'Volumes']);
  const curve = tabs.getByRole('tab', { name: 'Curve' });
  await expect(curve).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Curve' }).getByRole('form', { name: 'Type curve' })).toBeVisible();
  // The curve tab sums up each phase's fit and normalization.
  const summary = page.getByRole('table', { name: 'Type curve by phase' });
  await expect(
    summary.getByRole('row', { name: /^oil rate fit: best, p10, p50, p90 EUR by perforated lateral length/ }),
  ).toBeVisible();
  await expect(
    summary.getByRole('row', { name: 'gas ratio to oil fit: best uses the multipliers of oil' }),
  ).toBeVisible();
  await curve.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Fits' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Fits' })).toBeFocused();
  await expect(page).toHaveURL(/[?&]tab=fits/);
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Volumes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Type curve volumes' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Type curve' })).toBeHidden();
  await page.keyboard.press('Home');
  await expect(curve).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Open the wells' }).click();
  await expect(tabs.getByRole('tab', { name: 'Wells' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: /^Wells \(6, 1 excluded\)/ })).toBeVisible();

  // The tab is in the address: a reload opens the same one.
  await tabs.getByRole('tab', { name: 'Fits' }).click();
  await expect(page).toHaveURL(/[?&]tab=fits/);
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Fits' })).toHaveAttribute('aria-selected', 'true');

  // The fit chart: every oil series at once, then the member wells too, each with its toggle.
  const chart = page.getByRole('region', { name: 'Oil fit: all series and member wells' });
  await expect(chart.getByRole('img', { name: 'Oil fit chart: Fit best, Fit P10, Fit P50, Fit P90' })).toBeVisible();
  await chart.getByRole('button', { name: 'Show all' }).click();
  await expect(chart.getByRole('checkbox', { name: /^Member wells/ })).toBeChecked();
  await expect(chart.getByText(/\(\d[\d,]* points\)/)).toBeVisible();
  await expect(
    chart.getByRole('img', {
      name: 'Oil fit chart: Fit best, Fit P10, Fit P50, Fit P90, Wells P10, Wells P50, Wells P90, Wells Average, member wells',
    }),
  ).toBeVisible();
  await chart.getByRole('checkbox', { name: 'Fit P90' }).uncheck();
  await chart.getByRole('checkbox', { name: 'Wells Average' }).uncheck();
  await expect(
    chart.getByRole('img', {
      name: 'Oil fit chart: Fit best, Fit P10, Fit P50, Wells P10, Wells P50, Wells P90, member wells',
    }),
  ).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(1);
  await noSidewaysScroll(page);

  // Normalization: the water x axis is picked from the numeric well headers, by label.
  await tabs.getByRole('tab', { name: 'Normalization' }).click();
  const water = page.getByRole('group', { name: 'water normalization' });
  const xAxis = water.getByLabel('x axis (header)');
  await expect(xAxis.locator('option:checked')).toHaveText('Perforated lateral length (FT)');
  await expect(xAxis.locator('option', { hasText: 'County' })).toHaveCount(0);
  await noSidewaysScroll(page);
  await xAxis.selectOption({ label: 'True vertical depth (FT)' });
  await page.getByRole('button', { name: 'Save normalization' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the normalization.' })).toBeVisible();
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Normalization' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('group', { name: 'water normalization' }).getByLabel('x axis (header)')).toHaveValue(
    'true_vertical_depth',
  );

  // A lookup-table rule whose filter is two conditions on the headers.
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  await page.getByRole('link', { name: 'Lookup tables' }).click();
  await page.getByRole('form', { name: 'New lookup table' }).getByLabel('Name').fill('E2E TC workspace rules');
  await page.getByRole('button', { name: 'Create lookup table' }).click();
  await expect(page.getByRole('heading', { name: 'E2E TC workspace rules', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Rule 1 type curve').selectOption({ label: 'Demo Wolfcamp A type curve' });
  const filter = page.getByRole('group', { name: 'Rule 1 filter' });
  await expect(filter.getByText('No conditions: the rule matches every well.')).toBeVisible();
  await filter.getByRole('button', { name: 'Add condition to rule 1' }).click();
  await filter.getByLabel('Rule 1 condition 1 header').selectOption({ label: 'County' });
  // County is text: only = and ≠.
  await expect(filter.getByLabel('Rule 1 condition 1 operator').locator('option')).toHaveText(['=', '≠']);
  await filter.getByLabel('Rule 1 condition 1 value').fill('Reeves');
  await filter.getByRole('button', { name: 'Add condition to rule 1' }).click();
  await filter.getByLabel('Rule 1 condition 2 header').selectOption({ label: 'Perforated lateral length (FT)' });
  await filter.getByLabel('Rule 1 condition 2 operator').selectOption({ label: '≥' });
  // An unfinished value is named at its field before anything is sent.
  await page.getByRole('button', { name: 'Save lookup table' }).click();
  await expect(filter.getByText('Enter the perforated lateral length to compare with')).toBeVisible();
  await filter.getByLabel('Rule 1 condition 2 value').fill('8,000');
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Save lookup table' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved E2E TC workspace rules.' })).toBeVisible();

  // Stored as two {key, operator, value} conditions, and read back as rows.
  const tableId = new URL(page.url()).pathname.split('/').pop()!;
  const projectId = new URL(page.url()).pathname.split('/')[2]!;
  const stored = (await (
    await page.request.get(`/api/v2/projects/${projectId}/type-curves/lookup-tables/${tableId}`)
  ).json()) as { rules: { filter: unknown[] }[] };
  expect(stored.rules[0]?.filter).toEqual([
    { key: 'county', operator: 'equals', value: 'Reeves' },
    { key: 'perfLateralLength', operator: 'greater_or_equal', value: 8000 },
  ]);
  await page.reload();
  const again = page.getByRole('group', { name: 'Rule 1 filter' });
  await expect(again.getByRole('table', { name: 'Rule 1 conditions' }).getByRole('row')).toHaveCount(3);
  await expect(again.getByLabel('Rule 1 condition 1 header')).toHaveValue('county');
  await expect(again.getByLabel('Rule 1 condition 1 value')).toHaveValue('Reeves');
  await expect(again.getByLabel('Rule 1 condition 2 header')).toHaveValue('perfLateralLength');
  await expect(again.getByLabel('Rule 1 condition 2 operator')).toHaveValue('greater_or_equal');
  await expect(again.getByLabel('Rule 1 condition 2 value')).toHaveValue('8000');

  // A filter written some other way (here through the API) is kept as stored, shown read-only with why.
  const status = await page.evaluate(
    async ({ url, rule }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ name: 'E2E TC workspace rules', rules: [{ ...rule, filter: [{ county: 'Reeves' }] }] }),
      });
      return res.status;
    },
    {
      url: `/api/v2/projects/${projectId}/type-curves/lookup-tables/${tableId}`,
      rule: stored.rules[0] as Record<string, unknown>,
    },
  );
  expect(status).toBe(200);
  await page.reload();
  const kept = page.getByRole('group', { name: 'Rule 1 filter' });
  await expect(kept.getByRole('note')).toContainText('has other fields than key, operator and value');
  await expect(kept.getByText('"county": "Reeves"')).toBeVisible();
  await expect(kept.getByRole('table', { name: 'Rule 1 conditions' })).toHaveCount(0);
});
