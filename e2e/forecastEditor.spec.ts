import { expect, test } from './fixtures';

/**
 * The forecast editor as an engineer works in it: chained segments, declines typed in percent,
 * rates read in four digits, a failed save's banner that goes with the well, and a page that asks
 * before unsaved segments are left. Works on a well and series no other story writes.
 */
const WELL = 'MIDLAND UNIT 106H';

test('an engineer chains segments, types declines in percent, and is asked before leaving unsaved work', async ({
  asEngineer: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Demo deterministic forecast' }).click();
  await page.getByLabel('Well', { exact: true }).selectOption({ label: WELL });
  await page.getByLabel('Phase', { exact: true }).selectOption('oil');
  await page.getByLabel('Series', { exact: true }).selectOption('p50');
  await expect(page.getByRole('heading', { name: `${WELL} · oil · p50` })).toBeVisible();
  // The picker says which wells have segments for the phase and series.
  await expect(page.getByText('○ This well has no oil · p50 segments')).toBeVisible();

  // Segment 1: a rate typed with many digits reads in four; focused, the full value is there.
  await page.getByRole('button', { name: 'Add segment' }).click();
  await page.getByLabel('Segment 1 start date').fill('2026-11-01');
  await page.getByLabel('Segment 1 end date').fill('2028-10-31');
  const q1 = page.getByLabel('Segment 1 qStart');
  await q1.fill('412.345678');
  // The decline typed in percent per year, the fraction the API stores beside it.
  await page.getByLabel('Segment 1 dEff').fill('65');
  await expect(page.getByText('0.65 stored')).toBeVisible();
  await expect(q1).toHaveValue('412.3');
  await q1.focus();
  await expect(q1).toHaveValue('412.345678');

  // Segment 2 is chained: it starts at segment 1's end rate and follows it.
  await page.getByRole('button', { name: 'Add segment' }).click();
  const chain = page.getByLabel('Chain segment 2 to segment 1');
  const q2 = page.getByLabel('Segment 2 qStart');
  await expect(chain).toBeChecked();
  await expect(q2).toHaveAttribute('readonly', '');
  const before = Number(await q2.inputValue());
  // 412.3 × 0.35² ≈ 50.5 after two years at 65 %/yr.
  expect(before).toBeGreaterThan(45);
  expect(before).toBeLessThan(56);
  // Focused first: the field then holds the full value, which the typing replaces.
  await q1.focus();
  await q1.fill('500');
  await expect(q2).not.toHaveValue(String(before));
  const followed = Number(await q2.inputValue());
  expect(followed).toBeGreaterThan(55);
  expect(followed).toBeLessThan(68);
  // Unchained, segment 2 keeps its own start; chained again, it takes segment 1's end at once.
  await chain.uncheck();
  await q2.focus();
  await q2.fill('80');
  await q1.fill('450');
  await expect(q2).toHaveValue('80');
  await chain.check();
  await expect(q2).not.toHaveValue('80');
  await page.getByLabel('Segment 2 dEff').fill('12.5');
  await expect(page.getByText('0.125 stored')).toBeVisible();

  // Segment 3: a three-segment forecast drawn over the well's history.
  await page.getByRole('button', { name: 'Add segment' }).click();
  await expect(page.getByLabel('Chain segment 3 to segment 2')).toBeChecked();
  await page.getByLabel('Segment 3 type').selectOption('flat');
  const legend = page.getByRole('list', { name: 'Chart legend' });
  await expect(legend).toContainText('Oil forecast line');
  await expect(legend).toContainText('segment starts');
  await expect(legend).toContainText('Oil history');
  await expect(page.locator('.field-error')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'docs/screenshots/forecast-editor.png', fullPage: true });

  // Monthly: the average rate per day of each month (not the month's volume).
  await page.getByLabel('Monthly', { exact: true }).check();
  await expect(page.getByRole('img', { name: 'Oil rate, BBL/D (monthly average) against time' })).toBeVisible();
  await page.getByLabel('Daily', { exact: true }).check();

  // A save the server refuses (a decline of 150 %/yr): the banner says so…
  await page.getByLabel('Segment 2 dEff').fill('150');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(failed).toBeVisible();
  // …and goes when another well is chosen (asked first: the segments are unsaved; stay, then go).
  await page.getByLabel('Well', { exact: true }).selectOption({ label: 'MIDLAND UNIT 100H' });
  const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(ask).toContainText(`The segments of ${WELL} · oil · p50 are not saved.`);
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('heading', { name: `${WELL} · oil · p50` })).toBeVisible();
  await page.getByLabel('Well', { exact: true }).selectOption({ label: 'MIDLAND UNIT 100H' });
  await ask.getByRole('button', { name: 'Keep as draft and go' }).click();
  await expect(page.getByRole('heading', { name: 'MIDLAND UNIT 100H · oil · p50' })).toBeVisible();
  await expect(failed).toHaveCount(0);

  // Back to the draft (from the drafts list: nothing to ask), fixed.
  await page
    .getByRole('list', { name: 'Unsaved drafts' })
    .getByRole('button', { name: `${WELL} · oil · p50` })
    .click();
  await expect(page.getByRole('heading', { name: `${WELL} · oil · p50` })).toBeVisible();
  await expect(page.getByLabel('Segment 2 dEff')).toHaveValue('150');
  await page.getByLabel('Segment 2 dEff').fill('12.5');

  // Leaving for another page asks first: stay, then discard and leave.
  await page.getByRole('link', { name: 'Permian Basin Demo' }).first().click();
  await expect(ask).toContainText('One combination of this forecast is not saved');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('heading', { name: `${WELL} · oil · p50` })).toBeVisible();
  await page.getByRole('link', { name: 'Permian Basin Demo' }).first().click();
  await ask.getByRole('button', { name: 'Discard changes and go' }).click();
  await expect(page.getByRole('heading', { name: /^Forecasts/ })).toBeVisible();

  // Back in the editor nothing is left of the draft; a new change makes a reload ask the browser.
  await page.getByRole('link', { name: 'Demo deterministic forecast' }).click();
  await page.getByLabel('Well', { exact: true }).selectOption({ label: WELL });
  await page.getByLabel('Series', { exact: true }).selectOption('p50');
  await expect(page.getByText('No segments are stored for this well, phase and series.')).toBeVisible();
  await page.getByRole('button', { name: 'Add segment' }).click();
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await expect(page.getByText('No segments are stored for this well, phase and series.')).toBeVisible();
});
