import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The forecast segment editor. The stories share the product with the others, so each writes its
 * own wells and series (the demo holds parameters for the `best` series of the first six wells
 * only) and creates no project: "Permian Basin Demo" stays first in the project list.
 */
test.describe.configure({ mode: 'serial' });

async function openDemoForecast(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await expect(page.getByRole('heading', { name: /^Forecasts/ })).toBeVisible();
  await page.getByRole('link', { name: 'Demo deterministic forecast' }).click();
  await expect(page.getByRole('heading', { name: 'Demo deterministic forecast' })).toBeVisible();
}

async function show(page: Page, well: string, phase: string, series: string): Promise<void> {
  await page.getByLabel('Well', { exact: true }).selectOption({ label: well });
  await page.getByLabel('Phase', { exact: true }).selectOption(phase);
  await page.getByLabel('Series', { exact: true }).selectOption(series);
  await expect(page.getByRole('heading', { name: `${well} · ${phase} · ${series}` })).toBeVisible();
}

test('an engineer builds a three-segment forecast, watches the EUR follow the typing, saves and reads it back', async ({
  asEngineer: page,
}) => {
  await openDemoForecast(page);
  await show(page, 'MIDLAND UNIT 109H', 'oil', 'p50');
  await expect(page.getByText('No segments are stored for this well, phase and series.')).toBeVisible();
  const eur = page.getByRole('status', { name: 'EUR' });
  const chart = page.getByRole('img', { name: 'Oil rate, BBL/D against time' });

  // Segment 1: a modified Arps decline over six years.
  await page.getByRole('button', { name: 'Add segment' }).click();
  await page.getByLabel('Segment 1 type').selectOption('arps_modified');
  await page.getByLabel('Segment 1 start date').fill('2024-01-01');
  await page.getByLabel('Segment 1 end date').fill('2029-12-31');
  await page.getByLabel('Segment 1 qStart').fill('800');
  await page.getByLabel('Segment 1 dEff').fill('65');
  await page.getByLabel('Segment 1 b').fill('1.1');
  await page.getByLabel('Segment 1 realizedDEffSw').fill('8');
  await expect(chart).toBeVisible();
  await expect(eur).toHaveText(/^[\d,]+ BBL$/);

  // Segment 2 starts the day after, at segment 1's final rate; made an exponential tail.
  await page.getByRole('button', { name: 'Add segment' }).click();
  await expect(page.getByLabel('Segment 2 start date')).toHaveValue('2030-01-01');
  await page.getByLabel('Segment 2 type').selectOption('exp_dec');
  await expect(page.getByLabel('Segment 2 b')).toHaveCount(0);
  await page.getByLabel('Segment 2 end date').fill('2044-12-31');
  await page.getByLabel('Segment 2 dEff').fill('8');

  // Segment 3: flat to the end.
  await page.getByRole('button', { name: 'Add segment' }).click();
  await page.getByLabel('Segment 3 type').selectOption('flat');
  await expect(page.getByLabel('Segment 3 start date')).toHaveValue('2045-01-01');
  await page.getByLabel('Segment 3 end date').fill('2053-12-31');
  await expect(page.getByLabel('Segment 3 dEff')).toHaveCount(0);
  await expect(page.locator('.field-error')).toHaveCount(0);

  // The chart and the EUR follow the typing.
  const before = await eur.textContent();
  await page.getByLabel('Segment 1 qStart').fill('950');
  await expect(eur).not.toHaveText(before ?? '');
  await expect(eur).toHaveText(/^[\d,]+ BBL$/);
  const typed = await eur.textContent();
  // An impossible decline is named next to its field; the chart keeps the last valid curve.
  await page.getByLabel('Segment 2 dEff').fill('100');
  await expect(page.getByText('dEff must be below 1', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Segment 2 dEff')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Segment 2 dEff').fill('8');
  await expect(eur).toHaveText(typed ?? '');

  await expect(page.getByText('unsaved changes', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 3 segments of MIDLAND UNIT 109H · oil · p50')).toBeVisible();
  await expect(page.getByText('unsaved changes', { exact: true })).toHaveCount(0);

  // Read back from the server after a reload: the same segments and the same EUR.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'MIDLAND UNIT 109H · oil · p50' })).toBeVisible();
  await expect(page.getByLabel('Segment 1 type')).toHaveValue('arps_modified');
  await expect(page.getByLabel('Segment 1 qStart')).toHaveValue('950');
  await expect(page.getByLabel('Segment 1 dEff')).toHaveValue('65');
  await expect(page.getByLabel('Segment 1 b')).toHaveValue('1.1');
  await expect(page.getByLabel('Segment 1 realizedDEffSw')).toHaveValue('8');
  await expect(page.getByLabel('Segment 2 type')).toHaveValue('exp_dec');
  await expect(page.getByLabel('Segment 2 end date')).toHaveValue('2044-12-31');
  await expect(page.getByLabel('Segment 3 type')).toHaveValue('flat');
  await expect(page.getByLabel('Segment 3 end date')).toHaveValue('2053-12-31');
  await expect(page.getByLabel('Segment 4 type')).toHaveCount(0);
  await expect(eur).toHaveText(typed ?? '');

  // The saved segments as ARIES decline lines, to paste into ARIES: a START line, then one per segment.
  await page.getByRole('button', { name: 'Copy ARIES lines' }).click();
  const lines = page.getByRole('textbox', { name: 'ARIES lines' });
  await expect(lines).toBeVisible();
  await expect(lines).toHaveValue(/START/);
  // Segment 1 (modified Arps, b 1.1, 65 %) to 2030, the exponential tail of 8 %, then flat to 2054.
  await expect(lines).toHaveValue(/^START\t01\/2024\nOIL\t950 X B\/D 01\/2030 AD B\/1\.1 65\n/);
  await expect(lines).toHaveValue(/ X B\/D 01\/2045 AD EXP 8\n/);
  await expect(lines).toHaveValue(/ B\/D 01\/2054 AD FLAT 0$/);
});

test('"Save all" with one impossible record keeps the good ones and shows that record’s error', async ({
  asEngineer: page,
}) => {
  await openDemoForecast(page);
  const drafts: [well: string, dEff: string][] = [
    ['HOWARD UNIT 108H', '30'],
    ['HOWARD UNIT 111H', '150'],
    ['MARTIN UNIT 107H', '25'],
  ];
  for (const [i, [well, dEff]] of drafts.entries()) {
    if (i > 0) {
      // Another well while this one is unsaved: asked first, and the draft is kept.
      await page.getByLabel('Well', { exact: true }).selectOption({ label: well });
      const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
      await expect(ask).toContainText(`The segments of ${drafts[i - 1]![0]} · water · p90 are not saved.`);
      await ask.getByRole('button', { name: 'Keep as draft and go' }).click();
    }
    await show(page, well, 'water', 'p90');
    await page.getByRole('button', { name: 'Add segment' }).click();
    await page.getByLabel('Segment 1 qStart').fill('400');
    await page.getByLabel('Segment 1 dEff').fill(dEff);
  }
  // The bad one is marked as typed; switching wells kept every draft.
  await expect(page.getByText('dEff must be at most 1')).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Unsaved drafts' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await list.getByRole('button', { name: 'HOWARD UNIT 111H · water · p90' }).click();
  await expect(page.getByRole('heading', { name: 'HOWARD UNIT 111H · water · p90' })).toBeVisible();
  await expect(page.getByLabel('Segment 1 dEff')).toHaveValue('150');
  await expect(page.getByText('dEff must be at most 1')).toBeVisible();

  // Every draft goes, the invalid one too: the server is the authority.
  await page.getByRole('button', { name: 'Save all (3)' }).click();
  await expect(page.getByRole('heading', { name: 'Last save: 2 saved, 1 refused' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Save results' });
  await expect(results.getByRole('listitem').filter({ hasText: 'HOWARD UNIT 108H' })).toContainText(
    'saved (1 segment)',
  );
  await expect(results.getByRole('listitem').filter({ hasText: 'MARTIN UNIT 107H' })).toContainText(
    'saved (1 segment)',
  );
  const refused = results.getByRole('listitem').filter({ hasText: 'HOWARD UNIT 111H' }).first();
  await expect(refused).toContainText('refused');
  await expect(refused).toContainText('Segment 1 dEff');
  await expect(refused).toContainText('dEff must be at most 1');
  // Only the refused draft is left, with its error next to its field.
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('not saved: 1 error');
  await expect(page.getByLabel('Segment 1 dEff')).toHaveAttribute('aria-invalid', 'true');

  // What the server holds after a reload (drafts live in the page only, so the browser asks first):
  // the good ones, not the bad one.
  page.once('dialog', (dialog) => dialog.accept());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'HOWARD UNIT 111H · water · p90' })).toBeVisible();
  await expect(page.getByText('No segments are stored for this well, phase and series.')).toBeVisible();
  for (const [well, dEff] of [drafts[0]!, drafts[2]!]) {
    await show(page, well, 'water', 'p90');
    await expect(page.getByLabel('Segment 1 qStart')).toHaveValue('400');
    await expect(page.getByLabel('Segment 1 dEff')).toHaveValue(dEff);
    await expect(page.getByRole('status', { name: 'EUR' })).toHaveText(/^[\d,]+ BBL$/);
  }
});

test('a support user reads a forecast with its chart and EUR, and cannot change it', async ({ asSupport: page }) => {
  await openDemoForecast(page);
  await show(page, 'MIDLAND UNIT 100H', 'oil', 'best');
  await expect(page.getByText('Read only')).toBeVisible();
  await expect(page.getByLabel('Segment 1 type')).toHaveValue('arps_modified');
  await expect(page.getByRole('img', { name: 'Oil rate, BBL/D against time' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'EUR' })).toHaveText(/^[\d,]+ BBL$/);
  // Every input of the editor is disabled; there is nothing to add, split, remove or save.
  for (const label of [
    'Segment 1 qStart',
    'Segment 1 dEff',
    'Segment 1 start date',
    'Segment 3 type',
    'Forecast type',
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: /add|save|split|remove|discard/i })).toHaveCount(0);
  // Looking around still works: another phase, and the chart's own controls.
  await page.getByLabel('Phase', { exact: true }).selectOption('water');
  await expect(page.getByRole('heading', { name: 'MIDLAND UNIT 100H · water · best' })).toBeVisible();
  await page.getByLabel('Monthly', { exact: true }).check();
  await expect(page.getByRole('img', { name: 'Water rate, BBL/D (monthly average) against time' })).toBeVisible();
  // A forged write from the page is refused by the server.
  const status = await page.evaluate(async () => {
    const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
    const path = new URL(window.location.href).pathname;
    const well = new URL(window.location.href).searchParams.get('well');
    const res = await fetch(`/api/v1${path}/parameters/${well}/oil/best`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify([{ segmentType: 'flat', startDate: '2030-01-01', endDate: '2030-12-31', qStart: 1 }]),
    });
    return res.status;
  });
  expect(status).toBe(403);
});
