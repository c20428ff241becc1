import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { call, DATA_ROOT, expect, test } from './fixtures';

/**
 * A well's page and the production chart. Each story writes the history it reads (PUT: upserts,
 * so a rerun on the same data is the same), on wells no other story gives production to.
 */
test.describe.configure({ mode: 'serial' });

type Day = { date: string; oil: number; gas: number; water: number };

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY = 86_400_000;

/**
 * `days` days of daily history from `start`: oil and water declining, gas rising on oil, a day
 * of downtime (all zero) every 97th day and the last three days shut in (trailing zeros).
 */
function dailyHistory(start: string, days: number, decline = 0.0012): Day[] {
  const t0 = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: days }, (_, t) => {
    const down = t % 97 === 96 || t >= days - 3;
    const oil = down ? 0 : Math.round(900 * Math.exp(-decline * t) * (1 + 0.05 * Math.sin(t / 7)) * 10) / 10;
    return {
      date: iso(t0 + t * DAY),
      oil,
      gas: down ? 0 : Math.round(oil * 2.2 * (1 + (0.3 * t) / days) * 10) / 10,
      water: down ? 0 : Math.round(300 * Math.exp(-0.0005 * t) * 10) / 10,
    };
  });
}

/** The month sums of daily history, dated the first of each month. */
function monthlyHistory(daily: readonly Day[]): Day[] {
  const months = new Map<string, Day>();
  for (const d of daily) {
    const key = `${d.date.slice(0, 7)}-01`;
    const m = months.get(key) ?? { date: key, oil: 0, gas: 0, water: 0 };
    m.oil += d.oil;
    m.gas += d.gas;
    m.water += d.water;
    months.set(key, m);
  }
  return [...months.values()].map((m) => ({
    ...m,
    oil: Math.round(m.oil * 10) / 10,
    gas: Math.round(m.gas * 10) / 10,
    water: Math.round(m.water * 10) / 10,
  }));
}

/** The demo project's id and its wells by name. */
async function demoWells(page: Page): Promise<{ projectId: string; wells: Map<string, string> }> {
  const projects = (await call(page, 'GET', '/api/v1/projects?take=200')).json as { id: string; name: string }[];
  const projectId = projects.find((p) => p.name === 'Permian Basin Demo')!.id;
  const wells = (await call(page, 'GET', `/api/v1/projects/${projectId}/wells?take=1000`)).json as {
    id: string;
    wellName: string;
  }[];
  return { projectId, wells: new Map(wells.map((w) => [w.wellName, w.id])) };
}

/**
 * Makes `days` the well's whole history at the resolution (the demo's own history deleted first);
 * every record must be accepted.
 */
async function putHistory(page: Page, projectId: string, resolution: 'daily' | 'monthly', well: string, days: Day[]) {
  const path = `/api/v1/projects/${projectId}/${resolution}-productions`;
  expect((await call(page, 'DELETE', `${path}?well=${well}`)).status).toBe(204);
  const res = await call(
    page,
    'PUT',
    `/api/v1/projects/${projectId}/${resolution}-productions`,
    days.map((d) => ({ well, ...d })),
  );
  expect(res.status).toBe(207);
  expect((res.json as { failedCount: number }).failedCount).toBe(0);
}

const WELL = 'HOWARD UNIT 105H';
const daily = dailyHistory('2019-02-01', 1800);
const monthly = monthlyHistory(daily);
const lastOil = daily.filter((d) => d.oil > 0).at(-1)!;

test('an engineer opens a well from the wells table and reads its production table and chart', async ({
  asEngineer: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { projectId, wells } = await demoWells(page);
  const wellId = wells.get(WELL)!;
  await putHistory(page, projectId, 'daily', wellId, daily);
  await putHistory(page, projectId, 'monthly', wellId, monthly);

  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: WELL }).click();
  await expect(page.getByRole('heading', { name: WELL })).toBeVisible();
  await expect(page.getByLabel('Well headers')).toContainText('Howard, TX');

  // The daily table: 50 records a page, in date order, with the phases' volumes.
  const table = page.getByRole('table', { name: 'Daily production' });
  await expect(page.getByRole('heading', { name: 'Production (1,800 daily records)' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(51);
  await expect(table.getByRole('row').nth(1)).toContainText('2019-02-01');
  await expect(table.getByRole('row').nth(1)).toContainText('900');
  await expect(page.getByText('1–50 of 1800')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(daily[50]!.date);

  // The chart: a canvas with every drawn point counted in the legend (zeros are not drawn on a log axis).
  const chart = page.getByRole('img', { name: 'Rate, BBL/D or MCF/D against time' });
  await expect(chart.locator('canvas')).toHaveCount(1);
  const drawnOil = daily.filter((d) => d.oil > 0).length;
  const legend = page.getByRole('list', { name: 'Chart legend' });
  await expect(legend).toContainText(`Oil history ${drawnOil.toLocaleString('en-US')} points`);
  await expect(legend).toContainText(
    `Water history ${daily.filter((d) => d.water > 0).length.toLocaleString('en-US')} points`,
  );

  // Hovering reads a date and the three phases.
  const readOut = page.getByRole('status', { name: 'Chart read-out' });
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await expect(readOut).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(readOut).toContainText(/Oil history [\d,.]+ BBL\/D/);
  await expect(readOut).toContainText(/Gas history [\d,.]+ MCF\/D/);
  await page.screenshot({ path: join(DATA_ROOT, 'results', 'well-page-1280.png'), fullPage: true });

  // The other views.
  await page.getByLabel('Cumulative', { exact: true }).check();
  await expect(page.getByRole('img', { name: 'Cumulative volume against time' })).toBeVisible();
  await page.getByLabel('GOR & WOR', { exact: true }).check();
  await expect(page.getByRole('img', { name: 'GOR and WOR against time' })).toBeVisible();
  await expect(legend).toContainText(`GOR ${drawnOil.toLocaleString('en-US')} points`);

  // Monthly: the table's months, the chart's rates per day of each month (the address changes first).
  await page.getByLabel('Monthly', { exact: true }).click();
  await expect(page.getByLabel('Monthly', { exact: true })).toBeChecked();
  await expect(page.getByRole('table', { name: 'Monthly production' }).getByRole('row').nth(1)).toContainText(
    '2019-02',
  );
  await page.getByLabel('Rates', { exact: true }).check();
  await expect(page.getByRole('img', { name: /^Rate \(monthly volume \/ days in month\)/ })).toBeVisible();
  await expect(legend).toContainText(`Oil history ${monthly.length} points`);
});

test('ten years of daily history redraws fast (the figure is printed, not asserted)', async ({ asEngineer: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { projectId, wells } = await demoWells(page);
  // A slow decline: every day of the three phases stays above zero but the downtime (no log 0).
  const days = dailyHistory('1996-01-01', 11_000, 0.0002);
  await putHistory(page, projectId, 'daily', wells.get('HOWARD UNIT 111H')!, days);
  await page.goto(`/projects/${projectId}/wells/${wells.get('HOWARD UNIT 111H')}`);
  const chart = page.locator('.production-chart .chart');
  await expect(chart).toHaveAttribute('data-draw-ms', /\d/);
  const figures: { what: string; points: string | null; frameMs: string | null; drawMs: string | null }[] = [];
  let draws = 0;
  /** Waits for the next draw (the counter moves), then reads its figures. */
  const read = async (what: string) => {
    await expect.poll(async () => Number(await chart.getAttribute('data-draws'))).toBeGreaterThan(draws);
    draws = Number(await chart.getAttribute('data-draws'));
    figures.push({
      what,
      points: await chart.getAttribute('data-points'),
      frameMs: await chart.getAttribute('data-frame-ms'),
      drawMs: await chart.getAttribute('data-draw-ms'),
    });
  };
  await read('first draw');
  for (let round = 1; round <= 3; round++) {
    await page.getByLabel('Cumulative', { exact: true }).check();
    await expect(page.getByRole('img', { name: 'Cumulative volume against time' })).toBeVisible();
    await read(`cumulative ${round}`);
    await page.getByLabel('Rates', { exact: true }).check();
    await expect(page.getByRole('img', { name: /^Rate, / })).toBeVisible();
    await read(`rates ${round}`);
  }
  await page.setViewportSize({ width: 1100, height: 900 });
  await read('resize');
  console.log('production chart redraw, 11,000 days × 3 phases:');
  for (const f of figures) console.log(`  ${f.what}: ${f.points} points, frame ${f.frameMs} ms, draw ${f.drawMs} ms`);
});

test('the forecast editor draws the history with the forecast and starts a segment from the last point', async ({
  asEngineer: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Demo deterministic forecast' }).click();
  await page.getByLabel('Well', { exact: true }).selectOption({ label: WELL });
  await page.getByLabel('Phase', { exact: true }).selectOption('oil');
  await page.getByLabel('Series', { exact: true }).selectOption('best');
  await expect(page.getByRole('heading', { name: `${WELL} · oil · best` })).toBeVisible();

  // The stored forecast as a line with its segment starts, and the three phases' history as points.
  const legend = page.getByRole('list', { name: 'Chart legend' });
  await expect(legend).toContainText(
    `Oil history ${daily.filter((d) => d.oil > 0).length.toLocaleString('en-US')} points`,
  );
  await expect(legend).toContainText('Oil forecast line');
  await expect(legend).toContainText('segment starts');
  await expect(page.getByRole('img', { name: 'Oil rate, BBL/D against time' }).locator('canvas')).toHaveCount(1);
  await page.screenshot({ path: join(DATA_ROOT, 'results', 'forecast-editor-1280.png'), fullPage: true });

  // Segment 2 focused, then started from the last day with oil (the three shut-in days skipped).
  await page.getByLabel('Segment 2 qStart').focus();
  await page.getByRole('button', { name: 'Start from last history point' }).click();
  await expect(page.getByLabel('Segment 2 start date')).toHaveValue(lastOil.date);
  // Read in four significant digits; focused, the full value.
  await page.getByLabel('Segment 2 qStart').focus();
  await expect(page.getByLabel('Segment 2 qStart')).toHaveValue(String(lastOil.oil));
  await expect(page.getByText('unsaved changes', { exact: true })).toBeVisible();

  // Monthly: the last month with oil, as its volume over the days in that month.
  await page.getByLabel('Monthly', { exact: true }).check();
  await page.getByLabel('Segment 1 qStart').focus();
  await page.getByRole('button', { name: 'Start from last history point' }).click();
  const lastMonth = monthly.filter((m) => m.oil > 0).at(-1)!;
  const [y, m] = lastMonth.date.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  await expect(page.getByLabel('Segment 1 start date')).toHaveValue(lastMonth.date);
  await page.getByLabel('Segment 1 qStart').focus();
  await expect(page.getByLabel('Segment 1 qStart')).toHaveValue(String(Number((lastMonth.oil / days).toPrecision(10))));
  await page.getByRole('button', { name: 'Discard changes' }).click();

  // Gas is a ratio on oil in the demo: no history drawn under it (other units), and its start is
  // the last day's gas/oil ratio, MCF/BBL.
  await page.getByLabel('Daily', { exact: true }).check();
  await page.getByLabel('Phase', { exact: true }).selectOption('gas');
  await expect(page.getByRole('heading', { name: `${WELL} · gas · best` })).toBeVisible();
  await expect(page.getByText('History is drawn with rate forecasts (a ratio is in other units).')).toBeVisible();
  await expect(legend).not.toContainText('history');
  await page.getByRole('button', { name: 'Start from last history point' }).click();
  await expect(page.getByLabel('Segment 1 start date')).toHaveValue(lastOil.date);
  await page.getByLabel('Segment 1 qStart').focus();
  await expect(page.getByLabel('Segment 1 qStart')).toHaveValue(
    String(Number((lastOil.gas / lastOil.oil).toPrecision(10))),
  );
  await page.getByRole('button', { name: 'Discard changes' }).click();
});

test('a support user charts a type curve well’s history from the type curve’s wells table', async ({
  asSupport: page,
}) => {
  await page.getByRole('link', { name: 'Permian Basin Demo' }).click();
  await page.getByRole('link', { name: 'Type curves', exact: true }).click();
  await page.getByRole('link', { name: 'Demo Wolfcamp A type curve' }).click();
  await page.getByRole('tablist', { name: 'Type curve workspace' }).getByRole('tab', { name: 'Wells' }).click();
  await page.getByRole('button', { name: `Chart the history of ${WELL}` }).click();
  const region = page.getByRole('region', { name: `History of ${WELL}` });
  // Monthly by default: one point a month, each the month's volume over its days.
  await expect(region.getByRole('list', { name: 'Chart legend' })).toContainText(
    `Oil history ${monthly.length} points`,
  );
  await expect(region.getByRole('img', { name: 'Rate, BBL/D or MCF/D against time' }).locator('canvas')).toHaveCount(1);
  await region.getByLabel('Daily', { exact: true }).check();
  await expect(region.getByRole('list', { name: 'Chart legend' })).toContainText(
    `Oil history ${daily.filter((d) => d.oil > 0).length.toLocaleString('en-US')} points`,
  );
  await region.getByRole('button', { name: 'Close' }).click();
  await expect(region).toHaveCount(0);
});
