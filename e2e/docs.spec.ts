import { expect, test } from '@playwright/test';
import { API_URL } from './fixtures';

test('the API reference at /docs renders the operations offline, under its CSP', async ({ page }) => {
  const outside: string[] = [];
  const refused: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(API_URL) && !/^(data|blob):/.test(req.url())) outside.push(req.url());
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) refused.push(msg.text());
  });
  await page.goto(`${API_URL}/docs`);
  await expect(page).toHaveTitle('Economics and Forecast Data API');
  // Rendered from /openapi.json: the document's title, a tag and its operations.
  await expect(page.getByRole('heading', { name: 'Economics and Forecast Data API' })).toBeVisible();
  await page.getByRole('button', { name: 'Projects Open Group' }).first().click();
  await expect(page.getByRole('heading', { name: 'List projects', exact: true })).toBeVisible();
  await expect(page.getByText('/v1/projects').first()).toBeVisible();
  expect(outside).toEqual([]);
  expect(refused).toEqual([]);
});
