import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * "Fit to history" in the forecast editor (issue 18): an engineer fits one well by hand. It writes
 * its own well and series (MIDLAND UNIT 103H · oil · p10: the demo stores only `best`, and no other
 * story writes this one), so the other stories see the demo as it was.
 */
const WELL = 'MIDLAND UNIT 103H';

async function openWellOil(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Demo deterministic forecast' }).click();
  await expect(page.getByRole('heading', { name: 'Demo deterministic forecast' })).toBeVisible();
  await page.getByLabel('Well', { exact: true }).selectOption({ label: WELL });
  await page.getByLabel('Phase', { exact: true }).selectOption('oil');
  await page.getByLabel('Series', { exact: true }).selectOption('p10');
  await expect(page.getByRole('heading', { name: `${WELL} · oil · p10` })).toBeVisible();
}

test('an engineer fits Arps from the peak, clicks one point out, uses the fit, saves it and reads it back', async ({
  asEngineer: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openWellOil(page);
  await expect(page.getByText('No segments are stored for this well, phase and series.')).toBeVisible();
  await page.getByLabel('Monthly', { exact: true }).check();
  // Monthly volumes (the monthly view opens on average rates): the points this story clicks.
  await page.getByLabel('Volume per month', { exact: true }).check();
  await page.getByRole('button', { name: 'Fit to history' }).click();
  const panel = page.getByRole('region', { name: 'Fit to history' });
  await expect(panel.getByLabel('Model')).toHaveValue('arps');
  await expect(panel.getByLabel('Start', { exact: true })).toHaveValue('peak');
  await expect(panel.getByLabel('Minimum b')).toHaveValue('0.01');
  await expect(panel.getByLabel('Maximum b')).toHaveValue('2');
  // The declines are typed in percent per year, with the decimal the API stores beside them.
  await expect(panel.getByText('= 0.99')).toBeVisible();

  // The live fit: its quality, residuals, and the fitted curve over the history on the chart.
  const used = panel.locator('dt:has-text("Points used") + dd');
  await expect(used).toHaveText(/^\d+, left out \d+$/);
  const usedBefore = Number((await used.textContent())!.split(',')[0]);
  await expect(panel.locator('dt:has-text("R² (log rate)") + dd')).toHaveText(/^0\.9\d\d$/);
  await expect(panel.getByRole('img', { name: 'Fit residuals against time' })).toBeVisible();
  const legend = page.getByRole('list', { name: 'Chart legend' });
  await expect(legend).toContainText('Fit to history');

  // A click on a history point leaves it out: it is reported with its reason and marked on the chart.
  const plot = page.getByRole('img', { name: 'Oil volume, BBL per month against time' }).locator('.u-over');
  const box = (await plot.boundingBox())!;
  await plot.click({ position: { x: box.width * 0.55, y: box.height * 0.5 } });
  const left = panel.getByRole('list', { name: 'Points left out of the fit' });
  const mine = left.getByRole('listitem').filter({ hasText: 'excluded by you' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveText(/^\d{4}-\d{2}-01: excluded by you put back$/);
  await expect(used).toHaveText(new RegExp(`^${usedBefore - 1}, `));
  await expect(legend).toContainText('Excluded by you 1 point,');
  const excludedDate = (await mine.textContent())!.slice(0, 10);

  // What the fit proposes goes into the draft; the existing Save stores it.
  const fitted = (await panel.locator('dt:has-text("Fitted") + dd').textContent())!;
  expect(fitted).toMatch(/^arps from \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}: qStart /);
  const startDate = fitted.slice('arps from '.length, 'arps from '.length + 10);
  expect(startDate < excludedDate).toBe(true);
  await panel.getByRole('button', { name: 'Use this fit' }).click();
  await expect(
    page.getByText(`The fitted arps segment from ${startDate} is in the draft: review it, then Save.`),
  ).toBeVisible();
  await expect(page.getByLabel('Segment 1 type')).toHaveValue('arps');
  await expect(page.getByLabel('Segment 1 start date')).toHaveValue(startDate);
  await expect(page.getByLabel('Segment 2 type')).toHaveCount(0);
  // A field shows four significant digits; focused, the full value it holds.
  const full = async (label: string) => {
    await page.getByLabel(label).focus();
    return page.getByLabel(label).inputValue();
  };
  const typed = {
    qStart: await full('Segment 1 qStart'),
    dEff: await full('Segment 1 dEff'),
    b: await full('Segment 1 b'),
    endDate: await page.getByLabel('Segment 1 end date').inputValue(),
  };
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Saved 1 segments of ${WELL} · oil · p10`)).toBeVisible();

  // Read back: the page after a reload, and the API.
  await page.reload();
  await expect(page.getByRole('heading', { name: `${WELL} · oil · p10` })).toBeVisible();
  await expect(page.getByLabel('Segment 1 type')).toHaveValue('arps');
  await expect(page.getByLabel('Segment 1 start date')).toHaveValue(startDate);
  for (const [label, value] of [
    ['Segment 1 qStart', typed.qStart],
    ['Segment 1 dEff', typed.dEff],
    ['Segment 1 b', typed.b],
  ] as const) {
    await page.getByLabel(label).focus();
    await expect(page.getByLabel(label)).toHaveValue(value);
  }
  const stored = await page.evaluate(async () => {
    const path = new URL(window.location.href).pathname;
    const well = new URL(window.location.href).searchParams.get('well');
    const res = await fetch(`/api/v1${path}/parameters/${well}/oil/p10`);
    return (await res.json()) as { segments: { segmentType: string; startDate: string; endDate: string; b: number }[] };
  });
  expect(stored.segments).toHaveLength(1);
  expect(stored.segments[0]).toMatchObject({
    segmentType: 'arps',
    startDate,
    endDate: typed.endDate,
    b: Number(typed.b),
  });
  expect(stored.segments[0]!.b).toBeGreaterThanOrEqual(0.01);
  expect(stored.segments[0]!.b).toBeLessThanOrEqual(2);

  // Fitting again compares the fit with what is now stored.
  await page.getByLabel('Monthly', { exact: true }).check();
  await page.getByLabel('Volume per month', { exact: true }).check();
  await page.getByRole('button', { name: 'Fit to history' }).click();
  await expect(panel.locator('dt:has-text("Against the current segments") + dd')).toHaveText(
    new RegExp(`^fit [\\d,]+ vs current [\\d,]+ BBL \\(${startDate} to ${typed.endDate}\\)$`),
  );

  // The start can be picked on the chart too: the fit then starts on that month.
  await panel.getByLabel('starts the fit there').check();
  await plot.click({ position: { x: box.width * 0.3, y: box.height * 0.5 } });
  await expect(panel.getByLabel('Start', { exact: true })).toHaveValue('date');
  const picked = await panel.getByLabel('Start date').inputValue();
  expect(picked).toMatch(/^\d{4}-\d{2}-01$/);
  expect(picked > startDate).toBe(true);
  await expect(panel.locator('dt:has-text("Fitted") + dd')).toHaveText(new RegExp(`^arps from ${picked} to `));
  await expect(panel.getByLabel('leaves it out of the fit (click again to put it back)')).toBeChecked();
});
