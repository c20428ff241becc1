import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { call, DATA_ROOT, expect, test } from './fixtures';

/**
 * A well's directional survey on its page: the demo's seeded survey (read by support), a survey an
 * engineer writes through the console's proxy, and a well without one.
 */
test.describe.configure({ mode: 'serial' });

/** The demo project's id and its wells by name. */
async function demoWells(page: Page) {
  const projects = (await call(page, 'GET', '/api/v1/projects?take=200')).json as { id: string; name: string }[];
  const projectId = projects.find((p) => p.name === 'Permian Basin Demo')!.id;
  const wells = (await call(page, 'GET', `/api/v1/projects/${projectId}/wells?take=1000`)).json as {
    id: string;
    wellName: string;
    chosenID: string;
    dataSource: string;
  }[];
  return { projectId, wells: new Map(wells.map((w) => [w.wellName, w])) };
}

async function expectDrawn(page: Page, points: number) {
  const panel = page.getByRole('region', { name: 'Directional survey' });
  await expect(panel).toContainText(`${points.toLocaleString('en-US')} points`);
  const plan = panel.getByRole('img', { name: /^Plan view of the survey/ });
  const section = panel.getByRole('img', { name: /^Vertical section of the survey/ });
  // Each view draws the path as one line, with its axis titles in FT.
  await expect(plan.locator('.recharts-scatter-line path, .recharts-scatter-line .recharts-curve')).toHaveCount(1);
  await expect(section.locator('.recharts-scatter-line path, .recharts-scatter-line .recharts-curve')).toHaveCount(1);
  await expect(plan).toContainText('West (−) / East (+), FT');
  await expect(plan).toContainText('South (−) / North (+), FT');
  await expect(section).toContainText('TVD, FT');
  await expect(section).toContainText(/Horizontal displacement along [\d.]+°, FT/);
  await expect(panel.getByRole('table', { name: 'Survey points' }).getByRole('row')).toHaveCount(points + 1);
  return panel;
}

test('support opens a demo well and sees its survey drawn: plan view, vertical section and points', async ({
  asSupport: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { wells } = await demoWells(page);
  const well = wells.get('MIDLAND UNIT 100H')!;
  const surveys = (await call(page, 'GET', `/api/v1/directional-surveys?well=${well.id}`)).json as {
    id: string;
    measuredDepth: number[];
    trueVerticalDepth: number[];
  }[];
  expect(surveys).toHaveLength(1);
  const [survey] = surveys;

  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'MIDLAND UNIT 100H' }).click();
  await expect(page.getByRole('heading', { name: 'MIDLAND UNIT 100H' })).toBeVisible();
  const panel = await expectDrawn(page, survey!.measuredDepth.length);
  await expect(panel).toContainText(
    `TVD to ${Math.round(Math.max(...survey!.trueVerticalDepth)).toLocaleString('en-US')} FT`,
  );
  await expect(panel).toContainText('Vertical section (N 8° E)');
  const firstRow = panel.getByRole('table', { name: 'Survey points' }).getByRole('row').nth(1);
  await expect(firstRow).toContainText('31.9952');
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: join(DATA_ROOT, 'results', 'well-survey-1280.png') });

  // Support reads only: the console refuses its writes.
  expect((await call(page, 'DELETE', `/api/v1/directional-surveys/${survey!.id}`)).status).toBe(403);
});

test('an engineer writes a survey through the console, sees it drawn, changes it, deletes it; a well without one says so', async ({
  asEngineer: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { projectId, wells } = await demoWells(page);
  const well = wells.get('MARTIN UNIT 104H')!;
  // A rerun starts clean.
  for (const s of (await call(page, 'GET', `/api/v1/directional-surveys?well=${well.id}`)).json as { id: string }[]) {
    expect((await call(page, 'DELETE', `/api/v1/directional-surveys/${s.id}`)).status).toBe(204);
  }
  await page.goto(`/projects/${projectId}/wells/${well.id}`);
  await expect(page.getByRole('region', { name: 'Directional survey' })).toContainText(
    'No directional survey is stored for this well.',
  );

  // A J-shaped well drilled west: vertical to 5,000 FT, then 45° to 7,000 FT MD.
  const created = await call(page, 'POST', '/api/v1/directional-surveys', {
    chosenID: well.chosenID,
    dataSource: well.dataSource,
    projectID: projectId,
    spatialDataType: 'NAD83',
    measuredDepth: [0, 5000, 6000, 7000],
    trueVerticalDepth: [0, 5000, 5900, 6607],
    azimuth: [0, 270, 270, 270],
    inclination: [0, 0, 45, 45],
    deviationEW: [0, 0, -390, -1097],
    deviationNS: [0, 0, 0, 0],
    latitude: [32.2, 32.2, 32.2, 32.2],
    longitude: [-101.9, -101.9, -101.9013, -101.9036],
  });
  expect(created.status).toBe(207);
  const result = (created.json as { results: { code: number; id: string }[] }).results[0]!;
  expect(result.code).toBe(201);
  await page.reload();
  const panel = await expectDrawn(page, 4);
  await expect(panel).toContainText('Vertical section (due west)');
  await expect(panel).toContainText('coordinates NAD83');

  // A PUT through the proxy: one point added between two.
  const changed = await call(page, 'PUT', `/api/v1/directional-surveys/${result.id}`, {
    spatialDataType: 'NAD83',
    dataSource: well.dataSource,
    add: {
      measuredDepth: [5500],
      trueVerticalDepth: [5480],
      azimuth: [270],
      inclination: [22],
      deviationEW: [-100],
      deviationNS: [0],
      latitude: [32.2],
      longitude: [-101.9003],
    },
  });
  expect(changed.status).toBe(200);
  await page.reload();
  await expectDrawn(page, 5);

  expect((await call(page, 'DELETE', `/api/v1/directional-surveys/${result.id}`)).status).toBe(204);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Directional survey' })).toContainText(
    'No directional survey is stored for this well.',
  );
});
