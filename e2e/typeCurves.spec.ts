import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Type curves (V2) in the console. The stories share the product with the others: they create
 * their own type curves (names starting "E2E TC") on the demo project and create no project, so
 * "Permian Basin Demo" stays first in the project list.
 */
test.describe.configure({ mode: 'serial' });

const CURVE = 'E2E TC Wolfcamp A';
const OTHER = 'E2E TC Wolfcamp B';

async function openTypeCurves(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Type curves', exact: true })).toBeVisible();
}

async function create(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'New type curve' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Forecast', { exact: true }).selectOption({ label: 'Demo deterministic forecast' });
  await form.getByRole('button', { name: 'Create type curve' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** Opens a tab of the type-curve workspace. */
async function openTab(page: Page, name: 'Curve' | 'Fits' | 'Normalization' | 'Wells' | 'Volumes'): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Type curve workspace' }).getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Fills segment 1 of the series shown: an exponential decline over the given dates. */
async function firstSegment(page: Page, q: string, dEff: string): Promise<void> {
  await page.getByRole('button', { name: 'Add segment' }).click();
  await page.getByLabel('Segment 1 start date').fill('2026-01-01');
  await page.getByLabel('Segment 1 end date').fill('2055-12-31');
  await page.getByLabel('Segment 1 qStart').fill(q);
  await page.getByLabel('Segment 1 dEff').fill(dEff);
}

test('an engineer creates a type curve, writes oil and gas fits and a normalization, sees the volumes, and a rename into a taken name is refused on the field', async ({
  asEngineer: page,
}) => {
  await openTypeCurves(page);
  await create(page, CURVE);

  // The forecast's wells are assigned; one is excluded from the fit.
  await openTab(page, 'Wells');
  const wells = page.getByRole('table', { name: 'Type curve wells' });
  const firstWell = wells.getByRole('checkbox', { name: /^Exclude / }).first();
  await firstWell.click();
  await expect(page.getByRole('status').filter({ hasText: /^Excluded / })).toBeVisible();
  await expect(firstWell).toBeChecked();
  await expect(page.getByRole('heading', { name: /Wells \(\d+, 1 excluded\)/ })).toBeVisible();
  // Each well's place in the phases' fits: the demo wells have oil, gas and water history.
  const fitOf = (row: number) => wells.locator('tbody tr').nth(row).locator('td').nth(5);
  await expect(fitOf(0)).toHaveText('excluded');
  await expect(fitOf(1)).toHaveText('all phases');

  // Oil: a rate fit with one best segment, drawn as it is typed.
  await openTab(page, 'Fits');
  await page.getByRole('button', { name: 'Add oil fit' }).click();
  await page.getByLabel('Regression type').selectOption('cum');
  await firstSegment(page, '900', '0.6');
  await expect(page.getByRole('img', { name: 'Oil rate, BBL/D against time' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'EUR' })).toHaveText(/^[\d,]+ BBL$/);
  // An impossible decline is named next to its field before anything is sent.
  await page.getByLabel('Segment 1 dEff').fill('1');
  await expect(page.getByLabel('Segment 1 dEff')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Segment 1 dEff').fill('0.6');
  await expect(page.getByLabel('Segment 1 dEff')).not.toHaveAttribute('aria-invalid', 'true');

  // Gas: a ratio fit on oil (never EUR-percentile matched); its EUR is ratio × oil rate.
  await page.getByRole('button', { name: /^Gas · no fit/ }).click();
  await page.getByRole('button', { name: 'Add gas fit' }).click();
  await page.getByLabel('Fit type').selectOption('ratio');
  await expect(page.getByLabel('Base phase')).toHaveValue('oil');
  await expect(page.getByLabel('EUR percentile matched')).toBeDisabled();
  await firstSegment(page, '2.5', '0.05');
  await expect(page.getByRole('img', { name: /^Gas\/oil ratio, MCF\/BBL/ })).toBeVisible();
  await expect(page.getByRole('status', { name: 'EUR' })).toHaveText(/^[\d,]+ MCF$/);

  await expect(page.getByText('unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save fits' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the fits (oil, gas).' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Oil · rate/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Gas · ratio/ })).toBeVisible();

  // The volumes of the saved fits, monthly then daily.
  await openTab(page, 'Volumes');
  const volumes = page.getByRole('table', { name: 'Type curve volumes' });
  await expect(volumes.getByRole('columnheader', { name: 'oil best (BBL)' })).toBeVisible();
  await expect(volumes.getByRole('columnheader', { name: 'gas best (MCF)' })).toBeVisible();
  await expect(volumes.getByRole('cell', { name: '2026-01-01' })).toBeVisible();
  await page.getByLabel('Volumes resolution').selectOption('daily');
  await expect(volumes.getByRole('cell', { name: '2026-01-02' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).last().click();
  await expect(volumes.getByRole('cell', { name: '2026-01-26' })).toBeVisible();

  // Normalization: oil EUR by a power law of the lateral length, to a 10,000 ft target; gas linked to oil.
  await openTab(page, 'Normalization');
  const oil = page.getByRole('group', { name: 'oil normalization' });
  await oil.getByRole('button', { name: 'Add oil target' }).click();
  // The target's header is picked from the well headers, starting at the x axis.
  await expect(oil.getByLabel('oil target 1 header')).toHaveValue('perf_lateral_length');
  await oil.getByLabel('oil target 1 value').fill('10000');
  await oil.getByRole('button', { name: 'Add oil eur segment' }).click();
  await oil.getByLabel('oil eur segment 1 fit type').selectOption('power_law_fit');
  await oil.getByLabel('oil eur segment 1 a').fill('2.1');
  // b is required for a power law: the contract says so at the field before anything is sent.
  await page.getByRole('button', { name: 'Save normalization' }).click();
  // Named by the field's label (decision 057), not by its key.
  await expect(oil.getByText('Oil eur segment 1 b is required with fit type power_law_fit')).toBeVisible();
  await oil.getByLabel('oil eur segment 1 b').fill('0.45');
  await page.getByRole('group', { name: 'gas normalization' }).getByLabel('Linked to').selectOption('oil');
  await page.getByRole('button', { name: 'Save normalization' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the normalization.' })).toBeVisible();

  // Read back after a reload (the open tab is in the address).
  await page.reload();
  await expect(page.getByRole('group', { name: 'oil normalization' }).getByLabel('oil eur segment 1 b')).toHaveValue(
    '0.45',
  );
  await expect(page.getByRole('group', { name: /^gas normalization/ }).getByLabel('Linked to')).toHaveValue('oil');
  await openTab(page, 'Fits');
  await expect(page.getByLabel('Segment 1 qStart')).toHaveValue('900');

  // A second curve renamed into the first one's name: the API's 409 stands on the name field.
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  await create(page, OTHER);
  const header = page.getByRole('form', { name: 'Type curve', exact: true });
  await header.getByLabel('Name').fill(CURVE);
  await header.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(header.getByText(`name "${CURVE}" is already used in the project`)).toBeVisible();
  await expect(header.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: OTHER, exact: true })).toBeVisible();

  // The list shows both, sortable by name.
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  const list = page.getByRole('table', { name: 'Type curves' });
  await expect(list.getByRole('link', { name: CURVE })).toBeVisible();
  await expect(list.getByRole('link', { name: OTHER })).toBeVisible();
});

test('an engineer builds a lookup table whose rule points at the type curve', async ({ asEngineer: page }) => {
  await openTypeCurves(page);
  await page.getByRole('link', { name: 'Lookup tables' }).click();
  await page.getByRole('form', { name: 'New lookup table' }).getByLabel('Name').fill('E2E TC lookup');
  await page.getByRole('button', { name: 'Create lookup table' }).click();
  await expect(page.getByRole('heading', { name: 'E2E TC lookup', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Rule 1 type curve').selectOption({ label: CURVE });
  const filter = page.getByRole('group', { name: 'Rule 1 filter' });
  await filter.getByRole('button', { name: 'Add condition to rule 1' }).click();
  await filter.getByLabel('Rule 1 condition 1 header').selectOption({ label: 'County' });
  await filter.getByLabel('Rule 1 condition 1 value').fill('Reeves');
  await page.getByLabel('Rule 1 FPD source').fill('fixed');
  await page.getByLabel('Rule 1 risk factor peak oil').fill('0.9');
  await page.getByLabel('Rule 1 normalization').selectOption('own');
  // fpdSource fixed needs its date: the contract says so at the field before anything is sent.
  await page.getByRole('button', { name: 'Save lookup table' }).click();
  await expect(page.getByText('Rule 1 fixed date is required with fpd source fixed')).toBeVisible();
  await page.getByLabel('Rule 1 fixed date').fill('2026-03-01');
  await page.getByRole('button', { name: 'Save lookup table' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved E2E TC lookup.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Rule 1 type curve')).toHaveValue(/^[0-9a-f]{24}$/);
  await expect(page.getByLabel('Rule 1 type curve').locator('option:checked')).toHaveText(CURVE);
  await expect(page.getByLabel('Rule 1 fixed date')).toHaveValue('2026-03-01');
  await expect(page.getByLabel('Rule 1 condition 1 header')).toHaveValue('county');
  await expect(page.getByLabel('Rule 1 condition 1 value')).toHaveValue('Reeves');
  await page.getByRole('link', { name: 'Lookup tables' }).click();
  await expect(
    page
      .getByRole('row', { name: /E2E TC lookup/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('1');
});

test('a support user inspects the type curve read-only, and a forged write is refused', async ({ asSupport: page }) => {
  await openTypeCurves(page);
  await expect(page.getByRole('form', { name: 'New type curve' })).toHaveCount(0);
  await page.getByRole('link', { name: CURVE }).click();
  await expect(page.getByRole('heading', { name: CURVE, exact: true })).toBeVisible();
  await expect(page.getByText('Read only: your role can inspect type curves but not change them.')).toBeVisible();

  // Everything is there, nothing can be changed, on every tab.
  const noWrites = () => expect(page.getByRole('button', { name: /save|add|remove|delete/i })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Type curve', exact: true }).getByLabel('Name')).toBeDisabled();
  await noWrites();
  await openTab(page, 'Wells');
  await expect(page.getByRole('checkbox', { name: /^Exclude / }).first()).toBeDisabled();
  await noWrites();
  await openTab(page, 'Fits');
  await expect(page.getByLabel('Segment 1 qStart')).toHaveValue('900');
  await expect(page.getByLabel('Segment 1 qStart')).toBeDisabled();
  await expect(page.getByRole('img', { name: 'Oil rate, BBL/D against time' })).toBeVisible();
  await noWrites();
  await openTab(page, 'Normalization');
  await expect(page.getByRole('group', { name: 'oil normalization' }).getByLabel('oil eur segment 1 b')).toBeDisabled();
  await expect(page.getByRole('group', { name: 'oil normalization' }).getByLabel('x axis (header)')).toBeDisabled();
  await noWrites();
  await openTab(page, 'Volumes');
  await expect(page.getByRole('table', { name: 'Type curve volumes' })).toBeVisible();
  await noWrites();

  // A forged PATCH from the page (session cookie and a valid CSRF token) is refused by the BFF.
  const status = await page.evaluate(
    async (url) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrfToken: string };
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ name: 'Forged' }),
      });
      return res.status;
    },
    `/api${new URL(page.url()).pathname.replace(/^\/projects/, '/v2/projects')}`,
  );
  expect(status).toBe(403);
});

const MIGRATED = 'E2E migrated V1 curve';

/** A V1 type curve as V1 `GET /{id}` returned it, with its normalization and representative wells. */
function v1TypeCurve(forecast: string, wells: [string, string]) {
  const series = (segment: Record<string, unknown>) => ({ segments: [{ segmentIndex: 0, ...segment }], eur: 1 });
  const four = (segment: Record<string, unknown>) => ({
    best: series(segment),
    p10: series(segment),
    p50: series(segment),
    p90: series(segment),
  });
  const span = { startDate: '2026-01-01', endDate: '2045-12-31' };
  return {
    id: 'd0000000000000000000e2e1',
    name: MIGRATED,
    forecast,
    regressionType: 'cum',
    wells,
    fits: {
      oil: {
        type: 'rate',
        resolution: 'monthly',
        ...four({ segmentType: 'exp_dec', ...span, qStart: 800, dEff: 0.55 }),
      },
      gas: { type: 'ratio', basePhase: 'oil', ...four({ segmentType: 'flat', ...span, qStart: 2.2 }) },
      water: { type: 'rate', ...four({ segmentType: 'exp_dec', ...span, qStart: 300, dEff: 0.4 }) },
    },
    normalization: {
      oil: {
        normalizationType: 'eur',
        xAxis: 'perf_lateral_length',
        target: { perf_lateral_length: 10000 },
        eur: { fitType: 'power_law_fit', coefficient: 2.1, exponent: 0.45 },
      },
    },
    representativeWells: [
      { id: wells[0], rep: true, valid: true, hasData: true, hasForecast: true },
      { id: wells[1], rep: false, valid: true, hasData: false, hasForecast: true },
    ],
    validationCriteria: { minEur: 10 },
  };
}

test('an engineer migrates a V1 type curve: preview with its notes, run, and the V2 curve with its fits', async ({
  asEngineer: page,
}) => {
  await openTypeCurves(page);
  await page.getByRole('link', { name: 'Migrate a V1 type curve' }).click();
  await expect(page.getByRole('heading', { name: 'Migrate a V1 type curve' })).toBeVisible();

  // The demo forecast and two of its wells, read through the console's own API path.
  const projectId = new URL(page.url()).pathname.split('/')[2]!;
  const { forecast, wells } = await page.evaluate(async (p) => {
    const list = (await (await fetch(`/api/v1/projects/${p}/forecasts?take=200`)).json()) as {
      id: string;
      name: string;
      wells?: string[];
    }[];
    const f = list.find((x) => x.name === 'Demo deterministic forecast')!;
    return { forecast: f.id, wells: f.wells ?? [] };
  }, projectId);
  expect(wells.length).toBeGreaterThanOrEqual(2);

  // A syntax error is named with its line and column, nothing is planned.
  const input = page.getByLabel('V1 type curve JSON');
  await input.fill('{\n  "name": "x",\n}');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('alert')).toContainText('Not valid JSON at line 3, column 1');
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await input.fill(JSON.stringify(v1TypeCurve(forecast, [wells[0]!, wells[1]!]), null, 2));
  await page.getByRole('button', { name: 'Preview' }).click();
  const plan = page.getByRole('article', { name: `Migration of ${MIGRATED}` });
  const calls = plan.getByRole('table', { name: `Calls for ${MIGRATED}` });
  await expect(calls.getByText(`POST /v2/projects/${projectId}/type-curves`, { exact: true })).toBeVisible();
  await expect(calls.getByText(`PUT /v2/projects/${projectId}/type-curves/{id}/fits`)).toBeVisible();
  const notes = plan.getByRole('list', { name: `Notes for ${MIGRATED}` });
  await expect(notes).toContainText('validationCriteria was not carried');
  await expect(notes).toContainText('fit field resolution was dropped');
  await expect(notes).toContainText('series eur was dropped');
  // The body of a call is there to read, folded.
  await calls.getByText('Body').first().click();
  await expect(calls.getByText(`"excludedWells": [`)).toBeVisible();

  await page.getByRole('button', { name: 'Run migration' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Migrated the type curve.' })).toBeVisible();
  await expect(calls.getByText('done', { exact: true })).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Run migration' })).toBeDisabled();

  await plan.getByRole('link', { name: `Open ${MIGRATED}` }).click();
  await expect(page.getByRole('heading', { name: MIGRATED, exact: true })).toBeVisible();
  await openTab(page, 'Wells');
  await expect(page.getByRole('heading', { name: 'Wells (2, 1 excluded)' })).toBeVisible();
  await openTab(page, 'Fits');
  await expect(page.getByRole('button', { name: /^Oil · rate/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Gas · ratio/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Water · rate/ })).toBeVisible();
  await expect(page.getByLabel('Segment 1 qStart')).toHaveValue('800');
  await openTab(page, 'Normalization');
  await expect(page.getByRole('group', { name: 'oil normalization' }).getByLabel('oil eur segment 1 b')).toHaveValue(
    '0.45',
  );

  // Run again from the same text: the name is taken now, the 409 is shown on the failed step.
  await page.goBack();
  await page.getByLabel('V1 type curve JSON').fill(JSON.stringify(v1TypeCurve(forecast, [wells[0]!, wells[1]!])));
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Run migration' }).click();
  const again = page.getByRole('article', { name: `Migration of ${MIGRATED}` });
  await expect(again.getByRole('alert')).toContainText('Create the type curve failed');
  await expect(again.getByRole('alert')).toContainText('409');
  await expect(again.getByRole('alert')).toContainText(`name "${MIGRATED}" is already used in the project`);
});

test('a support user previews a V1 migration loaded from a file but has no run button', async ({ asSupport: page }) => {
  await openTypeCurves(page);
  await page.getByRole('link', { name: 'Migrate a V1 type curve' }).click();
  // A chosen .json file fills the text and is previewed at once.
  await page.getByLabel('Or load a .json file').setInputFiles({
    name: 'v1-type-curve.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([{ name: 'Support preview', fits: {} }])),
  });
  await expect(page.getByLabel('V1 type curve JSON')).toHaveValue(/Support preview/);
  await expect(page.getByRole('article', { name: 'Migration of Support preview' })).toBeVisible();
  await expect(page.getByText('Read only: your role can preview a migration but not run it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run migration' })).toHaveCount(0);
});
