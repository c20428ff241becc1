import { expect, test } from './fixtures';
import { readWorkbook, rowsOf } from './xlsx';

/**
 * Combos (issue 20, decision 044): an engineer compares three pricing cases of the demo's "Base
 * case" in one run. Two pricing models (oil $40 and $95) are made and assigned to every well under
 * the qualifiers `low` and `high` through the API (as a script of the service's clients would);
 * the combos are made, run and read in the console.
 */

/** `$1,234,567` / `-$2,500` / `+$3` → a number. */
const dollars = (text: string) => Number(text.replace(/[$,+\s]/g, ''));

test('an engineer saves three pricing combos, runs them at once and compares the wells’ NPVs side by side', async ({
  asEngineer: page,
}) => {
  test.setTimeout(240_000);
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('table', { name: 'Scenarios' }).getByRole('link', { name: 'Base case' }).click();
  await expect(page.getByRole('heading', { name: 'Base case', level: 1 })).toBeVisible();

  const scenarioPath = new URL(page.url()).pathname.replace(/^\/projects/, '/api/v1/projects');
  const statuses = await page.evaluate(async (path) => {
    const project = path.replace(/\/scenarios\/.*$/, '');
    const scenario = path.replace(/^.*\/scenarios\//, '');
    const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
    const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken };
    const codes: number[] = [];
    const price = (oil: number) => ({
      priceModel: {
        oil: { rows: [{ entireWellLife: 'Flat', price: oil }] },
        gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 2.5 }] },
      },
    });
    const demo = (await (await fetch(`${project}/econ-models/pricing?name=Demo pricing`)).json()) as { id: string }[];
    const models: [string, string][] = [['default', demo[0]!.id]];
    for (const [qualifier, oil] of [
      ['low', 40],
      ['high', 95],
    ] as const) {
      const body = [{ name: `E2E ${qualifier} oil ${Date.now().toString(36)}`, ...price(oil) }];
      const res = await fetch(`${project}/econ-models/pricing`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const out = (await res.json()) as { results: { id: string; code: number }[] };
      codes.push(out.results[0]!.code);
      models.push([qualifier, out.results[0]!.id]);
    }
    for (const [qualifierName, id] of models) {
      const res = await fetch(`${project}/econ-models/pricing/${id}/assignments`, {
        method: 'POST',
        headers,
        body: JSON.stringify([{ scenario, qualifierName, allWells: true }]),
      });
      codes.push(((await res.json()) as { results: { code: number }[] }).results[0]!.code);
    }
    return codes;
  }, scenarioPath);
  expect(statuses).toEqual([201, 201, 201, 201, 201]);
  await page.reload();

  // The combos: Base (default), Low price and High price by the Pricing qualifier.
  const combos = page.getByRole('region', { name: 'Combos' });
  await combos.getByRole('button', { name: 'New combos' }).click();
  await combos.getByLabel('Saved name').fill('Price cases');
  await combos.getByLabel('Combo 2 name').fill('Low price');
  await combos.getByLabel('Combo 2 Pricing').selectOption('low');
  await combos.getByRole('button', { name: 'Add combo' }).click();
  await combos.getByLabel('Combo 3 name').fill('High price');
  await combos.getByLabel('Combo 3 Pricing').selectOption('high');
  await combos.getByRole('button', { name: 'Save combos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the combos' })).toHaveText(
    'Saved the combos “Price cases”.',
  );
  await expect(combos.getByRole('list', { name: 'Saved combos' })).toContainText(
    'Price cases: Base, Low price, High price',
  );

  // One run of the three combos.
  await page.getByLabel('Cases', { exact: true }).selectOption('Price cases');
  await page.getByRole('button', { name: 'Run economics' }).click();
  await expect(page.getByRole('status', { name: 'Run progress' })).toContainText('Complete', { timeout: 180_000 });

  const side = page.getByRole('table', { name: 'Combos side by side' });
  await expect(side.getByRole('columnheader')).toHaveText([
    'Well',
    'NPV Base',
    'NPV Low price',
    'Change Low price',
    'NPV High price',
    'Change High price',
  ]);
  const row = side.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'MIDLAND UNIT 100H' }) });
  // The rows follow the headers as each combo’s one-liners arrive: wait for every figure.
  await expect(row.getByRole('cell')).toHaveText([/\$/, /\$/, /\$/, /\$/, /\$/]);
  const cells = (await row.getByRole('cell').allTextContents()).map(dollars);
  const [base, low, lowChange, high, highChange] = cells as [number, number, number, number, number];
  expect(low).toBeLessThan(base);
  expect(high).toBeGreaterThan(base);
  expect(lowChange).toBeCloseTo(low - base, -1);
  expect(highChange).toBeCloseTo(high - base, -1);
  await page.screenshot({ path: '/tmp/combos.png', fullPage: true });

  // The one-liners list one combo at a time.
  await page.getByLabel('Combo', { exact: true }).selectOption('High price');
  const oneLiners = page.getByRole('table', { name: 'One-liners' });
  const npv = oneLiners
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'MIDLAND UNIT 100H' }) })
    .getByRole('cell')
    .nth(1);
  await expect(npv).toHaveText(/\$/);
  expect(dollars((await npv.textContent()) ?? '')).toBe(high);

  // The run's workbook: the one-liners of the three combos and a rollup per combo.
  const panel = page.getByRole('group', { name: 'Run workbook' });
  await panel.getByRole('button', { name: 'Workbook (.xlsx)' }).click();
  const link = panel.getByRole('link', { name: /^Download econ-workbook-[0-9a-f]{24}\.xlsx$/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await link.click();
  const book = await readWorkbook((await (await downloading).path())!);
  const lines = rowsOf(book.getWorksheet('One-liners')!).rows;
  const combosOf = (rows: Record<string, unknown>[]) => [...new Set(rows.map((r) => r.Combo))].sort();
  expect(combosOf(lines)).toEqual(['Base', 'High price', 'Low price']);
  expect(lines).toHaveLength(36);
  const midland = lines.find((r) => r.Combo === 'High price' && r['Well name'] === 'MIDLAND UNIT 100H')!;
  expect(Math.round(midland['NPV, 1st discount ($)'] as number)).toBe(high);
  expect(combosOf(rowsOf(book.getWorksheet('Rollup')!).rows)).toEqual(['Base', 'High price', 'Low price']);
});
