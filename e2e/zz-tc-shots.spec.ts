import { expect, test } from './fixtures';

test('shots', async ({ asEngineer: page }) => {
  test.setTimeout(240_000);
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  const list = page.url();
  await page.getByRole('link', { name: 'Demo Wolfcamp A type curve' }).click();
  await expect(page.getByRole('tablist')).toBeVisible();
  const curve = page.url().split('?')[0]!;
  const out: string[] = [];
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const shot = async (name: string) => {
      await page.waitForTimeout(800);
      const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      out.push(`${width} ${name} scrollWidth=${sw} innerWidth=${iw}`);
      await page.screenshot({ path: `/tmp/tc-shots/${width}-${name}.png`, fullPage: true });
    };
    await page.goto(list);
    await expect(page.getByRole('heading', { name: 'Type curves', exact: true })).toBeVisible();
    await shot('list');
    for (const tab of ['curve', 'fits', 'normalization', 'wells', 'volumes']) {
      await page.goto(`${curve}?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      if (tab === 'fits') {
        await page.getByRole('button', { name: 'Show all' }).click();
        await page.getByRole('button', { name: 'Fit from wells' }).click();
        await expect(page.getByRole('table', { name: 'Fitted series' })).toBeVisible();
      }
      await shot(`tc-${tab}`);
    }
    await page.goto(list);
    await page.getByRole('link', { name: 'Lookup tables' }).click();
    await expect(page.getByRole('heading', { name: 'Lookup tables' })).toBeVisible();
    await shot('lookup-list');
    for (const name of ['E2E TC lookup', 'E2E TC workspace rules']) {
      const link = page.getByRole('link', { name, exact: true });
      if (await link.count()) {
        await link.click();
        await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
        await shot(`lookup-${name.replace(/\W+/g, '-')}`);
        await page.goBack();
      }
    }
    await page.goto(list);
    await page.getByRole('link', { name: 'Migrate a V1 type curve' }).click();
    await shot('migrate');
  }
  console.log(out.join('\n'));
});
