import { expect, test } from './fixtures';

/**
 * A type curve fitted from its wells (issue 18; decision 029): the demo type curve's wells as a
 * normalized cloud with P10/P50/P90, a dry-run fit drawn over it, then saved as the type curve's
 * fits. It changes only the demo type curve's oil fit, which no other story reads.
 */
test('an engineer fits the demo type curve from its wells and saves P10/P50/P90 fits and the multipliers', async ({
  asEngineer: page,
}) => {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  await page.getByRole('link', { name: 'Demo Wolfcamp A type curve' }).click();
  await page.getByRole('tablist', { name: 'Type curve workspace' }).getByRole('tab', { name: 'Fits' }).click();

  const panel = page.getByRole('region', { name: 'Fit from wells' });
  await expect(panel.getByRole('img', { name: 'Normalized rates of the wells by months' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Oil rates of 5 wells, normalized' })).toBeVisible();
  // The normalization scatter (oil EUR by lateral length) and the per-well multipliers.
  await expect(panel.getByRole('img', { name: 'Oil, BBL against perf_lateral_length' })).toBeVisible();
  const wells = panel.getByRole('table', { name: 'Per-well multipliers' });
  await expect(wells.getByRole('row')).toHaveCount(7);
  await expect(wells.getByRole('row').filter({ hasText: 'excluded' })).toHaveCount(1);
  await expect(wells.getByRole('row').filter({ hasText: 'used' }).first().locator('td').nth(3)).toHaveText(
    /^\d+\.\d+$/,
  );

  await panel.getByLabel('Model').selectOption('arps_modified');
  await panel.getByRole('button', { name: 'Fit from wells' }).click();
  const series = panel.getByRole('table', { name: 'Fitted series' });
  for (const name of ['best', 'p10', 'p50', 'p90']) {
    await expect(series.getByRole('row', { name: new RegExp(`^${name} arps_modified`) })).toBeVisible();
  }
  await expect(panel.getByRole('status')).toHaveText(/Fitted, not saved/);

  await panel.getByRole('button', { name: 'Save fitted series' }).click();
  await expect(panel.getByRole('status')).toHaveText(/^Saved: the best, P10, P50 and P90 fits/);
  await expect(page.getByRole('status').filter({ hasText: /^Saved the oil fits from the wells/ })).toBeVisible();

  // The fit editor now holds the fitted oil series, and the API has all four.
  const fits = page.getByRole('region', { name: 'Fits', exact: true });
  await expect(fits.getByRole('button', { name: /^Oil · rate/ })).toBeVisible();
  const res = await page.request.get(`/api/v2/projects/${projectAndCurve(page.url())}/fits`);
  const body = (await res.json()) as { oil?: Record<string, { segments: { segmentType: string }[] }> };
  for (const s of ['best', 'p10', 'p50', 'p90']) {
    expect(body.oil?.[s]?.segments[0]?.segmentType).toBe('arps_modified');
  }
});

/** `{projectId}/type-curves/{id}` of a type-curve page URL. */
function projectAndCurve(url: string): string {
  const m = /\/projects\/([^/]+)\/type-curves\/([^/?#]+)/.exec(url);
  if (!m) throw new Error(`not a type-curve page: ${url}`);
  return `${m[1]}/type-curves/${m[2]}`;
}
