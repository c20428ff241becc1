import { ECON_MODEL_KINDS } from '@econ/contract';
import type { Page } from '@playwright/test';
import { demo, expect, test } from './fixtures';

/**
 * Every console page, as an admin over the demo data, at 1280 and 1920 px: the page never scrolls
 * sideways (wide tables scroll in their own box), and a full-page screenshot of each is kept in the
 * test's output folder for a person to look at.
 */

type Demo = { projectId: string; wellIds: string[]; forecastId: string; scenarioId: string; typeCurveId?: string };

/** The console's pages: a name for the screenshot and how to reach the page. */
function pages(d: Demo): { name: string; open: (page: Page) => Promise<void> }[] {
  const p = `/projects/${d.projectId}`;
  const go = (path: string) => async (page: Page) => {
    await page.goto(path);
  };
  /** A list page, then its first item's link in the table. */
  const firstOf = (path: string) => async (page: Page) => {
    await page.goto(path);
    await page.getByRole('table').first().getByRole('row').nth(1).getByRole('link').first().click();
  };
  return [
    { name: 'projects', open: go('/projects') },
    { name: 'project', open: go(p) },
    { name: 'well', open: go(`${p}/wells/${d.wellIds[0]}`) },
    { name: 'forecast', open: go(`${p}/forecasts/${d.forecastId}`) },
    { name: 'scenario', open: go(`${p}/scenarios/${d.scenarioId}`) },
    { name: 'econ-models-company', open: go('/econ-models') },
    { name: 'econ-models-company-kind', open: go('/econ-models/expenses') },
    { name: 'econ-model-company-new', open: go('/econ-models/expenses/new') },
    { name: 'econ-models-project-kind', open: go(`${p}/econ-models/expenses`) },
    // The demo's model of every kind (each kind's form has its own shape).
    ...ECON_MODEL_KINDS.map((kind) => ({
      name: `econ-model-project-${kind}`,
      open: firstOf(`${p}/econ-models/${kind}`),
    })),
    { name: 'type-curves', open: go(`${p}/type-curves`) },
    ...(d.typeCurveId ? [{ name: 'type-curve', open: go(`${p}/type-curves/${d.typeCurveId}`) }] : []),
    { name: 'lookup-tables', open: go(`${p}/type-curves/lookup-tables`) },
    { name: 'type-curve-migrate', open: go(`${p}/type-curves/migrate`) },
    { name: 'production-import', open: go(`${p}/productions/import`) },
    { name: 'exports', open: go('/exports') },
    // An export of the demo forecast, its file previewed (the preview's table is wide).
    {
      name: 'exports-preview',
      open: async (page) => {
        await page.goto('/exports');
        await page.getByLabel('Export type').selectOption({ label: 'Monthly forecast volumes' });
        await page.getByLabel('Project').selectOption({ label: 'Permian Basin Demo' });
        await page.getByLabel('Forecast').selectOption({ label: 'Demo deterministic forecast' });
        await page.getByRole('button', { name: 'Export', exact: true }).click();
        const progress = page.getByRole('status', { name: 'Export progress' });
        await expect(progress).toContainText('Complete', { timeout: 30_000 });
        await page
          .getByRole('table', { name: 'Files' })
          .getByRole('button', { name: /^Preview / })
          .first()
          .click();
        await expect(page.getByRole('table', { name: 'Preview rows' }).getByRole('row').nth(1)).toBeVisible();
      },
    },
    { name: 'credentials', open: go('/credentials') },
    { name: 'users', open: go('/users') },
    { name: 'audit', open: go('/audit') },
  ];
}

for (const width of [1280, 1920]) {
  test(`no page scrolls sideways at ${width} px`, async ({ asAdmin: page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const overflowing: string[] = [];
    for (const { name, open } of pages(demo() as unknown as Demo)) {
      await open(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
      if (scrollWidth > innerWidth) overflowing.push(`${name} (${scrollWidth} px)`);
    }
    expect(overflowing, `pages wider than the ${width} px window`).toEqual([]);
  });
}
