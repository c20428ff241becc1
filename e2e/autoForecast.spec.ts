import { expect, test } from './fixtures';

/**
 * Auto-forecast from the forecast page. The story fits a forecast of its own over every demo well
 * (the demo forecast's stored series stay as the other stories expect them): saves its settings,
 * runs the fit, follows the progress, reads the per-well results and opens a fitted well.
 */
test('an engineer auto-forecasts every demo well from its history and opens a fitted well', async ({
  asEngineer: page,
}) => {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await expect(page.getByRole('heading', { name: /^Forecasts/ })).toBeVisible();
  const projectId = new URL(page.url()).pathname.split('/')[2]!;
  const forecastName = `Auto ${Date.now()}`;
  const created = await page.evaluate(
    async ({ projectId, forecastName }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
      const res = await fetch(`/api/v1/projects/${projectId}/forecasts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify([{ name: forecastName }]),
      });
      return (await res.json()) as { results: { code: number }[] };
    },
    { projectId, forecastName },
  );
  expect(created.results[0]!.code).toBe(201);
  await page.reload();
  await page.getByRole('link', { name: forecastName }).click();
  await expect(page.getByRole('heading', { name: forecastName })).toBeVisible();

  const panel = page.locator('details.auto-forecast');
  await panel.getByText('Auto-forecast', { exact: true }).click();
  const form = panel.getByRole('form', { name: 'Auto-forecast settings' });
  // A typing mistake is named under its label; nothing is started.
  await form.getByLabel('Highest b').fill('two');
  await form.getByRole('button', { name: 'Fit to history' }).click();
  await expect(form.getByText('Highest b must be a number (got "two")')).toBeVisible();
  await form.getByLabel('Highest b').fill('1.5');
  await form.getByLabel('Terminal decline (%/yr)').fill('7');
  // Saved settings come back in the picker.
  const settingsName = `Story settings ${Date.now()}`;
  await form.getByLabel('Save these settings as').fill(settingsName);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('status')).toHaveText(`Saved as "${settingsName}"`);
  await expect(form.getByLabel('Saved settings')).toHaveValue(/^[0-9a-f]{24}$/);
  await expect(form.getByLabel('Saved settings').locator('option:checked')).toHaveText(settingsName);

  const posted = page.waitForRequest((r) => r.url().endsWith('/run') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Fit to history' }).click();
  const body = (await posted).postDataJSON() as { configurationId: string; settings: Record<string, unknown> };
  expect(body.configurationId).toMatch(/^[0-9a-f]{24}$/);
  expect(body.settings).toMatchObject({ phases: { oil: { bMax: 1.5, terminalDEff: 0.07 } }, overwrite: false });

  const progress = panel.getByRole('status', { name: 'Auto-forecast progress' });
  await expect(progress).toContainText('Complete', { timeout: 30_000 });
  await expect(progress).toContainText(/12 of 12 wells done · 12 fitted/);
  const results = panel.getByRole('table', { name: 'Auto-forecast results' });
  await expect(results.getByRole('row')).toHaveCount(13);
  await expect(results.getByRole('row').nth(1)).toContainText(/Modified Arps · R² 0\.\d\d · EUR [\d,]+ BBL/);

  // Open the first well: the editor shows the fitted oil segment over its history.
  const first = results.getByRole('row').nth(1).getByRole('button');
  const well = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { name: `${well} · oil · best` })).toBeVisible();
  await expect(page.getByLabel('Segment 1 type')).toHaveValue('arps_modified');
  // Typed in percent per year: the terminal decline of 7 %/yr (0.07 stored).
  await expect(page.getByLabel('Segment 1 realizedDEffSw')).toHaveValue(/^7(\.\d+)?$/);
  await expect(page.getByRole('img', { name: 'Oil rate, BBL/D against time' })).toBeVisible();
});
